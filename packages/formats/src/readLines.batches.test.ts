import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLineBatches } from './readLines.ts';

describe('readLineBatches', () => {
  it('yields whole lines only, across chunks, with CRLF and a final line without newline', async () => {
    const batches: string[][] = [];
    for await (const batch of readLineBatches(
      Readable.from(['\uFEFFa,b\r\nc', ',d\r\ne\nf'], { objectMode: true }),
    )) {
      batches.push(batch);
    }
    expect(batches.flat()).toEqual(['a,b', 'c,d', 'e', 'f']);
  });
});
