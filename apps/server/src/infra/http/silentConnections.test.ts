import { connect } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { closeSilentConnections } from './silentConnections.ts';

describe('closing the server', () => {
  it('ends at once a connection that never asked for anything', async () => {
    const app = Fastify();
    closeSilentConnections(app);
    app.get('/', () => 'hello');
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    // A client that asked once and keeps its connection, and one that opens a socket and says
    // nothing: without the hook the close would wait for the second's headers to time out (a
    // minute or more), past this test's time limit.
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe('hello');
    const silent = connect(port, '127.0.0.1');
    await new Promise((resolve) => silent.once('connect', resolve));
    const ended = new Promise((resolve) => silent.once('close', resolve));

    await app.close();
    await ended;
    expect(silent.destroyed).toBe(true);
  });

  it('waits for an answer still being written, then ends its connection', async () => {
    const app = Fastify();
    closeSilentConnections(app);
    let finish: () => void = () => undefined;
    const slowPart = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let entered: () => void = () => undefined;
    const inHandler = new Promise<void>((resolve) => {
      entered = resolve;
    });
    app.get('/slow', async () => {
      entered();
      await slowPart;
      return 'done';
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const pending = fetch(`http://127.0.0.1:${port}/slow`);
    await inHandler;
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    finish();
    expect(await (await pending).text()).toBe('done');
    await closing;
    expect(closed).toBe(true);
  });
});
