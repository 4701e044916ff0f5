import { SESSION_CHANGED_EVENT } from './tokenStorage.ts';

/** A staff member's read-only view of an organisation (issue 26), kept for this tab only. */
export interface OrganisationView {
  organisationId: string;
  organisationName: string;
  /** The signed view token the server gave; sent with every request while viewing. */
  token: string;
}

const STORAGE_KEY = 'roadcount.organisationView';
/** The header the server reads the view token from. */
export const ORGANISATION_VIEW_HEADER = 'x-roadcount-organisation-view';

export function readOrganisationView(): OrganisationView | null {
  try {
    const stored = JSON.parse(
      sessionStorage.getItem(STORAGE_KEY) ?? 'null',
    ) as Partial<OrganisationView> | null;
    return stored?.token && stored.organisationId
      ? {
          token: stored.token,
          organisationId: stored.organisationId,
          organisationName: stored.organisationName ?? '',
        }
      : null;
  } catch {
    return null;
  }
}

/** Starts (a view) or ends (null) viewing; the session follows, as it does a sign-in. */
export function writeOrganisationView(view: OrganisationView | null): void {
  if (view) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(view));
  else sessionStorage.removeItem(STORAGE_KEY);
  window.dispatchEvent(new Event(SESSION_CHANGED_EVENT));
}

/** The header to send with a request: the view token while viewing, else none. */
export function organisationViewHeaders(): Record<string, string> {
  const view = readOrganisationView();
  return view ? { [ORGANISATION_VIEW_HEADER]: view.token } : {};
}
