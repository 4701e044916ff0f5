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
  type SentRequest,
} from '@/test/fakeServer.tsx';
import { HardwareScreen } from './HardwareScreen.tsx';

const SECTION_ID = '9c8d0e1f-2a3b-4c4d-8e5f-6a7b8c9d0e1f';
const SITE_ID = '3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b';
const OTHER_SITE_ID = '5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d';
const section = {
  id: SECTION_ID,
  name: 'A38 Bedminster Parade',
  description: 'Northbound, bridge to roundabout',
  site_id: null,
  site_name: null,
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
    on('GET', '/core/api/config/road_sections/', () =>
      json([
        section,
        {
          ...section,
          id: '7d8e9f0a-1b2c-4d3e-8f4a-5b6c7d8e9f0a',
          name: 'Coronation Road',
          description: null,
          site_id: SITE_ID,
          site_name: 'Coronation Road east',
        },
      ]),
    ),
    // The site picker's search: every site, or those whose name holds the search.
    on('POST', '/gql/v1/graphql/', (request) => {
      const { variables } = request.body as { variables: { search: string | null } };
      const sites = [
        { id: SITE_ID, name: 'Coronation Road east', latitude: 51.444, longitude: -2.601 },
        { id: OTHER_SITE_ID, name: 'Cumberland Road', latitude: 51.447, longitude: -2.61 },
      ].filter((site) => !variables.search || site.name.includes(variables.search));
      return json({ data: { sites: { sites } } });
    }),
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

/** The sections sent to be added (the site picker's searches are POSTs too). */
const posted = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST' && request.url.includes('/road_sections/'));

/** The helper text under a field: its hint, or the problem with what was typed. */
const helperOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent ?? '';

/**
 * Puts text into a field where it ends, as pasting it would: typing it key by key costs seconds
 * a field in jsdom, and what these tests check is what the dialog makes of the text.
 */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

async function openNewSection() {
  signInAs(ADMIN_ID, 'org_admin');
  const sent = hardwareServer('org_admin');
  renderWithApp(<HardwareScreen />);
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'New road section' }));
  const dialog = await screen.findByRole('dialog', { name: 'New road section' });
  await enter(user, within(dialog).getByLabelText(/^Name/), 'Cumberland Road');
  return { sent, user, dialog, points: within(dialog).getByLabelText(/^Points/) };
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
    // A linked site is named, as a link to its detail page.
    const linked = within(table).getByText('Coronation Road', { exact: true }).closest('tr');
    expect(
      within(linked as HTMLElement)
        .getByRole('link', { name: 'Coronation Road east' })
        .getAttribute('href'),
    ).toBe(`/ui/analysis/site-detail/${SITE_ID}`);
    expect(within(row).queryByRole('link')).toBeNull();
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
    await enter(user, within(dialog).getByLabelText(/^Name/), 'Coronation Road');
    const points = within(dialog).getByLabelText(/^Points/);
    await enter(user, points, '51.4440, -2.6010\n51.4446 west');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(helperOf(points)).toMatch(/^Line 2 is not a point/));
    expect(posted(sent)).toEqual([]);
    await user.clear(points);
    await enter(user, points, '51.4440, -2.6010\n51.4446, -2.5987\n51.4452 -2.5963');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(sent)).toHaveLength(1));
    // Sent as the API's [longitude, latitude] pairs, in the order typed.
    expect(posted(sent)[0]?.body).toEqual({
      name: 'Coronation Road',
      description: null,
      site_id: null,
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
    await enter(user, description, 'Both directions');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'PATCH')).toBe(true));
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
      name: 'A38 Bedminster Parade',
      description: 'Both directions',
      site_id: null,
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

  it('links the section to the site picked by a search', async () => {
    const { sent, user, dialog, points } = await openNewSection();
    const site = within(dialog).getByRole('combobox', { name: 'Site' });
    await user.type(site, 'Cumber');
    await user.click(await screen.findByRole('option', { name: 'Cumberland Road' }));
    expect((site as HTMLInputElement).value).toBe('Cumberland Road');
    await enter(user, points, '51.4470, -2.6100\n51.4475, -2.6080');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted(sent)).toHaveLength(1));
    expect(posted(sent)[0]?.body).toEqual({
      name: 'Cumberland Road',
      description: null,
      site_id: OTHER_SITE_ID,
      coordinates: [
        [-2.61, 51.447],
        [-2.608, 51.4475],
      ],
    });
  }, 60_000);

  it('refuses a single point, and a latitude off the globe, saying which', async () => {
    const { sent, user, dialog, points } = await openNewSection();
    await enter(user, points, '51.4470, -2.6100');
    expect(within(dialog).getByText('1 point')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(helperOf(points)).toBe('A road section needs at least two points.');
    await enter(user, points, '\n91.2, -2.6080');
    expect(helperOf(points)).toBe('Line 2: the latitude 91.2 is not between -90 and 90.');
    await user.clear(points);
    await enter(user, points, '51.4470, -2.6100\n51.4475, 180.5');
    expect(helperOf(points)).toBe('Line 2: the longitude 180.5 is not between -180 and 180.');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(posted(sent)).toEqual([]);
  }, 60_000);

  it('takes back the last point and clears the line, as the map does', async () => {
    const { user, dialog, points } = await openNewSection();
    await enter(user, points, '51.4470, -2.6100\n51.4475, -2.6080\n51.4480, -2.6060');
    expect(within(dialog).getByText('3 points')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Undo last point' }));
    expect((points as HTMLTextAreaElement).value).toBe('51.447, -2.61\n51.4475, -2.608');
    expect(within(dialog).getByText('2 points')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Clear the line' }));
    expect((points as HTMLTextAreaElement).value).toBe('');
    expect(within(dialog).getByText('0 points')).toBeTruthy();
  }, 60_000);
});
