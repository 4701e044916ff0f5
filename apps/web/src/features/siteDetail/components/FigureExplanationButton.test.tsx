import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { FigureExplanationButton } from './FigureExplanationButton.tsx';

const SITE_ID = '11111111-2222-4333-8444-555555555555';

const day = (date: string, volume: number, reason: string | null) => ({
  day: date,
  volume,
  used: reason === null,
  reason,
});

/** The server's explanation of a site's ADT: 5 days, the two ends partial; 7 vehicles left out. */
const adtExplanation = {
  site_id: SITE_ID,
  site_name: 'Explained Street',
  time_zone: 'UTC',
  figure: 'adt',
  term: 'adt',
  day_rule: 'wholeDays',
  scope: 'filters',
  files: [
    {
      id: 'f1',
      name: 'explained.csv',
      kind: 'vehicles',
      first_record: '2025-01-06T08:00:00.000Z',
      last_record: '2025-01-10T08:03:00.000Z',
      vehicles: 71,
    },
  ],
  days: {
    first_day: '2025-01-06',
    last_day: '2025-01-10',
    days_used: 3,
    days: [
      day('2025-01-06', 10, 'partial'),
      day('2025-01-07', 20, null),
      day('2025-01-08', 0, null),
      day('2025-01-09', 30, null),
      day('2025-01-10', 4, 'partial'),
    ],
  },
  left_out: {
    total: 71,
    selected: 64,
    reasons: [
      { reason: 'speedRange', vehicles: 2, classes: [{ class_index: 15, vehicles: 2 }] },
      { reason: 'directions', vehicles: 5, classes: [] },
    ],
  },
  filter: {
    start_time: null,
    end_time: null,
    speed_min_mps: 1 / 3.6,
    speed_max_mps: 50,
    min_headway_s: 0,
    classes: null,
    directions: [1],
    lanes: [],
    time_exclusions: [],
    exclusions: [{ id: 'e1', name: 'Buses only' }],
  },
  bad_data_periods: [],
  speed_limits: [],
  aadt: null,
};

describe('"How was this made?"', { timeout: 30_000 }, () => {
  it('opens the figure’s formula, days, files and what was left out, asked for only when opened', async () => {
    signInAs(ADMIN_ID, 'org_user');
    const sent = fakeServer(
      on('POST', '/gql/v1/graphql/', () => json({ data: { figureExplanation: adtExplanation } })),
    );
    renderWithApp(
      <FigureExplanationButton
        siteId={SITE_ID}
        figure="adt"
        label="ADT"
        filter={{ active_directions: [1] }}
        units="metric"
        className={(index) => (index === 15 ? 'Unclassified (15)' : String(index))}
      />,
    );
    const button = screen.getByRole('button', { name: 'How was ADT made?' });
    // Nothing is asked of the server before the reader opens it.
    expect(sent.filter((request) => request.url.includes('/gql/'))).toHaveLength(0);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'How ADT was made' });
    await waitFor(() =>
      expect(
        within(dialog).getByText('ADT = vehicles in the whole days ÷ number of whole days'),
      ).toBeTruthy(),
    );
    const text = dialog.textContent ?? '';
    // 3 whole days (7 to 9 January) of the 5 from the first to the last day with data.
    expect(text).toContain('2025-01-06 to 2025-01-10: 3 of 5 days used');
    expect(text).toContain('2025-01-06 (10): the first or last day of the data, taken as partial');
    expect(text).toContain('2025-01-10 (4): the first or last day of the data, taken as partial');
    // 64 of 71 counted: 2 below the 1 km/h minimum (class 15) and 5 of the other direction.
    expect(text).toContain('64 of the 71 vehicles of the period counted');
    expect(text).toContain('Outside the speed range: 2 (2 of class Unclassified (15))');
    expect(text).toContain('Directions not chosen: 5');
    expect(text).toContain('Speed range counted: 1 km/h to 180 km/h');
    expect(text).toContain('Exclusion filter applied: Buses only');
    const link = within(dialog).getByRole('link', { name: 'explained.csv' });
    expect(link.getAttribute('href')).toBe('/ui/file-management?search=explained.csv');
    const asked = sent.find((request) => request.url.includes('/gql/'))?.body as {
      variables: Record<string, unknown>;
    };
    expect(asked.variables).toEqual({
      siteId: SITE_ID,
      figure: 'adt',
      filter: { active_directions: [1] },
    });
  });

  it("shows an AADT's factor group, its factors and their version", async () => {
    signInAs(ADMIN_ID, 'org_user');
    fakeServer(
      on('POST', '/gql/v1/graphql/', () =>
        json({
          data: {
            figureExplanation: {
              ...adtExplanation,
              figure: 'aadt',
              term: 'adjustedAadt',
              day_rule: 'wholeRecord',
              scope: 'wholeRecord',
              left_out: null,
              aadt: {
                method: 'factored',
                variant: 'factored',
                estimate: true,
                value: 945,
                adt: 1000,
                whole_days: 7,
                months: [0],
                months_missing_weekdays: [],
                group: {
                  id: 'g1',
                  name: 'Rural',
                  version: 'a1b2c3d4e5f6',
                  monthly_factors: [0.9, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, null],
                  day_of_week_factors: [1.05, 1, 1, 1, 1, 1, 1],
                  monthly_factor: 0.9,
                  day_of_week_factor: 1.05,
                },
              },
            },
          },
        }),
      ),
    );
    renderWithApp(
      <FigureExplanationButton
        siteId={SITE_ID}
        figure="aadt"
        label="AADT"
        filter={{}}
        units="metric"
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'How was AADT made?' }));
    const dialog = await screen.findByRole('dialog', { name: 'How AADT was made' });
    await waitFor(() =>
      expect(dialog.textContent).toContain('Factor group Rural, factors version a1b2c3d4e5f6'),
    );
    const text = dialog.textContent ?? '';
    expect(text).toContain(
      "Short count: ADT adjusted by its factor group's monthly and day-of-week factors",
    );
    expect(text).toContain("The page's filters do not apply to this figure");
    expect(text).toContain('monthly 0.9 × day of week 1.05');
    expect(text).toContain('0.9 · 1 · 1 · 1 · 1 · 1 · 1 · 1 · 1 · 1 · 1 · –');
  });
});
