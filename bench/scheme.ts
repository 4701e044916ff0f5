// npm run bench:scheme — a site change scheme over a 10M-vehicle file: each vehicle's FHWA 13
// class worked out again from its stored axles and wheelbase, the column object and scan file
// written anew (what the site_change_scheme task does per file). Prints figures, asserts
// nothing. The generated columns are kept in the system's temporary folder between runs
// (BENCH_SCHEME_FRESH=1 makes them again).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BATCH_ROWS, VehicleColumnsBuilder } from '@roadcount/analytics';
import { LocalTimeConverter, generateTraffic, storedVehicleOf } from '@roadcount/formats';
import { fhwaAxleClass, lengthBinClass } from '@roadcount/domain';
import {
  createArrowColumnsWriter,
  createLocalBlobStore,
  reclassifyStoredFile,
  storedKeys,
} from '../apps/server/src/bench.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000_000);
const cached = join(tmpdir(), `roadcount-bench-scheme-${VEHICLES}.arrow`);
const zone = new LocalTimeConverter('Europe/London');
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-scheme-'));
const blobs = createLocalBlobStore(workDir);

try {
  if (!existsSync(cached) || process.env.BENCH_SCHEME_FRESH === '1') {
    // As the analytics bench uploads them: a year in London, written a batch at a time.
    const generating = performance.now();
    const writer = createArrowColumnsWriter();
    const stored = blobs.putStream('generated.arrow', writer.stream, Number.MAX_SAFE_INTEGER);
    const builder = new VehicleColumnsBuilder(BATCH_ROWS, (batch) => writer.write(batch));
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
    for (const batch of builder.batches()) writer.write(batch);
    writer.finish();
    await stored;
    copyFileSync(join(workDir, 'generated.arrow'), cached);
    console.log(
      `${count} vehicles generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );
  }
  const fileId = 'bench-file';
  mkdirSync(join(workDir, 'columns'), { recursive: true });
  copyFileSync(cached, join(workDir, storedKeys.columns(fileId)));
  const megabytes = statSync(cached).size / 1024 / 1024;

  const runs: { scheme: string; seconds: number; vehicles: number }[] = [];
  for (const [scheme, classify] of [
    ['fhwa13', fhwaAxleClass],
    ['fhwa13 again', fhwaAxleClass],
    ['length', lengthBinClass],
  ] as const) {
    const started = performance.now();
    const counts = await reclassifyStoredFile(blobs, fileId, classify, `bench-${runs.length}`);
    const seconds = (performance.now() - started) / 1000;
    const vehicles = [...counts.values()].reduce((sum, count) => sum + count, 0);
    runs.push({ scheme, seconds, vehicles });
    console.log(
      `${scheme}: ${vehicles} vehicles reclassified in ${seconds.toFixed(1)} s (${[
        ...counts.entries(),
      ]
        .sort(([a], [b]) => a - b)
        .map(([vehicleClass, count]) => `${vehicleClass}:${count}`)
        .join(' ')})`,
    );
  }
  const [fhwa, again, length] = runs;
  console.log(
    `RESULT vehicles=${fhwa?.vehicles} columns_mb=${megabytes.toFixed(0)} fhwa13_s=${fhwa?.seconds.toFixed(1)} fhwa13_again_s=${again?.seconds.toFixed(1)} length_s=${length?.seconds.toFixed(1)} rss_mb=${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)}`,
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
