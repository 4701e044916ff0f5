import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FormatError } from './formatError.ts';

/** What all the entries of an xlsx may inflate to, unless `maxXlsxInflatedBytes` says less. */
export const MAX_XLSX_INFLATED_BYTES = 200 * 1024 * 1024;

/** Far more entries than any workbook has (a few dozen): each costs memory once listed. */
export const MAX_XLSX_ENTRIES = 10_000;

/** Megabytes as the catalogue's English writes them (`1,024.5`). */
const megabytes = (bytes: number) =>
  (bytes / 1024 / 1024).toLocaleString('en-GB', { maximumFractionDigits: 1 });

/** The refusal of a file the zip reader or the spreadsheet reader cannot read. */
export function notReadableXlsx(file: string, detail: string): FormatError {
  return new FormatError('xlsxNotReadable', { detail: detail.slice(0, 200) }, { file });
}

/** The whole upload, read no further than `limit` bytes (a zip is never larger than its content). */
async function collect(source: Readable, file: string, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of source as AsyncIterable<Buffer | string>) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    length += bytes.length;
    if (length > limit) {
      source.destroy();
      throw new FormatError(
        'xlsxFileTooLarge',
        { size: megabytes(limit), limit: megabytes(limit) },
        { file },
      );
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, length);
}

class TooManyEntries extends Error {
  constructor(readonly count: number) {
    super(`${count} entries`);
  }
}

/** The entries of a zip's central directory, which states each entry's inflated size. */
function centralDirectory(bytes: Buffer): Promise<{ zip: ZipFile; entries: Entry[] }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (error, zip) => {
      if (error) return reject(error);
      if (zip.entryCount > MAX_XLSX_ENTRIES) {
        zip.close();
        return reject(new TooManyEntries(zip.entryCount));
      }
      const entries: Entry[] = [];
      zip.on('error', reject);
      zip.on('entry', (entry: Entry) => {
        entries.push(entry);
        zip.readEntry();
      });
      zip.on('end', () => resolve({ zip, entries }));
      zip.readEntry();
    });
  });
}

/** An entry's bytes, inflated or as stored (a stored entry's bytes are the same either way). */
function openEntry(zip: ZipFile, entry: Entry, inflate: boolean): Promise<Readable> {
  const compressed = entry.compressionMethod === 8;
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, { decompress: compressed ? inflate : null }, (error, stream) =>
      error ? reject(error) : resolve(stream),
    );
  });
}

/** Inflates an entry without keeping it; yauzl stops it at the size the directory states. */
async function inflatedSize(zip: ZipFile, entry: Entry): Promise<number> {
  let size = 0;
  for await (const chunk of await openEntry(zip, entry, true)) size += (chunk as Buffer).length;
  return size;
}

async function rawBytes(zip: ZipFile, entry: Entry): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openEntry(zip, entry, false)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A zip holding only the entries of `entries`, with the sizes and checksums its directory states
 * (already checked), so that a streaming zip reader meets no entry, size or data descriptor
 * other than the ones checked.
 */
function rewrittenZip(parts: { entry: Entry; name: Buffer; data: Buffer }[]): Buffer {
  const out: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { entry, name, data } of parts) {
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 name, sizes in this header (no data descriptor)
    local.writeUInt16LE(entry.compressionMethod, 8);
    local.writeUInt16LE(entry.lastModFileTime, 10);
    local.writeUInt16LE(entry.lastModFileDate, 12);
    local.writeUInt32LE(entry.crc32, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(entry.uncompressedSize, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    local.copy(central, 8, 6, 30); // flags, method, time, date, crc, sizes, name length, extra
    central.writeUInt32LE(offset, 42);
    out.push(local, name, data);
    directory.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...out, directoryBytes, end]);
}

/**
 * Reads an uploaded xlsx and checks it before any spreadsheet code sees it: its central
 * directory must state inflated sizes within `limit` in all, and each entry must inflate to no
 * more than it states (checked by inflating it without keeping the result). Answers the workbook
 * as a zip of the checked entries only. Every refusal is a `FormatError` naming the file.
 */
export async function checkedXlsx(
  source: Readable,
  file: string,
  limit = MAX_XLSX_INFLATED_BYTES,
): Promise<Buffer> {
  const bytes = await collect(source, file, limit);
  let zip: ZipFile;
  let entries: Entry[];
  try {
    ({ zip, entries } = await centralDirectory(bytes));
  } catch (error) {
    if (error instanceof TooManyEntries)
      throw new FormatError(
        'xlsxTooManyEntries',
        {
          count: error.count.toLocaleString('en-GB'),
          max: MAX_XLSX_ENTRIES.toLocaleString('en-GB'),
        },
        { file },
      );
    throw notReadableXlsx(file, error instanceof Error ? error.message : String(error));
  }
  try {
    let total = 0;
    for (const entry of entries) {
      total += entry.uncompressedSize;
      if (entry.uncompressedSize > limit)
        throw new FormatError(
          'xlsxEntryTooLarge',
          {
            entry: entry.fileName,
            size: megabytes(entry.uncompressedSize),
            limit: megabytes(limit),
          },
          { file },
        );
      if (total > limit)
        throw new FormatError(
          'xlsxEntriesTooLarge',
          { size: megabytes(total), limit: megabytes(limit) },
          { file },
        );
      if (entry.isEncrypted())
        throw new FormatError('xlsxEncrypted', { entry: entry.fileName }, { file });
      if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)
        throw new FormatError('xlsxUnknownCompression', { entry: entry.fileName }, { file });
    }
    const parts = [];
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      try {
        await inflatedSize(zip, entry);
        parts.push({ entry, name: Buffer.from(entry.fileName), data: await rawBytes(zip, entry) });
      } catch (error) {
        throw notReadableXlsx(
          file,
          `'${entry.fileName}': ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return rewrittenZip(parts);
  } finally {
    zip.close();
  }
}
