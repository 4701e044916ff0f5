import { describe, expect, it } from 'vitest';
import type { SiteDetail } from './api/siteDetailApi.ts';
import { virtualWeekOption } from './chartOptions.ts';

const t = (key: string) => key;

describe('virtualWeekOption', () => {
  it('leaves a weekday without a whole day empty (no data), not a zero bar', () => {
    // Whole days on a Monday (120 northbound) and a Wednesday (90): the other weekdays have none.
    const detail = {
      virtualWeek: { 1: [120, null, 90, null, null, null, null] },
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
    const detail = { virtualWeek: { 1: Array(7).fill(null) } } as unknown as SiteDetail;
    expect(virtualWeekOption(detail, t)).toBeNull();
  });
});
