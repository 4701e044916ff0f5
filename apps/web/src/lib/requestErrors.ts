import { RequestError } from './http.ts';

/** The text a user should read for a failed request. */
export function errorMessage(error: unknown): string {
  return error instanceof RequestError ? error.message : String(error);
}

/** Field names the server blamed in `details` (`{ email: [...] }`), if any. */
export function blamedFields(error: unknown): string[] {
  if (!(error instanceof RequestError)) return [];
  const details = (error.body as { details?: unknown } | undefined)?.details;
  return details && typeof details === 'object' && !Array.isArray(details)
    ? Object.keys(details)
    : [];
}
