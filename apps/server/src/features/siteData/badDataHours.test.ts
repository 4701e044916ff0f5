import { detectBadDataPeriods } from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import { describe, expect, it } from 'vitest';
import { HourlyCounts } from './rollups.ts';

const HOUR = 3_600_000;
const QUARTER = HOUR / 4;

/**
 * A cycle path's working day, bicycles per local hour (00:00 to 23:00): nobody before dawn,
 * one or three riders at 04:00 and 05:00, the commuting peaks at 08:00 and 17:00.
 */
const CYCLE_DAY = [
  2, 1, 1, 0, 1, 3, 12, 45, 60, 30, 20, 20, 22, 20, 20, 25, 40, 55, 40, 20, 12, 8, 4, 2,
];

/**
 * Five June days of a cycle counter in London (BST, UTC+1), sent as 15-minute counts (the
 * hour's riders in its first quarter, inbound): what the rollup task feeds the bad-data rules.
 * `riders(day, hour)` gives a local hour's riders.
 */
function cycleCounter(riders: (day: number, hour: number) => number) {
  const hourly = new HourlyCounts(new LocalTimeConverter('Europe/London'));
  // 2 June 2025 00:00 in London is 1 June 23:00 UTC.
  const firstLocalMidnight = Date.UTC(2025, 5, 1, 23);
  for (let day = 0; day < 5; day += 1)
    for (let hour = 0; hour < 24; hour += 1)
      for (let quarter = 0; quarter < 4; quarter += 1) {
        const time = firstLocalMidnight + (day * 24 + hour) * HOUR + quarter * QUARTER;
        hourly.add(time, 1, -1, quarter === 0 ? riders(day, hour) : 0);
      }
  hourly.endFile();
  return hourly.list();
}

describe('the silent-counter rule on a cycle counter', () => {
  it('leaves the empty early hours of a cycle path alone', () => {
    // Day 2 (4 June) has nobody 03:00-06:00: ordinary before dawn on a cycle path, where the
    // usual 04:00 and 05:00 are one and three riders, too few for an empty hour to mean much.
    const hours = cycleCounter((day, hour) =>
      day === 2 && hour >= 3 && hour < 6 ? 0 : (CYCLE_DAY[hour] as number),
    );
    expect(detectBadDataPeriods(hours)).toEqual([]);
  });

  it('flags a silent daytime stretch at its local hours', () => {
    // Day 3 (5 June) has nobody 10:00-13:00 local, hours that usually see 20 to 22 riders:
    // 09:00-12:00 UTC, three checked hours.
    const hours = cycleCounter((day, hour) =>
      day === 3 && hour >= 10 && hour < 13 ? 0 : (CYCLE_DAY[hour] as number),
    );
    expect(detectBadDataPeriods(hours)).toEqual([
      {
        rule: 'silent',
        direction: null,
        lane: null,
        startMs: Date.UTC(2025, 5, 5, 9),
        endMs: Date.UTC(2025, 5, 5, 12),
        value: 3,
      },
    ]);
  });

  it('starts and ends a silent stretch inside the 04:00-22:00 window it checks', () => {
    // Day 1 (3 June): the counter stops at 21:00 and sends nothing until 07:00 the next day:
    // one stretch through the night holding two checked hours (21:00 and 06:00, 8 and 12
    // riders usually), flagged from 21:00 to 07:00. Day 3 is silent from 02:00 to 09:00: its
    // checked hours are 06:00 to 08:00 (12, 45, 60 riders usually), so the period runs from
    // 06:00, not from the 02:00 at which the silence began.
    const hours = cycleCounter((day, hour) =>
      (day === 1 && hour >= 21) || (day === 2 && hour < 7) || (day === 3 && hour >= 2 && hour < 9)
        ? 0
        : (CYCLE_DAY[hour] as number),
    );
    expect(detectBadDataPeriods(hours)).toEqual([
      {
        rule: 'silent',
        direction: null,
        lane: null,
        startMs: Date.UTC(2025, 5, 3, 20),
        endMs: Date.UTC(2025, 5, 4, 6),
        value: 2,
      },
      {
        rule: 'silent',
        direction: null,
        lane: null,
        startMs: Date.UTC(2025, 5, 5, 5),
        endMs: Date.UTC(2025, 5, 5, 8),
        value: 3,
      },
    ]);
  });
});
