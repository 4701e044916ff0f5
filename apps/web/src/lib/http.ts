import { messageForStatus } from '@roadcount/domain';
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

export const http = {
  get: <T>(path: string) => request<T>('GET', path),
  postJson: <T>(path: string, body: unknown) => request<T>('POST', path, body),
  putJson: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  patchJson: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  delete: (path: string) => request<undefined>('DELETE', path),
};
