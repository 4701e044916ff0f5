import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { createClient, type Client } from 'graphql-ws';
import pg from 'pg';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { Role, TaskFunction } from '@roadcount/domain';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../src/infra/db/database.ts';
import { organisations, tasks, users } from '../src/infra/db/schema.ts';
import { createTaskQueue, type TaskRow } from '../src/infra/queue/taskQueue.ts';
import { hashPassword } from '../src/infra/auth/passwords.ts';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: DatabaseHandle;
  /** The test database's PostgreSQL URL; none on PGlite. */
  databaseUrl?: string;
  config: Config;
  close: () => Promise<void>;
}

/**
 * A database for one test file: in-memory PGlite by default; with DATABASE_URL, a fresh
 * PostgreSQL database on that server, dropped when the file's tests end.
 */
export async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  drop: () => Promise<void>;
  /** The PostgreSQL URL of the test database; undefined on PGlite. */
  url?: string;
}> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const handle = await openDatabase({ fromDump: await migratedDump() });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const name = `rc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  databaseUrls.set(handle, url.toString());
  await handle.migrate();
  return {
    handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      const cleaner = new pg.Client({ connectionString: baseUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    },
  };
}

/** The PostgreSQL URL each test database handle was opened on. */
const databaseUrls = new WeakMap<DatabaseHandle, string>();

/** A second API node's database: see `startTestServer`'s `nodeOf`. */
async function anotherNode(
  server: TestServer,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (!server.databaseUrl) return { handle: server.database, drop: () => Promise.resolve() };
  const handle = await openDatabase({ databaseUrl: server.databaseUrl });
  databaseUrls.set(handle, server.databaseUrl);
  return { handle, drop: () => handle.close() };
}

/** A web build stand-in so that the SPA fallback can be tested without building the app. */
function fakeWebDist(): string {
  const directory = mkdtempSync(join(tmpdir(), 'roadcount-web-'));
  writeFileSync(
    join(directory, 'index.html'),
    '<!doctype html><title>Roadcount</title><div id="root"></div>',
  );
  return directory;
}

/** Known to tests, so that they can forge expired and tampered tokens. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

export async function startTestServer(
  environment: Record<string, string> = {},
  options: {
    worker?: boolean;
    /**
     * Another API node of `server`'s database: on PostgreSQL a pool of its own on the same
     * database (closing it leaves the database); on PGlite, the same embedded database.
     */
    nodeOf?: TestServer;
    /** The app's clock (rate limits, queue, report expiry), for a test to move. */
    clock?: () => Date;
  } = {},
): Promise<TestServer> {
  const { handle, drop } = options.nodeOf
    ? await anotherNode(options.nodeOf)
    : await openTestDatabase();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'roadcount-data-')),
    WEB_DIST_DIR: fakeWebDist(),
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    // Analysis threads start on first use in tests: most tests never ask for them.
    ANALYSIS_PRESTART: 'false',
    ANALYSIS_WARM_UP: 'false',
    // The hourly subscription checks would bill last month behind a test's back.
    SCHEDULED_CHECKS: 'false',
    // Nor may the demo's gateway send vehicles unless a test asks for it.
    DEMO_REALTIME: 'false',
    ...environment,
  });
  const app = await buildApp({
    config,
    database: handle,
    logger: false,
    worker: options.worker ? { pollMs: 50 } : false,
    ...(options.clock ? { clock: options.clock } : {}),
  }).catch(async (error: unknown) => {
    await drop();
    throw error;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    database: handle,
    ...(databaseUrls.has(handle) ? { databaseUrl: databaseUrls.get(handle) } : {}),
    config,
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

let sequence = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

export async function createOrg(server: TestServer, name = unique('org')) {
  const [row] = await server.database.db.insert(organisations).values({ name }).returning();
  if (!row) throw new Error('organisation not created');
  return row;
}

export const TEST_PASSWORD = 'correct-horse-battery';

export async function createUser(
  server: TestServer,
  options: {
    organisationId: string | null;
    role: Role;
    username?: string;
    isActive?: boolean;
    isDemo?: boolean;
  },
) {
  const username = options.username ?? unique('user');
  const [row] = await server.database.db
    .insert(users)
    .values({
      organisationId: options.organisationId,
      username,
      email: `${username}@example.test`,
      role: options.role,
      isActive: options.isActive ?? true,
      isDemo: options.isDemo ?? false,
      passwordHash: await hashPassword(TEST_PASSWORD),
    })
    .returning();
  if (!row) throw new Error('user not created');
  return row;
}

export async function postJson(server: TestServer, path: string, body: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export async function signIn(server: TestServer, username: string, password = TEST_PASSWORD) {
  const { status, body } = await postJson(server, '/core/api/auth/token/obtain/', {
    username,
    password,
  });
  if (status !== 200) throw new Error(`sign-in failed with ${status}`);
  return body as { access: string; refresh: string };
}

/** The access token of a new user of the organisation (null: platform staff) with the role. */
export async function tokenFor(server: TestServer, organisationId: string | null, role: Role) {
  return (await signIn(server, (await createUser(server, { organisationId, role })).username))
    .access;
}

export async function graphql(
  server: TestServer,
  query: string,
  options: { token?: string; variables?: Record<string, unknown>; path?: string } = {},
) {
  const response = await fetch(`${server.url}${options.path ?? '/gql/v1/graphql/'}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      data?: Record<string, unknown> | null;
      errors?: { message: string }[];
    },
  };
}

/**
 * Uploads a counter file as the user and waits until its processing ends; answers the file and
 * the id of its processing task.
 */
export async function uploadAndProcess(
  server: TestServer,
  token: string,
  fileName: string,
  content: string,
  /** What the file counts ('vehicle', 'bike' or 'pedestrian'), as the upload form sends it. */
  kind?: string,
): Promise<{
  id: string;
  review_status: string;
  site: { id: string } | null;
  task_id: string | null;
}> {
  const form = new FormData();
  form.append('file-0', new Blob([content]), fileName);
  if (kind) form.append('kind', kind);
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const uploaded = (await response.json()) as { files: { id: string; task_id: string | null }[] };
  const id = uploaded.files[0]?.id;
  for (let attempt = 0; attempt < 400; attempt += 1) {
    const { body } = await graphql(
      server,
      `
        query ($id: ID!) {
          getTrafficDataFile(id: $id) {
            id
            review_status
            site {
              id
            }
          }
        }
      `,
      { token, variables: { id } },
    );
    const file = body.data?.getTrafficDataFile as
      { id: string; review_status: string; site: { id: string } | null } | undefined;
    if (file && file.review_status !== 'LOAD')
      return { ...file, task_id: uploaded.files[0]?.task_id ?? null };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${fileName} was not processed in time`);
}

/**
 * The embedded database the run's global setup migrated once (test/globalSetup.ts), or none when
 * a test runs without it: a server then starts from an empty database.
 */
async function migratedDump(): Promise<Blob | undefined> {
  const path = inject('migratedDatabaseDump');
  return path ? new Blob([await readFile(path)]) : undefined;
}

/**
 * Uploads a small survey of made-up traffic (three days from 3 March 2025, 200 vehicles a day
 * both ways at about 50 km/h) as a new site at the given place; answers the site and its file.
 */
export async function uploadSmallSurvey(
  server: TestServer,
  token: string,
  survey: { seed: number; name: string; latitude: number; longitude: number },
): Promise<{ siteId: string; fileId: string }> {
  const vehicles = generateTraffic({
    seed: survey.seed,
    startDay: '2025-03-03',
    days: 3,
    vehiclesPerDay: 200,
    directions: [1, 5],
    meanSpeedKmh: 50,
  });
  const { name, latitude, longitude } = survey;
  const text = [...roadcountCsvText(vehicles, { name, latitude, longitude })].join('');
  const file = await uploadAndProcess(server, token, `${name}.csv`, text);
  return { siteId: file.site?.id ?? '', fileId: file.id };
}

/**
 * Asks `read` again every 50 ms until `done` holds for its answer (a task finishing in the
 * background), at most `attempts` times; gives back the last answer either way, for the test's
 * own expectations to judge.
 */
export async function pollUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  attempts = 200,
): Promise<T> {
  let value = await read();
  for (let attempt = 1; attempt < attempts && !done(value); attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

/**
 * Runs a finished task a second time, as a worker that died after the work and before marking
 * it done would: the same kind, organisation, user and payload queued again through the real
 * queue, for the worker of a `{ worker: true }` server to take. Gives back the second run's row
 * once it has ended (CM or ER), for the test to check that it changed nothing more.
 */
export async function runTaskAgain(server: TestServer, taskId: string): Promise<TaskRow> {
  const db = server.database.db;
  const [first] = await db.select().from(tasks).where(eq(tasks.id, taskId));
  if (!first) throw new Error(`no task ${taskId} to run again`);
  const again = await createTaskQueue(db).enqueue({
    functionName: first.functionName as TaskFunction,
    organisationId: first.organisationId,
    userId: first.userId,
    payload: first.payload as never,
  });
  const [ended] = await pollUntil(
    () => db.select().from(tasks).where(eq(tasks.id, again.id)),
    ([row]) => row?.state === 'CM' || row?.state === 'ER',
    400,
  );
  if (!ended) throw new Error(`task ${again.id} vanished`);
  return ended;
}

/**
 * A subscriber on one server's socket that collects the `field` of every event it is sent,
 * ready once its subscription is. `params` go with the token in connection_init.
 *
 * With a `probe` (something that makes the server send this subscriber one event, answering how
 * to know that event), the subscription is ready once a probe's event arrives, and `fence()`
 * sends one more and waits for it: events go out in the order they happen, so anything the
 * server sent this subscriber before the fence has arrived once the fence has. Probes' events
 * are left out of `items`. Without a probe, ready 100 ms after the socket is acknowledged.
 */
export async function subscribeCollecting<T>(
  server: TestServer,
  token: string,
  query: string,
  field: string,
  params: Record<string, string> = {},
  probe?: () => Promise<(item: T) => boolean>,
): Promise<{ items: T[]; close: () => Promise<void>; fence: () => Promise<void> }> {
  const items: T[] = [];
  /** Every event, the probes' too; and how to know each probe's. */
  const heard: T[] = [];
  const probes: ((item: T) => boolean)[] = [];
  const isAnyProbe = (item: T) => probes.some((isProbe) => isProbe(item));
  const client: Client = createClient({
    url: `${server.url.replace('http', 'ws')}/gql/v1/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { headers: { Authorization: `Bearer ${token}` }, ...params },
    retryAttempts: 0,
  });
  await new Promise<void>((resolve, reject) => {
    client.on('connected', () => (probe ? resolve() : setTimeout(resolve, 100)));
    client.subscribe(
      { query },
      {
        next: (value) => {
          const item = (value.data as Record<string, T>)[field] as T;
          heard.push(item);
          if (!isAnyProbe(item)) items.push(item);
        },
        error: (error) => reject(error instanceof Error ? error : new Error(JSON.stringify(error))),
        complete: () => undefined,
      },
    );
  });
  /** Sends probes until one arrives: none is lost once the subscription is live. */
  const fence = async () => {
    if (!probe) throw new Error('a fence needs a probe');
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const isProbe = await probe();
      probes.push(isProbe);
      for (let index = items.length - 1; index >= 0; index -= 1)
        if (isProbe(items[index] as T)) items.splice(index, 1);
      // A probe sent before the server had the subscription never comes: then send another.
      for (let waited = 0; waited < 2000; waited += 10) {
        if (heard.some(isProbe)) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    throw new Error('the subscription heard none of 30 probes');
  };
  if (probe) await fence();
  return { items, close: () => client.dispose() as Promise<void>, fence };
}

/** Waits until `condition` holds, asking every 25 ms for at most `seconds`; else fails naming `what`. */
export async function waitUntil(condition: () => boolean, what: string, seconds = 10) {
  for (let waited = 0; waited < seconds * 1000; waited += 25) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}
