import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  ORGANISATION_ID,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { SitesScreen } from './SitesScreen.tsx';

/** The other features' parts of the site dialog are the page's to give; none here. */
const NO_PARTS = { LaneArrays: () => null, SpeedLimits: () => null, TaskProgress: () => null };

const row = (id: string, name: string, laneCount: number) => ({
  id,
  name,
  alternative_name: null,
  description: null,
  asset_management_id: null,
  latitude: 51.4,
  longitude: -0.9,
  heading: null,
  direction_one: 'N',
  direction_two: 'S',
  site_type: 'temporary',
  realtime: false,
  pedestrians_included: false,
  class_scheme: 'arx',
  time_zone: 'Europe/London',
  notes: null,
  site_context: ['VEH'],
  time_span: 'TS_T',
  gps: true,
  last_surveyed: null,
  files: 0,
  lane_count: laneCount,
});
const SITES = [
  row('0b7d1c2e-1111-4a4a-8b8b-000000000001', 'Mill Lane', 3),
  row('0b7d1c2e-1111-4a4a-8b8b-000000000002', 'Kings Road', 0),
];

interface Variables {
  filters: string[];
  selected: string[];
}

describe('the sites table', { timeout: 30_000 }, () => {
  it('shows the organisation’s chosen columns and saves a change to them', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    let columns = ['name', 'lanes', 'timeZone'];
    const sent = fakeServer(
      on('GET', `/core/api/config/users/${ADMIN_ID}`, () => {
        const profile = orgAdminProfile();
        return json({
          ...profile,
          organisation: {
            ...profile.organisation,
            preferences: { sites_table_columns: columns },
          },
        });
      }),
      on('PATCH', `/core/api/config/organisations/${ORGANISATION_ID}`, (request) => {
        columns = (request.body as { sites_table_columns: string[] }).sites_table_columns;
        return json({ id: ORGANISATION_ID, preferences: { sites_table_columns: columns } });
      }),
      on('POST', '/gql/v1/graphql/', () => json({ data: { sites: { total: 2, sites: SITES } } })),
    );
    renderWithApp(<SitesScreen siteParts={NO_PARTS} StaffSiteTools={() => null} />);
    const table = await screen.findByRole('table', { name: 'Sites' });
    await within(table).findByRole('columnheader', { name: 'Lanes' });
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent);
    expect(headers()).toEqual(['', 'Name', 'Lanes', 'Time zone', '']);
    const mill = within(table).getByRole('row', { name: /Mill Lane/ });
    expect(within(mill).getByText('3')).toBeTruthy();
    expect(within(mill).getByText('Europe/London')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Columns' }));
    fireEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Files' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
        sites_table_columns: ['name', 'files', 'lanes', 'timeZone'],
      }),
    );
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    await waitFor(() => expect(headers()).toEqual(['', 'Name', 'Files', 'Lanes', 'Time zone', '']));
  });

  it('sends the selection with the selected only filter', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())),
      on('POST', '/gql/v1/graphql/', () => json({ data: { sites: { total: 2, sites: SITES } } })),
    );
    renderWithApp(<SitesScreen siteParts={NO_PARTS} StaffSiteTools={() => null} />);
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kings Road' }));
    fireEvent.click(screen.getByRole('button', { name: 'Selected only (1)' }));
    await waitFor(() => {
      const last = sent.filter((request) => request.method === 'POST').at(-1)?.body as {
        variables: Variables;
      };
      expect(last.variables).toMatchObject({
        filters: ['selected_only'],
        selected: ['0b7d1c2e-1111-4a4a-8b8b-000000000002'],
      });
    });
  });
});
