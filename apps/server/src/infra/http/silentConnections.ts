import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Closes, when the server closes, the connections that have not yet asked for anything. Node
 * counts a connection that never sent a request as neither idle nor busy, so closing the server
 * (which ends idle ones and waits for busy ones) would wait for it until its headers time out,
 * a minute or more: a client that opened a socket and said nothing would hold up every restart.
 */
export function closeSilentConnections(app: FastifyInstance): void {
  const silent = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    silent.add(socket);
    socket.once('close', () => silent.delete(socket));
  });
  const spoke = (request: { socket: Socket }) => silent.delete(request.socket);
  app.server.on('request', spoke);
  app.server.on('upgrade', spoke);
  app.addHook('preClose', (done) => {
    for (const socket of silent) socket.destroy();
    silent.clear();
    done();
  });
}
