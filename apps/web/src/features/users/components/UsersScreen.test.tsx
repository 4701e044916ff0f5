import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EMAIL_MESSAGE } from '@roadcount/domain';
import {
  ADMIN_ID,
  ORGANISATION_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { UsersScreen } from './UsersScreen.tsx';

const LIMIT_MESSAGE =
  'Your subscription allows 4 active users and all are in use. Delete a user or ask for a larger subscription.';

const users = [
  ['admin', 'Ada', 'Lovelace', 'org_admin', ADMIN_ID],
  ['bob', 'Bob', 'Baker', 'org_user', '2b1c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e'],
  ['carla', 'Carla', 'Cruz', 'org_user', '3c2d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f'],
  ['dan', '', '', 'org_user', '4d3e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a'],
].map(([username, first_name, last_name, role, id]) => ({
  id,
  username,
  email: `${username}@county.example`,
  first_name,
  last_name,
  role,
  is_active: true,
  is_demo: false,
  last_login: null,
  created_on: '2026-01-05T09:00:00.000Z',
}));

function countyServer() {
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())),
    on('GET', '/core/api/config/users/', () =>
      json({
        organisation: { id: ORGANISATION_ID, name: 'County Roads', max_active_users: 4 },
        active_users: 4,
        results: users,
      }),
    ),
    on('GET', '/core/api/config/groups/', () =>
      json([
        { name: 'org_admin', label: 'Admin' },
        { name: 'org_user', label: 'Viewer' },
      ]),
    ),
    on('POST', '/core/api/config/create_user/', () =>
      json({ status: 409, message: LIMIT_MESSAGE }, 409),
    ),
    on('POST', '/core/api/config/delete_user/', () => new Response(null, { status: 204 })),
  );
}

async function openCreateDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Create user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create a user' });
  return { user, dialog };
}

describe('users screen', () => {
  beforeEach(() => signInAs(ADMIN_ID, 'org_admin'));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the users of the organisation with the active count against the limit', async () => {
    countyServer();
    renderWithApp(<UsersScreen requestedOrganisationId={null} onOrganisationChange={vi.fn()} />);

    const table = await screen.findByRole('table', { name: 'Users of the organisation' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'admin',
      'bob',
      'carla',
      'dan',
    ]);
    expect(within(rows[1] as HTMLElement).getByText('Bob Baker')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Viewer')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Admin')).toBeTruthy();
    expect(screen.getByText('4 of 4 active users')).toBeTruthy();
    // The signed-in admin cannot delete their own account.
    expect(screen.queryByRole('button', { name: 'Delete admin' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete bob' })).toBeTruthy();
  });

  it("shows the server's message when the subscription's active-user limit is reached", async () => {
    const sent = countyServer();
    renderWithApp(<UsersScreen requestedOrganisationId={null} onOrganisationChange={vi.fn()} />);
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByLabelText('Username'), 'erin');
    await user.type(within(dialog).getByLabelText('Email'), 'erin@county.example');
    await user.type(within(dialog).getByLabelText('First name'), 'Erin');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(await within(dialog).findByText(LIMIT_MESSAGE)).toBeTruthy();
    const created = sent.find((request) => request.url === '/core/api/config/create_user/');
    expect(created?.body).toEqual({
      username: 'erin',
      email: 'erin@county.example',
      first_name: 'Erin',
      last_name: '',
      role: 'org_user',
      organisation_id: ORGANISATION_ID,
    });
  });

  it('refuses a malformed email before sending anything', async () => {
    const sent = countyServer();
    renderWithApp(<UsersScreen requestedOrganisationId={null} onOrganisationChange={vi.fn()} />);
    const { user, dialog } = await openCreateDialog();

    await user.type(within(dialog).getByLabelText('Username'), 'erin');
    await user.type(within(dialog).getByLabelText('Email'), 'erin@county');
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }));

    expect(
      within(dialog).getByText('Wrong email format, or the email is already taken'),
    ).toBeTruthy();
    expect(EMAIL_MESSAGE).toBe('Wrong email format, or the email is already taken');
    expect(within(dialog).getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(sent.some((request) => request.url.includes('create_user'))).toBe(false);
  });

  it('names the user in the delete confirmation and deletes only once confirmed', async () => {
    const sent = countyServer();
    renderWithApp(<UsersScreen requestedOrganisationId={null} onOrganisationChange={vi.fn()} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Delete bob' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    expect(within(dialog).getByText(/Bob Baker \(bob\) will be deleted/)).toBeTruthy();
    expect(sent.some((request) => request.url.includes('delete_user'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('bob has been deleted.')).toBeTruthy();
    const deleted = sent.find((request) => request.url === '/core/api/config/delete_user/');
    expect(deleted?.body).toEqual({ user_id: users[1]?.id });
  });
});
