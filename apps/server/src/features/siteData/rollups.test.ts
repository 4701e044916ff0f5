import { LocalTimeConverter } from '@roadcount/formats';
import { describe, expect, it } from 'vitest';
import { DailyTotals, SPEED_HISTOGRAM_BINS } from './rollups.ts';

interface Vehicle {
  time: number;
  direction: number;
  count: number;
  speedMps: number;
  classIndex: number;
  freeFlow: boolean;
}

/** The obviously correct totals: a string key of local day and direction per vehicle. */
function referenceRows(siteId: string, timeZone: string, vehicles: Vehicle[]) {
  const local = new LocalTimeConverter(timeZone);
  const totals = new Map<
    string,
    {
      vehicles: number;
      speedSumMps: number;
      speedCount: number;
      speedHistogram: number[];
      freeFlowHistogram: number[];
      classCounts: Record<number, number>;
    }
  >();
  for (const { time, direction, count, speedMps, classIndex, freeFlow } of vehicles) {
    const day = new Date(time + local.offsetAt(time)).toISOString().slice(0, 10);
    const key = `${day}|${direction}`;
    let entry = totals.get(key);
    if (!entry) {
      entry = {
        vehicles: 0,
        speedSumMps: 0,
        speedCount: 0,
        speedHistogram: [],
        freeFlowHistogram: [],
        classCounts: {},
      };
      totals.set(key, entry);
    }
    entry.vehicles += count;
    if (Number.isFinite(speedMps)) {
      entry.speedSumMps += speedMps;
      entry.speedCount += 1;
      const bin = Math.min(SPEED_HISTOGRAM_BINS - 1, Math.max(0, Math.floor(speedMps * 3.6)));
      while (entry.speedHistogram.length <= bin) entry.speedHistogram.push(0);
      entry.speedHistogram[bin] = (entry.speedHistogram[bin] ?? 0) + 1;
      if (freeFlow) {
        while (entry.freeFlowHistogram.length <= bin) entry.freeFlowHistogram.push(0);
        entry.freeFlowHistogram[bin] = (entry.freeFlowHistogram[bin] ?? 0) + 1;
      }
    }
    if (classIndex >= 0)
      entry.classCounts[classIndex] = (entry.classCounts[classIndex] ?? 0) + count;
  }
  return [...totals].map(([key, entry]) => {
    const [day = '', direction = '0'] = key.split('|');
    return { siteId, day, direction: Number(direction), ...entry, coverage: 'records' };
  });
}

describe('daily totals of the rollup task', () => {
  it('equal a string-keyed count per local day and direction, across clock changes', () => {
    for (const timeZone of ['Europe/London', 'America/Chicago', 'Australia/Adelaide']) {
      const vehicles: Vehicle[] = [];
      // Every 97 s for three weeks around the autumn change in either hemisphere.
      const speeds = [Number.NaN, 0, 13.9, 27.5, 80, -1];
      for (let time = Date.UTC(2025, 2, 25); time < Date.UTC(2025, 3, 15); time += 97_000) {
        const index = vehicles.length;
        vehicles.push({
          time,
          direction: index % 3 === 0 ? 1 : 5,
          count: 1 + (index % 2),
          speedMps: (speeds[index % speeds.length] as number) + (index % 7) / 10,
          classIndex: (index % 14) - 1,
          freeFlow: index % 3 === 1,
        });
      }
      const totals = new DailyTotals(new LocalTimeConverter(timeZone));
      for (const vehicle of vehicles)
        totals.add(
          vehicle.time,
          vehicle.direction,
          vehicle.count,
          vehicle.speedMps,
          vehicle.classIndex,
          vehicle.freeFlow,
        );
      expect(totals.rows('site-1')).toEqual(referenceRows('site-1', timeZone, vehicles));
    }
  });

  it('mark the days that interval counts cover as whole, and the others partial (issue 36)', () => {
    // Quarter-hour bicycle counts in Brussels (UTC+1), local 00:00 on Monday 4 March 2024 to
    // 11:45 on Wednesday 6 March: the 4th and 5th covered 00:00 to 24:00, the 6th stops at noon.
    const totals = new DailyTotals(new LocalTimeConverter('Europe/Brussels'));
    const start = Date.UTC(2024, 2, 3, 23);
    for (let quarter = 0; quarter < 96 * 2 + 48; quarter += 1) {
      const time = start + quarter * 900_000;
      totals.cover(time, 900);
      for (const direction of [1, 5]) totals.add(time, direction, 1, Number.NaN, -1, false, false);
    }
    const coverage = new Map(totals.rows('site-1').map((row) => [row.day, row.coverage]));
    expect(coverage).toEqual(
      new Map([
        ['2024-03-04', 'whole'],
        ['2024-03-05', 'whole'],
        ['2024-03-06', 'partial'],
      ]),
    );
    // Two directions of 96 quarter hours: 192 a whole day.
    expect(
      totals.rows('site-1').find((row) => row.day === '2024-03-04' && row.direction === 1),
    ).toMatchObject({ vehicles: 96 });
  });
});
