import { Readable } from 'node:stream';
import { recognitionMessage } from '@roadcount/domain';
import { FormatError } from './formatError.ts';
import { isXlsx, readNationalXlsx } from './national.ts';
import { isEcoCounter, readEcoCounter } from './ecocounter.ts';
import { isJamar, readJamar } from './jamar.ts';
import { isMetroCount, readMetroCount } from './metrocount.ts';
import { readByteLineBatches, readLineBatches, type ByteLines } from './readLines.ts';
import { isRoadcountCsv, readRoadcountCsv } from './roadcountCsv.ts';
import { KNOWN_FORMATS, recognitionProblem } from './recognition.ts';
import type { FormatName, ReadOptions, ReadSummary } from './types.ts';

interface TextReader {
  format: FormatName;
  detect: (firstLines: string[]) => boolean;
  read: (lines: AsyncIterable<string[]>, options: ReadOptions) => Promise<ReadSummary>;
  /** Readers that also read lines as bytes are given them so when the input is bytes. */
  readBytes?: (lines: AsyncIterable<ByteLines>, options: ReadOptions) => Promise<ReadSummary>;
}

const TEXT_READERS: TextReader[] = [
  {
    format: 'roadcount',
    detect: isRoadcountCsv,
    read: readRoadcountCsv,
    readBytes: readRoadcountCsv,
  },
  { format: 'metrocount', detect: isMetroCount, read: readMetroCount, readBytes: readMetroCount },
  { format: 'jamar', detect: isJamar, read: readJamar },
  { format: 'ecocounter', detect: isEcoCounter, read: readEcoCounter },
];

const DETECTION_LINES = 60;

/** The batches of lines already read for detection, then the rest of the stream. */
async function* replay(head: string[][], rest: AsyncIterator<string[]>): AsyncGenerator<string[]> {
  yield* head;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/**
 * Reads a counter file of any supported format, recognised from its content (never its name),
 * streaming: only the first lines are held to recognise it.
 */
export async function readCounterFile(
  chunks: AsyncIterable<Uint8Array | string>,
  options: ReadOptions,
): Promise<ReadSummary> {
  const source = chunks[Symbol.asyncIterator]();
  const first = await source.next();
  // The chunks taken while the format is recognised, kept for a reader of bytes.
  const taken: (Uint8Array | string)[] = [];
  let recording = false;
  async function* whole() {
    if (!first.done) yield first.value;
    for (let next = await source.next(); !next.done; next = await source.next()) {
      if (recording) taken.push(next.value);
      yield next.value;
    }
  }
  if (!first.done && typeof first.value !== 'string' && isXlsx(first.value)) {
    return readNationalXlsx(Readable.from(whole()), options);
  }
  recording = true;
  const batches = readLineBatches(whole(), { fileName: options.fileName })[Symbol.asyncIterator]();
  const head: string[][] = [];
  let firstLines: string[] = [];
  while (firstLines.length < DETECTION_LINES) {
    const next = await batches.next();
    if (next.done) break;
    head.push(next.value);
    firstLines = firstLines.concat(next.value.slice(0, DETECTION_LINES - firstLines.length));
  }
  recording = false;
  const reader = TEXT_READERS.find((candidate) => candidate.detect(firstLines));
  if (!reader) {
    // The line (and field) where the nearest format went wrong, or the first line of text.
    const problem = recognitionProblem(firstLines);
    throw new FormatError(
      'notRecognised',
      {
        problem: problem?.message ?? recognitionMessage('emptyFile', { formats: KNOWN_FORMATS }),
      },
      {
        file: options.fileName,
        ...(problem ? { line: problem.line } : {}),
        ...(problem?.field ? { field: problem.field } : {}),
      },
    );
  }
  if (reader.readBytes && !first.done && typeof first.value !== 'string') {
    const firstChunk = first.value;
    async function* again(): AsyncGenerator<Uint8Array | string> {
      yield firstChunk;
      yield* taken;
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    }
    return reader.readBytes(readByteLineBatches(again(), { fileName: options.fileName }), options);
  }
  return reader.read(replay(head, batches), options);
}
