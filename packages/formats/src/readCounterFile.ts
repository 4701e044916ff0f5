import { Readable } from 'node:stream';
import { FormatError } from './formatError.ts';
import { isXlsx, readNationalXlsx } from './national.ts';
import { isEcoCounter, readEcoCounter } from './ecocounter.ts';
import { isJamar, readJamar } from './jamar.ts';
import { isMetroCount, readMetroCount } from './metrocount.ts';
import { readLineBatches } from './readLines.ts';
import { isRoadcountCsv, readRoadcountCsv } from './roadcountCsv.ts';
import type { FormatName, ReadOptions, ReadSummary } from './types.ts';

interface TextReader {
  format: FormatName;
  detect: (firstLines: string[]) => boolean;
  read: (lines: AsyncIterable<string[]>, options: ReadOptions) => Promise<ReadSummary>;
}

const TEXT_READERS: TextReader[] = [
  { format: 'roadcount', detect: isRoadcountCsv, read: readRoadcountCsv },
  { format: 'metrocount', detect: isMetroCount, read: readMetroCount },
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
  async function* whole() {
    if (!first.done) yield first.value;
    for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
  }
  if (!first.done && typeof first.value !== 'string' && isXlsx(first.value)) {
    return readNationalXlsx(Readable.from(whole()), options);
  }
  const batches = readLineBatches(whole())[Symbol.asyncIterator]();
  const head: string[][] = [];
  let firstLines: string[] = [];
  while (firstLines.length < DETECTION_LINES) {
    const next = await batches.next();
    if (next.done) break;
    head.push(next.value);
    firstLines = firstLines.concat(next.value.slice(0, DETECTION_LINES - firstLines.length));
  }
  const reader = TEXT_READERS.find((candidate) => candidate.detect(firstLines));
  if (!reader) {
    throw new FormatError(
      'the format is not recognised: expected a MetroCount vehicle listing, a Jamar, Roadcount or Eco-Counter CSV, or a national-platform xlsx',
      { file: options.fileName },
    );
  }
  return reader.read(replay(head, batches), options);
}
