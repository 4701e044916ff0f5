/** SPEC section 6. `admin` is platform staff; `org_admin` is labelled Admin; `org_user` is a Viewer. */
export const ROLES = ['admin', 'org_admin', 'org_user'] as const;
export type Role = (typeof ROLES)[number];

/** The /ui area is open only to these groups (SPEC section 2, authenticated area). */
export const UI_ROLES: readonly Role[] = ROLES;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
