import type { FileHandle } from 'node:fs/promises';
import type { RandomAccessFile } from '@roadcount/analytics';

/** An open stored file read at positions (`what` names it in errors). */
export function randomAccessOf(handle: FileHandle, size: number, what: string): RandomAccessFile {
  return {
    size,
    async read(into, position) {
      let done = 0;
      while (done < into.length) {
        const { bytesRead } = await handle.read(into, done, into.length - done, position + done);
        if (bytesRead === 0) throw new Error(`${what}: shorter than its footer says`);
        done += bytesRead;
      }
    },
  };
}

/** A stored file's bytes read at positions (`what` names it in errors). */
export function randomAccessOfBytes(bytes: Uint8Array, what: string): RandomAccessFile {
  return {
    size: bytes.length,
    read(into, position) {
      if (position + into.length > bytes.length)
        return Promise.reject(new Error(`${what}: shorter than its footer says`));
      into.set(bytes.subarray(position, position + into.length));
      return Promise.resolve();
    },
  };
}
