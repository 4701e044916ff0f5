import mercurius from 'mercurius';
import type { MercuriusContext } from 'mercurius';
import { messageForStatus, type Action, type Resource } from '@roadcount/domain';
import { authorize, type Viewer } from '../auth/viewer.ts';
import { HttpError } from '../errors.ts';

export type { Viewer };

export interface GraphqlContext extends MercuriusContext {
  viewer: Viewer | null;
  /** Over HTTP: aborts when the client goes away before the answer, so that its work stops. */
  signal?: AbortSignal;
}

export function requireViewer(context: GraphqlContext): Viewer {
  if (!context.viewer) {
    throw new mercurius.ErrorWithProps(messageForStatus(401), { code: 'UNAUTHENTICATED' }, 401);
  }
  return context.viewer;
}

const CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
};

/** The GraphQL form of a failure: an HttpError keeps its status and message; others pass as they are. */
export function graphqlError(error: unknown): unknown {
  if (!(error instanceof HttpError)) return error;
  return new mercurius.ErrorWithProps(
    error.message,
    { code: CODES[error.statusCode] ?? 'ERROR' },
    error.statusCode,
  );
}

/** Runs a resolver's work, answering HttpErrors with their status as REST routes do. */
export async function withHttpErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw graphqlError(error);
  }
}

/** The permission check for resolvers: the REST rule, as a GraphQL error with the same status. */
export function authorizeGraphql(
  context: GraphqlContext,
  action: Action,
  resource?: Resource,
): Viewer {
  try {
    return authorize(context.viewer, action, resource);
  } catch (error) {
    throw graphqlError(error);
  }
}
