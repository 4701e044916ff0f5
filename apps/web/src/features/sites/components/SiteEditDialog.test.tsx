import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
  type SentRequest,
} from '@/test/fakeServer.tsx';
import type { Site } from '@/lib/sites.ts';
import { SiteEditDialog, type SiteDialogParts } from './SiteEditDialog.tsx';

/** Other features' parts of the dialog are the page's to give (SitesPage); these name the site. */
const PARTS: SiteDialogParts = {
  LaneArrays: ({ siteId, lanes }) => (
    <p>
      lane arrays of {siteId}: {lanes.map((lane) => lane.id).join(', ')}
    </p>
  ),
  SpeedLimits: ({ siteId }) => <p>speed limits of {siteId}</p>,
  TaskProgress: ({ siteId }) => <p>tasks of {siteId}</p>,
};

// MapLibre needs WebGL, which jsdom lacks: the picker stands in as a button that picks a point
// the way a click on the map does (the click-to-coordinates rule is tested in locationPick.test).
vi.mock('./LocationPicker.tsx', async () => {
  const { pickedCoordinates } = await import('./locationPick.ts');
  return {
    LocationPicker: ({
      point,
      onPick,
    }: {
      point: { latitude: number; longitude: number } | null;
      onPick: (point: { latitude: number; longitude: number }) => void;
    }) => (
      <button
        type="button"
        data-point={point ? `${point.latitude},${point.longitude}` : ''}
        onClick={() => onPick(pickedCoordinates({ lng: -0.123456789, lat: 51.987654321 }))}
      >
        map
      </button>
    ),
  };
});

const site: Site = {
  id: '5b0b2f7e-1c1d-4e4f-8a8b-9c9d0e0f1a1b',
  name: 'Mill Lane',
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
  files: 1,
  lane_count: 1,
  owner_organisation_id: 'org-1',
};

interface Body {
  query: string;
  variables: Record<string, unknown>;
}

function server() {
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())),
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query, variables } = request.body as Body;
      if (query.includes('siteLanes'))
        return json({
          data: {
            siteLanes: [
              {
                id: 'lane-n0',
                direction: 'N',
                position_id: 0,
                lane_type: 'ROAD_LANE',
                name: 'lane',
              },
            ],
          },
        });
      if (query.includes('siteNameClashes'))
        return json({
          data: {
            siteNameClashes:
              String(variables.name).toLowerCase() === 'kings road' ? ['Kings Road'] : [],
          },
        });
      if (query.includes('updateSite')) return json({ data: { updateSite: { id: site.id } } });
      if (query.includes('setSiteLanes')) return json({ data: { setSiteLanes: [] } });
      return json({ errors: [{ message: `not stubbed: ${query}` }] }, 400);
    }),
  );
}

const sentOf = (sent: SentRequest[], operation: string) =>
  sent
    .map((request) => request.body as Body | undefined)
    .filter((body) => body?.query.includes(operation))
    .map((body) => body?.variables);

function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

// A dialog this size renders slowly in jsdom on a busy machine.
describe('the site edit dialog', { timeout: 30_000 }, () => {
  it('lists the saved lanes by direction, adds a bike lane and saves every lane in order', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = server();
    const onClose = vi.fn();
    renderWithApp(<SiteEditDialog site={site} parts={PARTS} onClose={onClose} />);
    const north = await screen.findByRole('group', { name: 'Lanes heading North' });
    expect(within(north).getByRole('combobox', { name: 'Lane 1 (North)' }).textContent).toBe(
      'Road lane',
    );
    // A saved lane cannot be removed: the number of lanes cannot be decreased.
    expect(within(north).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(
      within(screen.getByRole('group', { name: 'Lanes heading South' })).getByText('No lanes yet.'),
    ).toBeTruthy();
    fireEvent.click(within(north).getByRole('button', { name: 'Add a lane heading North' }));
    choose('Lane 2 (North)', 'Bike lane');
    fireEvent.click(
      within(north).getByRole('button', { name: 'Move Lane 2 (North) towards the road centre' }),
    );
    expect(screen.getByRole('combobox', { name: 'Lane 1 (North)' }).textContent).toBe('Bike lane');
    expect(within(north).getByRole('button', { name: 'Remove Lane 1 (North)' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sentOf(sent, 'setSiteLanes')).toEqual([
      {
        siteId: site.id,
        lanes: [
          { direction: 'N', lane_type: 'BIKE_LANE', name: 'lane' },
          { id: 'lane-n0', direction: 'N', lane_type: 'ROAD_LANE', name: 'lane' },
        ],
      },
    ]);
  });

  it('sets the latitude and longitude from a point picked on the map, still editable as numbers', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = server();
    renderWithApp(<SiteEditDialog site={site} parts={PARTS} onClose={() => undefined} />);
    const map = await screen.findByRole('button', { name: 'map' });
    expect(map.getAttribute('data-point')).toBe('51.4,-0.9');
    fireEvent.click(map);
    expect(screen.getByLabelText<HTMLInputElement>('Latitude').value).toBe('51.987654');
    expect(screen.getByLabelText<HTMLInputElement>('Longitude').value).toBe('-0.123457');
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '91' } });
    expect(await screen.findByText('This value must be from -90 to 90.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Latitude'), { target: { value: '51.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentOf(sent, 'updateSite')[0]).toMatchObject({
        input: { latitude: 51.5, longitude: -0.123457 },
      }),
    );
    // Lanes unchanged: nothing sent for them.
    expect(sentOf(sent, 'setSiteLanes')).toEqual([]);
  });

  it('lists the clashing name and keeps a direction that has lanes', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    server();
    renderWithApp(<SiteEditDialog site={site} parts={PARTS} onClose={() => undefined} />);
    await screen.findByRole('group', { name: 'Lanes heading North' });
    expect(screen.getByText(`lane arrays of ${site.id}: lane-n0`)).toBeTruthy();
    expect(screen.getByText(`speed limits of ${site.id}`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'kings road' } });
    expect(
      await screen.findByText('Site names are unique. Already used by: Kings Road'),
    ).toBeTruthy();
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Mill Lane north' } });
    await waitFor(() => expect(screen.queryByText(/Already used by/)).toBeNull());
    choose('Direction one', 'None');
    expect(screen.getByText('This direction has lanes, so it cannot be removed.')).toBeTruthy();
    expect(save.disabled).toBe(true);
  });
});
