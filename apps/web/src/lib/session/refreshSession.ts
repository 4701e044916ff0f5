import { TOKEN_REFRESH_FRACTION } from '@roadcount/domain';
import { clearTokens, readTokens, writeTokens, type TokenPair } from './tokenStorage.ts';

export type RefreshOutcome = 'refreshed' | 'signed-out' | 'unreachable';

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request, because the
 * server accepts each refresh token once. A refusal signs the user out (SPEC section 4); a
 * network failure keeps the session for a later try.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  inFlight ??= (async (): Promise<RefreshOutcome> => {
    const current = readTokens();
    if (!current) return 'signed-out';
    let response: Response;
    try {
      response = await fetch('/core/api/auth/token/refresh/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ refresh: current.refresh }),
      });
    } catch {
      return 'unreachable';
    }
    if (response.status >= 500) return 'unreachable';
    if (!response.ok) {
      clearTokens();
      return 'signed-out';
    }
    writeTokens((await response.json()) as TokenPair);
    return 'refreshed';
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Milliseconds until the access token should be refreshed: at 90% of its remaining lifetime. */
export function refreshDelayMs(expiresAtSeconds: number, nowMs: number = Date.now()): number {
  return Math.max(0, (expiresAtSeconds * 1000 - nowMs) * TOKEN_REFRESH_FRACTION);
}
