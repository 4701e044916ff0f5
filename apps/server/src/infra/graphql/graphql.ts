import { Readable } from 'node:stream';
import { messageForStatus } from '@roadcount/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyWebsocket from '@fastify/websocket';
import { GraphQLScalarType, Kind, OperationTypeNode, type DocumentNode } from 'graphql';
import mercurius, { type IResolvers } from 'mercurius';
import type { TokenService } from '../auth/tokens.ts';
import { bearerToken } from '../auth/tokens.ts';
import {
  refuseWritesWhileViewing,
  viewerForRequest,
  ORGANISATION_VIEW_HEADER,
  type UserSource,
} from '../auth/viewer.ts';
import { clientSignal } from '../http/clientGone.ts';
import { HttpError } from '../errors.ts';
import { graphqlError, requireViewer, type GraphqlContext } from './context.ts';
import { graphqlErrorFormatter } from './errorFormatter.ts';
import { controlCharacterProblem } from './plainInput.ts';
import { JsonScalar } from './scalars.ts';
import { answerPieces } from './rawJson.ts';
import {
  documentTooLong,
  MAX_ANSWER_BYTES,
  MAX_DOCUMENT_TOKENS,
  queryLimitRules,
} from './limits.ts';
import type { ClosableSocket, LiveSessions } from './liveSessions.ts';
import { followGraphqlWsProtocol } from './socketProtocol.ts';

const GRAPHQL_PATH = '/gql/v1/graphql';

/** Whether the document holds a mutation. */
function hasMutation(document: DocumentNode): boolean {
  return document.definitions.some(
    (definition) =>
      definition.kind === Kind.OPERATION_DEFINITION &&
      definition.operation === OperationTypeNode.MUTATION,
  );
}

/** What a subscription's context holds besides mercurius' own: from context and onConnect. */
interface SubscriptionContext {
  socket?: ClosableSocket;
  viewer?: { userId: string; role: string } | null;
  tokenExpiresAtMs?: number;
}

const baseTypeDefs = /* GraphQL */ `
  scalar JSON
  type Query
  type Mutation
  type Subscription
`;

/** The schema's SDL: the base types and the features' definitions, as the server compiles it. */
export function graphqlSchemaSource(typeDefs: readonly string[]): string {
  return [baseTypeDefs, ...typeDefs].join('\n');
}

/** The token a graphql-ws client sends in its connection_init payload. */
/** A value of the socket's connection_init payload, at its top or among its `headers`. */
function connectionParameter(payload: unknown, name: string): unknown {
  if (!payload || typeof payload !== 'object') return undefined;
  const record = payload as Record<string, unknown>;
  const headers = (record.headers ?? {}) as Record<string, unknown>;
  return record[name] ?? headers[name];
}

function connectionToken(payload: unknown): string | null {
  if (!payload || typeof payload !== 'object') return null;
  const record = payload as Record<string, unknown>;
  const headers = (record.headers ?? {}) as Record<string, unknown>;
  return bearerToken(
    record.authorization ?? record.Authorization ?? headers.authorization ?? headers.Authorization,
  );
}

/**
 * GraphQL at /gql/v1/graphql (with or without the final slash): queries and mutations over HTTP
 * with a bearer token, subscriptions over graphql-ws whose connection_init carries the token.
 */
export async function registerGraphql(
  app: FastifyInstance,
  options: {
    typeDefs: readonly string[];
    resolvers: IResolvers<unknown, GraphqlContext>[];
    tokens: TokenService;
    users: UserSource;
    /** Where subscription sockets are followed, to be closed when their user's right ends. */
    liveSessions: LiveSessions;
  },
): Promise<void> {
  const merged: Record<string, Record<string, unknown>> = { JSON: JsonScalar as never };
  for (const resolverSet of options.resolvers) {
    for (const [typeName, fields] of Object.entries(resolverSet)) {
      // A feature's own scalar goes in as it is: spread, it would lose its methods.
      if (fields instanceof GraphQLScalarType) {
        merged[typeName] = fields as never;
        continue;
      }
      merged[typeName] = { ...(merged[typeName] ?? {}), ...(fields as Record<string, unknown>) };
    }
  }
  // GraphQL answers may carry JSON made by an analysis thread (RawJson): sent as its bytes,
  // the pieces streamed one after another rather than copied into one buffer first.
  const streamed = new WeakMap<FastifyReply, Buffer[]>();
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(GRAPHQL_PATH)) return;
    // A serializer of one's own leaves the content type to be set.
    reply
      .serializer((payload: unknown) => {
        const answer = answerPieces(payload, MAX_ANSWER_BYTES);
        if (typeof answer === 'string') return answer;
        streamed.set(reply, answer.pieces);
        reply.header('content-length', answer.bytes);
        return '';
      })
      .type('application/json; charset=utf-8');
    // A query without any token is answered before its body is even read (a socket's token
    // comes in its first message, so an upgrade goes on).
    if (!request.headers.authorization && request.headers.upgrade?.toLowerCase() !== 'websocket')
      return reply.code(401).send({
        data: null,
        errors: [{ message: messageForStatus(401), extensions: { code: 'UNAUTHENTICATED' } }],
      });
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const pieces = streamed.get(reply);
    if (!pieces) return payload;
    streamed.delete(reply);
    return Readable.from(pieces);
  });
  // The socket server mercurius would register (with its 1 MiB frames), registered here so that
  // a refused socket is closed with graphql-ws's code, without mercurius' connection_error.
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  app.websocketServer.on('connection', followGraphqlWsProtocol);
  await app.register(mercurius, {
    schema: graphqlSchemaSource(options.typeDefs),
    resolvers: merged as IResolvers,
    path: GRAPHQL_PATH,
    graphiql: false,
    // Queries asked more than once (the map's thousands of sites, the site detail's bins) run
    // compiled: resolving each field through the generic executor costs more than the data.
    jit: 1,
    // Depth, aliases and a cost per field (site scans dear) are checked before anything runs.
    validationRules: queryLimitRules,
    // graphql-js stops reading a document at this many tokens: parsing costs no more.
    graphql: { parseOptions: { maxTokens: MAX_DOCUMENT_TOKENS } },
    // Unexpected errors are logged and answered with the catalogue's message, as REST's are.
    errorFormatter: graphqlErrorFormatter,
    context: async (request) => {
      try {
        return {
          viewer: await viewerForRequest(request.headers, options.tokens, options.users),
          signal: clientSignal(request),
        };
      } catch (error) {
        // Answered as a GraphQL error before anything runs (preExecution).
        return { viewer: null, refusal: error, signal: clientSignal(request) };
      }
    },
    subscription: {
      context: (socket) => ({ socket }),
      onConnect: async ({ payload }) => {
        const token = connectionToken(payload);
        // A staff member viewing an organisation hears what its admins hear.
        const viewer = await viewerForRequest(
          {
            authorization: token ? `Bearer ${token}` : undefined,
            [ORGANISATION_VIEW_HEADER]: connectionParameter(payload, ORGANISATION_VIEW_HEADER),
          },
          options.tokens,
          options.users,
        ).catch(() => null);
        if (!viewer || !token) return false;
        const claims = await options.tokens.verifyAccess(token);
        return { viewer, tokenExpiresAtMs: claims?.expiresAtMs ?? 0 };
      },
      onDisconnect: (context) => {
        const { socket } = context as unknown as SubscriptionContext;
        if (socket) options.liveSessions.remove(socket);
      },
    },
  });
  // Signing in is REST's: an unsigned caller has no operation here, not even the schema (it maps
  // the API for an attacker). Refused before the document is read, cached or not, as is a
  // document longer than any the product sends.
  app.graphql.addHook('preParsing', (_schema, source, context) => {
    const { refusal } = context as GraphqlContext & { refusal?: unknown };
    if (refusal) throw graphqlError(refusal);
    requireViewer(context as GraphqlContext);
    const tooLong = documentTooLong(source);
    if (tooLong) throw new mercurius.ErrorWithProps(tooLong, { code: 'QUERY_TOO_LARGE' }, 400);
    return Promise.resolve();
  });
  // Checked before execution, which (unlike validation) runs for cached documents too.
  app.graphql.addHook('preExecution', (_schema, document, context, variables) => {
    const { viewer } = context as GraphqlContext;
    try {
      // No text with a control character reaches a resolver, whichever argument carries it.
      const problem = controlCharacterProblem(document, variables);
      if (problem) throw new HttpError(400, problem);
      // Viewing an organisation is read-only: no mutation runs, whatever it is.
      refuseWritesWhileViewing(viewer, hasMutation(document));
    } catch (error) {
      throw graphqlError(error);
    }
    return Promise.resolve();
  });
  // A socket is followed from its first subscription: it then hears the user's events.
  app.graphql.addHook('preSubscriptionExecution', (_schema, _document, context) => {
    const { socket, viewer, tokenExpiresAtMs } = context as unknown as SubscriptionContext;
    if (socket && viewer) options.liveSessions.add(socket, viewer, tokenExpiresAtMs ?? 0);
    return Promise.resolve();
  });
}
