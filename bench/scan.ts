// npm run bench:scan — the site-detail kernel alone, in one thread, on the analytics bench's
// 10M vehicles and filter: where a warm answer's time goes before any HTTP, GraphQL or thread.
// Prints figures, asserts nothing. The generated columns are kept in the system's temporary
// folder between runs (BENCH_SCAN_FRESH=1 makes them again).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  VehicleColumnsBuilder,
  columnsFromArrow,
  columnsToArrow,
  finishSiteDetail,
  planSiteDetailScan,
  prepareColumns,
  scanPart,
  ScanScratch,
  splitTimes,
  type LocalClock,
  type SiteDetailPart,
} from '@roadcount/analytics';
import { LocalTimeConverter, generateTraffic, storedVehicleOf } from '@roadcount/formats';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000_000);
const cached = join(tmpdir(), `roadcount-bench-scan-${VEHICLES}.arrow`);
const zone = new LocalTimeConverter('Europe/London');
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

if (!existsSync(cached) || process.env.BENCH_SCAN_FRESH === '1') {
  // As the analytics bench uploads them: a year in London.
  const builder = new VehicleColumnsBuilder();
  let count = 0;
  for (const vehicle of generateTraffic({
    seed: 9,
    startDay: '2025-01-06',
    days: 365,
    vehiclesPerDay: Math.round((VEHICLES / 365) * 1.12),
    directions: [1, 5],
    meanSpeedKmh: 60,
  })) {
    if (count === VEHICLES) break;
    count += 1;
    builder.push(storedVehicleOf(vehicle, zone.offsetAt(vehicle.localMs)));
  }
  writeFileSync(cached, columnsToArrow(builder.build()));
}
const prepared = prepareColumns([columnsFromArrow(new Uint8Array(readFileSync(cached)))]);
const offsets = new Map<number, number>();
const clock: LocalClock = {
  offsetAt: (utcMs) => {
    let offset = offsets.get(utcMs);
    if (offset === undefined) offsets.set(utcMs, (offset = zone.offsetAt(utcMs)));
    return offset;
  },
};
const filter = {
  startMs: Date.UTC(2025, 0, 6),
  endMs: Date.UTC(2025, 6, 6),
  speedMinMps: 10 / 3.6,
  speedMaxMps: 130 / 3.6,
  classes: [1, 2, 3, 4, 5],
  minHeadwayS: 2,
  directions: [1, 5],
};
const parts: SiteDetailPart[] = ['summary', 'bins', 'classes', 'headwayPercentiles', 'virtualDay'];
const options = {
  binMinutes: 60,
  speedLimits: [{ effectiveFromMs: 0, limitMps: 50 / 3.6 }],
  heavyClasses: new Set([3, 4, 5]),
  units: 'metric' as const,
  parts,
};

const figures = { scan: [] as number[], half: [] as number[], finish: [] as number[] };
// One scratch for every run, as an analysis thread keeps one.
const scratch = new ScanScratch();
let json = 0;
for (let run = 0; run < 25; run += 1) {
  const plan = planSiteDetailScan(prepared, filter, clock, options);
  if (!plan) throw new Error('the columns could not be coded');
  let started = performance.now();
  const scanned = scanPart(plan, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, scratch);
  figures.scan.push(performance.now() - started);
  const [cut = Number.POSITIVE_INFINITY] = splitTimes(plan, 2);
  started = performance.now();
  scanPart(plan, Number.NEGATIVE_INFINITY, cut, scratch);
  figures.half.push(performance.now() - started);
  started = performance.now();
  const detail = finishSiteDetail(plan, scanned);
  figures.finish.push(performance.now() - started);
  json = JSON.stringify(detail.bins).length;
  if (run === 0)
    console.log(
      `${detail.summary.vehicles} vehicles selected, ${detail.bins.starts.length} hourly bins`,
    );
}
console.log(
  `scan ${median(figures.scan).toFixed(1)} ms, first part of a split ${median(figures.half).toFixed(1)} ms, finish ${median(figures.finish).toFixed(1)} ms (medians of 25); bins JSON ${(json / 1e6).toFixed(2)} MB`,
);
