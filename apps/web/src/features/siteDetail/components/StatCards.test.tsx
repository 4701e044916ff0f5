import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import type { SiteDetail } from '../api/siteDetailApi.ts';
import { StatCards } from './StatCards.tsx';

const SITE_ID = '11111111-2222-4333-8444-555555555555';

// A 7-day count whose week averages 1,000 a day: the page's own AASHTO figure is that mean,
// an estimate under 12 months.
const summary = {
  vehicles: 7000,
  wholeDays: 7,
  adt: 1000,
  awdt: 1000,
  awedt: 1000,
  aadt: 1000,
  aadtIsEstimate: true,
  averageSpeedMps: null,
  speed85thMps: null,
  amPeak: null,
  pmPeak: null,
  totalCommercial: 0,
  percentCommercial: null,
} as unknown as SiteDetail['summary'];

const siteAadt = (fields: Record<string, unknown>) => ({
  site_id: SITE_ID,
  reason: null,
  group_id: null,
  group_name: null,
  whole_days: 7,
  adt: 1000,
  monthly_factor: null,
  day_of_week_factor: null,
  months: [],
  error_percent: null,
  error_samples: 0,
  ...fields,
});

function renderCard(answer: Record<string, unknown>) {
  signInAs(ADMIN_ID, 'org_user');
  fakeServer(on('POST', '/gql/v1/graphql/', () => json({ data: { siteAadt: answer } })));
  renderWithApp(<StatCards siteId={SITE_ID} summary={summary} units="metric" />);
  return () => document.querySelector('[data-card="aadt"]')?.textContent ?? '';
}

describe('the AADT card', { timeout: 30_000 }, () => {
  it("shows a grouped short count's adjusted AADT with its method, not the week's mean", async () => {
    // 1,000 × monthly 0.9 × day-of-week 1.05 = 945, as the factor group's answer gives it.
    const card = renderCard(
      siteAadt({ method: 'factored', group_name: 'Rural', aadt: 945, monthly_factor: 0.9 }),
    );
    await waitFor(() => expect(card()).toContain('945'));
    expect(card()).toContain("Adjusted by the Rural group's factors");
    expect(card()).not.toContain('Estimate');
    expect(card()).not.toContain('1,000');
  });

  it('labels the ADT unadjusted for a site in no factor group', async () => {
    const card = renderCard(siteAadt({ method: 'unadjusted', reason: 'noGroup', aadt: 1000 }));
    await waitFor(() => expect(card()).toContain('Unadjusted ADT: the site is in no factor group'));
    expect(card()).toContain('1,000');
    expect(screen.queryByText(/Estimate/)).toBeNull();
  });

  it("keeps a continuous site's AASHTO AADT of the page's days", async () => {
    const card = renderCard(siteAadt({ method: 'aashto', aadt: null }));
    await waitFor(() => expect(card()).toContain('Estimate: under 12 months of data'));
    expect(card()).toContain('1,000');
  });
});
