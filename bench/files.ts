// npm run bench:files — the files table of an organisation with 100,000 files: one page, sorted
// and searched, through GraphQL as the web app asks for it. Prints figures, asserts nothing; the
// last line is the RESULT line of the files issue (median over the timed runs).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/infra/db/database.ts';
import { eq } from 'drizzle-orm';
import {
  organisations,
  sites,
  trafficDataFiles,
  users,
} from '../apps/server/src/infra/db/schema.ts';
import { baseDatabaseUrl, dropDatabases, startServer } from './support.ts';

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const OTHER_FILES = Math.round(FILES / 10);
const SITES = 500;
const RUNS = 21;
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-files-'));
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const PAGE = `query($orgId: ID, $search: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  trafficDataFiles(orgId: $orgId, search: $search, sort: $sort, direction: $direction, page: $page, page_size: $size) {
    total
    files { id file_name uploaded_on start_data_datetime end_data_datetime review_status
      logs { saved_vehicles data_qc_tests processing_error duplicate_of } site { id name organisation_name } }
  }
}`;

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
  await database.close();
  return organisationId;
}

async function timedPage(
  server: { url: string; access: string },
  variables: Record<string, unknown>,
): Promise<{ ms: number; total: number; rows: number }> {
  const started = performance.now();
  const response = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query: PAGE, variables }),
  });
  const body = (await response.json()) as {
    data?: { trafficDataFiles: { total: number; files: unknown[] } };
    errors?: unknown;
  };
  const ms = performance.now() - started;
  if (body.errors || !body.data) throw new Error(JSON.stringify(body.errors));
  return {
    ms,
    total: body.data.trafficDataFiles.total,
    rows: body.data.trafficDataFiles.files.length,
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
    const cases: [string, Record<string, unknown>][] = [
      ['newest first', { sort: 'uploaded_on', direction: 'desc' }],
      ['by name, searched', { sort: 'file_name', direction: 'asc', search: 'survey-0421' }],
      ['by site, searched', { sort: 'site', direction: 'asc', search: 'Road 042' }],
      // One file in ten matches: the worst a search gets, shown for the record.
      ['by name, broad search', { sort: 'file_name', direction: 'asc', search: 'survey-01' }],
      ['by start, page 2', { sort: 'start_data_datetime', direction: 'desc', page: 1 }],
      ['by vehicles, page 40', { sort: 'saved_vehicles', direction: 'desc', page: 40 }],
    ];
    for (const [label, variables] of cases) {
      const query = { size: 25, ...variables };
      await timedPage(server, query); // warm-up
      const runs: number[] = [];
      let answer = { total: 0, rows: 0 };
      for (let run = 0; run < RUNS; run += 1) {
        const timed = await timedPage(server, query);
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
  const searched = Math.max(
    medians.get('by name, searched') ?? 0,
    medians.get('by site, searched') ?? 0,
  );
  console.log(`RESULT files_page_ms=${Math.round(searched)}`);
} finally {
  await dropDatabases();
  rmSync(workDir, { recursive: true, force: true });
}
