import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  readOrganisationView,
  writeOrganisationView,
  type OrganisationView,
} from './organisationView.ts';
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
  /** While staff view an organisation, its viewers' claims: the app then shows what they see. */
  claims: AccessClaims | null;
  /** The organisation platform staff are viewing read-only, if any. */
  view: OrganisationView | null;
  signIn: (tokens: TokenPair) => void;
  signOut: () => void;
}

export const SessionContext = createContext<Session>({
  claims: null,
  view: null,
  signIn: () => undefined,
  signOut: () => undefined,
});

const RETRY_WHEN_UNREACHABLE_MS = 15_000;

function storedClaims(): AccessClaims | null {
  const tokens = readTokens();
  const claims = tokens ? decodeClaims(tokens.access) : null;
  // Staff viewing an organisation see it as its viewers do: read-only.
  return claims && claims.group === 'admin' && readOrganisationView()
    ? { ...claims, group: 'org_user' }
    : claims;
}

/** The view of staff who are signed in; a view outlives no sign-out. */
function storedView(): OrganisationView | null {
  const claims = readTokens() ? storedClaims() : null;
  return claims ? readOrganisationView() : null;
}

interface Props {
  children: ReactNode;
}

export function SessionProvider({ children }: Props) {
  const queryClient = useQueryClient();
  const [claims, setClaims] = useState(storedClaims);
  const [view, setView] = useState(storedView);

  // Follow changes made anywhere: sign-in, refresh, sign-out, a view, or another tab.
  useEffect(() => {
    const follow = () => {
      setClaims(storedClaims());
      setView(storedView());
    };
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
    writeOrganisationView(null);
    clearTokens();
    queryClient.clear();
  }, [queryClient]);
  const session = useMemo(
    () => ({ claims, view, signIn, signOut }),
    [claims, view, signIn, signOut],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
