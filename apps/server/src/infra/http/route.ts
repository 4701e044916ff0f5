import { controlCharacterPath, serverMessage, type Action } from '@roadcount/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TokenService } from '../auth/tokens.ts';
import {
  authorize,
  refuseWritesWhileViewing,
  viewerForRequest,
  type UserSource,
  type Viewer,
} from '../auth/viewer.ts';
import type { RecordStaffWrite } from '../audit/staffWrites.ts';
import { HttpError } from '../errors.ts';
import { clientSignal } from './clientGone.ts';

export interface RouteInput<Body, Query, Signed extends boolean> {
  body: Body;
  query: Query;
  params: Record<string, string>;
  /** The signed-in viewer; null only on routes declared `auth: false`. */
  viewer: Signed extends true ? Viewer : Viewer | null;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Aborts when the client goes away before the answer: long work stops (`clientGone.ts`). */
  signal: AbortSignal;
}

export interface RouteDefinition<Body, Query, Signed extends boolean> {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Fastify path; `:id` parameters become `{id}` in the OpenAPI document. */
  path: string;
  summary: string;
  tag: string;
  /** Whether a bearer access token is required (401 before the handler without one). */
  auth: Signed;
  /**
   * The permission the route needs (`can()` in packages/domain), checked before the handler for
   * the viewer's role; the resource's organisation is checked by the access helpers. `public`
   * for routes anyone may call, `signed-in` for those any signed-in user may (their own data).
   */
  permission: Action | 'public' | 'signed-in';
  /**
   * The route is opened by a short-lived link token in its query instead of a bearer token
   * (downloads in a new window): the handler checks `permission` for the link's user.
   */
  linkToken?: true;
  body?: z.ZodType<Body>;
  query?: z.ZodObject & z.ZodType<Query>;
  /** A body that is not JSON (multipart uploads): described here, read by the handler. */
  multipart?: string;
  /** Largest JSON body, when not the server's default. */
  bodyLimit?: number;
  /**
   * Texts with control characters are taken as they are: only for what is logged and never
   * stored (a browser's error report quotes what it was given). Every other route refuses them.
   */
  acceptsControlCharacters?: true;
  /** Status of a successful answer; 200 unless said. */
  status?: number;
  /**
   * The JSON a successful call answers: documented in the OpenAPI document (the web's types are
   * generated from it) and checked on every answer, so that the document cannot drift.
   */
  answer?: z.ZodType;
  responses: Record<number, string>;
  /**
   * The organisation a write is about, for the staff audit log, where its input and answer do
   * not name it as `organisationId` or `organisation_id` (the organisation routes' own `id`).
   */
  auditedOrganisation?: (params: Record<string, string>, answer: unknown) => string | undefined;
  /**
   * What the staff audit log calls a write made by platform staff (snake_case, read by the
   * staff screens as a translation key); `METHOD /path/{param}` when not given.
   */
  auditAction?: string;
  handler: (input: RouteInput<Body, Query, Signed>) => Promise<unknown>;
}

export interface Router {
  define: <Body = undefined, Query = undefined, Signed extends boolean = boolean>(
    definition: RouteDefinition<Body, Query, Signed>,
  ) => void;
}

/**
 * Validates a request part with its zod schema; a failure is a 400 naming each field. A text
 * with a control character is refused first, whatever the schema says of it (`plainText`).
 */
function zodValidatorCompiler(acceptsControlCharacters: boolean) {
  return ({ schema }: { schema: unknown }) => {
    const zodSchema = schema as z.ZodType;
    return (data: unknown) => {
      const controlAt = acceptsControlCharacters ? undefined : controlCharacterPath(data);
      if (controlAt !== undefined) {
        const message = serverMessage('controlCharacters', { field: controlAt || 'body' });
        return { error: new HttpError(400, message, [message]) };
      }
      const result = zodSchema.safeParse(data);
      if (result.success) return { value: result.data };
      return {
        error: new HttpError(
          400,
          undefined,
          result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
        ),
      };
    };
  };
}

/** Tests (vitest sets VITEST) fail on an answer outside its schema; a running server logs it. */
const STRICT_ANSWERS = process.env.VITEST !== undefined;

/** An answer's zod schema as the JSON schema the OpenAPI document holds. */
function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  // The document states its dialect once, at its top.
  delete json.$schema;
  return json;
}

/** The path's `:name` parameters as a schema, so that the document lists them. */
function paramsOf(path: string) {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1] as string);
  return names.length === 0
    ? undefined
    : z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

/**
 * The one way routes are declared: each with its zod schemas (validated by the server, and
 * documented in the OpenAPI document by @fastify/swagger), its permission and its answers.
 * Where `auth` is set, the handler runs only for a valid bearer token.
 */
export function createRouter(
  app: FastifyInstance,
  auth: {
    tokens: TokenService;
    users: UserSource;
    /** Every write that succeeded goes here: platform staff's are kept in the audit log. */
    recordWrite?: RecordStaffWrite;
  },
): Router {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return {
    define(definition) {
      const params = paramsOf(definition.path);
      typed.route({
        method: definition.method.toUpperCase(),
        url: definition.path,
        // Per route: other routes (GraphQL's) bring JSON schemas of their own.
        validatorCompiler: zodValidatorCompiler(definition.acceptsControlCharacters ?? false),
        ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
        schema: {
          summary: definition.summary,
          tags: [definition.tag],
          ...(definition.auth ? { security: [{ bearer: [] }] } : {}),
          ...(params ? { params } : {}),
          ...(definition.query ? { querystring: definition.query } : {}),
          ...(definition.body ? { body: definition.body } : {}),
          'x-permission': definition.linkToken
            ? `${definition.permission} (link token)`
            : definition.permission,
          ...(definition.multipart ? { 'x-multipart': definition.multipart } : {}),
          'x-responses': definition.responses,
          ...(definition.answer
            ? {
                'x-answer': {
                  status: definition.status ?? 200,
                  schema: answerJsonSchema(definition.answer),
                },
              }
            : {}),
        },
        handler: async (request, reply) => {
          const viewer = await viewerForRequest(request.headers, auth.tokens, auth.users);
          if (definition.auth && !viewer) throw new HttpError(401);
          refuseWritesWhileViewing(viewer, definition.method !== 'get');
          const { permission } = definition;
          if (permission !== 'public' && permission !== 'signed-in' && !definition.linkToken)
            authorize(viewer, permission);
          const result = await definition.handler({
            body: request.body as never,
            query: request.query as never,
            params: request.params as Record<string, string>,
            viewer: viewer as never,
            request,
            reply,
            signal: clientSignal(request),
          });
          if (definition.method !== 'get' && reply.statusCode < 400 && auth.recordWrite) {
            const params = request.params as Record<string, string>;
            const organisationId = definition.auditedOrganisation?.(params, result);
            await auth.recordWrite(viewer, {
              action:
                definition.auditAction ??
                `${definition.method.toUpperCase()} ${definition.path.replace(/:(\w+)/g, '{$1}')}`,
              permission: definition.permission,
              input: {
                ...(organisationId ? { organisationId } : {}),
                params,
                query: request.query,
                body: request.body,
              },
              result,
            });
          }
          if (reply.sent) return reply;
          if (result === undefined) return reply.status(definition.status ?? 204).send();
          if (definition.answer) {
            const checked = definition.answer.safeParse(result);
            if (!checked.success) {
              const problem = `${definition.method.toUpperCase()} ${definition.path} answered outside its documented schema: ${checked.error.issues
                .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
                .join('; ')}`;
              // Under test a drift fails the test; in service the answer still goes out.
              if (STRICT_ANSWERS) throw new Error(problem);
              request.log.error(problem);
            }
          }
          return reply.status(definition.status ?? 200).send(result);
        },
      });
    },
  };
}
