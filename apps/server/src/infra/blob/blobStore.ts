import { createHash, randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import {
  access,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';

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
   * grows, such as a realtime day's files). The local store writes them in place; an object
   * store, which cannot append, puts the object again with its first `offset` bytes.
   */
  writeAt: (key: string, offset: number, bytes: Uint8Array) => Promise<void>;
  getStream: (key: string) => Promise<Readable>;
  getBytes: (key: string) => Promise<Uint8Array>;
  /** An open file for reads at any position, where the store keeps files (the local one). */
  openFile?: (key: string) => Promise<FileHandle>;
  delete: (key: string) => Promise<void>;
  /** Throws BlobStoreUnavailableError when the store cannot be used; processes call it at start. */
  check: () => Promise<void>;
}

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

export function createLocalBlobStore(root: string): BlobStore {
  const pathOf = (key: string) => join(root, safeKey(key));
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
    async putStream(key, source, maxBytes) {
      const temporary = `${pathOf(key)}.${randomUUID()}.part`;
      const stored = await streamToFile(source, temporary, maxBytes);
      await rename(temporary, pathOf(key));
      return stored;
    },
    async putBytes(key, bytes) {
      const temporary = `${pathOf(key)}.${randomUUID()}.part`;
      await mkdir(dirname(temporary), { recursive: true });
      await writeFile(temporary, bytes);
      await rename(temporary, pathOf(key));
    },
    async writeAt(key, offset, bytes) {
      if (offset === 0) return this.putBytes(key, bytes);
      const file = await open(pathOf(key), 'r+');
      try {
        const { size } = await file.stat();
        if (size < offset) throw new Error(`the blob ${key} has ${size} bytes, not ${offset}`);
        await file.truncate(offset);
        await file.write(bytes, 0, bytes.length, offset);
      } finally {
        await file.close();
      }
    },
    async getStream(key) {
      await stat(pathOf(key));
      return createReadStream(pathOf(key));
    },
    async getBytes(key) {
      // The file's own memory, seen as a plain Uint8Array (a copy of a column file of hundreds
      // of megabytes costs seconds).
      const bytes = await readFile(pathOf(key));
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    openFile(key) {
      return open(pathOf(key), 'r');
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
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
