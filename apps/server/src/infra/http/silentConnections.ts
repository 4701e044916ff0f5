import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closes, when the server closes, every connection that is not in the middle of an answer, and
 * each of the others as soon as its answer is written. Node's own reckoning misses two kinds:
 * a connection that never sent a request (neither idle nor busy to Node, so the close waits for
 * its headers to time out, a minute or more), and a kept-alive connection whose last answer was
 * streamed from a file, which Node can go on counting as busy until the keep-alive timeout (72 s).
 * Either would hold up every restart; this counts the answers in flight on each socket itself.
 */
export function closeSilentConnections(app: FastifyInstance): void {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  app.server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  const began = (socket: Socket) => inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const { socket } = request;
    began(socket);
    response.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (closing && left === 0) socket.destroySoon();
    });
  });
  // An upgraded connection (a subscription's WebSocket) is the socket server's to close.
  app.server.on('upgrade', (request: IncomingMessage) => {
    inFlight.delete(request.socket);
  });
  app.addHook('preClose', (done) => {
    closing = true;
    for (const [socket, answers] of inFlight) if (answers === 0) socket.destroy();
    done();
  });
}
