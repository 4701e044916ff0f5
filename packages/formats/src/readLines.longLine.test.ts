import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { FormatError } from './formatError.ts';
import { readCounterFile } from './readCounterFile.ts';
import { readByteLineBatches, readLineBatches, readLines } from './readLines.ts';

/** `total` bytes of `x` without a newline, in 64 KB chunks as a file stream gives them. */
function* noNewline(total: number, chunk = 64 * 1024): Generator<Uint8Array> {
  const piece = new Uint8Array(chunk).fill(0x78);
  for (let sent = 0; sent < total; sent += chunk)
    yield piece.subarray(0, Math.min(chunk, total - sent));
}

async function refusal(run: () => Promise<unknown>): Promise<FormatError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('the input was read without an error');
}

const FIVE_MB = 5 * 1024 * 1024;

describe('a line longer than the limit', () => {
  it('refuses a 5 MB file without a newline, naming the file and line 1', async () => {
    // The format is recognised from the first lines, so the long line is met while detecting.
    const error = await refusal(() =>
      readCounterFile(Readable.from(noNewline(FIVE_MB)), {
        fileName: 'no-newline.csv',
        resolveSite: () => Promise.resolve({ timeZone: 'Europe/London' }),
        sink: { vehicle: () => undefined, interval: () => undefined },
      }),
    );
    expect(error.message).toBe(
      "no-newline.csv, line 1: the line is longer than 65,536 characters, more than any counter file's line: the file is not a counter file, or its line ends are missing",
    );
  });

  it('names the line where the long one starts, after short lines, in all three splitters', async () => {
    // Lines 1 and 2 are short; line 3 is 70,000 characters (over 65,536), then a newline.
    const text = `a,b\n1,2\n${'y'.repeat(70_000)}\n3,4\n`;
    const options = { fileName: 'long.csv' };
    const expected =
      "long.csv, line 3: the line is longer than 65,536 characters, more than any counter file's line: the file is not a counter file, or its line ends are missing";
    const asChunks = () => Readable.from([new TextEncoder().encode(text)]);
    const viaLines = await refusal(async () => {
      for await (const line of readLines(asChunks(), options)) void line;
    });
    const viaBatches = await refusal(async () => {
      for await (const batch of readLineBatches(asChunks(), options)) void batch;
    });
    const viaBytes = await refusal(async () => {
      for await (const batch of readByteLineBatches(asChunks(), options)) void batch;
    });
    expect([viaLines.message, viaBatches.message, viaBytes.message]).toEqual([
      expected,
      expected,
      expected,
    ]);
  });

  it('still reads a line of exactly the limit, split over chunks, with a CRLF ending', async () => {
    const line = 'z'.repeat(65_536);
    const bytes = new TextEncoder().encode(`${line}\r\nend`);
    const chunks = () => Readable.from(noNewlineSplit(bytes, 1000));
    const lines: string[] = [];
    for await (const numbered of readLines(chunks())) lines.push(numbered.text);
    const batches: string[] = [];
    for await (const batch of readLineBatches(chunks())) batches.push(...batch);
    const decoded: string[] = [];
    for await (const batch of readByteLineBatches(chunks()))
      batch.lineStarts.forEach((start, index) =>
        decoded.push(new TextDecoder().decode(batch.bytes.subarray(start, batch.lineEnds[index]))),
      );
    expect(lines).toEqual([line, 'end']);
    expect(batches).toEqual([line, 'end']);
    expect(decoded).toEqual([line, 'end']);
  });
});

function* noNewlineSplit(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let start = 0; start < bytes.length; start += size)
    yield bytes.subarray(start, start + size);
}
