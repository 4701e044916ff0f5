import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { LeftOutNotice } from './LeftOutNotice.tsx';

const SITE_ID = '11111111-2222-4333-8444-555555555555';
const answer = (leftOut: Record<string, unknown>) =>
  fakeServer(
    on('POST', '/gql/v1/graphql/', () =>
      json({ data: { siteDetail: { site_id: SITE_ID, leftOut } } }),
    ),
  );
const counts = {
  total: 1200,
  selected: 1200,
  speedRange: 0,
  speedRangeByClass: [],
  classes: 0,
  unclassified: 0,
  directions: 0,
  separation: 0,
  lanes: 0,
  badDataPeriods: 0,
  exclusions: 0,
  timeExclusions: 0,
};

describe('the left-out notice', () => {
  it('says how many vehicles the filters leave out and why, naming only the reasons that apply', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    // 1,200 in the range, 980 counted: 150 + 40 (10 unclassified among them) + 10 + 20 = 220.
    answer({
      ...counts,
      selected: 980,
      speedRange: 150,
      classes: 40,
      unclassified: 10,
      lanes: 10,
      badDataPeriods: 20,
    });
    renderWithApp(<LeftOutNotice siteId={SITE_ID} filter={{ velocity_min: 5 }} />);
    await screen.findByText('Left out by the filters: 220 of 1,200 vehicles in this time range');
    expect(screen.getByText('outside the speed range: 150')).toBeTruthy();
    expect(screen.getByText('in classes not selected: 40')).toBeTruthy();
    expect(screen.getByText('of which unclassified: 10')).toBeTruthy();
    expect(screen.getByText('in lanes not selected: 10')).toBeTruthy();
    expect(screen.getByText('in excluded bad-data periods: 20')).toBeTruthy();
    expect(screen.queryByText(/directions not selected/)).toBeNull();
  });

  it('names the classes the speed range leaves out (Jamar’s 0 mph records, class 15)', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    // The default 1 km/h minimum: 12 of class 15 (0 mph) and 1 of class 2 left out, 13 in all.
    answer({
      ...counts,
      selected: 1187,
      speedRange: 13,
      speedRangeByClass: [
        { classIndex: 2, vehicles: 1 },
        { classIndex: 15, vehicles: 12 },
      ],
    });
    renderWithApp(<LeftOutNotice siteId={SITE_ID} filter={{}} />);
    await screen.findByText('outside the speed range: 13 (12 of class 15, 1 of class 2)');
  });

  it('says nothing when every vehicle is counted', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    answer(counts);
    const { container } = renderWithApp(<LeftOutNotice siteId={SITE_ID} filter={{}} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('[data-testid="left-out-notice"]')).toBeNull();
  });
});
