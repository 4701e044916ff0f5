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
} from '../../users/testing/fakeServer.tsx';
import { HardwareScreen } from './HardwareScreen.tsx';

const SECTION_ID = '9c8d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
const section = {
  id: SECTION_ID,
  name: 'A38 Bedminster Parade',
  description: 'Northbound, bridge to roundabout',
  site_id: null,
  coordinates: [
    [-2.5971, 51.4421],
    [-2.5952, 51.4436],
  ],
  created_on: '2026-11-01T08:00:00.000Z',
};

function hardwareServer(role: 'org_admin' | 'org_user') {
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
      json({ ...orgAdminProfile(), role, group: role }),
    ),
    on('GET', '/core/api/config/devices/', () => json([])),
    on('GET', '/core/api/config/device_arrays/', () => json([])),
    on('GET', '/core/api/config/device_mappings/', () => json([])),
    on('GET', '/core/api/config/road_sections/', () => json([section])),
    on('POST', '/core/api/config/road_sections/', (request) =>
      json(
        { ...section, id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', ...(request.body as object) },
        201,
      ),
    ),
    on('PATCH', `/core/api/config/road_sections/${SECTION_ID}`, (request) =>
      json({ ...section, ...(request.body as object) }),
    ),
    on(
      'DELETE',
      `/core/api/config/road_sections/${SECTION_ID}`,
      () => new Response(null, { status: 204 }),
    ),
  );
}

describe('the road section dialogs', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the sections; a viewer is offered no change', async () => {
    signInAs(ADMIN_ID, 'org_user');
    hardwareServer('org_user');
    renderWithApp(<HardwareScreen />);
    const table = await screen.findByRole('table', { name: 'Road sections' });
    const row = within(table).getByText('A38 Bedminster Parade').closest('tr') as HTMLElement;
    expect(within(row).getByText('Northbound, bridge to roundabout')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New road section' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit A38 Bedminster Parade' })).toBeNull();
  }, 30_000);

  it('adds a section from points typed as latitude, longitude, naming a bad line', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = hardwareServer('org_admin');
    renderWithApp(<HardwareScreen />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'New road section' }));
    const dialog = await screen.findByRole('dialog', { name: 'New road section' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Coronation Road');
    const points = within(dialog).getByLabelText(/^Points/);
    await user.type(points, '51.4440, -2.6010{enter}51.4446 west');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Line 2 is not a point/)).toBeTruthy();
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.clear(points);
    await user.type(points, '51.4440, -2.6010{enter}51.4446, -2.5987{enter}51.4452 -2.5963');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    // Sent as the API's [longitude, latitude] pairs, in the order typed.
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Coronation Road',
      description: null,
      coordinates: [
        [-2.601, 51.444],
        [-2.5987, 51.4446],
        [-2.5963, 51.4452],
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 60_000);

  it('changes a section, and deletes one after a second click', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = hardwareServer('org_admin');
    renderWithApp(<HardwareScreen />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Edit A38 Bedminster Parade' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit A38 Bedminster Parade' });
    // The stored line is shown as latitude, longitude.
    expect(within(dialog).getByLabelText<HTMLTextAreaElement>(/^Points/).value).toBe(
      '51.4421, -2.5971\n51.4436, -2.5952',
    );
    const description = within(dialog).getByLabelText('Description');
    await user.clear(description);
    await user.type(description, 'Both directions');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'A38 Bedminster Parade',
      description: 'Both directions',
      coordinates: section.coordinates,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Edit A38 Bedminster Parade' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit A38 Bedminster Parade' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByText(/Click again to confirm/)).toBeTruthy();
    expect(sent.some((request) => request.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'DELETE')).toBe(true));
  }, 60_000);
});
