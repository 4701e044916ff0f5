import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { FormatError } from './formatError.ts';
import { readCounterFile } from './readCounterFile.ts';

const fixture = readFileSync(join(import.meta.dirname, '..', 'fixtures', 'ok', 'national.xlsx'));

interface ZipPart {
  name: string;
  /** Stored (method 0) or deflated (method 8) bytes. */
  method: number;
  data: Buffer;
  crc: number;
  /** The inflated size the zip states, true or not. */
  statedSize: number;
}

/** The fixture's entries as they are stored (still deflated). */
async function fixtureParts(): Promise<ZipPart[]> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(fixture, { lazyEntries: true }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries: yauzl.Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  const parts: ZipPart[] = [];
  for (const entry of entries) {
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(
        entry,
        { decompress: entry.compressionMethod === 8 ? false : null },
        (error, opened) => (error ? reject(error) : resolve(opened)),
      ),
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    parts.push({
      name: entry.fileName,
      method: entry.compressionMethod,
      data: Buffer.concat(chunks),
      crc: entry.crc32,
      statedSize: entry.uncompressedSize,
    });
  }
  return parts;
}

/** A zip of the entries, each stating `statedSize` in its local and central headers. */
function zipOf(parts: ZipPart[]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.method, 8);
    local.writeUInt32LE(part.crc, 14);
    local.writeUInt32LE(part.data.length, 18);
    local.writeUInt32LE(part.statedSize, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    local.copy(central, 6, 4, 30);
    central.writeUInt32LE(offset, 42);
    out.push(local, name, part.data);
    directory.push(central, name);
    offset += 30 + name.length + part.data.length;
  }
  const central = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(central.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, central, end]);
}

/**
 * Deflated spaces that inflate to `mebibytes` MiB, made without inflating them: one MiB of
 * spaces deflated up to a sync flush (a byte-aligned, non-final block whose back references
 * reach only spaces) repeated, then an empty final block.
 */
function deflatedSpaces(mebibytes: number): Buffer {
  const mebibyte = Buffer.alloc(1024 * 1024, 0x20);
  const block = deflateRawSync(mebibyte, { finishFlush: constants.Z_SYNC_FLUSH });
  const last = deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([...Array.from({ length: mebibytes }, () => block), last]);
}

async function refusal(bytes: Buffer, maxXlsxInflatedBytes?: number): Promise<FormatError> {
  try {
    await readCounterFile(Readable.from([bytes]), {
      fileName: 'bomb.xlsx',
      resolveSite: () => Promise.resolve({ timeZone: 'Europe/London' }),
      sink: { vehicle: () => undefined, interval: () => undefined },
      ...(maxXlsxInflatedBytes === undefined ? {} : { maxXlsxInflatedBytes }),
    });
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error('the workbook was read without an error');
}

/** The fixture with its shared strings replaced by `mebibytes` MiB of spaces. */
async function withSharedStrings(mebibytes: number, statedSize: number): Promise<Buffer> {
  const data = deflatedSpaces(mebibytes);
  const parts = (await fixtureParts()).filter((part) => part.name !== 'xl/sharedStrings.xml');
  parts.push({ name: 'xl/sharedStrings.xml', method: 8, data, crc: 0, statedSize });
  return zipOf(parts);
}

describe('xlsx bombs', () => {
  it('refuses shared strings that state 1 GB, before inflating them', async () => {
    // 1024 MiB of spaces, deflated to about 1 MB; stated honestly as 1024 × 1,048,576 bytes.
    const bomb = await withSharedStrings(1024, 1024 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(3 * 1024 * 1024);
    const error = await refusal(bomb);
    expect(error.message).toBe(
      "bomb.xlsx: 'xl/sharedStrings.xml' inside it inflates to 1,024 MB, more than the 200 MB an xlsx workbook may inflate to: the workbook is refused unread",
    );
  });

  it('refuses entries over a lower configured limit in all', async () => {
    // 3 MiB of shared strings stated honestly, with a 2 MiB limit: 3 MB > 2 MB.
    const bomb = await withSharedStrings(3, 3 * 1024 * 1024);
    const error = await refusal(bomb, 2 * 1024 * 1024);
    expect(error.message).toBe(
      "bomb.xlsx: 'xl/sharedStrings.xml' inside it inflates to 3 MB, more than the 2 MB an xlsx workbook may inflate to: the workbook is refused unread",
    );
  });

  it('refuses shared strings that inflate to more than they state', async () => {
    // States 100 bytes, inflates to 64 MiB: stopped once past the 100 stated.
    const bomb = await withSharedStrings(64, 100);
    const error = await refusal(bomb);
    expect(error.message).toMatch(
      /^bomb\.xlsx: the file is not a readable xlsx workbook \('xl\/sharedStrings\.xml': .+\): save it again as \.xlsx from a spreadsheet program$/,
    );
  });

  it('refuses a workbook of more than 10,000 entries before listing them', async () => {
    // 10,001 empty stored entries: 10,001 > 10,000.
    const empty = { method: 0, data: Buffer.alloc(0), crc: 0, statedSize: 0 };
    const parts = Array.from({ length: 10_001 }, (_, index) => ({ ...empty, name: `x/${index}` }));
    const error = await refusal(zipOf(parts));
    expect(error.message).toBe(
      'bomb.xlsx: the workbook holds 10,001 files, more than the 10,000 an xlsx workbook may hold: the workbook is refused unread',
    );
  });

  it('says a damaged workbook is not a readable xlsx, not a library error', async () => {
    // The zip signature, then the fixture's bytes cut short: no central directory.
    const error = await refusal(fixture.subarray(0, 2000));
    expect(error.message).toMatch(
      /^bomb\.xlsx: the file is not a readable xlsx workbook \(.+\): save it again as \.xlsx from a spreadsheet program$/,
    );
  });
});

// The fixture still reads through the checked zip.
it('reads the national fixture after the zip checks', async () => {
  const summary = await readCounterFile(Readable.from([fixture]), {
    fileName: 'national.xlsx',
    resolveSite: () => Promise.resolve({ timeZone: 'Europe/London' }),
    sink: { vehicle: () => undefined, interval: () => undefined },
  });
  expect(summary.header.format).toBe('national');
  expect(crc32(Buffer.alloc(0))).toBe(0);
});
