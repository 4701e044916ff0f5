import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { FlashProvider } from '@/ui/flash/FlashProvider.tsx';
import { SessionProvider } from '@/lib/session/SessionProvider.tsx';
import { ADMIN_ID, fakeServer, json, on, orgAdminProfile, signInAs } from '@/test/fakeServer.tsx';
import { PERMISSIONS } from '@roadcount/domain';
import { ADMIN_TOOLS_ROLES } from '@/lib/navigation.tsx';
import { routes } from './routes.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      <SessionProvider>
        <FlashProvider>
          <RouterProvider router={router} />
        </FlashProvider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return router;
}

/** The main navigation's labels; on jsdom's narrow screen the menu is opened and closed again. */
async function navigationLabels(): Promise<string[]> {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Open the menu' }));
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  const labels = within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('navigation')).toBeNull());
  return labels;
}

describe('admin routes and navigation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('guards Admin Tools with the groups that may manage both users and settings', () => {
    // One guard covers the section (see routes.tsx); it is right only while these agree.
    expect([...ADMIN_TOOLS_ROLES].sort()).toEqual(
      [...PERMISSIONS['organisation.updateSettings']].sort(),
    );
  });

  it('sends a viewer who opens the users screen to the map, without Admin Tools or Staff', async () => {
    signInAs(ADMIN_ID, 'org_user');
    fakeServer();
    const router = renderAt('/ui/admin-tools/users');
    expect(await screen.findByRole('heading', { name: 'Analysis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ui/analysis/map');
    const labels = await navigationLabels();
    expect(labels).toContain('Analysis');
    expect(labels).not.toContain('Admin Tools');
    expect(labels).not.toContain('Staff');
  });

  it('sends a viewer who opens the organisation settings to the map', async () => {
    signInAs(ADMIN_ID, 'org_user');
    fakeServer();
    const router = renderAt('/ui/admin-tools/organisation');
    expect(await screen.findByRole('heading', { name: 'Analysis' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ui/analysis/map');
  });

  it('gives an organisation admin Admin Tools, not Staff, and the profile from the account menu', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    fakeServer(on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())));
    const router = renderAt('/ui/admin-tools');
    expect(await screen.findByRole('tab', { name: 'Users' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ui/admin-tools/users');
    const labels = await navigationLabels();
    expect(labels).toContain('Admin Tools');
    expect(labels).not.toContain('Staff');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Your account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
    expect(
      await screen.findByRole('heading', { name: 'Your profile' }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ui/profile');
  });

  it("takes platform staff from an organisation's row to that organisation's users", async () => {
    const staffId = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
    const harbourId = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
    signInAs(staffId, 'admin');
    const sent = fakeServer(
      on('GET', `/core/api/config/users/${staffId}`, () =>
        json({ ...orgAdminProfile(), id: staffId, role: 'admin', organisation_id: null }),
      ),
      on('GET', '/core/api/config/organisations/', () =>
        json(
          [
            ['County Roads', orgAdminProfile().organisation_id, 4],
            ['Harbour Board', harbourId, 2],
          ].map(([name, id, active]) => ({
            id,
            name,
            max_active_users: 10,
            max_sites: 500,
            active_users: active,
            preferences: {},
            created_on: '2026-01-05T09:00:00.000Z',
          })),
        ),
      ),
      on('GET', '/core/api/config/users/', () =>
        json({
          organisation: { id: harbourId, name: 'Harbour Board', max_active_users: 10 },
          active_users: 2,
          results: [],
        }),
      ),
      on('GET', '/core/api/config/groups/', () => json([])),
    );
    const router = renderAt('/ui/staff/organisations');
    const labels = await navigationLabels();
    expect(labels).toContain('Staff');
    expect(labels).toContain('Admin Tools');

    const table = await screen.findByRole('table', { name: 'Organisations' }, { timeout: 10_000 });
    const harbour = within(table).getByText('Harbour Board').closest('tr') as HTMLElement;
    expect(
      within(harbour)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('500');
    // Its actions are in one menu (issue 37), beside switching into its view.
    const user = userEvent.setup();
    await user.click(within(harbour).getByRole('button', { name: 'More for Harbour Board' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Users of Harbour Board' }));

    // Lazy screens: on a loaded machine their chunk may take more than the default second.
    expect(await screen.findByText('2 of 10 active users', {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/ui/admin-tools/users');
    expect(router.state.location.search).toBe(`?organisation=${harbourId}`);
    expect(screen.getByRole('combobox', { name: 'Organisation' }).textContent).toBe(
      'Harbour Board',
    );
    expect(sent.map((request) => request.url)).toContain(
      `/core/api/config/users/?organisation_id=${harbourId}`,
    );
  });
});
