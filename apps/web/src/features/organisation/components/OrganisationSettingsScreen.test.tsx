import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_ORGANISATION_SETTINGS } from '@roadcount/domain';
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
import { OrganisationSettingsScreen } from './OrganisationSettingsScreen.tsx';

const organisation = {
  id: ORGANISATION_ID,
  name: 'County Roads',
  max_active_users: 4,
  max_sites: 100,
  preferences: DEFAULT_ORGANISATION_SETTINGS,
};

function settingsServer() {
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())),
    on('GET', `/core/api/config/organisations/${ORGANISATION_ID}`, () => json(organisation)),
    on('PATCH', `/core/api/config/organisations/${ORGANISATION_ID}`, (request) =>
      json({
        ...organisation,
        preferences: { ...organisation.preferences, ...(request.body as object) },
      }),
    ),
  );
}

describe('organisation settings', () => {
  beforeEach(() => signInAs(ADMIN_ID, 'org_admin'));
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a length outlier factor of 101', async () => {
    const sent = settingsServer();
    renderWithApp(
      <OrganisationSettingsScreen requestedOrganisationId={null} onOrganisationChange={vi.fn()} />,
    );
    const user = userEvent.setup();
    const factor = await screen.findByLabelText('Length outlier span factor');
    expect(
      screen.getByText('From 0 to 100, default 15. 0 flags every dataset; 100 disables the rule.'),
    ).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.clear(factor);
    await user.type(factor, '101');

    expect(screen.getByText('Enter a number from 0 to 100')).toBeTruthy();
    expect(factor.getAttribute('aria-invalid')).toBe('true');
    expect(save.hasAttribute('disabled')).toBe(true);
    await user.type(factor, '{Enter}');
    expect(sent.some((request) => request.method === 'PATCH')).toBe(false);

    await user.clear(factor);
    await user.type(factor, '100');
    expect(screen.queryByText('Enter a number from 0 to 100')).toBeNull();
    expect(save.hasAttribute('disabled')).toBe(false);
  });

  it('saves only what changed and shows Saving… then Saved', async () => {
    const sent = settingsServer();
    renderWithApp(
      <OrganisationSettingsScreen requestedOrganisationId={null} onOrganisationChange={vi.fn()} />,
    );
    const user = userEvent.setup();
    const rho = await screen.findByLabelText('Minimum average RHO');

    await user.clear(rho);
    await user.type(rho, '75');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Saving…')).toBeTruthy();
    expect(await screen.findByText('Saved', {}, { timeout: 2000 })).toBeTruthy();
    const patch = sent.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ min_average_rho: 75 });
    // Saved values are the new baseline: nothing left to save.
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  });
});
