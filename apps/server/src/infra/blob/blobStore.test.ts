import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BlobTooLargeError, createLocalBlobStore } from './blobStore.ts';

describe('local blob store', () => {
  it('stores a stream with its size and SHA-256, and reads it back', async () => {
    const store = createLocalBlobStore(mkdtempSync(join(tmpdir(), 'blobs-')));
    const content = 'timestamp,lane\n'.repeat(1000);
    const stored = await store.putStream('uploads/org/a.csv', Readable.from([content]), 1_000_000);
    expect(stored).toEqual({
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(new TextDecoder().decode(await store.getBytes('uploads/org/a.csv'))).toBe(content);
  });

  it('refuses a stream over the limit and keeps nothing of it', async () => {
    const store = createLocalBlobStore(mkdtempSync(join(tmpdir(), 'blobs-')));
    await expect(
      store.putStream('uploads/big.csv', Readable.from(['x'.repeat(2048)]), 1024),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    await expect(store.getBytes('uploads/big.csv')).rejects.toThrow();
  });

  it('refuses keys that climb out of the store', async () => {
    const store = createLocalBlobStore(mkdtempSync(join(tmpdir(), 'blobs-')));
    await expect(store.putBytes('../escape', new Uint8Array(1))).rejects.toThrow(
      /invalid blob key/,
    );
  });
});
