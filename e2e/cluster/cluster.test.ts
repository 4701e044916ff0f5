import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { apiGraphql, apiSignIn } from '../support/api.ts';
import { startCluster, type Cluster, type ClusterProcess } from './cluster.ts';

/*
 * The production topology, proven: two API nodes behind the proxy, two workers, one PostgreSQL
 * database and the S3 store (s3rver). REPEAT=10 runs the kill rounds ten times in a row.
 */

const REPEAT = Number(process.env.REPEAT ?? 1);
const ADMIN_PASSWORD = 'cluster-admin-password';
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const databaseName = `rc_cluster_${randomBytes(5).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(serverUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

const SITE_DETAIL = `query($siteId: ID!) {
  siteDetail(siteId: $siteId, aggregation_minutes: 60) {
    summary { vehicles adt awdt averageSpeedMps speed85thMps }
    bins
    virtualDay { direction vehicles }
  }
}`;
const FILE = `query($id: ID!) { getTrafficDataFile(id: $id) { id review_status site { id } } }`;
const REQUEST = `mutation($input: ReportRequestInput!) { requestReport(input: $input) { id task_id } }`;
const REPORT = `query($id: ID!) { report(id: $id) { state size_bytes downloadable } }`;

interface TaskRow {
  id: string;
  function_name: string;
  state: string;
  attempts: number;
  lease_holder: string | null;
  payload: Record<string, unknown>;
}

let cluster: Cluster;
let dataDir: string;
let token: string;
let db: pg.Client;

async function query<T>(sql: string, values: unknown[] = []): Promise<T[]> {
  return (await db.query(sql, values)).rows as T[];
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Asks again every 200 ms until `done` holds, for at most `seconds`; answers the last answer. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, seconds: number) {
  const deadline = Date.now() + seconds * 1000;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await wait(200);
    value = await read();
  }
  return value;
}

const ask = <T>(url: string, source: string, variables: Record<string, unknown> = {}) =>
  apiGraphql<T>(url, token, source, variables);

async function upload(url: string, name: string, text: string) {
  const form = new FormData();
  form.append('file-0', new Blob([text]), name);
  const response = await fetch(`${url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { files: { id: string; task_id: string }[] }).files[0] as {
    id: string;
    task_id: string;
  };
}

/** A counter file of `days` × 4,000 vehicles at a site of its own (seeded by `seed`). */
function counterFile(seed: number, days: number) {
  const vehicles = [
    ...generateTraffic({
      seed,
      startDay: '2025-04-07',
      days,
      vehiclesPerDay: 4000,
      directions: [1, 5],
      meanSpeedKmh: 50,
    }),
  ];
  const text = [
    ...roadcountCsvText(vehicles, {
      name: `Cluster Road ${seed}`,
      latitude: 50 + seed / 1000,
      longitude: -1 - seed / 1000,
    }),
  ].join('');
  return { vehicles: vehicles.length, text };
}

/** The process whose pid holds a task's lease (`<host>/<pid>/<run>`). */
function holderProcess(holder: string | null): ClusterProcess | undefined {
  const pid = Number(holder?.split('/')[1]);
  return [...cluster.api, ...cluster.workers].find((process) => process.pid() === pid);
}

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${databaseName}`);
  await admin.end();
  dataDir = mkdtempSync(join(tmpdir(), 'roadcount-cluster-'));
  cluster = await startCluster({
    databaseUrl,
    dataDir,
    port: 0,
    environment: {
      ADMIN_PASSWORD,
      DEMO_PASSWORD: 'cluster-demo-password',
      SEED_DEMO_SURVEYS: 'false',
      ANALYSIS_THREADS: '1',
      ANALYSIS_WARM_UP: 'false',
      // REPEAT=10 runs longer than the default 15 minutes of a token.
      ACCESS_TOKEN_TTL_SECONDS: '14400',
    },
  });
  db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  token = await apiSignIn(cluster.url, 'admin', ADMIN_PASSWORD);
}, 240_000);

afterAll(async () => {
  await db?.end();
  await cluster?.stop();
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${databaseName} with (force)`);
  await admin.end();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('two API nodes, two workers, PostgreSQL and S3', () => {
  let siteId: string;
  let vehicles: number;

  it('processes an upload to node A on a worker and tells a client on node B', async () => {
    const [nodeA, nodeB] = cluster.api as [ClusterProcess, ClusterProcess];
    const events: { id: string; state: string; function_name: string }[] = [];
    const client: Client = createClient({
      url: `${(nodeB.url ?? '').replace('http', 'ws')}/gql/v1/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { headers: { Authorization: `Bearer ${token}` } },
      retryAttempts: 0,
    });
    await new Promise<void>((ready, fail) => {
      client.on('connected', () => setTimeout(ready, 200));
      client.subscribe(
        { query: 'subscription { task_tracking_updated { id state function_name } }' },
        {
          next: (value) =>
            events.push(
              (value.data as { task_tracking_updated: (typeof events)[number] })
                .task_tracking_updated,
            ),
          error: (error) => fail(error instanceof Error ? error : new Error(JSON.stringify(error))),
          complete: () => undefined,
        },
      );
    });
    const file = counterFile(1, 3);
    vehicles = file.vehicles;
    const uploaded = await upload(nodeA.url ?? '', 'cluster-1.csv', file.text);
    const done = await until(
      () => Promise.resolve(events),
      (seen) => seen.some((event) => event.id === uploaded.task_id && event.state === 'CM'),
      60,
    );
    void client.dispose();
    expect(
      done.filter((event) => event.id === uploaded.task_id).map((event) => event.state),
    ).toContain('CM');
    // A worker ran it, never an API node (they take only reports): its completion is logged there.
    const ranIn = Object.entries(cluster.logs())
      .filter(([, text]) => text.includes(`"taskId":"${uploaded.task_id}"`))
      .map(([name]) => name);
    expect(ranIn).toHaveLength(1);
    expect(ranIn[0]).toMatch(/^worker-/);
    const answer = await ask<{
      getTrafficDataFile: { review_status: string; site: { id: string } };
    }>(nodeB.url ?? '', FILE, { id: uploaded.id });
    expect(answer.getTrafficDataFile.review_status).toBe('PDC');
    siteId = answer.getTrafficDataFile.site.id;
  }, 90_000);

  it('answers site detail the same on both nodes', async () => {
    const [nodeA, nodeB] = cluster.api as [ClusterProcess, ClusterProcess];
    const onA = await ask<{ siteDetail: { summary: { vehicles: number } } }>(
      nodeA.url ?? '',
      SITE_DETAIL,
      { siteId },
    );
    const onB = await ask<{ siteDetail: unknown }>(nodeB.url ?? '', SITE_DETAIL, { siteId });
    // Every generated vehicle is a row of the file, all within the site's days.
    expect(onA.siteDetail.summary.vehicles).toBe(vehicles);
    expect(onB.siteDetail).toEqual(onA.siteDetail);
  }, 60_000);

  for (let round = 1; round <= REPEAT; round += 1) {
    it(`round ${round}: a worker killed mid-file loses nothing, duplicates nothing`, async () => {
      // Every process is up again after the last round's kills.
      await Promise.all([...cluster.api, ...cluster.workers].map((process) => process.ready()));
      const seed = 100 + round;
      const file = counterFile(seed, 10);
      const uploaded = await upload(cluster.url, `kill-worker-${round}.csv`, file.text);
      // Wait until a worker holds the task, then kill it outright.
      const held = await until(
        async () =>
          (await query<TaskRow>('select * from tasks where id = $1', [uploaded.task_id]))[0],
        (task) => task?.state === 'PR' && holderProcess(task.lease_holder)?.role === 'worker',
        60,
      );
      const victim = holderProcess(held?.lease_holder ?? null);
      expect(victim?.role).toBe('worker');
      const killedAt = Date.now();
      victim?.kill('SIGKILL');
      const finished = await until(
        async () =>
          (await query<TaskRow>('select * from tasks where id = $1', [uploaded.task_id]))[0],
        (task) => task?.state === 'CM' || task?.state === 'ER',
        60,
      );
      expect(finished?.state).toBe('CM');
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      // Exactly one file row for the upload, its site holding every vehicle once.
      const files = await query<{ id: string; site_id: string }>(
        'select id, site_id from traffic_data_files where file_name = $1',
        [`kill-worker-${round}.csv`],
      );
      expect(files).toHaveLength(1);
      const detail = await until(
        () =>
          ask<{ siteDetail: { summary: { vehicles: number } } }>(cluster.url, SITE_DETAIL, {
            siteId: files[0]?.site_id,
          }),
        (answer) => answer.siteDetail.summary.vehicles === file.vehicles,
        30,
      );
      expect(detail.siteDetail.summary.vehicles).toBe(file.vehicles);
      await victim?.ready();
    }, 180_000);

    it(`round ${round}: an API node killed mid-report loses nothing, duplicates nothing`, async () => {
      await Promise.all([...cluster.api, ...cluster.workers].map((process) => process.ready()));
      const requested = (
        await ask<{ requestReport: { id: string; task_id: string } }>(cluster.url, REQUEST, {
          input: {
            type: 'standard_spreadsheet',
            site_ids: [siteId],
            start: '2025-04-01T00:00:00Z',
            end: '2025-05-01T00:00:00Z',
            units: 'metric',
            aggregation_minutes: 15,
          },
        })
      ).requestReport;
      const held = await until(
        async () =>
          (await query<TaskRow>('select * from tasks where id = $1', [requested.task_id]))[0],
        (task) =>
          (task?.state === 'PR' && holderProcess(task.lease_holder)?.role === 'api') ||
          task?.state === 'CM',
        60,
      );
      const victim = holderProcess(held?.lease_holder ?? null);
      const killedAt = Date.now();
      // The node is killed while the report is being made, when the report is slow enough to be
      // caught running; else the node that just made it is killed, with clients still asking.
      const target = victim ?? cluster.api[round % 2];
      if (!target) throw new Error('no API node to kill');
      target.kill('SIGKILL');
      // Clients keep asking through the proxy while the node is gone.
      const during = await Promise.all(
        Array.from({ length: 10 }, () =>
          ask<{ siteDetail: { summary: { vehicles: number } } }>(cluster.url, SITE_DETAIL, {
            siteId,
          }),
        ),
      );
      expect(during.map((answer) => answer.siteDetail.summary.vehicles)).toEqual(
        Array.from({ length: 10 }, () => vehicles),
      );
      const report = await until(
        async () =>
          (
            await ask<{ report: { state: string; downloadable: boolean } }>(cluster.url, REPORT, {
              id: requested.id,
            })
          ).report,
        (answer) => answer.state === 'CM' || answer.state === 'ER',
        60,
      );
      expect(report).toMatchObject({ state: 'CM', downloadable: true });
      expect(Date.now() - killedAt).toBeLessThan(60_000);
      const [task] = await query<TaskRow>('select * from tasks where id = $1', [requested.task_id]);
      // Claimed once, or twice when its first holder was killed: never more.
      expect(task?.attempts).toBe(victim ? 2 : 1);
      await target.ready();
    }, 180_000);
  }

  it('counts an account’s sign-in attempts on both nodes together', async () => {
    const [nodeA, nodeB] = cluster.api as [ClusterProcess, ClusterProcess];
    const statuses: number[] = [];
    // The default limit is 10 wrong attempts an account in 15 minutes, whichever node has them.
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const node = attempt % 2 === 0 ? nodeA : nodeB;
      const response = await fetch(`${node.url ?? ''}/core/api/auth/token/obtain/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'cluster-nobody', password: `wrong-${attempt}` }),
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429]);
  }, 60_000);

  it('ran every task exactly once: each ended once, none failed or left behind', async () => {
    const tasks = await query<TaskRow>('select * from tasks');
    expect(tasks.filter((task) => task.state !== 'CM')).toEqual([]);
    // Each file was processed by one task, and each site's rollups refreshed: no task repeated.
    const perFile = new Map<string, number>();
    for (const task of tasks.filter((row) => row.function_name === 'process_file')) {
      const fileId = String(task.payload.fileId);
      perFile.set(fileId, (perFile.get(fileId) ?? 0) + 1);
    }
    expect([...perFile.values()].every((count) => count === 1)).toBe(true);
    // Every completion a process logged was of a distinct task.
    const completions = Object.values(cluster.logs())
      .flatMap((text) => text.split('\n'))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { taskId?: string; level?: number; msg?: string })
      .filter((line) => line.taskId && line.level === 30);
    const ids = completions.map((line) => line.taskId);
    expect(ids.length).toBe(new Set(ids).size);
  }, 30_000);
});
