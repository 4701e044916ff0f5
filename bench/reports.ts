// npm run bench:reports — a year of 100 sites (10M vehicles in all) as the standard spreadsheet
// and the universal CSV, each requested through the API and timed end to end (request to ready,
// then the download), with the server's peak memory while each is made. The server runs as
// `npm start` runs it (tasks in the same process). Prints figures, asserts nothing; the last
// line is the RESULT line of the reports issue. BENCH_REPORTS_DATA=<dir> keeps the uploaded sites
// in that directory (PGlite only) and, when it already holds them, makes the reports from them
// without uploading again: two versions of the report writers compared on the same data.
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { dropDatabases, startServer, uploadAndWait } from './support.ts';

const SITES = Number(process.env.BENCH_SITES ?? 100);
const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 10_000_000);
/** Hourly, the Insights screen's default. */
const AGGREGATION = Number(process.env.BENCH_AGGREGATION ?? 60);
const YEAR = 2025;
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-reports-'));
const keptDataDir = process.env.BENCH_REPORTS_DATA;
if (keptDataDir && process.env.DATABASE_URL)
  throw new Error('BENCH_REPORTS_DATA keeps an embedded (PGlite) database: unset DATABASE_URL');
const reused = keptDataDir !== undefined && existsSync(join(keptDataDir, 'db'));
if (keptDataDir) mkdirSync(keptDataDir, { recursive: true });

async function graphql<T>(server: { url: string; access: string }, query: string, variables = {}) {
  const response = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!answer.data) throw new Error(answer.errors?.[0]?.message ?? `HTTP ${response.status}`);
  return answer.data;
}

const server = await startServer(
  workDir,
  { RUN_WORKER: 'true' },
  keptDataDir ? { dataDir: keptDataDir, databaseUrl: undefined } : undefined,
);
try {
  // One file per site: a year of traffic in both directions, as a counter would give it.
  const perSite = Math.round(VEHICLES / SITES);
  const uploadStarted = performance.now();
  let uploaded = 0;
  for (let site = 0; site < (reused ? 0 : SITES); site += 1) {
    const path = join(workDir, `site-${site}.csv`);
    const file = openSync(path, 'w');
    const vehicles = generateTraffic({
      seed: 1000 + site,
      startDay: `${YEAR}-01-01`,
      days: 365,
      vehiclesPerDay: Math.round(perSite / 365),
      directions: [1, 5],
      meanSpeedKmh: 40 + (site % 5) * 8,
    });
    for (const chunk of roadcountCsvText(vehicles, {
      name: `Bench Road ${String(site + 1).padStart(3, '0')}`,
      latitude: 51 + site / 100,
      longitude: -1 + site / 100,
    }))
      writeSync(file, chunk);
    closeSync(file);
    uploaded += (await uploadAndWait(server, path)).vehicles;
    rmSync(path);
  }
  if (reused) console.log(`reusing the sites uploaded before in ${keptDataDir}`);
  else
    console.log(
      `uploaded ${SITES} sites, ${uploaded.toLocaleString('en-GB')} vehicles in ${((performance.now() - uploadStarted) / 1000).toFixed(0)} s`,
    );
  const { sites } = await graphql<{ sites: { sites: { id: string }[] } }>(
    server,
    'query($size: Int) { sites(page: 0, page_size: $size) { sites { id } } }',
    { size: Math.min(100, SITES) },
  );
  const siteIds = sites.sites.map((site) => site.id);

  const figures: Record<
    string,
    { seconds: number; downloadSeconds: number; mb: number; peakMb: number }
  > = {};
  for (const type of ['standard_spreadsheet', 'universal_csv']) {
    // The peak memory from here: the kernel's counter is reset (Linux clear_refs 5).
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    const started = performance.now();
    const { requestReport } = await graphql<{ requestReport: { id: string } }>(
      server,
      'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }',
      {
        input: {
          type,
          site_ids: siteIds,
          start: `${YEAR}-01-01T00:00:00Z`,
          end: `${YEAR + 1}-01-01T00:00:00Z`,
          units: 'metric',
          aggregation_minutes: AGGREGATION,
        },
      },
    );
    let state = 'QD';
    let message = '';
    while (state === 'QD' || state === 'PR') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ({
        report: { state, message },
      } = await graphql<{ report: { state: string; message: string } }>(
        server,
        'query($id: ID!) { report(id: $id) { state message } }',
        { id: requestReport.id },
      ));
    }
    const seconds = (performance.now() - started) / 1000;
    if (state !== 'CM') throw new Error(`${type} ended ${state}: ${message}`);
    const peakMb = server.peakRssMb();
    const downloadStarted = performance.now();
    const { reportDownload } = await graphql<{ reportDownload: { url: string } }>(
      server,
      'query($id: ID!) { reportDownload(id: $id) { url } }',
      { id: requestReport.id },
    );
    const bytes = (await (await fetch(`${server.url}${reportDownload.url}`)).arrayBuffer())
      .byteLength;
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    figures[type] = { seconds, downloadSeconds, mb: bytes / 1e6, peakMb };
    console.log(
      `${type}: ready in ${seconds.toFixed(1)} s, downloaded in ${downloadSeconds.toFixed(1)} s, ${(bytes / 1e6).toFixed(1)} MB, server peak RSS ${peakMb.toFixed(0)} MB`,
    );
  }
  const xlsx = figures.standard_spreadsheet;
  const csv = figures.universal_csv;
  console.log(
    `RESULT reports sites=${SITES} vehicles=${uploaded} aggregation_min=${AGGREGATION} xlsx_s=${xlsx?.seconds.toFixed(1)} xlsx_download_s=${xlsx?.downloadSeconds.toFixed(1)} xlsx_mb=${xlsx?.mb.toFixed(1)} xlsx_peak_rss_mb=${xlsx?.peakMb.toFixed(0)} csv_s=${csv?.seconds.toFixed(1)} csv_download_s=${csv?.downloadSeconds.toFixed(1)} csv_mb=${csv?.mb.toFixed(1)} csv_peak_rss_mb=${csv?.peakMb.toFixed(0)}`,
  );
} finally {
  await server.close();
  await dropDatabases();
  rmSync(workDir, { recursive: true, force: true });
}
