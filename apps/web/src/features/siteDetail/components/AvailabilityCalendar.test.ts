import { describe, expect, it } from 'vitest';
import { availabilityOption } from './AvailabilityCalendar.tsx';

const t = (key: string) => key;

describe('the availability calendar', () => {
  it('spans the months with data, one calendar a year, the days without data at 0 in red', () => {
    const option = availabilityOption(
      {
        days: [
          { day: '2025-12-30', volume: 400 },
          { day: '2026-01-02', volume: 100 },
        ],
        missing_days: ['2025-12-31', '2026-01-01'],
      },
      t,
      'en-GB',
      false,
    );
    const calendars = option?.calendar as { range: [string, string] }[];
    expect(calendars.map((calendar) => calendar.range)).toEqual([
      ['2025-12-01', '2025-12-31'],
      ['2026-01-01', '2026-01-31'],
    ]);
    const series = option?.series as { data: [string, number][] }[];
    expect(series[0]?.data).toEqual([
      ['2025-12-30', 400],
      ['2025-12-31', 0],
    ]);
    expect(series[1]?.data).toEqual([
      ['2026-01-02', 100],
      ['2026-01-01', 0],
    ]);
    // 400 in four steps of 100: 1–100 ... 301–400, and 0 on its own.
    const pieces = (
      option?.visualMap as { pieces: { value?: number; min?: number; max?: number }[] }
    ).pieces;
    expect(pieces[0]).toMatchObject({ value: 0, color: '#e57373' });
    expect(pieces.slice(1).map((piece) => [piece.min, piece.max])).toEqual([
      [1, 100],
      [101, 200],
      [201, 300],
      [301, 400],
    ]);
  });

  it("marks the bad-data periods' days on their year's calendar, by state", () => {
    const option = availabilityOption(
      {
        days: [
          { day: '2025-12-30', volume: 400 },
          { day: '2026-01-02', volume: 100 },
        ],
        missing_days: [],
      },
      t,
      'en-GB',
      false,
      [
        { day: '2025-12-30', state: 'flagged' },
        { day: '2026-01-02', state: 'excluded' },
      ],
    );
    const series = option?.series as {
      type: string;
      calendarIndex: number;
      data: { value: [string, string]; itemStyle: { color: string } }[];
    }[];
    // Two heat maps (2025, 2026), then a mark series per year.
    expect(series.map((item) => [item.type, item.calendarIndex])).toEqual([
      ['heatmap', 0],
      ['heatmap', 1],
      ['scatter', 0],
      ['scatter', 1],
    ]);
    expect(series[2]?.data.map((item) => item.value)).toEqual([['2025-12-30', 'flagged']]);
    expect(series[3]?.data.map((item) => item.value)).toEqual([['2026-01-02', 'excluded']]);
    // Flagged in amber, excluded in grey; the volume key colours the heat maps only.
    expect(series[2]?.data[0]?.itemStyle.color).toBe('rgba(255, 152, 0, 0.85)');
    expect(series[3]?.data[0]?.itemStyle.color).toBe('rgba(97, 97, 97, 0.85)');
    expect((option?.visualMap as { seriesIndex: number[] }).seriesIndex).toEqual([0, 1]);
  });

  it('draws nothing for a site without data', () => {
    expect(availabilityOption({ days: [], missing_days: [] }, t, 'en-GB', true)).toBeNull();
  });
});
