import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isRole, type Role } from '@roadcount/domain';
import { useSession } from '@/lib/session/useSession.ts';

/** A same-origin /ui page the user came from, to send them back to; else null. */
function permittedReferrer(referrer: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.origin !== window.location.origin || !url.pathname.startsWith('/ui')) return null;
    if (url.pathname === window.location.pathname) return null;
    return `${url.pathname}${url.search}`;
  } catch {
    return null;
  }
}

interface Props {
  roles: readonly Role[];
  children: ReactNode;
}

/**
 * SPEC section 2, route guard: without a session the user goes to /auth/login and the page they
 * came from is kept; a signed-in user whose group is not permitted goes to the referrer or the map.
 */
export function RequireRole({ roles, children }: Props) {
  const { claims } = useSession();
  const location = useLocation();
  if (!claims || !isRole(claims.group)) {
    return (
      <Navigate
        to="/auth/login"
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  if (!(roles as readonly string[]).includes(claims.group)) {
    return <Navigate to={permittedReferrer(document.referrer) ?? '/ui/analysis/map'} replace />;
  }
  return children;
}
