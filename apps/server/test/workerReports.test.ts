import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const REQUEST = `mutation($input: ReportRequestInput!) { requestReport(input: $input) { id task_id } }`;
const REPORT = `query($id: ID!) { report(id: $id) { state message } }`;
const DOWNLOAD = `query($id: ID!) { reportDownload(id: $id) { url } }`;

/*
 * Five vehicles at a site in Liverpool in January (UTC+0): Mon 6 Jan one (30 km/h), Tue 7 Jan
 * three (40, 50, 60 km/h), Wed 8 Jan one (70 km/h). The whole days leave out the first and last:
 * Tuesday alone, so ADT = 3; average speed (30 + 40 + 50 + 60 + 70) / 5 = 50 km/h.
 */
const FILE = [
  '# Roadcount per-vehicle CSV',
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude',
  '2025-01-06T10:00:00Z,1,N,2,30.0,4.50,,,2,2.70,,,Worker Lane,53.40840,-2.99160',
  '2025-01-07T08:00:00Z,1,N,2,40.0,4.50,,,2,2.70,,,Worker Lane,53.40840,-2.99160',
  '2025-01-07T09:00:00Z,1,N,2,50.0,4.50,,,2,2.70,,,Worker Lane,53.40840,-2.99160',
  '2025-01-07T17:00:00Z,2,S,2,60.0,4.50,,,2,2.70,,,Worker Lane,53.40840,-2.99160',
  '2025-01-08T12:00:00Z,2,S,2,70.0,4.50,,,2,2.70,,,Worker Lane,53.40840,-2.99160',
  '',
].join('\n');

/*
 * Issue 35: every task kind runs in `npm run worker`, reports too. The API node here runs no
 * worker, so the `npm run worker` process beside it takes every task: the upload's processing
 * and the report, whose figures it reads through analysis threads of its own. A worker needs
 * PostgreSQL (the embedded database serves one process): this runs with DATABASE_URL, as
 * `npm run test:postgres` and CI do.
 */
describe.runIf(process.env.DATABASE_URL)('a report made by a npm run worker process', () => {
  let server: TestServer;
  let worker: ChildProcess;
  let exited: Promise<unknown>;
  let token: string;
  let workerTasks: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    worker = spawn(
      process.execPath,
      ['--import', 'tsx', join(import.meta.dirname, '../src/worker.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: server.databaseUrl,
          DATA_DIR: server.config.dataDir,
          LOG_LEVEL: 'info',
          ANALYSIS_THREADS: '1',
          ANALYSIS_WARM_UP: 'false',
          WORKER_TASKS: '',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    exited = once(worker, 'exit');
    // The worker says which task kinds it takes once it takes them.
    for await (const line of createInterface({ input: worker.stdout as NodeJS.ReadableStream })) {
      if (!line.includes('is taking tasks')) continue;
      workerTasks = (JSON.parse(line) as { tasks: string[] }).tasks;
      break;
    }
    worker.stdout?.resume();
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
  }, 120_000);
  afterAll(async () => {
    worker?.kill('SIGTERM');
    await exited;
    await server?.close();
  });

  it('takes the report kinds, and makes the report the API node leaves to it', async () => {
    expect(workerTasks).toEqual(
      expect.arrayContaining(['process_file', 'generate_site_reports', 'custom_report']),
    );
    const file = await uploadAndProcess(server, token, 'worker-lane.csv', FILE);
    // Five vehicles fail the data quality checks: the admin accepts the file, as a user would,
    // and the worker puts its vehicles in.
    expect(file.review_status).toBe('WFR');
    await graphql(
      server,
      'mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC", userReview: {}) { id } }',
      { token, variables: { id: file.id } },
    );
    const vehicles = await pollUntil(
      async () =>
        (
          (
            await graphql(
              server,
              'query($siteId: ID!) { siteDetail(siteId: $siteId, aggregation_minutes: 1440) { summary { vehicles } } }',
              { token, variables: { siteId: file.site?.id } },
            )
          ).body.data?.siteDetail as { summary: { vehicles: number } } | undefined
        )?.summary.vehicles,
      (count) => count === 5,
      1200,
    );
    expect(vehicles).toBe(5);

    const { body } = await graphql(server, REQUEST, {
      token,
      variables: {
        input: {
          type: 'universal_csv',
          site_ids: [file.site?.id],
          start: '2025-01-01T00:00:00Z',
          end: '2025-02-01T00:00:00Z',
          units: 'metric',
          aggregation_minutes: 1440,
        },
      },
    });
    expect(body.errors).toBeUndefined();
    const requested = body.data?.requestReport as { id: string; task_id: string };
    const report = await pollUntil(
      async () =>
        (await graphql(server, REPORT, { token, variables: { id: requested.id } })).body.data
          ?.report as { state: string; message: string },
      (answer) => answer.state === 'CM' || answer.state === 'ER',
      1200,
    );
    expect(report.state).toBe('CM');
    // The worker's claim is the one that ended it: its holder is `<host>/<pid>/<run>`.
    const [task] = await server.database.db
      .select({ holder: tasks.leaseHolder })
      .from(tasks)
      .where(eq(tasks.id, requested.task_id));
    expect(task?.holder?.split('/')[1]).toBe(String(worker.pid));

    const link = (
      (await graphql(server, DOWNLOAD, { token, variables: { id: requested.id } })).body.data
        ?.reportDownload as { url: string }
    ).url;
    const rows = (await (await fetch(`${server.url}${link}`)).text())
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const value = (measure: string) =>
      rows.find((row) => row[5] === measure && row[4] === 'all' && row[2] === '')?.[8];
    expect(value('adt')).toBe('3');
    expect(Number(value('average_speed'))).toBeCloseTo(50, 4);
  }, 180_000);
});
