import { can, serverMessage, type Action, type Resource, type Role } from '@roadcount/domain';
import { HttpError } from '../errors.ts';
import { bearerToken, type TokenService } from './tokens.ts';
import type { UserRow } from './viewer.repository.ts';

/** Where a viewer's stored user is read from. */
export interface UserSource {
  findById: (id: string) => Promise<UserRow | undefined>;
}

export interface Viewer {
  userId: string;
  role: Role;
  /** From the stored user, never from the request. Null for platform staff without one. */
  organisationId: string | null;
  isDemo: boolean;
  /**
   * The demo account's visitor (issue 38): what one sign-in of the shared demo account asks for
   * is kept for that sign-in alone. Undefined for every other account.
   */
  demoSession?: string;
  row: UserRow;
  /**
   * Issue 26: set while platform staff view this organisation read-only. The viewer then reads
   * as the organisation's admins do, and every write is refused (`refuseWritesWhileViewing`).
   */
  viewingOrganisationId?: string;
}

/** The request header that carries a staff member's organisation view token. */
export const ORGANISATION_VIEW_HEADER = 'x-roadcount-organisation-view';

/**
 * The viewer a request acts as: its token's user, or, with an organisation view token from
 * `recordOrganisationView`, that staff member reading the organisation as its admins do. The
 * view is for platform staff only, and only their own token: anything else is 403.
 */
export async function viewerForRequest(
  headers: { authorization?: unknown; [name: string]: unknown },
  tokens: TokenService,
  users: UserSource,
): Promise<Viewer | null> {
  const viewer = await viewerForToken(bearerToken(headers.authorization), tokens, users);
  const viewToken = headers[ORGANISATION_VIEW_HEADER];
  if (typeof viewToken !== 'string' || viewToken === '' || !viewer) return viewer;
  if (!can(viewer, 'staff.tools')) throw new HttpError(403);
  const view = await tokens.verifyOrganisationView(viewToken);
  if (!view || view.userId !== viewer.userId) throw new HttpError(403);
  const organisationId = view.organisationId;
  return {
    ...viewer,
    role: 'org_admin',
    organisationId,
    row: { ...viewer.row, role: 'org_admin', organisationId },
    viewingOrganisationId: organisationId,
  };
}

/** 403 for a write (anything but a read) made while viewing an organisation read-only. */
export function refuseWritesWhileViewing(viewer: Viewer | null, isWrite: boolean): void {
  if (viewer?.viewingOrganisationId && isWrite)
    throw new HttpError(403, serverMessage('viewingReadOnly'));
}
/** The viewer for a bearer token: a valid token of an active user whose role still matches. */
export async function viewerForToken(
  token: string | null,
  tokens: TokenService,
  users: UserSource,
): Promise<Viewer | null> {
  if (!token) return null;
  const claims = await tokens.verifyAccess(token);
  if (!claims) return null;
  const row = await users.findById(claims.user_id);
  if (!row || !row.isActive || row.role !== claims.group) return null;
  return {
    userId: row.id,
    role: claims.group,
    organisationId: row.organisationId,
    isDemo: row.isDemo,
    ...(row.isDemo && claims.demo_session ? { demoSession: claims.demo_session } : {}),
    row,
  };
}

export const DEMO_REFUSAL = serverMessage('demoRefused');

/**
 * The demo visitor's session, for what is kept per visitor (reports, notifications read); the
 * demo account's token from before sessions existed has none, and is asked to sign in again.
 */
export function demoSessionOf(viewer: Viewer): string | null {
  if (!viewer.isDemo) return null;
  if (!viewer.demoSession) throw new HttpError(403, serverMessage('demoSessionMissing'));
  return viewer.demoSession;
}

/** 401 without a valid session, 403 when the permission matrix refuses. */

export function authorize(viewer: Viewer | null, action: Action, resource?: Resource): Viewer {
  if (!viewer) throw new HttpError(401);
  if (!can(viewer, action, resource)) {
    // The demo account is refused what its role allows: it says so rather than a bare 403.
    if (viewer.isDemo && can({ ...viewer, isDemo: false }, action, resource))
      throw new HttpError(403, DEMO_REFUSAL);
    throw new HttpError(403);
  }
  return viewer;
}
