import { describe, expect, it } from 'vitest';
import type { SiteDetail } from './api/siteDetailApi.ts';
import { isolatedPointMarkers, speedOption, virtualWeekOption } from './chartOptions.ts';

const t = (key: string) => key;

/** A site detail with one hourly bin in one direction: a realtime site's first hour. */
const oneBin = {
  bins: {
    starts: ['2026-11-27T09:00:00'],
    directions: {
      '1': {
        vehicles: [53],
        averageSpeedMps: [10],
        speed85thMps: [12.5],
        speedingPercent: [null],
      },
    },
  },
} as unknown as SiteDetail;

interface Series {
  showSymbol: boolean;
  symbolSize?: (value: unknown, params: { dataIndex: number }) => number;
  data: (number | null)[];
}

describe('a speed line with one point (issue 37)', () => {
  it('marks the point, which a line alone would not draw', () => {
    const option = speedOption(oneBin, t, 'metric', 'averageSpeedMps') as { series: Series[] };
    const [series] = option.series;
    // 10 m/s is 36 km/h.
    expect(series?.data).toEqual([36]);
    expect(series?.showSymbol).toBe(true);
    expect(series?.symbolSize?.(36, { dataIndex: 0 })).toBeGreaterThan(0);
  });

  it('marks only the points between gaps on a longer line', () => {
    const markers = isolatedPointMarkers([30, 31, null, 33, null, 35, 36]);
    expect(markers.showSymbol).toBe(true);
    const size = (index: number) => markers.symbolSize?.(0, { dataIndex: index }) ?? 0;
    // Index 3 (33) has gaps on both sides; the others are drawn as line segments.
    expect([0, 1, 3, 5, 6].map(size)).toEqual([0, 0, 8, 0, 0]);
    expect(isolatedPointMarkers([30, 31, 32]).showSymbol).toBe(false);
  });
});

describe('virtualWeekOption', () => {
  it('leaves a weekday without a whole day empty (no data), not a zero bar', () => {
    // Whole days on a Monday (120 northbound) and a Wednesday (90): the other weekdays have none.
    const detail = {
      virtualWeek: [{ direction: 1, vehicles: [120, null, 90, null, null, null, null] }],
    } as unknown as SiteDetail;
    const option = virtualWeekOption(detail, t);
    const [series] = option?.series as { data: (number | null)[] }[];
    expect(series?.data).toEqual([120, null, 90, null, null, null, null]);
    // Hovering Tuesday says there is no data rather than showing 0.
    const tooltip = option?.tooltip as { valueFormatter: (value: unknown) => string };
    expect(tooltip.valueFormatter(undefined)).toBe('siteDetail.charts.noWholeDay');
    expect(tooltip.valueFormatter(120)).toBe('120');
  });

  it('draws nothing when no weekday has a whole day', () => {
    const detail = {
      virtualWeek: [{ direction: 1, vehicles: Array(7).fill(null) }],
    } as unknown as SiteDetail;
    expect(virtualWeekOption(detail, t)).toBeNull();
  });
});
