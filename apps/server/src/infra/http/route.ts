import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { bearerToken, type TokenService } from '../auth/tokens.ts';
import { viewerForToken, type UserSource, type Viewer } from '../auth/viewer.ts';
import { parseInput } from '../validation.ts';
import type { DocumentedRoute, OpenApiRegistry } from './openapi.ts';

export interface RouteInput<Body, Query> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** Null only on routes declared `auth: false`. */
  viewer: Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteDefinition<Body, Query> extends Omit<DocumentedRoute, 'body' | 'query'> {
  body?: z.ZodType<Body>;
  query?: z.ZodObject & z.ZodType<Query>;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  handler: (input: RouteInput<Body, Query>) => Promise<unknown>;
}

export interface Router {
  define: <Body = undefined, Query = undefined>(definition: RouteDefinition<Body, Query>) => void;
}

/**
 * Registers routes that are documented in the OpenAPI registry, validated with zod and, where
 * `auth` is set, refused with 401 before the handler runs unless the bearer token is valid.
 */
export function createRouter(
  app: FastifyInstance,
  registry: OpenApiRegistry,
  auth: { tokens: TokenService; users: UserSource },
): Router {
  return {
    define(definition) {
      registry.add(definition);
      app.route({
        method: definition.method.toUpperCase(),
        url: definition.path,
        handler: async (request, reply) => {
          const viewer = await viewerForToken(
            bearerToken(request.headers.authorization),
            auth.tokens,
            auth.users,
          );
          if (definition.auth && !viewer) {
            return reply.status(401).send({ status: 401, message: '401 Unauthorized' });
          }
          const body = definition.body
            ? parseInput(definition.body, request.body ?? {})
            : undefined;
          const query = definition.query
            ? parseInput(definition.query, request.query ?? {})
            : undefined;
          const result = await definition.handler({
            body: body as never,
            query: query as never,
            params: request.params as Record<string, string>,
            viewer,
            request,
            reply,
          });
          if (reply.sent) return reply;
          if (result === undefined) return reply.status(definition.status ?? 204).send();
          return reply.status(definition.status ?? 200).send(result);
        },
      });
    },
  };
}
