import type { Role } from './roles.ts';

/**
 * The user preferences the guided tour reads and writes (SPEC sections 3 and 4): the show-tour
 * flag, whether the tour was seen, and the role it was seen in (its steps differ per role).
 */
export interface TourPreferences {
  showTour?: unknown;
  tourShown?: unknown;
  tourRole?: unknown;
}

/** What the web stores when the tour closes: seen, flag cleared, in this role. */
export function tourSeen(role: Role): { tourShown: true; showTour: false; tourRole: Role } {
  return { tourShown: true, showTour: false, tourRole: role };
}

/**
 * Issue 37: the tour starts by itself on a user's first sign-in, and again on the first sign-in
 * in another role than the one it was seen in. Answers the preferences a sign-in merges (the
 * show-tour flag set, the tour not yet seen in this role), or null when nothing changes. The
 * shared demo account's stored preferences are never changed.
 */
export function tourOnSignIn(
  preferences: TourPreferences,
  signIn: { role: Role; firstSignIn: boolean; isDemo: boolean },
): { showTour: true; tourShown: false } | null {
  if (signIn.isDemo) return null;
  if (preferences.showTour === true && preferences.tourShown !== true) return null;
  const seenInAnotherRole =
    preferences.tourShown === true &&
    typeof preferences.tourRole === 'string' &&
    preferences.tourRole !== signIn.role;
  const neverSeen = signIn.firstSignIn && preferences.tourShown !== true;
  return seenInAnotherRole || neverSeen ? { showTour: true, tourShown: false } : null;
}
