// npm run bench:ingest — ingest throughput and memory. Prints figures, asserts nothing.
// For a generated 1M-vehicle file in each per-vehicle format: vehicles per second parsing only,
// and end to end (upload to PDC/WFR through the real server and worker); then the peak memory of
// processing a 10M-vehicle file. The last line is the RESULT line of the ingest issue.
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { VehicleColumnsBuilder } from '@roadcount/analytics';
import {
  generateTraffic,
  jamarText,
  metroCountText,
  readCounterFile,
  roadcountCsvText,
  type TrafficProfile,
} from '@roadcount/formats';
import { baseDatabaseUrl, dropDatabases, startServer, uploadAndWait } from './support.ts';

const MILLION = Number(process.env.BENCH_VEHICLES ?? 1_000_000);
const TEN_MILLION = Number(process.env.BENCH_VEHICLES_LARGE ?? 10_000_000);
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-'));

function profileFor(vehicles: number): TrafficProfile {
  // Weekends are quieter: enough days that the traffic reaches the count, which take() then cuts.
  const days = Math.max(1, Math.ceil(vehicles / 17_000));
  return {
    seed: 42,
    startDay: '2025-01-06',
    days,
    vehiclesPerDay: 20_000,
    directions: [1, 5],
    meanSpeedKmh: 50,
  };
}

function* take<T>(items: Iterable<T>, count: number): Generator<T> {
  let taken = 0;
  for (const item of items) {
    if (taken === count) return;
    taken += 1;
    yield item;
  }
}

const vehiclesOf = (count: number) => take(generateTraffic(profileFor(count)), count);

const site = { name: 'Bench Road', latitude: 51.5, longitude: -0.1, timeZone: 'Europe/London' };
const FORMATS = {
  roadcount: (count: number) => roadcountCsvText(vehiclesOf(count), site),
  metrocount: (count: number) => metroCountText(vehiclesOf(count), site, 1),
  jamar: (count: number) => jamarText(vehiclesOf(count), site),
} as const;
type Format = keyof typeof FORMATS;

async function writeFile(format: Format, vehicles: number): Promise<string> {
  const path = join(workDir, `${format}-${vehicles}.txt`);
  await pipeline(Readable.from(FORMATS[format](vehicles)), createWriteStream(path));
  return path;
}

async function parseOnly(path: string): Promise<{ vehicles: number; seconds: number }> {
  const builder = new VehicleColumnsBuilder();
  const started = performance.now();
  const summary = await readCounterFile(createReadStream(path, { highWaterMark: 1 << 20 }), {
    fileName: path,
    resolveSite: () =>
      Promise.resolve({ timeZone: 'Europe/London', laneDirections: { 1: 1, 2: 5 } }),
    sink: { vehicle: (vehicle) => builder.push(vehicle), interval: () => undefined },
  });
  return { vehicles: summary.vehicles, seconds: (performance.now() - started) / 1000 };
}

const rate = (run: { vehicles: number; seconds: number }) => Math.round(run.vehicles / run.seconds);

console.log(`database: ${baseDatabaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
// Ingest alone: the analysis threads' warm-up (the site-detail cache's own memory budget,
// COLUMN_CACHE_MB, touched as the server starts) is not part of it.
const INGEST_ONLY = { ANALYSIS_WARM_UP: 'false' };

try {
  const figures: { format: Format; parse: number; e2e: number; peakMb: number }[] = [];
  for (const format of Object.keys(FORMATS) as Format[]) {
    const path = await writeFile(format, MILLION);
    const parsed = await parseOnly(path);
    const server = await startServer(workDir, INGEST_ONLY);
    const e2e = await uploadAndWait(server, path);
    const peakMb = server.peakRssMb();
    await server.close();
    figures.push({ format, parse: rate(parsed), e2e: rate(e2e), peakMb });
    console.log(
      `${format.padEnd(10)} ${parsed.vehicles} vehicles, ${(statSync(path).size / 1e6).toFixed(0)} MB: parse ${rate(parsed)} vehicles/s, end to end ${rate(e2e)} vehicles/s (${e2e.seconds.toFixed(2)} s), server peak RSS ${peakMb.toFixed(0)} MB`,
    );
    rmSync(path);
  }
  const slowest = figures.reduce((worst, figure) => (figure.e2e < worst.e2e ? figure : worst));
  const largePath = await writeFile(slowest.format, TEN_MILLION);
  const server = await startServer(workDir, INGEST_ONLY);
  const large = await uploadAndWait(server, largePath);
  const largePeakMb = server.peakRssMb();
  await server.close();
  console.log(
    `${slowest.format.padEnd(10)} ${large.vehicles} vehicles, ${(statSync(largePath).size / 1e6).toFixed(0)} MB: end to end ${rate(large)} vehicles/s (${large.seconds.toFixed(1)} s), server peak RSS ${largePeakMb.toFixed(0)} MB`,
  );
  console.log(
    `RESULT e2e_vps=${slowest.e2e} parse_vps=${Math.min(...figures.map((figure) => figure.parse))} peak_rss_mb=${Math.round(Math.max(...figures.map((figure) => figure.peakMb)))} peak_rss_10m_mb=${Math.round(largePeakMb)}`,
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await dropDatabases();
}
