import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createOutputStream, pacedBy } from './outputStream.ts';

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('output streams', () => {
  it('tell the writer to wait while more than the mark waits to be stored', async () => {
    const output = createOutputStream(10);
    output.write(new Uint8Array(6));
    expect(await settled(output.drained())).toBe(true);
    output.write(new Uint8Array(6));
    const drained = output.drained();
    expect(await settled(drained)).toBe(false);
    expect(output.stream.read()).toHaveLength(12);
    expect(await settled(drained)).toBe(true);
    output.end();
    expect(await output.stream.toArray()).toEqual([]);
  });

  it('let a waiting writer go on when the store fails', async () => {
    const output = createOutputStream(4);
    const failed = new Promise((resolve) => output.stream.once('error', resolve));
    output.write(new Uint8Array(8));
    const drained = output.drained();
    expect(await settled(drained)).toBe(false);
    output.abort(new Error('disk full'));
    await drained;
    expect(await failed).toHaveProperty('message', 'disk full');
    output.write(new Uint8Array(8));
    expect(await settled(output.drained())).toBe(true);
  });

  it('pace reading by the outputs: a chunk is read only once they have drained', async () => {
    let release = () => {};
    let waiting = false;
    const drained = () => {
      waiting = true;
      return new Promise<void>((resolve) => (release = resolve));
    };
    const reading = pacedBy(Readable.from(['a', 'b']), drained)[Symbol.asyncIterator]();
    const first = reading.next();
    expect(await settled(first)).toBe(false);
    expect(waiting).toBe(true);
    release();
    expect((await first).value).toBe('a');
  });
});
