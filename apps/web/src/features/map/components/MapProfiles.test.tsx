import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MapProfile } from '@roadcount/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { MapProfiles } from './MapProfiles.tsx';

const profile = (name: string, layer: MapProfile['layer'] = 'speed'): MapProfile => ({
  name,
  layer,
  dotSize: 7,
  dayRange: 'wholeWeek',
  satellite: false,
  showNotes: true,
});
const CURRENT = {
  layer: 'aboveLimit',
  dotSize: 11,
  dayRange: 'weekend',
  satellite: true,
  showNotes: false,
} as const;

function profilesServer(preferences: Record<string, unknown>, isDemo = false) {
  const me = orgAdminProfile();
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
      json({ ...me, is_demo: isDemo, profile: { ...me.profile, preferences } }),
    ),
    on('POST', '/gql/v1/graphql/', () =>
      json({ data: { update_user_preference: { id: ADMIN_ID } } }),
    ),
  );
}

const storedPreferences = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.url.endsWith('/gql/v1/graphql/'))
    .map(
      (request) => (request.body as { variables: { preference: unknown } }).variables.preference,
    );

describe('map layer profiles', () => {
  beforeEach(() => signInAs(ADMIN_ID, 'org_admin'));
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.removeItem('roadcount.demoChanges');
  });

  it('marks the active profile and switches to another', async () => {
    const sent = profilesServer({
      mapProfiles: [profile('Speeds'), profile('Classes', 'classes')],
      activeMapProfile: 1,
    });
    const onApply = vi.fn();
    const user = userEvent.setup();
    renderWithApp(<MapProfiles current={CURRENT} onApply={onApply} />);
    const list = await screen.findByRole('list', { name: 'Saved profiles' });
    const classes = await within(list).findByRole('button', { name: /^Classes/ });
    expect(classes.getAttribute('aria-current')).toBe('true');
    const speeds = within(list).getByRole('button', { name: /^Speeds/ });
    expect(speeds.getAttribute('aria-current')).toBeNull();

    await user.click(within(list).getByText('Speeds'));
    expect(onApply).toHaveBeenCalledWith(profile('Speeds'));
    expect(storedPreferences(sent)).toEqual([{ activeMapProfile: 0 }]);
  });

  it('uses profile 0 when none was chosen, and saves the current settings as a new active profile', async () => {
    const sent = profilesServer({ mapProfiles: [profile('Speeds')] });
    const user = userEvent.setup();
    renderWithApp(<MapProfiles current={CURRENT} onApply={vi.fn()} />);
    const list = await screen.findByRole('list', { name: 'Saved profiles' });
    const speeds = await within(list).findByRole('button', { name: /^Speeds/ });
    expect(speeds.getAttribute('aria-current')).toBe('true');

    await user.type(screen.getByLabelText('Profile name'), 'speeds');
    expect(screen.getByText('That profile name already exists')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save profile' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.clear(screen.getByLabelText('Profile name'));
    await user.type(screen.getByLabelText('Profile name'), 'Weekend limits');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await vi.waitFor(() => expect(storedPreferences(sent)).toHaveLength(1));
    expect(storedPreferences(sent)[0]).toEqual({
      mapProfiles: [profile('Speeds'), { ...CURRENT, name: 'Weekend limits' }],
      activeMapProfile: 1,
    });
  });

  it('keeps the shared demo account’s new profile in this browser, not on the server', async () => {
    const sent = profilesServer({ mapProfiles: [profile('Speeds')] }, true);
    const user = userEvent.setup();
    const first = renderWithApp(<MapProfiles current={CURRENT} onApply={vi.fn()} />);
    await screen.findByRole('button', { name: /^Speeds/ });
    await user.type(screen.getByLabelText('Profile name'), 'Weekend limits');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    const list = screen.getByRole('list', { name: 'Saved profiles' });
    const saved = await within(list).findByRole('button', { name: /^Weekend limits/ });
    expect(saved.getAttribute('aria-current')).toBe('true');
    expect(storedPreferences(sent)).toEqual([]);
    // Opened again in this browser, the profile is still there.
    first.unmount();
    renderWithApp(<MapProfiles current={CURRENT} onApply={vi.fn()} />);
    expect(await screen.findByRole('button', { name: /^Weekend limits/ })).toBeTruthy();
    expect(storedPreferences(sent)).toEqual([]);
  });

  it('refuses a sixth profile with the SPEC limit', async () => {
    profilesServer({ mapProfiles: ['A', 'B', 'C', 'D', 'E'].map((name) => profile(name)) });
    const user = userEvent.setup();
    renderWithApp(<MapProfiles current={CURRENT} onApply={vi.fn()} />);
    await screen.findByText('E');
    await user.type(screen.getByLabelText('Profile name'), 'Sixth');
    expect(screen.getByText('At most 5 map layer profiles')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save profile' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('deletes a profile and keeps the active one active', async () => {
    const sent = profilesServer({
      mapProfiles: [profile('Speeds'), profile('Classes', 'classes')],
      activeMapProfile: 1,
    });
    const user = userEvent.setup();
    renderWithApp(<MapProfiles current={CURRENT} onApply={vi.fn()} />);
    await user.click(await screen.findByLabelText('Delete profile Speeds'));
    await vi.waitFor(() => expect(storedPreferences(sent)).toHaveLength(1));
    expect(storedPreferences(sent)[0]).toEqual({
      mapProfiles: [profile('Classes', 'classes')],
      activeMapProfile: 0,
    });
  });
});
