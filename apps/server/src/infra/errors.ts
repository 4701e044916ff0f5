import type { FastifyError, FastifyInstance } from 'fastify';
import { messageForStatus } from '@roadcount/domain';

/** Work stopped because the client that asked for it closed its connection before the answer. */
export class ClientGoneError extends Error {
  override name = 'ClientGoneError';
  constructor() {
    super('the client closed the connection before the answer');
  }
}

/** An error whose status and message are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message?: string,
    readonly details?: unknown,
  ) {
    super(message ?? messageForStatus(statusCode));
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  status: number;
  message: string;
  details?: unknown;
}

/**
 * The one place that turns errors into responses. Catalogued statuses carry the catalogue's
 * message unless the error chose a more precise one for the user (HttpError); anything unexpected
 * is logged and answered as a 500 without internals.
 */
export function errorBody(error: unknown): ErrorBody {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    };
  }
  // Nobody reads it: the client left (nginx's 499, 'client closed request').
  if (error instanceof ClientGoneError)
    return { status: 499, message: messageForStatus(499, 'Client Closed Request') };
  const fastifyError = error as Partial<FastifyError> | undefined;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const validation = fastifyError?.validation;
    return {
      status,
      message: messageForStatus(status),
      ...(validation ? { details: validation.map((item) => item.message) } : {}),
    };
  }
  return { status: 500, message: messageForStatus(500) };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const body = errorBody(error);
    if (body.status >= 500) request.log.error({ err: error }, 'request failed');
    else if (body.status === 499) request.log.info('the client left: its work was stopped');
    // Headers the route set for the answer it meant (a download's name and length, its type)
    // would spoil this one, or fail it again: Fastify would then answer its own error body.
    for (const name of [
      'content-disposition',
      'content-length',
      'content-type',
      'content-encoding',
    ])
      reply.removeHeader(name);
    return reply.status(body.status).send(body);
  });
}
