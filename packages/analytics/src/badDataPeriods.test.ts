import { describe, expect, it } from 'vitest';
import { detectBadDataPeriods, laneKey, type HourCounts } from './badDataPeriods.ts';

const HOUR = 3_600_000;
const DAY0 = Date.UTC(2025, 5, 2);

/** Days of UTC hours with `north` and `south` vehicles each hour, changed by `edit`. */
function record(
  days: number,
  north: number,
  south: number,
  edit: (day: number, hour: number, counts: [number, number]) => [number, number] = (_d, _h, c) =>
    c,
): HourCounts[] {
  const hours: HourCounts[] = [];
  for (let day = 0; day < days; day += 1)
    for (let hour = 0; hour < 24; hour += 1) {
      const [n, s] = edit(day, hour, [north, south]);
      hours.push({
        startMs: DAY0 + (day * 24 + hour) * HOUR,
        localDay: `2025-06-0${day + 2}`,
        localHour: hour,
        byDirection: new Map([
          [1, n],
          [5, s],
        ]),
        byLane: new Map([
          [laneKey(1, 1), n],
          [laneKey(5, 2), s],
        ]),
      });
    }
  return hours;
}

describe('detectBadDataPeriods', () => {
  it('flags two empty daytime hours but not one', () => {
    // Day 1 is empty 10:00-12:00 (two hours), day 2 at 15:00 only (one hour: not flagged).
    const hours = record(3, 10, 10, (day, hour, counts) =>
      (day === 1 && (hour === 10 || hour === 11)) || (day === 2 && hour === 15) ? [0, 0] : counts,
    );
    expect(detectBadDataPeriods(hours)).toEqual([
      {
        rule: 'silent',
        direction: null,
        lane: null,
        startMs: DAY0 + (24 + 10) * HOUR,
        endMs: DAY0 + (24 + 12) * HOUR,
        value: 2,
      },
    ]);
  });

  it('does not flag night hours or hours the site is normally empty', () => {
    // Every night 00:00-05:00 is empty, so 04:00 is not a traffic hour; 22:00-24:00 is not checked.
    const hours = record(2, 10, 10, (_day, hour, counts) =>
      hour < 5 || hour >= 22 ? [0, 0] : counts,
    );
    expect(detectBadDataPeriods(hours)).toEqual([]);
  });

  it('flags a direction under 40% of a whole day and a lane above 2,400 vehicles an hour', () => {
    // Day 0: north 6 × 24 = 144, south 10 × 24 = 240; north's share 144 / 384 = 0.375 < 0.4.
    // Day 1: 10 and 10 each hour, except south's lane 2 at 2,401 at 08:00 and 09:00.
    const hours = record(2, 10, 10, (day, hour, counts) =>
      day === 0 ? [6, 10] : hour === 8 || hour === 9 ? [10, 2401] : counts,
    );
    expect(detectBadDataPeriods(hours)).toEqual([
      {
        rule: 'direction_share',
        direction: 1,
        lane: null,
        startMs: DAY0,
        endMs: DAY0 + 24 * HOUR,
        value: 144 / 384,
      },
      // Day 1's north share is (10 × 24) / (10 × 22 + 2401 × 2 + 10 × 24) = 240 / 5262: flagged too.
      {
        rule: 'direction_share',
        direction: 1,
        lane: null,
        startMs: DAY0 + 24 * HOUR,
        endMs: DAY0 + 48 * HOUR,
        value: 240 / 5262,
      },
      {
        rule: 'lane_flow',
        direction: 5,
        lane: 2,
        startMs: DAY0 + 32 * HOUR,
        endMs: DAY0 + 34 * HOUR,
        value: 2401,
      },
    ]);
  });
});
