import { describe, expect, it } from 'vitest';
import { tourOnSignIn, tourSeen } from './tour.ts';

const START = { showTour: true, tourShown: false };

describe('tourOnSignIn', () => {
  it('sets the show-tour flag on a first sign-in', () => {
    expect(tourOnSignIn({}, { role: 'org_user', firstSignIn: true, isDemo: false })).toEqual(START);
  });

  it('leaves a later sign-in alone once the tour was seen in that role', () => {
    const seen = tourSeen('org_user');
    expect(tourOnSignIn(seen, { role: 'org_user', firstSignIn: false, isDemo: false })).toBeNull();
    // Seen before roles were stored: taken as seen in the role the user has.
    expect(
      tourOnSignIn({ tourShown: true }, { role: 'org_admin', firstSignIn: false, isDemo: false }),
    ).toBeNull();
  });

  it('starts it again on the first sign-in in another role', () => {
    // Seen as a viewer, now an organisation admin: the admin steps are new.
    expect(
      tourOnSignIn(tourSeen('org_user'), { role: 'org_admin', firstSignIn: false, isDemo: false }),
    ).toEqual(START);
  });

  it('never changes the shared demo account, nor a flag already waiting', () => {
    expect(tourOnSignIn({}, { role: 'org_user', firstSignIn: true, isDemo: true })).toBeNull();
    expect(
      tourOnSignIn({ showTour: true }, { role: 'org_user', firstSignIn: true, isDemo: false }),
    ).toBeNull();
  });

  it('does not start it for a user who signed in before without it', () => {
    expect(tourOnSignIn({}, { role: 'org_user', firstSignIn: false, isDemo: false })).toBeNull();
  });
});
