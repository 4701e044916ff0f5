import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The REST API's paths; GraphQL is described by its own schema, the web app by nothing. */
const DOCUMENTED = /^\/(core\/api|api|bill|healthz)(\/|$)/;

type Transform = typeof jsonSchemaTransform;

/**
 * The routes' zod schemas as JSON schema (fastify-type-provider-zod), each operation's answers
 * from its `x-responses`, and a multipart body where the route reads one.
 */
const transform: Transform = (document) => {
  if (!DOCUMENTED.test(document.url)) return { schema: { hide: true }, url: document.url };
  const { schema, url } = jsonSchemaTransform(document);
  const {
    'x-responses': responses,
    'x-multipart': multipart,
    'x-answer': answer,
    ...rest
  } = schema as {
    'x-responses'?: Record<string, string>;
    'x-multipart'?: string;
    'x-answer'?: { status: number; schema: Record<string, unknown> };
  };
  return {
    url,
    schema: {
      ...rest,
      ...(responses
        ? {
            response: Object.fromEntries(
              Object.entries(responses).map(([status, text]) => [
                status,
                answer && Number(status) === answer.status
                  ? {
                      description: text,
                      content: { 'application/json': { schema: answer.schema } },
                    }
                  : { description: text, type: 'null' },
              ]),
            ),
          }
        : {}),
      ...(multipart
        ? {
            consumes: ['multipart/form-data'],
            description: `Multipart body: ${multipart}`,
          }
        : {}),
    },
  };
};

/**
 * Registers @fastify/swagger before any route (it collects routes as they are added) and serves
 * the document at /core/api/openapi.json.
 */
export async function registerOpenApi(
  app: FastifyInstance,
  info: { title: string; version: string },
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info,
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
  });
  // eslint-disable-next-line no-restricted-syntax -- the document itself, left out of itself
  app.get('/core/api/openapi.json', { schema: { hide: true } }, () => app.swagger());
}
