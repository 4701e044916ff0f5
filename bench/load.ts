// npm run bench:load — 100 signed-in clients on loopback for BENCH_LOAD_SECONDS (default 600),
// each asking as the web app does, one request after another with a pause between (a person
// reading the screen, BENCH_LOAD_THINK_MS, 1 s on average): the map, site detail, the files
// table, the sites table, uploads and reports. Against the single process (`npm start`) and
// against the cluster (`npm run cluster`: two API nodes behind the proxy, two workers, S3), on
// PostgreSQL (DATABASE_URL's server; a fresh database each). Prints throughput, errors and
// p50/p95/p99 per operation, then one RESULT line per topology. Asserts nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import pg from 'pg';
import { startCluster } from '../e2e/cluster/cluster.ts';
import { startServer } from './support.ts';

const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 100);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 600);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
const SITES = Number(process.env.BENCH_LOAD_SITES ?? 8);
const TOPOLOGIES = (process.env.BENCH_LOAD_TOPOLOGY ?? 'single,cluster').split(',');
const PASSWORD = 'bench-password-1';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-load-'));

const MAP = `query($filter: MapFilter!) { mapSites(filter: $filter) {
  id name latitude longitude has_data days vehicles adt average_speed_mps speed85_mps heavy_percent
  class_shares { class_index percent } last_surveyed survey_years } }`;
const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    site_id summary { vehicles adt awdt awedt aadt averageSpeedMps speed85thMps }
    bins classes { classIndex vehicles sharePercent averageSpeedMps speed85thMps }
    speedByClass { binWidthMps bins { fromMps counts { classIndex vehicles } } }
    headwayPercentiles { percentile value } gapPercentiles { percentile value }
    headwayGapMatrix { edgesS counts } speeding { vehicles aboveLimit { vehicles sharePercent } }
    virtualDay { direction vehicles } virtualWeek { direction vehicles }
    availability { day direction lane vehicles } } }`;
const FILES = `query($sort: String, $direction: String, $page: Int, $size: Int) {
  trafficDataFiles(sort: $sort, direction: $direction, page: $page, page_size: $size) {
    total files { id file_name review_status uploaded_on site { id name } } } }`;
const SITES_TABLE = `query($sort: String, $page: Int, $size: Int) {
  sites(sort: $sort, page: $page, page_size: $size) {
    total sites { id name latitude longitude site_type time_span last_surveyed files lane_count } } }`;
const REPORTS = `query { reports { id report_type state progress file_name downloadable } }`;
const REQUEST_REPORT = `mutation($input: ReportRequestInput!) { requestReport(input: $input) { id state } }`;

/** What each client does, and how often (out of 100). */
const MIX: [Operation, number][] = [
  ['map', 25],
  ['site_detail', 25],
  ['files', 15],
  ['sites', 15],
  ['reports', 12],
  ['report_request', 3],
  ['upload', 5],
];
type Operation =
  'map' | 'site_detail' | 'files' | 'sites' | 'reports' | 'report_request' | 'upload';

function counterText(seed: number, days: number, perDay: number) {
  return [
    ...roadcountCsvText(
      [
        ...generateTraffic({
          seed,
          startDay: '2025-06-02',
          days,
          vehiclesPerDay: perDay,
          directions: [1, 5],
          meanSpeedKmh: 50,
        }),
      ],
      { name: `Load Road ${seed}`, latitude: 51 + seed / 100, longitude: -1 + seed / 100 },
    ),
  ].join('');
}

async function graphqlCall(url: string, token: string, query: string, variables: unknown) {
  const response = await fetch(`${url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: unknown; errors?: { message: string }[] };
  if (!response.ok || answer.errors?.length)
    throw new Error(`${response.status} ${answer.errors?.[0]?.message ?? ''}`);
  return answer.data as Record<string, unknown>;
}

async function uploadFile(url: string, token: string, name: string, text: string) {
  const form = new FormData();
  form.append('file-0', new Blob([text]), name);
  const response = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`upload ${response.status}`);
  return ((await response.json()) as { files: { id: string }[] }).files[0]?.id ?? '';
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/core/api/auth/token/obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

/** The sites the clients look at: SITES files of a week each, uploaded and processed first. */
async function seed(url: string, token: string): Promise<string[]> {
  const ids = await Promise.all(
    Array.from({ length: SITES }, (_, index) =>
      uploadFile(url, token, `load-${index}.csv`, counterText(index + 1, 7, 3000)),
    ),
  );
  const siteIds: string[] = [];
  for (const id of ids) {
    for (;;) {
      const data = await graphqlCall(
        url,
        token,
        'query($id: ID!) { getTrafficDataFile(id: $id) { review_status site { id } } }',
        { id },
      );
      const file = data.getTrafficDataFile as { review_status: string; site: { id: string } };
      if (file.review_status !== 'LOAD' && file.site) {
        siteIds.push(file.site.id);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return siteIds;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);

async function drive(topology: string, url: string, siteIds: string[]) {
  const tokens = [];
  // Signed in a few at a time, as people arrive.
  for (let first = 0; first < CLIENTS; first += 10)
    tokens.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(10, CLIENTS - first) }, () => signIn(url)),
      )),
    );
  const timings = new Map<Operation, number[]>(MIX.map(([name]) => [name, []]));
  const errors = new Map<Operation, number>(MIX.map(([name]) => [name, 0]));
  const errorSamples: string[] = [];
  const upload = counterText(999, 1, 200);
  let uploads = 0;
  const pick = (): Operation => {
    let roll = Math.random() * 100;
    for (const [name, weight] of MIX) {
      roll -= weight;
      if (roll < 0) return name;
    }
    return 'map';
  };
  const site = () => siteIds[Math.floor(Math.random() * siteIds.length)];
  const run = async (operation: Operation, token: string) => {
    switch (operation) {
      case 'map':
        return graphqlCall(url, token, MAP, {
          filter: { start_date: '2025-01-01', end_date: '2025-12-31' },
        });
      case 'site_detail':
        return graphqlCall(url, token, SITE_DETAIL, { siteId: site(), filter: {}, minutes: 60 });
      case 'files':
        return graphqlCall(url, token, FILES, {
          sort: 'uploaded_on',
          direction: 'desc',
          page: 1,
          size: 25,
        });
      case 'sites':
        return graphqlCall(url, token, SITES_TABLE, { sort: 'name', page: 1, size: 25 });
      case 'reports':
        return graphqlCall(url, token, REPORTS, {});
      case 'report_request':
        return graphqlCall(url, token, REQUEST_REPORT, {
          input: {
            type: 'universal_csv',
            site_ids: [site()],
            start: '2025-06-01T00:00:00Z',
            end: '2025-07-01T00:00:00Z',
            units: 'metric',
            aggregation_minutes: 1440,
          },
        });
      case 'upload':
        uploads += 1;
        return uploadFile(url, token, `load-upload-${uploads}.csv`, upload);
    }
  };
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    tokens.map(async (token) => {
      // Clients arrive spread over the first pause.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * THINK_MS));
      while (performance.now() < deadline) {
        const operation = pick();
        const before = performance.now();
        try {
          await run(operation, token);
          timings.get(operation)?.push(performance.now() - before);
        } catch (error) {
          errors.set(operation, (errors.get(operation) ?? 0) + 1);
          if (errorSamples.length < 5)
            errorSamples.push(`${operation}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  let total = 0;
  let errorCount = 0;
  const fields: string[] = [];
  console.log(`\n${topology}: ${CLIENTS} clients for ${SECONDS} s (think ${THINK_MS} ms)`);
  console.log('operation        count  errors   p50 ms   p95 ms   p99 ms');
  for (const [operation] of MIX) {
    const sorted = [...(timings.get(operation) ?? [])].sort((a, b) => a - b);
    const failed = errors.get(operation) ?? 0;
    total += sorted.length + failed;
    errorCount += failed;
    const [p50, p95, p99] = [50, 95, 99].map((p) => Math.round(percentile(sorted, p)));
    console.log(
      `${operation.padEnd(16)}${String(sorted.length).padStart(6)}${String(failed).padStart(8)}${String(p50).padStart(9)}${String(p95).padStart(9)}${String(p99).padStart(9)}`,
    );
    fields.push(`${operation}_p50_ms=${p50} ${operation}_p95_ms=${p95} ${operation}_p99_ms=${p99}`);
  }
  for (const sample of errorSamples) console.log(`  error: ${sample}`);
  const throughput = (total / elapsed).toFixed(1);
  console.log(`throughput ${throughput} requests/s, ${errorCount} errors`);
  return `RESULT topology=${topology} clients=${CLIENTS} seconds=${SECONDS} requests_per_s=${throughput} errors=${errorCount} ${fields.join(' ')}`;
}

async function createDatabase(name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(name: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

const loadEnvironment = {
  ADMIN_PASSWORD: PASSWORD,
  SEED_DEMO_SURVEYS: 'false',
  // Every client signs in from 127.0.0.1 as one account.
  SIGN_IN_LIMIT_PER_IP: '100000',
  SIGN_IN_LIMIT_PER_ACCOUNT: '100000',
  LOG_LEVEL: 'warn',
};

const results: string[] = [];
try {
  if (TOPOLOGIES.includes('single')) {
    const name = `roadcount_load_single_${Date.now()}`;
    const databaseUrl = await createDatabase(name);
    const server = await startServer(workDir, loadEnvironment, {
      dataDir: join(workDir, 'single'),
      databaseUrl,
    }).catch(async (error: unknown) => {
      await dropDatabase(name);
      throw error;
    });
    try {
      const token = await signIn(server.url);
      const siteIds = await seed(server.url, token);
      results.push(await drive('single', server.url, siteIds));
    } finally {
      await server.close();
      await dropDatabase(name);
    }
  }
  if (TOPOLOGIES.includes('cluster')) {
    const name = `roadcount_load_cluster_${Date.now()}`;
    const databaseUrl = await createDatabase(name);
    const cluster = await startCluster({
      databaseUrl,
      dataDir: join(workDir, 'cluster'),
      port: 0,
      environment: loadEnvironment,
    }).catch(async (error: unknown) => {
      await dropDatabase(name);
      throw error;
    });
    try {
      const token = await signIn(cluster.url);
      const siteIds = await seed(cluster.url, token);
      results.push(await drive('cluster', cluster.url, siteIds));
    } finally {
      await cluster.stop();
      await dropDatabase(name);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
console.log('');
for (const line of results) console.log(line);
