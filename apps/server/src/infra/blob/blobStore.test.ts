import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
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

  describe('a blob appended to with writeAt', () => {
    const bytesOf = (value: string) => new TextEncoder().encode(value);
    const read = async (store: ReturnType<typeof createLocalBlobStore>, key: string) =>
      new TextDecoder().decode(await store.getBytes(key));
    /** Every file under the store's root with its size, by path from the root. */
    const files = (root: string) =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => statSync(join(entry.parentPath, entry.name)).size);

    it('reads as the writes made it, whole or streamed, and is not one file to open', async () => {
      const store = createLocalBlobStore(mkdtempSync(join(tmpdir(), 'blobs-')));
      await store.writeAt('columns/day.arrow', 0, bytesOf('abcdef'));
      // Cut after 'abc', then 'XY': 'abcXY'; then 'Z' after 'abcX': 'abcXZ'.
      await store.writeAt('columns/day.arrow', 3, bytesOf('XY'));
      await store.writeAt('columns/day.arrow', 4, bytesOf('Z'));
      expect(await read(store, 'columns/day.arrow')).toBe('abcXZ');
      expect(await text(await store.getStream('columns/day.arrow'))).toBe('abcXZ');
      expect(await store.openFile?.('columns/day.arrow')).toBeUndefined();
      await expect(store.writeAt('columns/day.arrow', 6, bytesOf('!'))).rejects.toThrow(
        'the blob columns/day.arrow has 5 bytes, not 6',
      );
    });

    it('appends to a blob written whole, and is written whole again by putBytes', async () => {
      const store = createLocalBlobStore(mkdtempSync(join(tmpdir(), 'blobs-')));
      await store.putBytes('scan/day.bin', bytesOf('header;footer'));
      await store.writeAt('scan/day.bin', 7, bytesOf('more;footer'));
      expect(await read(store, 'scan/day.bin')).toBe('header;more;footer');
      await store.putBytes('scan/day.bin', bytesOf('whole'));
      expect(await read(store, 'scan/day.bin')).toBe('whole');
      const handle = await store.openFile?.('scan/day.bin');
      expect((await handle?.stat())?.size).toBe(5);
      await handle?.close();
    });

    it('leaves nothing behind when deleted', async () => {
      const root = mkdtempSync(join(tmpdir(), 'blobs-'));
      const store = createLocalBlobStore(root);
      await store.writeAt('columns/day.arrow', 0, bytesOf('abc'));
      await store.writeAt('columns/day.arrow', 3, bytesOf('def'));
      await store.delete('columns/day.arrow');
      await expect(store.getBytes('columns/day.arrow')).rejects.toThrow(/ENOENT/);
      expect(files(root)).toEqual([]);
    });

    it('keeps the bytes it cut off only until they outweigh the blob', async () => {
      const root = mkdtempSync(join(tmpdir(), 'blobs-'));
      const store = createLocalBlobStore(root);
      await store.writeAt('columns/day.arrow', 0, bytesOf('a'.repeat(100)));
      // Fifty writes each replacing the last 10 bytes: 500 bytes cut off in all.
      for (let write = 0; write < 50; write += 1)
        await store.writeAt('columns/day.arrow', 90, bytesOf(String(write % 10).repeat(10)));
      expect(await read(store, 'columns/day.arrow')).toBe(`${'a'.repeat(90)}${'9'.repeat(10)}`);
      // The data file is rewritten once the bytes cut off are more than the blob's 100: it
      // holds at most 100 + 100 + 10 bytes, beside a list of a few extents.
      const sizes = files(root).sort((a, b) => b - a);
      expect(sizes).toHaveLength(2);
      expect(sizes[0]).toBeLessThanOrEqual(210);
    });

    it('gives a reader the blob as before while a write is half done, and after once done', async () => {
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let reached = () => {};
      const halfDone = new Promise<void>((resolve) => (reached = resolve));
      let holding = false;
      const store = createLocalBlobStore(mkdtempSync(join(tmpdir(), 'blobs-')), {
        beforePublish: async () => {
          if (!holding) return;
          reached();
          await released;
        },
      });
      await store.writeAt('columns/day.arrow', 0, bytesOf('abcdef'));
      holding = true;
      const writing = store.writeAt('columns/day.arrow', 2, bytesOf('XYZW'));
      await halfDone;
      // 'XYZW' is in the store after 'abcdef' but not yet the blob's.
      expect(await read(store, 'columns/day.arrow')).toBe('abcdef');
      release();
      await writing;
      expect(await read(store, 'columns/day.arrow')).toBe('abXYZW');
    });
  });
});
