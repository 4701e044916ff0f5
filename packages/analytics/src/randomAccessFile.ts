/**
 * A stored file read at any position, as the caller (the server) opens and reads it: the kernels
 * read scan files and column files through it and do no I/O of their own.
 */
export interface RandomAccessFile {
  size: number;
  /** Fills `into` with the bytes from `position`. */
  read: (into: Uint8Array, position: number) => Promise<void>;
}
