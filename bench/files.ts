// npm run bench:files — the files table of an organisation with 100,000 files: every page kind
// the web app asks for (each sortable column both ways at its first, middle and last page,
// searches, the review panel and the status counts), through GraphQL. Prints figures, asserts
// nothing; the last line is the RESULT line of the files issue: the slowest page kind's median.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import {
  FILE_SORTS,
  openDatabase,
  organisations,
  sites,
  trafficDataFiles,
  users,
} from '../apps/server/src/bench.ts';
import { baseDatabaseUrl, dropDatabases, startServer } from './support.ts';
// The very documents the files screen sends, as codegen wrote them out of its source.
import { FileCountsDocument, FilesDocument } from '../apps/web/src/generated/graphql.ts';

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const OTHER_FILES = Math.round(FILES / 10);
const SITES = 500;
const RUNS = 9;
const PAGE_SIZE = 25;

const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-files-'));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Files of one organisation spread over its sites and three years, statuses mixed as in use. */
async function seed(databaseUrl: string | undefined, dataDir: string) {
  const database = await openDatabase({ databaseUrl, dataDir });
  await database.migrate();
  const { db } = database;
  const seedOrganisation = async (name: string, files: number, existingId?: string) => {
    const [organisation] = existingId
      ? [{ id: existingId }]
      : await db.insert(organisations).values({ name }).returning();
    if (!organisation) throw new Error('no organisation');
    const siteRows = await db
      .insert(sites)
      .values(
        Array.from({ length: SITES }, (_, index) => ({
          ownerOrganisationId: organisation.id,
          name: `${name} Road ${String(index).padStart(3, '0')}`,
        })),
      )
      .returning({ id: sites.id });
    const statuses = ['PDC', 'PDC', 'PDC', 'NRE', 'WFR', 'ACC', 'REJ', null];
    const start = Date.UTC(2023, 0, 1);
    for (let offset = 0; offset < files; offset += 2_000) {
      const batch = Array.from({ length: Math.min(2_000, files - offset) }, (_, step) => {
        const index = offset + step;
        const status = statuses[index % statuses.length] ?? null;
        const begins = new Date(start + ((index * 7_919) % 1_000) * 86_400_000);
        return {
          organisationId: organisation.id,
          siteId: siteRows[index % SITES]?.id ?? null,
          fileName: `survey-${String(index).padStart(6, '0')}-${begins.toISOString().slice(0, 10)}.csv`,
          kind: 'vehicle',
          s3Key: `uploads/${organisation.id}/${index}`,
          sha256: index.toString(16).padStart(64, '0'),
          sizeBytes: 100_000 + index,
          startDataDatetime: begins,
          endDataDatetime: new Date(begins.getTime() + 7 * 86_400_000),
          reviewStatus: status,
          logs: status === null ? {} : { saved_vehicles: (index * 37) % 50_000 },
          uploadedOn: new Date(begins.getTime() + 8 * 86_400_000 + index),
        };
      });
      await db.insert(trafficDataFiles).values(batch);
    }
    return organisation.id;
  };
  // The files belong to the organisation of `admin`, the org admin the server seeded.
  const [admin] = await db
    .select({ organisationId: users.organisationId })
    .from(users)
    .where(eq(users.username, 'admin'));
  if (!admin?.organisationId) throw new Error('the server did not seed its admin');
  const organisationId = await seedOrganisation('Benchshire', FILES, admin.organisationId);
  await seedOrganisation('Elsewhere', OTHER_FILES);
  // What autovacuum (PostgreSQL) or the start-up maintenance (PGlite) does after a bulk load, done
  // now so that the timings do not depend on when it runs.
  await db.execute(sql`vacuum analyze traffic_data_files`);
  await database.close();
  return organisationId;
}

async function timedPage(
  server: { url: string; access: string },
  query: string,
  variables: Record<string, unknown>,
): Promise<{ ms: number; total: number; rows: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as {
    data?: Record<string, { total: number; files?: unknown[] }>;
    errors?: unknown;
  };
  const ms = performance.now() - started;
  if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
  const answers = Object.values(body.data);
  return {
    ms,
    total: answers.reduce((sum, answer) => sum + answer.total, 0),
    rows: answers.reduce((sum, answer) => sum + (answer.files?.length ?? 0), 0),
  };
}

console.log(`database: ${baseDatabaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
const dataDir = join(workDir, 'data');
mkdirSync(dataDir, { recursive: true });
try {
  // The first start seeds the demo organisation and its admin; the files join that organisation.
  let server = baseDatabaseUrl
    ? await startServer(workDir)
    : await startServer(workDir, {}, { dataDir, databaseUrl: undefined });
  let organisationId: string;
  if (baseDatabaseUrl) {
    organisationId = await seed(server.databaseUrl, server.dataDir);
  } else {
    // The embedded database serves one process: seed it while the server is stopped.
    await server.close();
    const seeding = performance.now();
    organisationId = await seed(undefined, dataDir);
    console.log(
      `seeded ${FILES + OTHER_FILES} files in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    server = await startServer(workDir, {}, { dataDir, databaseUrl: undefined });
  }
  const medians = new Map<string, number>();
  try {
    const pages = Math.ceil(FILES / PAGE_SIZE);
    // survey-01 matches the files 10,000 to 19,999; one file in eight waits for review.
    const broadLastPage = Math.max(0, Math.ceil(Math.min(10_000, FILES - 10_000) / PAGE_SIZE) - 1);
    const reviewMiddlePage = Math.floor(FILES / 8 / 10 / 2);
    const cases: [string, Record<string, unknown>, string?][] = [];
    // Every page the table can ask for: each sortable column both ways, first, middle and last.
    for (const sort of FILE_SORTS) {
      for (const direction of ['asc', 'desc']) {
        for (const [where, page] of [
          ['first', 0],
          ['middle', Math.floor(pages / 2)],
          ['last', pages - 1],
        ] as const) {
          cases.push([`${sort} ${direction}, ${where} page`, { sort, direction, page }]);
        }
      }
    }
    cases.push(
      ['by name, searched', { sort: 'file_name', direction: 'asc', search: 'survey-0421' }],
      ['by site, searched', { sort: 'site', direction: 'asc', search: 'Road 042' }],
      // One file in ten matches: the worst a search gets.
      ['by name, broad search', { sort: 'file_name', direction: 'asc', search: 'survey-01' }],
      [
        'newest, broad search, last page',
        { sort: 'uploaded_on', direction: 'desc', search: 'survey-01', page: broadLastPage },
      ],
      ['by vehicles, search without hits', { sort: 'saved_vehicles', search: 'no such file' }],
      // The panel of files waiting for review, and the summary's count of each status.
      ['for review panel', { sort: 'uploaded_on', direction: 'desc', status: 'WFR', size: 10 }],
      [
        'for review panel, by name, middle page',
        { sort: 'file_name', direction: 'asc', status: 'WFR', size: 10, page: reviewMiddlePage },
      ],
      ['status counts', {}, FileCountsDocument.toString()],
    );
    // BENCH_ONLY=search times only the page kinds whose label holds that word.
    const only = process.env.BENCH_ONLY;
    for (const [label, variables, query = FilesDocument.toString()] of cases) {
      if (only && !label.includes(only)) continue;
      const asked = { size: PAGE_SIZE, ...variables };
      await timedPage(server, query, asked); // warm-up
      const runs: number[] = [];
      let answer = { total: 0, rows: 0 };
      for (let run = 0; run < RUNS; run += 1) {
        const timed = await timedPage(server, query, asked);
        runs.push(timed.ms);
        answer = timed;
      }
      medians.set(label, median(runs));
      console.log(
        `${label}: median ${median(runs).toFixed(1)} ms, slowest ${Math.max(...runs).toFixed(1)} ms (${answer.rows} of ${answer.total} files)`,
      );
    }
  } finally {
    await server.close();
  }
  console.log(`organisation ${organisationId}`);
  const [slowestLabel, slowest] = [...medians].reduce(
    (worst, entry) => (entry[1] > worst[1] ? entry : worst),
    ['none', 0],
  );
  console.log(`slowest page kind: ${slowestLabel}`);
  console.log(`RESULT files_page_ms=${Math.round(slowest)}`);
} finally {
  await dropDatabases();
  rmSync(workDir, { recursive: true, force: true });
}
