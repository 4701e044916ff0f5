// npm run bench:analytics — the site-detail answer over a year of 10M vehicles, and its floor.
// Prints figures, asserts nothing; the last line is the RESULT line of the analytics issue.
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { columnsFromArrow, type DailyRollup } from '@roadcount/analytics';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { openDatabase } from '../apps/server/src/bench.ts';
import {
  baseDatabaseUrl,
  dropDatabases,
  packSeededRollups,
  startServer,
  uploadAndWait,
} from './support.ts';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000_000);
const MAP_SITES = Number(process.env.BENCH_MAP_SITES ?? 1000);
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-analytics-'));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const QUERY = `query($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 60) {
    summary { vehicles adt averageSpeedMps speed85thMps }
    bins
    classes { classIndex vehicles }
    headwayPercentiles { percentile value }
    virtualDay { direction vehicles }
  }
}`;
const WINDOW = { start: Date.UTC(2025, 0, 6), end: Date.UTC(2025, 6, 6) };
const FILTER = {
  start_time: new Date(WINDOW.start).toISOString(),
  end_time: new Date(WINDOW.end).toISOString(),
  velocity_min: 10 / 3.6,
  velocity_max: 130 / 3.6,
  active_classes: [1, 2, 3, 4, 5],
  headway_min: 2,
  active_directions: [1, 5],
};

/** Waits until the server's analysis threads are warmed up (its health check says so). */
async function analysisReady(url: string): Promise<void> {
  for (let wait = 0; wait < 1200; wait += 1) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { analysis?: string };
    if (health.analysis === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the analysis threads did not warm up within a minute');
}

async function timedQuery(
  server: { url: string; access: string },
  siteId: string,
): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query: QUERY, variables: { siteId, filter: FILTER } }),
  });
  const body = (await response.json()) as { errors?: unknown };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return performance.now() - started;
}

console.log(`database: ${baseDatabaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
try {
  const days = 365;
  const vehiclesPerDay = Math.round((VEHICLES / days) * 1.12); // weekends are quieter
  const path = join(workDir, 'year.csv');
  let count = 0;
  const vehicles = (function* () {
    for (const vehicle of generateTraffic({
      seed: 9,
      startDay: '2025-01-06',
      days,
      vehiclesPerDay,
      directions: [1, 5],
      meanSpeedKmh: 60,
    })) {
      if (count === VEHICLES) return;
      count += 1;
      yield vehicle;
    }
  })();
  await pipeline(
    Readable.from(
      roadcountCsvText(vehicles, { name: 'Bench Year Road', latitude: 51.5, longitude: -0.1 }),
    ),
    createWriteStream(path),
  );
  const server = await startServer(workDir);
  // Warm means a server with nothing else to do: the rollups of the 10M vehicles are built first.
  const upload = await uploadAndWait(server, path, { andRollups: true });
  rmSync(path);
  const graph = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query: '{ me { organisation { id } } }' }),
  });
  const organisationId = (
    (await graph.json()) as { data: { me: { organisation: { id: string } } } }
  ).data.me.organisation.id;
  const siteRows = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({
      query: 'query($id: ID!) { getTrafficDataFile(id: $id) { site { id } } }',
      variables: { id: upload.fileId },
    }),
  });
  const siteId = (
    (await siteRows.json()) as { data: { getTrafficDataFile: { site: { id: string } } } }
  ).data.getTrafficDataFile.site.id;
  console.log(
    `${upload.vehicles} vehicles over ${days} days uploaded in ${upload.seconds.toFixed(1)} s`,
  );

  const warm: number[] = [];
  await timedQuery(server, siteId); // loads the columns into the cache
  for (let run = 0; run < 20; run += 1) warm.push(await timedQuery(server, siteId));
  await server.close();

  // The map layer: 1,000 more sites with a year of daily rollups each (two directions), as
  // ingest leaves them, written straight into the database while the server is down.
  const database = await openDatabase({
    databaseUrl: server.databaseUrl,
    dataDir: server.dataDir,
  });
  // Both drivers (pg and PGlite) answer plain SQL text.
  const client = (
    database.db as unknown as { $client: { query: (text: string) => Promise<unknown> } }
  ).$client;
  if (!/^[0-9a-f-]{36}$/.test(organisationId)) throw new Error('unexpected organisation id');
  const seeded = performance.now();
  await client.query(`
    insert into sites (owner_organisation_id, name, latitude, longitude, site_type, core_site_meta)
    select '${organisationId}'::uuid, 'Map bench site ' || g, 51 + (g % 40) * 0.01,
      -0.5 + (g / 40) * 0.01, 'temporary', '{"site_context": ["VEH"], "time_span": "TS_T"}'::jsonb
    from generate_series(1, ${MAP_SITES}) g`);
  await client.query(`
    insert into site_daily_rollups
      (site_id, day, direction, vehicles, speed_sum_mps, speed_count, speed_histogram, class_counts)
    select s.id, to_char(date '2025-01-01' + d, 'YYYY-MM-DD'), dir, 4000 + (d % 7) * 100,
      (4000 + (d % 7) * 100) * 14.5, 4000 + (d % 7) * 100,
      array_fill(40, array[121]), '{"1": 3600, "2": 300, "3": 200}'::jsonb
    from sites s cross join generate_series(0, 364) d cross join (values (1), (5)) dirs(dir)
    where s.name like 'Map bench site %'`);
  // The same rows as the statement above writes, packed as the refresh task packs them.
  const yearOfRows = Array.from({ length: 365 }, (_, day): DailyRollup[] =>
    [1, 5].map(() => ({
      day: new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10),
      vehicles: 4000 + (day % 7) * 100,
      speedSumMps: (4000 + (day % 7) * 100) * 14.5,
      speedCount: 4000 + (day % 7) * 100,
      speedHistogram: new Array<number>(121).fill(40),
      classCounts: { 1: 3600, 2: 300, 3: 200 },
    })),
  ).flat();
  const benchSites = (await client.query(
    `select id from sites where name like 'Map bench site %'`,
  )) as { rows: { id: string }[] };
  await packSeededRollups(
    database,
    server.dataDir,
    new Map(benchSites.rows.map(({ id }) => [id, yearOfRows])),
  );
  await database.close();
  console.log(
    `${MAP_SITES} map sites with a year of rollups written in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  // Cold: each time a server just started (its analysis threads warmed up, no site's columns
  // in memory), so the site's columns are read from their files for the query.
  const reuse = { dataDir: server.dataDir, databaseUrl: server.databaseUrl };
  const cold: number[] = [];
  let coldServer = await startServer(workDir, {}, reuse);
  for (let run = 0; run < 5; run += 1) {
    if (run > 0) {
      await coldServer.close();
      coldServer = await startServer(workDir, {}, reuse);
    }
    await analysisReady(coldServer.url);
    cold.push(await timedQuery(coldServer, siteId));
  }
  console.log(`site detail, each cold call (ms): ${cold.map((ms) => ms.toFixed(0)).join(' ')}`);
  const mapTimes: number[] = [];
  for (let run = 0; run < 6; run += 1) {
    const started = performance.now();
    const response = await fetch(`${coldServer.url}/gql/v1/graphql/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${coldServer.access}`,
      },
      body: JSON.stringify({
        query: `query($filter: MapFilter!) { mapSites(filter: $filter) { id has_data adt average_speed_mps speed85_mps heavy_percent } }`,
        variables: { filter: { start_date: '2025-01-01', end_date: '2025-12-31' } },
      }),
    });
    const body = (await response.json()) as { data?: { mapSites: unknown[] }; errors?: unknown };
    if (!body.data) throw new Error(JSON.stringify(body.errors));
    mapTimes.push(performance.now() - started);
    if (run === 0) console.log(`map layer: ${body.data.mapSites.length} sites`);
  }
  await coldServer.close();

  // The floor: a plain loop over the same window summing the speed and class columns.
  const columnsDir = join(server.dataDir, 'blobs', 'columns');
  const columns = columnsFromArrow(
    new Uint8Array(readFileSync(join(columnsDir, readdirSync(columnsDir)[0] ?? ''))),
  );
  const floors: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const started = performance.now();
    let speedSum = 0;
    let classSum = 0;
    for (let index = 0; index < columns.timeMs.length; index += 1) {
      const time = columns.timeMs[index] as number;
      if (time >= WINDOW.start && time < WINDOW.end) {
        speedSum += columns.speedMps[index] as number;
        classSum += columns.classIndex[index] as number;
      }
    }
    floors.push(performance.now() - started);
    if (speedSum < 0 || classSum < 0) console.log('impossible');
  }
  console.log(`site detail, each warm call (ms): ${warm.map((ms) => ms.toFixed(0)).join(' ')}`);
  const warmMs = median(warm);
  const coldMs = median(cold);
  const floorMs = median(floors);
  console.log(
    `site detail: warm ${warmMs.toFixed(1)} ms (median of 20), cold ${coldMs.toFixed(1)} ms (median of 5), floor ${floorMs.toFixed(1)} ms`,
  );
  // The first call finds the series the server preloaded on start (or still loading them).
  const [mapFirstMs = Number.NaN, ...mapLater] = mapTimes;
  const mapMs = median(mapLater);
  console.log(
    `map layer for ${MAP_SITES} sites with a year each: ${mapMs.toFixed(1)} ms (median of 5), first call after start ${mapFirstMs.toFixed(1)} ms`,
  );
  console.log(
    `RESULT warm_ms=${warmMs.toFixed(1)} cold_ms=${coldMs.toFixed(1)} floor_ms=${floorMs.toFixed(1)} ratio=${(warmMs / floorMs).toFixed(1)} map_ms=${mapMs.toFixed(1)}`,
  );
} finally {
  rmSync(workDir, { recursive: true, force: true });
  await dropDatabases();
}
