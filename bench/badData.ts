// Issue 25: what the bad-data rules add to a site's rollup rebuild. The rebuild reads every
// vehicle once; the rules' hourly counts ride on that pass. Times the daily totals alone and with
// the hourly counts over the same vehicles (a year at 20,000 vehicles a day, two directions,
// two lanes each), then the rules over the year's hours.
import { performance } from 'node:perf_hooks';
import { detectBadDataPeriods } from '@roadcount/analytics';
import { LocalTimeConverter } from '@roadcount/formats';
import { DailyTotals, HourlyCounts } from '../apps/server/src/bench.ts';

const DAYS = 365;
const PER_DAY = 20_000;
const START = Date.UTC(2025, 0, 1);
const local = new LocalTimeConverter('Europe/London');
const vehicles = DAYS * PER_DAY;
const timeMs = new Float64Array(vehicles);
for (let index = 0; index < vehicles; index += 1)
  timeMs[index] = START + Math.floor((index * 86_400_000) / PER_DAY);
const directionOf = (index: number) => (index % 2 === 0 ? 1 : 5);
const laneOf = (index: number) => (index % 4 < 2 ? 1 : 2);

function pass(withHours: boolean) {
  const totals = new DailyTotals(local);
  const hourly = new HourlyCounts(local);
  const started = performance.now();
  for (let index = 0; index < vehicles; index += 1) {
    const time = timeMs[index] as number;
    if (withHours) hourly.add(time, directionOf(index), laneOf(index), 1);
    totals.add(time, directionOf(index), 1, 13.9, 2);
  }
  hourly.endFile();
  const passMs = performance.now() - started;
  const hours = hourly.list();
  const rulesStarted = performance.now();
  const periods = withHours ? detectBadDataPeriods(hours) : [];
  return { passMs, rulesMs: performance.now() - rulesStarted, periods: periods.length };
}

// A first pass warms the JIT; the figures are the second's.
pass(true);
const plain = pass(false);
const flagged = pass(true);
const mvps = (ms: number) => (vehicles / ms / 1000).toFixed(2);
console.log(
  `RESULT vehicles=${vehicles} rollup_mvps=${mvps(plain.passMs)} rollup_with_hours_mvps=${mvps(flagged.passMs)} overhead_percent=${(((flagged.passMs - plain.passMs) / plain.passMs) * 100).toFixed(1)} rules_ms=${flagged.rulesMs.toFixed(1)} periods=${flagged.periods}`,
);
