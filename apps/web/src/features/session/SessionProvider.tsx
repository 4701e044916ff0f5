import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { refreshDelayMs, refreshSession } from './refreshSession.ts';
import {
  clearTokens,
  decodeClaims,
  readTokens,
  SESSION_CHANGED_EVENT,
  writeTokens,
  type AccessClaims,
  type TokenPair,
} from './tokenStorage.ts';

export interface Session {
  claims: AccessClaims | null;
  signIn: (tokens: TokenPair) => void;
  signOut: () => void;
}

export const SessionContext = createContext<Session>({
  claims: null,
  signIn: () => undefined,
  signOut: () => undefined,
});

const RETRY_WHEN_UNREACHABLE_MS = 15_000;

function storedClaims(): AccessClaims | null {
  const tokens = readTokens();
  return tokens ? decodeClaims(tokens.access) : null;
}

interface Props {
  children: ReactNode;
}

export function SessionProvider({ children }: Props) {
  const queryClient = useQueryClient();
  const [claims, setClaims] = useState(storedClaims);

  // Follow changes made anywhere: sign-in, refresh, sign-out, or another tab.
  useEffect(() => {
    const follow = () => setClaims(storedClaims());
    window.addEventListener(SESSION_CHANGED_EVENT, follow);
    window.addEventListener('storage', follow);
    return () => {
      window.removeEventListener(SESSION_CHANGED_EVENT, follow);
      window.removeEventListener('storage', follow);
    };
  }, []);

  // Refresh the access token at 90% of its remaining lifetime.
  useEffect(() => {
    if (!claims) return;
    let timer: number | undefined;
    const schedule = (delay: number) => {
      timer = window.setTimeout(() => {
        void refreshSession().then((outcome) => {
          if (outcome === 'unreachable') schedule(RETRY_WHEN_UNREACHABLE_MS);
        });
      }, delay);
    };
    schedule(refreshDelayMs(claims.exp));
    return () => window.clearTimeout(timer);
  }, [claims]);

  // Cached data belongs to the user who fetched it.
  useEffect(() => {
    if (!claims) queryClient.clear();
  }, [claims, queryClient]);

  const signIn = useCallback((tokens: TokenPair) => writeTokens(tokens), []);
  const signOut = useCallback(() => {
    const tokens = readTokens();
    if (tokens) {
      void fetch('/core/api/auth/logout/', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refresh: tokens.refresh }),
        keepalive: true,
      }).catch(() => undefined);
    }
    clearTokens();
    queryClient.clear();
  }, [queryClient]);
  const session = useMemo(() => ({ claims, signIn, signOut }), [claims, signIn, signOut]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
