import type { ResponseBody } from '../openapi.ts';
/** SPEC section 4: the token pair lives in local storage under the item 'token'. */
const STORAGE_KEY = 'token';
/** Fired on this window whenever the stored pair changes, so every part of the app follows. */
export const SESSION_CHANGED_EVENT = 'roadcount:session-changed';

/** What sign-in, refresh and a password change answer. */
export type TokenPair = ResponseBody<'/core/api/auth/token/obtain/', 'post'>;

export interface AccessClaims {
  user_id: string;
  group: string;
  exp: number;
}

export function readTokens(): TokenPair | null {
  try {
    const stored = JSON.parse(
      localStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<TokenPair> | null;
    return stored?.access && stored.refresh
      ? { access: stored.access, refresh: stored.refresh }
      : null;
  } catch {
    return null;
  }
}

export function writeTokens(tokens: TokenPair): void {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(tokens));
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

export function clearTokens(): void {
  localStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** The access token's claims, read without verifying (the server verifies every request). */
export function decodeClaims(access: string): AccessClaims | null {
  try {
    const payload = access.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const claims = JSON.parse(json) as Partial<AccessClaims>;
    if (
      typeof claims.user_id !== 'string' ||
      typeof claims.group !== 'string' ||
      typeof claims.exp !== 'number'
    ) {
      return null;
    }
    return { user_id: claims.user_id, group: claims.group, exp: claims.exp };
  } catch {
    return null;
  }
}
