import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { DevicesScreen } from './DevicesScreen.tsx';

const GATEWAY_ID = '5e4f6a7b-8c9d-4e0f-9a1b-2c3d4e5f6a7b';
const device = (fields: Record<string, unknown>) => ({
  model: null,
  name: null,
  notes: null,
  gateway_id: null,
  latitude: null,
  longitude: null,
  last_seen_at: null,
  battery_percent: null,
  signal_dbm: null,
  silent: false,
  has_api_key: false,
  created_on: '2026-11-01T08:00:00.000Z',
  ...fields,
});
const gateway = device({ id: GATEWAY_ID, kind: 'gateway', serial: 'GW-1001', studs: [] });
const studs = [
  device({
    id: '6f5a7b8c-9d0e-4f1a-8b2c-3d4e5f6a7b8c',
    kind: 'roadstud',
    serial: 'RS-2001',
    gateway_id: GATEWAY_ID,
    last_seen_at: '2026-11-25T09:15:00.000Z',
    battery_percent: 87,
    signal_dbm: -71,
  }),
  device({
    id: '7a6b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d',
    kind: 'roadstud',
    serial: 'RS-2002',
    last_seen_at: '2026-11-24T22:00:00.000Z',
    battery_percent: 12,
    signal_dbm: -95,
    silent: true,
  }),
];

function hardwareServer(role: 'org_admin' | 'org_user') {
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
      json({ ...orgAdminProfile(), role, group: role }),
    ),
    on('GET', '/core/api/config/devices/', () => json(studs)),
    on('GET', '/core/api/config/rtg_devices/', () => json([gateway])),
    on('POST', '/core/api/config/devices/', (request) =>
      json(
        device({ id: '8b7c9d0e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', ...(request.body as object) }),
        201,
      ),
    ),
  );
}

describe('the roadstuds screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists each stud's gateway, battery and signal, and flags the silent one", async () => {
    signInAs(ADMIN_ID, 'org_user');
    hardwareServer('org_user');
    renderWithApp(<DevicesScreen kind="roadstud" />);
    const table = await screen.findByRole('table', { name: 'Roadstuds' });
    const heard = within(table).getByText('RS-2001').closest('tr') as HTMLElement;
    expect(within(heard).getByText('GW-1001')).toBeTruthy();
    expect(within(heard).getByText('87 %')).toBeTruthy();
    expect(within(heard).getByText('-71 dBm')).toBeTruthy();
    expect(within(heard).queryByText('Silent')).toBeNull();
    const quiet = within(table).getByText('RS-2002').closest('tr') as HTMLElement;
    expect(within(quiet).getByText('Silent')).toBeTruthy();
    // A viewer reads the list but is offered no change.
    expect(screen.queryByRole('button', { name: 'Register roadstud' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  }, 30_000);

  it('registers a stud heard by a gateway, at the position entered', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = hardwareServer('org_admin');
    renderWithApp(<DevicesScreen kind="roadstud" />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Register roadstud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register a roadstud' });
    await user.type(within(dialog).getByLabelText(/Serial number/), 'RS-2003');
    await user.click(within(dialog).getByRole('combobox', { name: /Gateway/ }));
    await user.click(await screen.findByRole('option', { name: 'GW-1001' }));
    await user.type(within(dialog).getByLabelText('Latitude'), '51.4546');
    await user.type(within(dialog).getByLabelText('Longitude'), '-2.5878');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    const post = sent.find((request) => request.method === 'POST');
    expect(post?.body).toEqual({
      kind: 'roadstud',
      serial: 'RS-2003',
      model: null,
      name: null,
      gateway_id: GATEWAY_ID,
      latitude: 51.4546,
      longitude: -2.5878,
    });
  }, 60_000);
});
