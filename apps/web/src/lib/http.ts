import { messageForStatus } from '@roadcount/domain';
import type { paths } from '@/generated/openapi.ts';
import type { RequestBody, ResponseBody } from './openapi.ts';
import { refreshSession } from './session/refreshSession.ts';
import { organisationViewHeaders } from './session/organisationView.ts';
import { readTokens } from './session/tokenStorage.ts';
import { localiseServerMessage } from './serverMessages.ts';

/** A failed request, with the message a user should read (SPEC section 8). */
export class RequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(localiseServerMessage(message));
    this.name = 'RequestError';
  }
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  retried = false,
): Promise<T> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...organisationViewHeaders(),
  };
  const access = readTokens()?.access;
  if (access) headers.authorization = `Bearer ${access}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new RequestError(500, messageForStatus(500));
  }
  // An access token that expired meanwhile: refresh once and try again.
  if (response.status === 401 && access && !retried && (await refreshSession()) === 'refreshed') {
    return request<T>(method, path, body, true);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const serverMessage = (parsed as { message?: unknown } | undefined)?.message;
    // The server's own wording is the most precise; the catalogue covers everything else.
    const message =
      typeof serverMessage === 'string' && serverMessage
        ? serverMessage
        : messageForStatus(response.status, response.statusText);
    throw new RequestError(response.status, message, parsed);
  }
  return parsed as T;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Operation<Path extends keyof paths, M extends Method> = NonNullable<paths[Path][M]>;
/** The documented paths that answer `M`. */
type PathsWith<M extends Method> = {
  [Path in keyof paths]: paths[Path][M] extends { responses: unknown } ? Path : never;
}[keyof paths];
type PathParameters<Op> = Op extends { parameters: { path: infer Values } } ? Values : never;
type QueryParameters<Op> = Op extends { parameters: { query?: infer Values } } ? Values : never;
/** A route's path parameters (required when it has some) and query, as the document names them. */
type Parameters<Op> = ([PathParameters<Op>] extends [never]
  ? { path?: never }
  : { path: PathParameters<Op> }) &
  ([QueryParameters<Op>] extends [undefined] ? { query?: never } : { query?: QueryParameters<Op> });
type ParameterArgument<Op> = [PathParameters<Op>] extends [never]
  ? [parameters?: Parameters<Op>]
  : [parameters: Parameters<Op>];

/** The documented path with its parameters filled in and its query appended. */
function urlOf(path: string, parameters?: { path?: object; query?: object }): string {
  const values = (parameters?.path ?? {}) as Record<string, string | number>;
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(String(values[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(parameters?.query ?? {}) as [string, unknown][]) {
    if (value === undefined || value === null || value === '') continue;
    for (const each of Array.isArray(value) ? value : [value]) search.append(name, String(each));
  }
  const query = search.toString();
  return query ? `${filled}?${query}` : filled;
}

/**
 * The REST routes, each typed by its path from the OpenAPI document (generated/openapi.ts):
 * its parameters, its body and its answer. A path the document lacks does not compile.
 */
export const http = {
  get: <Path extends PathsWith<'get'>>(
    path: Path,
    ...[parameters]: ParameterArgument<Operation<Path, 'get'>>
  ) => request<ResponseBody<Path, 'get'>>('GET', urlOf(path, parameters)),
  post: <Path extends PathsWith<'post'>>(
    path: Path,
    body: RequestBody<Path, 'post'>,
    ...[parameters]: ParameterArgument<Operation<Path, 'post'>>
  ) => request<ResponseBody<Path, 'post'>>('POST', urlOf(path, parameters), body),
  put: <Path extends PathsWith<'put'>>(
    path: Path,
    body: RequestBody<Path, 'put'>,
    ...[parameters]: ParameterArgument<Operation<Path, 'put'>>
  ) => request<ResponseBody<Path, 'put'>>('PUT', urlOf(path, parameters), body),
  patch: <Path extends PathsWith<'patch'>>(
    path: Path,
    body: RequestBody<Path, 'patch'>,
    ...[parameters]: ParameterArgument<Operation<Path, 'patch'>>
  ) => request<ResponseBody<Path, 'patch'>>('PATCH', urlOf(path, parameters), body),
  delete: <Path extends PathsWith<'delete'>>(
    path: Path,
    ...[parameters]: ParameterArgument<Operation<Path, 'delete'>>
  ) => request<undefined>('DELETE', urlOf(path, parameters)),
};

/** A GraphQL request over HTTP (its answer typed by the document that asks it, not here). */
export const postGraphql = (body: { query: string; variables?: unknown }): Promise<unknown> =>
  request<unknown>('POST', '/gql/v1/graphql/', body);
