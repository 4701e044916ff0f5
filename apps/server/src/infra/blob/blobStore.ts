import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import {
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
  type FileHandle,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type * as S3 from '@aws-sdk/client-s3';

export interface StoredBlob {
  sizeBytes: number;
  sha256: string;
}

/** Raw uploads, vehicle columns and reports (ARCHITECTURE.md, storage). */
export interface BlobStore {
  /** Streams to the store, hashing on the way; refuses more than `maxBytes`. */
  putStream: (key: string, source: Readable, maxBytes: number) => Promise<StoredBlob>;
  putBytes: (key: string, bytes: Uint8Array) => Promise<void>;
  getStream: (key: string) => Promise<Readable>;
  getBytes: (key: string) => Promise<Uint8Array>;
  /** An open file for reads at any position, where the store keeps files (the local one). */
  openFile?: (key: string) => Promise<FileHandle>;
  delete: (key: string) => Promise<void>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than the limit of ${Math.round(maxBytes / 1024 / 1024)} MiB.`);
    this.name = 'BlobTooLargeError';
  }
}

/** Copies a stream to a file, counting and hashing, without holding it in memory. */
async function streamToFile(source: Readable, path: string, maxBytes: number): Promise<StoredBlob> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) {
        callback(new BlobTooLargeError(maxBytes));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await mkdir(dirname(path), { recursive: true });
  try {
    await pipeline(source, meter, createWriteStream(path));
  } catch (error) {
    await rm(path, { force: true });
    // Drain what the client still sends so that the answer reaches it.
    source.resume();
    throw error;
  }
  return { sizeBytes, sha256: hash.digest('hex') };
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

/** Any S3-compatible store; uploads are spooled to a temporary file first so their length is known. */
export function createS3BlobStore(options: {
  bucket: string;
  endpoint?: string;
  region: string;
}): BlobStore {
  // The SDK is loaded when the store is first used: processes on the local store (and the
  // analysis threads) never load it.
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const s3 = () =>
    (loaded ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
      }),
    })));
  const Bucket = options.bucket;
  return {
    async putStream(key, source, maxBytes) {
      const spool = join(tmpdir(), `roadcount-upload-${randomUUID()}`);
      try {
        const stored = await streamToFile(source, spool, maxBytes);
        const { sdk, client } = await s3();
        await client.send(
          new sdk.PutObjectCommand({
            Bucket,
            Key: safeKey(key),
            Body: createReadStream(spool),
            ContentLength: stored.sizeBytes,
          }),
        );
        return stored;
      } finally {
        await rm(spool, { force: true });
      }
    },
    async putBytes(key, bytes) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: safeKey(key), Body: bytes }));
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
