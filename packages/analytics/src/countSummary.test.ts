import { describe, expect, it } from 'vitest';
import { countSummary } from './countSummary.ts';
import { IntervalColumnsBuilder, type IntervalMode } from './intervalColumns.ts';

const utc = { offsetAt: () => 0 };

function counts(rows: [string, number, number, IntervalMode][]) {
  const builder = new IntervalColumnsBuilder();
  for (const [start, direction, count, mode] of rows)
    builder.push({ startMs: Date.parse(start), durationS: 900, direction, lane: 1, count, mode });
  return builder.build();
}

/** The 96 quarter-hour starts of a UTC day, 00:00 to 23:45. */
function quartersOf(day: string): string[] {
  return Array.from({ length: 96 }, (_unused, quarter) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + quarter * 900_000).toISOString(),
  );
}

describe('countSummary', () => {
  it('takes every day its 15-minute intervals cover from 00:00 to 23:45 as whole (issue 36)', () => {
    // An Eco-Counter export, 00:00 to 23:45 on 4, 5 and 6 March 2024 (Monday to Wednesday) and
    // 00:00 to 11:45 on the 7th (the counter taken away at noon).
    const rows: [string, number, number, IntervalMode][] = [];
    for (const start of quartersOf('2024-03-04')) rows.push([start, 1, 1, 'bike']); // 96
    for (const start of quartersOf('2024-03-05')) rows.push([start, 1, 2, 'bike']); // 192
    for (const start of quartersOf('2024-03-06'))
      rows.push([start, 1, start.endsWith('T00:00:00.000Z') ? 30 : 0, 'bike']); // 30
    for (const start of quartersOf('2024-03-07').slice(0, 48)) rows.push([start, 1, 5, 'bike']); // 240
    const summary = countSummary(
      [counts(rows)],
      { startMs: 0, endMs: Date.UTC(2100, 0, 1), directions: [1] },
      utc,
      60,
    );
    // Whole: 4, 5 and 6 March (the 7th stops at noon): ADT (96 + 192 + 30) / 3 = 106; before,
    // the first and last day were dropped as partial, leaving the 5th and 6th: 111.
    expect(summary.wholeDays).toBe(3);
    expect(summary.dailyAverage.bike).toBe(106);
    expect(summary.figures.bike?.awdt).toBe(106);
    // Monday 96, Tuesday 192, Wednesday 30; Thursday has no whole day.
    expect(summary.virtualWeek.bike).toEqual([96, 192, 30, null, null, null, null]);
    expect(summary.totals.bike).toBe(96 + 192 + 30 + 240);
  });

  it('bins bike and pedestrian counts by hour, mode and direction, worked by hand', () => {
    const file = counts([
      ['2025-06-01T23:45:00Z', 1, 4, 'bike'],
      ['2025-06-02T08:00:00Z', 1, 10, 'bike'],
      ['2025-06-02T08:15:00Z', 5, 6, 'bike'],
      ['2025-06-02T08:30:00Z', 1, 3, 'pedestrian'],
      ['2025-06-02T09:00:00Z', 1, 7, 'bike'],
      ['2025-06-03T00:00:00Z', 1, 2, 'bike'],
      // The counter ran all of 2 June: every other quarter hour of it counted no one.
      ...quartersOf('2025-06-02')
        .filter((start) => !['08:00', '08:15', '08:30', '09:00'].includes(start.slice(11, 16)))
        .map((start): [string, number, number, IntervalMode] => [start, 1, 0, 'bike']),
    ]);
    const summary = countSummary(
      [file],
      { startMs: 0, endMs: Date.UTC(2100, 0, 1), directions: [1, 5] },
      utc,
      60,
    );
    expect(summary.modes).toEqual(['bike', 'pedestrian']);
    expect(summary.totals).toEqual({ bike: 29, pedestrian: 3 });
    expect(summary.bins.find((bin) => bin.start === '2025-06-02T08:00:00')?.counts).toEqual({
      bike: { 1: 10, 5: 6 },
      pedestrian: { 1: 3 },
    });
    // One whole day (2 June, its 96 quarter hours all there); 1 and 3 June have one each.
    expect(summary.wholeDays).toBe(1);
    expect(summary.dailyAverage).toEqual({ bike: 23, pedestrian: 3 });
    expect(summary.virtualDay.bike?.[8]).toBe(16);
    // 2 June 2025 was a Monday: weekday average 23, no whole weekend day; the busiest morning
    // hour 08:00 (10 + 6), the afternoon none (0 at 12:00, the first hour, kept); by direction
    // bike 1: 4 + 10 + 7 + 2 = 23 and 5: 6.
    expect(summary.figures.bike).toEqual({
      awdt: 23,
      awedt: null,
      amPeak: { hour: 8, count: 16 },
      pmPeak: { hour: 12, count: 0 },
      directions: { 1: 23, 5: 6 },
      // The busiest four quarter hours, the first of those that count 16: 07:30 to 08:30 on
      // 2 June, 0 + 0 + 10 + 6 = 16, its busiest quarter 10: PHF 16 / (4 × 10) = 0.4.
      peakHourFactor: {
        start: '2025-06-02T07:30:00',
        peakHourVolume: 16,
        peakQuarterVolume: 10,
        factor: 0.4,
      },
    });
    // Pedestrians: 3 in one quarter hour, 3 / (4 × 3).
    expect(summary.figures.pedestrian?.peakHourFactor?.factor).toBe(0.25);
    expect(summary.virtualWeek.bike).toEqual([23, null, null, null, null, null, null]);
  });

  it('has no peak hour factor from hourly counts', () => {
    const builder = new IntervalColumnsBuilder();
    for (const [start, count] of [
      ['2025-06-02T08:00:00Z', 40],
      ['2025-06-02T09:00:00Z', 30],
    ] as const)
      builder.push({
        startMs: Date.parse(start),
        durationS: 3600,
        direction: 1,
        lane: 1,
        count,
        mode: 'bike',
      });
    const summary = countSummary(
      [builder.build()],
      { startMs: 0, endMs: Date.UTC(2100, 0, 1), directions: [1] },
      utc,
      15,
    );
    expect(summary.figures.bike?.peakHourFactor).toBeNull();
  });

  it('keeps the chosen directions and time window, and answers nothing for an empty one', () => {
    const file = counts([
      ['2025-06-02T08:00:00Z', 1, 10, 'bike'],
      ['2025-06-02T08:15:00Z', 5, 6, 'bike'],
      ['2025-06-02T12:00:00Z', 5, 1, 'bike'],
    ]);
    const south = countSummary(
      [file],
      { startMs: Date.UTC(2025, 5, 2, 8), endMs: Date.UTC(2025, 5, 2, 9), directions: [5] },
      utc,
      15,
    );
    expect(south.totals).toEqual({ bike: 6 });
    expect(south.bins).toEqual([{ start: '2025-06-02T08:15:00', counts: { bike: { 5: 6 } } }]);
    const none = countSummary([file], { startMs: 0, endMs: 1, directions: [1] }, utc, 60);
    expect(none).toMatchObject({ modes: [], bins: [], totals: {}, wholeDays: 0 });
  });
});
