import { describe, expect, it } from 'vitest';
import type { CountSummary } from '../api/countSummaryApi.ts';
import { MOST_BARS } from '../chartOptions.ts';
import { countVirtualWeekOption, modeVolumesOption } from './CountSiteDetail.tsx';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key} ${JSON.stringify(options)}` : key;

const noMode = { pedestrian: null, bike: null, vehicle: null };

/** A bin of bicycles counted per direction code. */
const bikeBin = (start: string, counts: Record<number, number>) => ({
  start,
  counts: {
    ...noMode,
    bike: Object.entries(counts).map(([direction, count]) => ({
      direction: Number(direction),
      count,
    })),
  },
});

function summary(bins: CountSummary['bins']): CountSummary {
  return {
    modes: ['bike'],
    bins,
    totals: { ...noMode, bike: 0 },
    wholeDays: 7,
    dailyAverage: noMode,
    virtualDay: noMode,
    virtualWeek: { ...noMode, bike: [10, 12, null, 14, 16, 30, 28.6] },
    figures: noMode,
  };
}

describe('a count site’s charts', () => {
  it('name a mode without a direction by the mode alone, and draw up to a few months as bars', () => {
    const option = modeVolumesOption(
      summary([
        bikeBin('2025-08-11T00:00:00', { 0: 40 }),
        bikeBin('2025-08-12T00:00:00', { 0: 52 }),
      ]),
      'bike',
      t,
    );
    const series = option?.series as { name: string; type: string; data: number[] }[];
    expect(series).toHaveLength(1);
    expect(series[0]).toMatchObject({
      name: 'countVolumes.modes.bike',
      type: 'bar',
      data: [40, 52],
    });
  });

  it('draw more bins than a few months as a line, each direction named', () => {
    const bins = Array.from({ length: MOST_BARS + 1 }, (_, day) =>
      bikeBin(new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 19), { 3: day, 7: 1 }),
    );
    const series = modeVolumesOption(summary(bins), 'bike', t)?.series as {
      name: string;
      type: string;
    }[];
    expect(series.map((entry) => entry.type)).toEqual(['line', 'line']);
    expect(series[0]?.name).toContain('siteDetail.directions.3');
  });

  it('show the weekly profile Monday first, rounded, with a gap for a weekday without data', () => {
    const option = countVirtualWeekOption(summary([]), t, 'en-GB');
    expect((option?.xAxis as { data: string[] }).data).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect((option?.series as { data: (number | null)[] }[])[0]?.data).toEqual([
      10,
      12,
      null,
      14,
      16,
      30,
      29,
    ]);
  });
});
