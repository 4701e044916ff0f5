import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import { PROCESS_IDENTITY } from '../processIdentity.ts';

export interface StoredBlob {
  sizeBytes: number;
  sha256: string;
}

/** Raw uploads, vehicle columns and reports (ARCHITECTURE.md, storage). */
export interface BlobStore {
  /** Streams to the store, hashing on the way; refuses more than `maxBytes`. */
  putStream: (key: string, source: Readable, maxBytes: number) => Promise<StoredBlob>;
  putBytes: (key: string, bytes: Uint8Array) => Promise<void>;
  /**
   * Writes `bytes` at `offset` of the blob, cutting what was after (appending to a blob that
   * grows, such as a realtime day's files). A reader meanwhile gets the blob as it was before
   * or after, never between: the local store appends to a data file and then swaps the small
   * list of the blob's extents in it (`createLocalBlobStore`); an object store, which cannot
   * append, puts the object again with its first `offset` bytes.
   */
  writeAt: (key: string, offset: number, bytes: Uint8Array) => Promise<void>;
  getStream: (key: string) => Promise<Readable>;
  getBytes: (key: string) => Promise<Uint8Array>;
  /**
   * An open file for reads at any position, where the store keeps files (the local one);
   * undefined for a blob written with `writeAt`, which is not one file: read it with getBytes.
   */
  openFile?: (key: string) => Promise<FileHandle | undefined>;
  delete: (key: string) => Promise<void>;
  /** Throws BlobStoreUnavailableError when the store cannot be used; processes call it at start. */
  check: () => Promise<void>;
  /**
   * Removes what writes that will never finish left (a process killed mid-write): the local
   * store's partial files whose writer `isGone` says no longer writes; an object store's
   * multipart uploads begun more than a day ago. Answers how many went. Done at start and when a
   * task is taken over from a worker whose lease lapsed.
   */
  sweepParts: (isGone: (writer: string) => boolean) => Promise<number>;
}

/** A partial file's writer tag: base64url, so that it holds no dot, slash or path character. */
const writerTag = (writer: string) => `by-${Buffer.from(writer).toString('base64url')}`;

/**
 * The writer of a local partial file, `<name>.by-<writer, base64url>.<uuid>.part`; undefined for
 * a name without one (written before partial files named their writer).
 */
export function partWriter(fileName: string): string | undefined {
  const match = /\.by-([A-Za-z0-9_-]+)\.[0-9a-f-]{36}\.part$/.exec(fileName);
  return match?.[1] ? Buffer.from(match[1], 'base64url').toString() : undefined;
}

/** A partial file whose name does not say its writer is left, unless untouched for this long. */
const UNNAMED_PART_STALE_MS = 24 * 60 * 60_000;
/** An object store's multipart upload is taken for abandoned once this old. */
const S3_UPLOAD_STALE_MS = 24 * 60 * 60_000;

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
    this.name = 'BlobTooLargeError';
  }
}

/** The store cannot be used: said at start, naming the bucket, the endpoint and what to do. */
export class BlobStoreUnavailableError extends Error {
  override name = 'BlobStoreUnavailableError';
}

/** Counts and hashes what passes; fails with BlobTooLargeError past `maxBytes`. */
function meterStream(maxBytes: number) {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const state: { failure?: BlobTooLargeError } = {};
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) {
        state.failure = new BlobTooLargeError(maxBytes);
        callback(state.failure);
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return Object.assign(meter, {
    /** Why the stream was refused, when it was (an abort's own error may follow it). */
    state,
    stored: (): StoredBlob => ({ sizeBytes, sha256: hash.digest('hex') }),
  });
}

/** Copies a stream to a file, counting and hashing, without holding it in memory. */
async function streamToFile(source: Readable, path: string, maxBytes: number): Promise<StoredBlob> {
  const meter = meterStream(maxBytes);
  await mkdir(dirname(path), { recursive: true });
  try {
    await pipeline(source, meter, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    // Drain what the client still sends so that the answer reaches it.
    source.resume();
    throw error;
  }
  return meter.stored();
}

function safeKey(key: string): string {
  if (key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`invalid blob key '${key}'`);
  }
  return key;
}

/**
 * A blob that `writeAt` appends to, as the local store keeps it: its bytes are extents of a data
 * file beside it that only grows, listed in a small file that each write replaces whole.
 */
interface AppendedBlob {
  /** The data file's name, in the blob's directory. */
  data: string;
  /** How far the data file is written: the next write goes after. */
  dataBytes: number;
  /** The blob's bytes in order, each [position in the data file, length]. */
  extents: [number, number][];
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** What a rewrite of an appended blob copies at a time. */
const COPY_CHUNK_BYTES = 4 * 1024 * 1024;

/** How often a reader looks again when the blob was rewritten between its look and its read. */
const READ_ATTEMPTS = 10;

async function readFully(handle: FileHandle, into: Uint8Array, position: number) {
  let done = 0;
  while (done < into.length) {
    const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
    if (bytesRead === 0) throw new Error('blob: its data file is shorter than its extents say');
    done += bytesRead;
  }
}

async function writeFully(handle: FileHandle, bytes: Uint8Array, position: number) {
  let done = 0;
  while (done < bytes.length)
    done += (await handle.write(bytes, done, bytes.length - done, position + done)).bytesWritten;
}

/**
 * The blobs as files under `root`. A blob written whole (putStream, putBytes) is one file,
 * replaced by a rename, so a reader has it before or after. A blob that `writeAt` appends to
 * (a realtime day's files) keeps its bytes in a data file that only grows, and the list of its
 * extents there (`AppendedBlob`) in a small file beside it, replaced by a rename once the new
 * bytes are written: a reader takes one list and reads bytes no write changes, so it gets the
 * blob as a completed write left it, never a write half done; the bytes it replaced stay until
 * the data file is rewritten with the blob's bytes only, when more than half of it is bytes
 * cut off (and a reader that then misses the old data file takes the new list). An append
 * costs the new bytes and the list's rename. `beforePublish` is awaited once a write's bytes are
 * in the store and before readers see them: tests hold a write there.
 */
export function createLocalBlobStore(
  root: string,
  options: {
    beforePublish?: (key: string) => Promise<void>;
    /** Named in the partial files this store writes; this process by default. */
    writer?: string;
  } = {},
): BlobStore {
  const pathOf = (key: string) => join(root, safeKey(key));
  const tag = writerTag(options.writer ?? PROCESS_IDENTITY);
  /** A partial file beside `path`, named with its writer, renamed over `path` once written. */
  const partOf = (path: string) => `${path}.${tag}.${randomUUID()}.part`;
  const listPathOf = (key: string) => `${pathOf(key)}.extents`;
  const dataPathOf = (key: string, data: string) => join(dirname(pathOf(key)), data);

  /** Writes to a key one at a time, in the order asked (a realtime day's writes are). */
  const writing = new Map<string, Promise<void>>();
  function inTurn<T>(key: string, work: () => Promise<T>): Promise<T> {
    const done = (writing.get(key) ?? Promise.resolve()).then(work);
    const settled = done.then(
      () => undefined,
      () => undefined,
    );
    writing.set(key, settled);
    void settled.then(() => {
      if (writing.get(key) === settled) writing.delete(key);
    });
    return done;
  }

  async function appendedBlob(key: string): Promise<AppendedBlob | undefined> {
    try {
      return JSON.parse(await readFile(listPathOf(key), 'utf8')) as AppendedBlob;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  const sizeOf = (blob: AppendedBlob) => blob.extents.reduce((sum, [, bytes]) => sum + bytes, 0);

  async function readExtents(key: string, blob: AppendedBlob) {
    const bytes = new Uint8Array(sizeOf(blob));
    const handle = await open(dataPathOf(key, blob.data), 'r');
    try {
      let at = 0;
      for (const [position, length] of blob.extents) {
        await readFully(handle, bytes.subarray(at, at + length), position);
        at += length;
      }
    } finally {
      await handle.close();
    }
    return bytes;
  }

  /** An appended blob's bytes as the last completed write left them; undefined for a file. */
  async function appendedBytes(key: string): Promise<Uint8Array | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      const blob = await appendedBlob(key);
      if (!blob) return undefined;
      try {
        return await readExtents(key, blob);
      } catch (error) {
        // Rewritten since the list was read: its data file is gone; read the new list.
        if (!isMissing(error) || attempt >= READ_ATTEMPTS) throw error;
      }
    }
  }

  async function publish(key: string, blob: AppendedBlob) {
    await options.beforePublish?.(key);
    const temporary = partOf(listPathOf(key));
    await writeFile(temporary, JSON.stringify(blob));
    await rename(temporary, listPathOf(key));
  }

  /**
   * Writes the blob anew into a new data file, then lists it: `kept` (extents of the file at
   * `from`, copied a chunk at a time), then `bytes`. The old data file (`before`) goes, and so
   * does the file of a blob written whole before its first append.
   */
  async function rewrite(
    key: string,
    kept: { from: string; extents: [number, number][] } | undefined,
    bytes: Uint8Array,
    before: AppendedBlob | undefined,
  ) {
    const data = `${basename(pathOf(key))}.${randomUUID()}.data`;
    await mkdir(dirname(pathOf(key)), { recursive: true });
    const handle = await open(dataPathOf(key, data), 'w');
    let size = 0;
    try {
      if (kept) {
        const source = await open(kept.from, 'r');
        try {
          const chunk = new Uint8Array(COPY_CHUNK_BYTES);
          for (const [position, length] of kept.extents)
            for (let done = 0; done < length; done += chunk.length) {
              const part = chunk.subarray(0, Math.min(chunk.length, length - done));
              await readFully(source, part, position + done);
              await writeFully(handle, part, size);
              size += part.length;
            }
        } finally {
          await source.close();
        }
      }
      await writeFully(handle, bytes, size);
      size += bytes.length;
    } finally {
      await handle.close();
    }
    await publish(key, { data, dataBytes: size, extents: [[0, size]] });
    if (before) await rm(dataPathOf(key, before.data), { force: true });
    await rm(pathOf(key), { force: true });
  }

  /** Removes an appended blob's list, then its data file (a blob written whole replaced it). */
  async function dropAppended(key: string) {
    const blob = await appendedBlob(key);
    if (!blob) return;
    await rm(listPathOf(key), { force: true });
    await rm(dataPathOf(key, blob.data), { force: true });
  }

  async function getBytes(key: string): Promise<Uint8Array> {
    const appended = await appendedBytes(key);
    if (appended) return appended;
    try {
      // The file's own memory, seen as a plain Uint8Array (a copy of a column file of hundreds
      // of megabytes costs seconds).
      const bytes = await readFile(pathOf(key));
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } catch (error) {
      // Appended to for the first time meanwhile.
      if (isMissing(error) && (await appendedBlob(key))) return getBytes(key);
      throw error;
    }
  }

  async function getStream(key: string): Promise<Readable> {
    const appended = await appendedBytes(key);
    if (appended)
      return Readable.from([Buffer.from(appended.buffer, appended.byteOffset, appended.length)]);
    try {
      await stat(pathOf(key));
    } catch (error) {
      if (isMissing(error) && (await appendedBlob(key))) return getStream(key);
      throw error;
    }
    return createReadStream(pathOf(key));
  }

  return {
    async check() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.W_OK);
      } catch (error) {
        throw new BlobStoreUnavailableError(
          `The blob directory ${root} cannot be written: check DATA_DIR and its permissions.`,
          { cause: error },
        );
      }
    },
    putStream(key, source, maxBytes) {
      return inTurn(key, async () => {
        const temporary = partOf(pathOf(key));
        const stored = await streamToFile(source, temporary, maxBytes);
        await rename(temporary, pathOf(key));
        await dropAppended(key);
        return stored;
      });
    },
    putBytes(key, bytes) {
      return inTurn(key, async () => {
        const temporary = partOf(pathOf(key));
        await mkdir(dirname(temporary), { recursive: true });
        await writeFile(temporary, bytes);
        await rename(temporary, pathOf(key));
        await dropAppended(key);
      });
    },
    writeAt(key, offset, bytes) {
      return inTurn(key, async () => {
        const blob = await appendedBlob(key);
        if (!blob) {
          if (offset === 0) return rewrite(key, undefined, bytes, undefined);
          // A blob written whole: its first `offset` bytes and these become an appended blob.
          const { size } = await stat(pathOf(key));
          if (size < offset) throw new Error(`the blob ${key} has ${size} bytes, not ${offset}`);
          return rewrite(key, { from: pathOf(key), extents: [[0, offset]] }, bytes, undefined);
        }
        const size = sizeOf(blob);
        if (size < offset) throw new Error(`the blob ${key} has ${size} bytes, not ${offset}`);
        const kept: [number, number][] = [];
        let at = 0;
        for (const [position, length] of blob.extents) {
          if (at >= offset) break;
          kept.push([position, Math.min(length, offset - at)]);
          at += length;
        }
        // Bytes cut off stay in the data file (a reader may be reading them) until they are
        // more than the blob's own: then the blob is written anew, its bytes only.
        if (offset === 0 || blob.dataBytes - offset > offset + bytes.length)
          return rewrite(key, { from: dataPathOf(key, blob.data), extents: kept }, bytes, blob);
        const handle = await open(dataPathOf(key, blob.data), 'r+');
        try {
          await writeFully(handle, bytes, blob.dataBytes);
        } finally {
          await handle.close();
        }
        await publish(key, {
          data: blob.data,
          dataBytes: blob.dataBytes + bytes.length,
          extents: [...kept, [blob.dataBytes, bytes.length]],
        });
      });
    },
    getStream,
    getBytes,
    async openFile(key) {
      if (await appendedBlob(key)) return undefined;
      try {
        // A file is never written in place: an append lists a copy of it and unlinks it.
        return await open(pathOf(key), 'r');
      } catch (error) {
        if (isMissing(error) && (await appendedBlob(key))) return undefined;
        throw error;
      }
    },
    delete(key) {
      return inTurn(key, async () => {
        await dropAppended(key);
        await rm(pathOf(key), { force: true });
      });
    },
    async sweepParts(isGone) {
      let entries;
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return 0;
        throw error;
      }
      let removed = 0;
      for (const entry of entries) {
        if (!entry.isFile() || !entry.name.endsWith('.part')) continue;
        const path = join(entry.parentPath, entry.name);
        const writer = partWriter(entry.name);
        const abandoned =
          writer === undefined
            ? Date.now() - (await stat(path).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs >
              UNNAMED_PART_STALE_MS
            : isGone(writer);
        if (!abandoned) continue;
        await rm(path, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
}

/** Objects larger than this go up in parts of this size (S3's least part is 5 MiB). */
export const S3_PART_BYTES = 8 * 1024 * 1024;

/**
 * Any S3-compatible store. Uploads stream through, hashed and counted on the way; an object larger
 * than one part goes up as a multipart upload, two parts at a time, so memory stays bounded
 * whatever the file's size, and a failed or refused upload is aborted, leaving nothing.
 */
export function createS3BlobStore(options: {
  bucket: string;
  endpoint?: string;
  region: string;
  /** For tests; S3_PART_BYTES otherwise. */
  partBytes?: number;
}): BlobStore {
  // The SDK is loaded when the store is first used: processes on the local store (and the
  // analysis threads) never load it.
  let loaded: Promise<{ sdk: typeof S3; Upload: typeof S3Upload; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
      ([sdk, storage]) => ({
        sdk,
        Upload: storage.Upload,
        client: new sdk.S3Client({
          region: options.region,
          // Checksums only where the operation requires them: several S3-compatible stores
          // refuse the SDK's newer default trailing checksums.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
          ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        }),
      }),
    ));
  const Bucket = options.bucket;
  const partSize = options.partBytes ?? S3_PART_BYTES;
  const where = `S3 bucket '${Bucket}' at ${options.endpoint ?? `AWS region ${options.region}`}`;
  const upload = async (key: string, body: Readable | Uint8Array) => {
    const { client, Upload } = await s3();
    await new Upload({
      client,
      params: { Bucket, Key: safeKey(key), Body: body },
      partSize,
      queueSize: 2,
    }).done();
  };
  return {
    async check() {
      const { sdk, client } = await s3();
      try {
        await client.send(new sdk.HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        const reason =
          status === 404
            ? 'does not exist: create it, or set S3_BUCKET to an existing bucket'
            : status === 403 || status === 401
              ? 'refuses these credentials: check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY'
              : status
                ? `answered HTTP ${status} (${(error as Error).name})`
                : `cannot be reached (${(error as { code?: string }).code ?? (error as Error).message}): check S3_ENDPOINT and that the store is running`;
        throw new BlobStoreUnavailableError(`The ${where} ${reason}.`, { cause: error });
      }
    },
    async putStream(key, source, maxBytes) {
      const meter = meterStream(maxBytes);
      source.pipe(meter);
      source.on('error', (error) => meter.destroy(error));
      try {
        await upload(key, meter);
      } catch (error) {
        // Drain what the client still sends so that the answer reaches it.
        source.unpipe(meter);
        source.resume();
        throw meter.state.failure ?? error;
      }
      return meter.stored();
    },
    async putBytes(key, bytes) {
      await upload(key, bytes);
    },
    async writeAt(key, offset, bytes) {
      if (offset === 0) return this.putBytes(key, bytes);
      const before = await this.getBytes(key);
      if (before.length < offset)
        throw new Error(`the object ${key} has ${before.length} bytes, not ${offset}`);
      const joined = new Uint8Array(offset + bytes.length);
      joined.set(before.subarray(0, offset));
      joined.set(bytes, offset);
      await upload(key, joined);
    },
    async getStream(key) {
      const { sdk, client } = await s3();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: safeKey(key) }));
      return answer.Body as Readable;
    },
    async getBytes(key) {
      const { sdk, client } = await s3();
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket, Key: safeKey(key) }));
      return (await answer.Body?.transformToByteArray()) ?? new Uint8Array();
    },
    async delete(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: safeKey(key) }));
    },
    async sweepParts() {
      // An upload names no writer S3 would tell back: one begun over a day ago is abandoned (a
      // live one is a worker's or a client's, each bounded in size and time).
      const { sdk, client } = await s3();
      const before = Date.now() - S3_UPLOAD_STALE_MS;
      let removed = 0;
      let keyMarker: string | undefined;
      let uploadIdMarker: string | undefined;
      do {
        const page = await client.send(
          new sdk.ListMultipartUploadsCommand({
            Bucket,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || (upload.Initiated?.getTime() ?? 0) > before)
            continue;
          await client.send(
            new sdk.AbortMultipartUploadCommand({
              Bucket,
              Key: upload.Key,
              UploadId: upload.UploadId,
            }),
          );
          removed += 1;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },
  };
}

/** The store the configuration names: S3 when a bucket is set, else DATA_DIR/blobs. */
export function createBlobStore(config: {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined;
}): BlobStore {
  if (!config.s3) return createLocalBlobStore(join(config.dataDir, 'blobs'));
  return createS3BlobStore({
    bucket: config.s3.bucket,
    region: config.s3.region,
    ...(config.s3.endpoint ? { endpoint: config.s3.endpoint } : {}),
  });
}
