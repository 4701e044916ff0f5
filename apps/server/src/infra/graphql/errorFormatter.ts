import { messageForStatus } from '@roadcount/domain';
import { GraphQLError, type ExecutionResult } from 'graphql';
import mercurius, { type MercuriusContext } from 'mercurius';
import { HttpError } from '../errors.ts';
import { graphqlError } from './context.ts';
import { MAX_DOCUMENT_TOKENS, refusalMessage } from './limits.ts';

type Execution = ExecutionResult & Required<Pick<ExecutionResult, 'errors'>>;

/** A GraphQL error as graphql-js or graphql-jit makes it: the thrown error is its originalError. */
type AnyGraphqlError = GraphQLError & { originalError?: unknown; locations?: unknown };

/** graphql-js's words when a document passes `maxTokens` (mercurius' parse option). */
const TOKEN_LIMIT = /^Syntax Error: Document contains more that \d+ tokens\. Parsing aborted\.$/;

/** Whether an error was made to be read by the client: anything else may hold SQL or a stack. */
function meantForClient(original: unknown): boolean {
  if (original instanceof mercurius.ErrorWithProps) return true;
  if (!(original instanceof Error)) return false;
  // graphql's own (validation, coercion, a scalar's refusal), whichever copy of graphql made it.
  if (original.name === 'GraphQLError') return true;
  // mercurius' and Fastify's errors of the request: a document that failed validation, a
  // mutation sent with GET; each says what the request did wrong.
  const { code, statusCode } = original as Error & { code?: unknown; statusCode?: unknown };
  return (
    typeof code === 'string' &&
    /^(MER|FST)_ERR_/.test(code) &&
    typeof statusCode === 'number' &&
    statusCode < 500
  );
}

/** The same error with another original (its message, code and status), where it was. */
function replaced(error: AnyGraphqlError, original: InstanceType<typeof mercurius.ErrorWithProps>) {
  const copy = new GraphQLError(original.message, {
    ...(error.path ? { path: error.path } : {}),
    originalError: original,
    extensions: original.extensions as Record<string, unknown>,
  });
  (copy as AnyGraphqlError).locations = error.locations;
  return copy;
}

/**
 * What the client is told of one error: its own words when it was meant for the client (the
 * catalogue's messages, validation, refusals), the catalogue's 500 message for anything else,
 * whose real error is logged here.
 */
function forClient(error: AnyGraphqlError, context: MercuriusContext): GraphQLError {
  const original = error.originalError;
  if (original === undefined || original === null) return error;
  if (original instanceof HttpError)
    return replaced(error, graphqlError(original) as InstanceType<typeof mercurius.ErrorWithProps>);
  if (meantForClient(original)) {
    const wrapper = original as { errors?: unknown };
    // A document over the token limit is refused before it is parsed: said as the other limits.
    if (Array.isArray(wrapper.errors))
      wrapper.errors = wrapper.errors.map((item: unknown) =>
        item instanceof Error && TOKEN_LIMIT.test(item.message)
          ? new GraphQLError(
              refusalMessage(`it has more than the ${MAX_DOCUMENT_TOKENS} tokens allowed.`),
            )
          : item,
      );
    return error;
  }
  const log = context.reply?.log ?? context.app.log;
  log.error({ err: original, path: error.path }, 'a GraphQL resolver failed');
  return replaced(
    error,
    new mercurius.ErrorWithProps(messageForStatus(500), { code: 'INTERNAL_SERVER_ERROR' }, 500),
  );
}

/**
 * Every GraphQL answer's errors pass here (mercurius' errorFormatter), as REST errors pass
 * `errorBody`: no answer carries SQL, a stack or another internal message.
 */
export function graphqlErrorFormatter(execution: Execution, context: MercuriusContext) {
  return mercurius.defaultErrorFormatter(
    {
      ...execution,
      errors: execution.errors.map((error) => forClient(error as AnyGraphqlError, context)),
    },
    context,
  );
}
