import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readTokens } from '@/lib/session/tokenStorage.ts';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { ProfileScreen } from './ProfileScreen.tsx';

function newAccessToken(): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '');
  const claims = {
    user_id: ADMIN_ID,
    group: 'org_admin',
    exp: Math.floor(Date.now() / 1000) + 900,
  };
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.fresh`;
}

describe('profile', () => {
  beforeEach(() => signInAs(ADMIN_ID, 'org_admin'));
  afterEach(() => vi.unstubAllGlobals());

  it('shows who the user is', async () => {
    fakeServer(on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())));
    renderWithApp(<ProfileScreen moreCards={null} />);
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(account).getByText('County Roads')).toBeTruthy();
    expect(within(account).getByText('Admin')).toBeTruthy();
  });

  it('changes the password after confirmation and keeps the session with the new tokens', async () => {
    const access = newAccessToken();
    const sent = fakeServer(
      on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(orgAdminProfile())),
      on('POST', '/core/api/config/password/change/', () => json({ access, refresh: 'fresh' })),
    );
    renderWithApp(<ProfileScreen moreCards={null} />);
    const user = userEvent.setup();
    const form = await screen.findByRole('region', { name: 'Change password' });
    const submit = within(form).getByRole('button', { name: 'Change password' });

    await user.type(within(form).getByLabelText('Current password'), 'old secret');
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.type(within(form).getByLabelText('Repeat the new password'), 'short');
    expect(submit.hasAttribute('disabled')).toBe(true);

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'a longer secret');
    expect(within(form).getByText('The passwords do not match.')).toBeTruthy();
    await user.clear(within(form).getByLabelText('Repeat the new password'));
    await user.type(within(form).getByLabelText('Repeat the new password'), 'a longer secret');
    await user.click(submit);

    const dialog = await screen.findByRole('dialog', { name: 'Change your password?' });
    expect(sent.some((request) => request.url.includes('password/change'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(sent.find((request) => request.url.includes('password/change'))?.body).toEqual({
      old_password: 'old secret',
      new_password: 'a longer secret',
    });
    expect(readTokens()).toEqual({ access, refresh: 'fresh' });
  });

  it('tells the demo account its email and password cannot change, with no forms for them', async () => {
    fakeServer(
      on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
        json({ ...orgAdminProfile(), is_demo: true }),
      ),
    );
    renderWithApp(<ProfileScreen moreCards={null} />);
    expect(
      await screen.findByText(
        'The demo account is shared by every visitor, so its email and password cannot be changed.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Change password' })).toBeNull();
  });
});
