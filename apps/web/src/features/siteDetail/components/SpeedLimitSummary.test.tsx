import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { SpeedLimitSummary } from './SpeedLimitSummary.tsx';

const SITE_ID = '5b0b2f7e-1c1d-4e4f-8a8b-9c9d0e0f1a1b';

function server(units: 'metric' | 'imperial') {
  const profile = orgAdminProfile();
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
      json({
        ...profile,
        organisation: { ...profile.organisation, preferences: { default_units: units } },
      }),
    ),
    on('POST', '/gql/v1/graphql/', () =>
      json({
        data: {
          speedLimits: [
            { effective_from: '1970-01-01', limit_mps: 30 / 3.6 },
            { effective_from: '2024-05-01', limit_mps: 20 / 3.6 },
          ],
        },
      }),
    ),
  );
}

describe('the speed limit summary of the site dialog', () => {
  it('lists each limit in km/h with the day it applies from', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    server('metric');
    renderWithApp(<SpeedLimitSummary siteId={SITE_ID} />);
    expect(await screen.findByText('30 km/h from 1970-01-01')).toBeTruthy();
    expect(screen.getByText('20 km/h from 2024-05-01')).toBeTruthy();
  });

  it('gives the limits in mph, to a tenth, where the organisation counts in miles', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    server('imperial');
    renderWithApp(<SpeedLimitSummary siteId={SITE_ID} />);
    // 30 km/h = 18.64 mph and 20 km/h = 12.43 mph (1 mph = 1.609344 km/h).
    expect(await screen.findByText('18.6 mph from 1970-01-01')).toBeTruthy();
    expect(screen.getByText('12.4 mph from 2024-05-01')).toBeTruthy();
  });
});
