import { readTokens } from './session/tokenStorage.ts';

/**
 * The one place page views are recorded (SPEC section 2). The server stores them under the user
 * and organisation of the token; the ids here are for the analytics tag manager's data layer.
 */
export function track(userId: string, organisationId: string | null, path: string): void {
  const dataLayer = (window as { dataLayer?: unknown[] }).dataLayer;
  dataLayer?.push({ event: 'page_view', userId, organisationId, path });
  const access = readTokens()?.access;
  if (!access) return;
  void fetch('/api/page-views', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
    body: JSON.stringify({ path }),
    keepalive: true,
  }).catch(() => undefined);
}
