import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { SiteDetailSection } from './SiteDetailSection.tsx';

/** The profile with these stored preferences. */
const profileWith = (preferences: Record<string, unknown>) => {
  const profile = orgAdminProfile();
  return { ...profile, profile: { ...profile.profile, preferences } };
};

describe('a group of site-detail cards (issue 37)', () => {
  it('opens as the user last left it, and remembers a change on the profile', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
        json(profileWith({ siteDetailSections: { availability: true } })),
      ),
      on('POST', '/gql/v1/graphql/', () =>
        json({ data: { update_user_preference: { id: ADMIN_ID } } }),
      ),
    );
    renderWithApp(
      <>
        <SiteDetailSection id="availability" title="Data availability">
          <p>Calendar</p>
        </SiteDetailSection>
        <SiteDetailSection id="designFigures" title="Design figures and AADT">
          <p>K factor</p>
        </SiteDetailSection>
      </>,
    );
    // Left open: its cards are there. Never opened: closed, its cards not drawn.
    expect(await screen.findByText('Calendar')).toBeTruthy();
    expect(screen.queryByText('K factor')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Design figures and AADT/ }));
    expect(await screen.findByText('K factor')).toBeTruthy();
    await waitFor(() =>
      expect(sent.map((request) => request.body)).toContainEqual(
        expect.objectContaining({
          variables: {
            userId: ADMIN_ID,
            preference: { siteDetailSections: { availability: true, designFigures: true } },
          },
        }),
      ),
    );
  });
});
