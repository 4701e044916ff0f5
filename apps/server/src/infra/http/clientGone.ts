import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ClientGoneError } from '../errors.ts';

export { ClientGoneError };

const controllers = new WeakMap<FastifyRequest['raw'], AbortController>();

/**
 * Follows each request's connection: when the client goes away before its answer is written,
 * the request's signal (`clientSignal`) aborts, and the work it started can stop. Fastify's own
 * `request.signal` cannot serve: it follows the request stream, which closes as soon as a POST
 * body has been read, whether the client is still there or not.
 */
export function registerClientGone(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    const controller = new AbortController();
    controllers.set(request.raw, controller);
    const response = reply.raw;
    response.once('close', () => {
      if (!response.writableFinished) controller.abort(new ClientGoneError());
    });
    done();
  });
}

/** Aborts, its reason a ClientGoneError, when the request's client goes away before the answer. */
export function clientSignal(request: FastifyRequest): AbortSignal {
  let controller = controllers.get(request.raw);
  if (!controller) {
    // A request that came in before the hook was registered (none in service): never aborts.
    controller = new AbortController();
    controllers.set(request.raw, controller);
  }
  return controller.signal;
}
