// Shared by the benchmarks: servers started as `npm start` runs them, each on a fresh database.
import { spawn } from 'node:child_process';
import { openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { encodeRollupSeries, rollupSeriesFromDays, type DailyRollup } from '@roadcount/analytics';
import { inArray } from 'drizzle-orm';
import { createClient } from 'graphql-ws';
import pg from 'pg';
import WebSocket from 'ws';
import {
  createLocalBlobStore,
  sites,
  storedKeys,
  type Database,
} from '../apps/server/src/bench.ts';
// A fixed range of ports met the machine's other services (NATS on 4222).
import { freePort } from '../e2e/support/appServer.ts';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

export const baseDatabaseUrl = process.env.DATABASE_URL;
const createdDatabases: string[] = [];

/** With DATABASE_URL, each server gets a fresh PostgreSQL database; else the embedded PGlite. */
async function freshDatabase(): Promise<string | undefined> {
  if (!baseDatabaseUrl) return undefined;
  const name = `roadcount_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(baseDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabases() {
  if (!baseDatabaseUrl || createdDatabases.length === 0) return;
  const admin = new pg.Client({ connectionString: baseDatabaseUrl });
  await admin.connect();
  for (const name of createdDatabases)
    await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** The server as `npm start` runs it, in a process of its own so that its memory is its own. */
export async function startServer(
  workDir: string,
  environment: Record<string, string> = {},
  reuse?: { dataDir: string; databaseUrl: string | undefined },
) {
  const dataDir = reuse?.dataDir ?? join(workDir, `data-${Date.now()}`);
  // BENCH_PORT pins the port on a machine where ports are shared out; one server at a time.
  const port = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort();
  const databaseUrl = reuse ? reuse.databaseUrl : await freshDatabase();
  const child = spawn(
    process.execPath,
    [
      // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/profiles' profiles the server.
      ...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      join(repositoryRoot, 'apps/server/src/serve.ts'),
    ],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        ADMIN_PASSWORD: 'bench-password-1',
        // The demo surveys would be processed while the upload is measured.
        SEED_DEMO_SURVEYS: 'false',
        DATABASE_URL: databaseUrl ?? '',
        ...environment,
      },
      stdio: 'inherit',
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error('the server exited');
    const healthy = await fetch(`${url}/healthz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    // BENCH_START_SECONDS (default 60): how long a start may take on a busy machine.
    if (attempt > Number(process.env.BENCH_START_SECONDS ?? 60) * 4) {
      // Not left running once the bench gives up on it.
      child.kill('SIGKILL');
      throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const signIn = await fetch(`${url}/core/api/auth/token/obtain/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'bench-password-1' }),
  });
  const { access } = (await signIn.json()) as { access: string };
  return {
    url,
    access,
    dataDir,
    databaseUrl,
    pid: child.pid,
    /** The server process's peak resident memory so far (VmHWM), MB. */
    peakRssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
    },
    /** Starts the peak over from the present resident memory (Linux's clear_refs 5). */
    resetPeakRss: () => writeFileSync(`/proc/${child.pid}/clear_refs`, '5'),
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const FILE_STATE = `query($id: ID!) { getTrafficDataFile(id: $id) { review_status logs { saved_vehicles processing_error } } }`;

async function fileState(server: { url: string; access: string }, id: string) {
  const answer = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query: FILE_STATE, variables: { id } }),
  });
  const { data } = (await answer.json()) as {
    data: {
      getTrafficDataFile: {
        review_status: string;
        logs: { saved_vehicles: number; processing_error: string | null };
      };
    };
  };
  return data.getTrafficDataFile;
}

/**
 * Upload to a processed status through the API, as the web client does: the file goes up as a
 * stream and the end of its task arrives on the task subscription (with a slow poll as well, in
 * case an event is missed), rather than asking the server for the file's state many times a second.
 * With `andRollups`, it also waits (up to two minutes) for the site's daily rollups that the
 * processing queues, so that what is measured next does not share the machine with them.
 */
export async function uploadAndWait(
  server: { url: string; access: string },
  path: string,
  { andRollups = false }: { andRollups?: boolean } = {},
) {
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/gql/v1/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${server.access}` },
    retryAttempts: 0,
    lazy: false,
  });
  const ended = new Map<string, string>();
  let rollupsEnded = false;
  let wake = () => {};
  await new Promise<void>((resolve, reject) => {
    const connected = client.on('connected', () => {
      connected();
      resolve();
    });
    client.subscribe<{
      task_tracking_updated: { state: string; file_id: string | null; function_name: string };
    }>(
      { query: 'subscription { task_tracking_updated { state file_id function_name } }' },
      {
        next: ({ data }) => {
          const task = data?.task_tracking_updated;
          const done = task?.state === 'CM' || task?.state === 'ER';
          if (task?.file_id && done) {
            ended.set(task.file_id, task.state);
            wake();
          }
          if (task?.function_name === 'refresh_site_rollups' && done) {
            rollupsEnded = true;
            wake();
          }
        },
        error: (error) => reject(error instanceof Error ? error : new Error(String(error))),
        complete: () => undefined,
      },
    );
  });
  try {
    const started = performance.now();
    const form = new FormData();
    form.append('file-0', await openAsBlob(path), path.split('/').at(-1));
    form.append('force', 'true');
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.access}` },
      body: form,
    });
    const { files } = (await response.json()) as { files: { id: string }[] };
    const id = files[0]?.id ?? '';
    for (;;) {
      if (ended.has(id) || (await fileState(server, id)).review_status !== 'LOAD') break;
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 500);
      });
    }
    const seconds = (performance.now() - started) / 1000;
    const rollupsFrom = performance.now();
    while (andRollups && !rollupsEnded && performance.now() - rollupsFrom < 120_000)
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 500);
      });
    if (andRollups)
      console.log(
        `the site's rollups ${rollupsEnded ? 'were refreshed' : 'were not refreshed'} ${((performance.now() - rollupsFrom) / 1000).toFixed(1)} s after processing`,
      );
    const file = await fileState(server, id);
    if (file.logs.processing_error) throw new Error(file.logs.processing_error);
    return { fileId: id, vehicles: file.logs.saved_vehicles, seconds };
  } finally {
    await client.dispose();
  }
}

/**
 * Packs the daily rollups a bench wrote straight into the database as the refresh task would:
 * each site's series in the blob store under version 1, which the sites then carry.
 */
export async function packSeededRollups(
  database: { db: Database },
  dataDir: string,
  rowsBySite: Map<string, DailyRollup[]>,
) {
  const blobs = createLocalBlobStore(join(dataDir, 'blobs'));
  for (const [siteId, rows] of rowsBySite)
    await blobs.putBytes(
      storedKeys.rollupSeries(siteId, 1),
      encodeRollupSeries(rollupSeriesFromDays(rows)),
    );
  const ids = [...rowsBySite.keys()];
  for (let start = 0; start < ids.length; start += 1000)
    await database.db
      .update(sites)
      .set({ rollupsVersion: 1 })
      .where(inArray(sites.id, ids.slice(start, start + 1000)));
}
