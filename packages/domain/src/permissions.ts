import type { Role } from './roles.ts';

/**
 * SPEC section 6: who may do what. The one matrix every permission decision reads; the server
 * enforces it and the web app hides what it refuses. README summarises it.
 */
export const PERMISSIONS = {
  'profile.read': ['admin', 'org_admin', 'org_user'],
  'profile.update': ['admin', 'org_admin', 'org_user'],
  /** Your own password and email: what signs you in. */
  'profile.changeCredentials': ['admin', 'org_admin', 'org_user'],
  'users.list': ['admin', 'org_admin'],
  'users.create': ['admin', 'org_admin'],
  'users.delete': ['admin', 'org_admin'],
  'users.resetPassword': ['admin', 'org_admin'],
  'organisation.read': ['admin', 'org_admin', 'org_user'],
  'organisation.updateSettings': ['admin', 'org_admin'],
  'organisations.list': ['admin'],
  'organisations.create': ['admin'],
  /** Lists and maps that span every organisation (platform staff), or one they name. */
  'organisations.all': ['admin'],
  'groups.list': ['admin', 'org_admin'],
  'tasks.create': ['admin', 'org_admin', 'org_user'],
  /**
   * Reports and tasks are their requester's (Resource.ownerId): another user's, of the same
   * organisation, only its admins (and platform admins) read, delete or retry.
   */
  'requests.others': ['admin', 'org_admin'],
  'reports.read': ['admin', 'org_admin', 'org_user'],
  'reports.delete': ['admin', 'org_admin', 'org_user'],
  'tasks.subscribe': ['admin', 'org_admin', 'org_user'],
  'sites.read': ['admin', 'org_admin', 'org_user'],
  'sites.update': ['admin', 'org_admin'],
  'sites.import': ['admin', 'org_admin'],
  'sites.delete': ['admin', 'org_admin'],
  'files.upload': ['admin', 'org_admin'],
  'files.read': ['admin', 'org_admin', 'org_user'],
  'files.review': ['admin', 'org_admin'],
  'files.requestApproval': ['org_user'],
  'files.notes': ['admin'],
  /** Notifications about a file for its organisation's users or admins (SPEC section 7). */
  'notifications.send': ['admin', 'org_admin', 'org_user'],
  'staff.tools': ['admin'],
  /** Saved vehicle exclusion filters are shared by the organisation's users. */
  'exclusionFilters.read': ['admin', 'org_admin', 'org_user'],
  'exclusionFilters.manage': ['admin', 'org_admin', 'org_user'],
  /** Issue 25: everyone sees a site's flagged bad-data periods; those who edit sites review them. */
  'badData.review': ['admin', 'org_admin'],
  'mapNotes.read': ['admin', 'org_admin', 'org_user'],
  'mapNotes.write': ['admin', 'org_admin'],
  /** SPEC sections 2 to 4: viewers follow surveys; the organisation's admins plan them. */
  'surveys.read': ['admin', 'org_admin', 'org_user'],
  'surveys.write': ['admin', 'org_admin'],
  /** Help's feedback and subscription enquiry (SPEC sections 2 and 7); never the demo account. */
  'support.send': ['admin', 'org_admin', 'org_user'],
  /** Issue 27: everyone sees the organisation's devices; its admins register and map them. */
  'hardware.read': ['admin', 'org_admin', 'org_user'],
  'hardware.write': ['admin', 'org_admin'],
  /** SPEC section 1: an organisation's admins read their own bills; staff read every one. */
  'bills.read': ['admin', 'org_admin'],
  /** Subscriptions, bill runs, the changelog email and translations: platform staff. */
  'billing.manage': ['admin'],
  'changelog.send': ['admin'],
  'translations.manage': ['admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export interface Actor {
  role: Role;
  organisationId: string | null;
  isDemo?: boolean;
  userId?: string;
}

/** What an action touches: the organisation that owns it, when it belongs to one. */
export interface Resource {
  organisationId: string | null;
  /**
   * The user it belongs to, for what one user asks for (a report, a task); null when that user
   * is gone. Another user reaches it only with `requests.others`.
   */
  ownerId?: string | null;
}

/**
 * Demo accounts look around; they change nothing that others share or that signs them in (one
 * demo account serves every visitor: a changed password would lock the others out, a changed
 * name, preference or stored filterset would greet every later visitor). The web keeps such
 * changes in the visitor's own browser.
 */
const DEMO_FORBIDDEN: ReadonlySet<Action> = new Set<Action>([
  'profile.update',
  'profile.changeCredentials',
  'tasks.create',
  'notifications.send',
  'files.requestApproval',
  'users.create',
  'users.delete',
  'users.resetPassword',
  'organisation.updateSettings',
  'files.upload',
  'sites.update',
  'sites.import',
  'sites.delete',
  'exclusionFilters.manage',
  'badData.review',
  'mapNotes.write',
  'surveys.write',
  'support.send',
  'hardware.write',
]);

/**
 * Whether the actor may perform the action on the resource. Platform admins reach every
 * organisation; everyone else only their own; what one user asked for, only they and those who
 * may reach others' requests.
 */
export function can(actor: Actor, action: Action, resource?: Resource): boolean {
  if (!(PERMISSIONS[action] as readonly Role[]).includes(actor.role)) return false;
  if (actor.isDemo && DEMO_FORBIDDEN.has(action)) return false;
  if (!resource) return true;
  if (
    resource.ownerId !== undefined &&
    resource.ownerId !== actor.userId &&
    !(PERMISSIONS['requests.others'] as readonly Role[]).includes(actor.role)
  )
    return false;
  if (actor.role === 'admin') return true;
  return resource.organisationId !== null && resource.organisationId === actor.organisationId;
}

/** Labels of the groups as the interface shows them (SPEC section 6). */
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Platform admin',
  org_admin: 'Admin',
  org_user: 'Viewer',
};
