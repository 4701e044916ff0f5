import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiGraphql, apiPost, apiSignIn } from './api.ts';
import {
  DEMO_PASSWORD,
  repositoryRoot,
  STAFF_PASSWORD,
  startApp,
  type RunningApp,
} from './appServer.ts';

/**
 * Apps that more than one test file needs set up the same costly way, started the first time a
 * file asks and shared by the files after it (they run one after another): each start costs a
 * server start, and the demo surveys' processing or a `create-admin` run on top.
 *
 * - `seeded`: the demo with its surveys (`SEED_DEMO_SURVEYS`), once they are all processed.
 * - `staff`: an app with a platform admin, `staff`, made by `npm run create-admin` as an operator
 *   would, whose password is `STAFF_PASSWORD`.
 *
 * The global setup serves them to the test files (each in a process of its own) from a small
 * HTTP server of its own; a test file calls `sharedApp(kind)` (sharedApps.ts).
 */
export type SharedAppKind = 'seeded' | 'staff';

export interface SharedApp {
  url: string;
  dataDir: string;
}

const FILES = `query { trafficDataFiles { files { review_status } } }`;

/** Waits, up to 90 s, until the demo's five survey files are processed and their rollups made. */
async function demoSurveysProcessed(app: RunningApp) {
  const token = await apiSignIn(app.url, 'demo', DEMO_PASSWORD);
  for (let waited = 0; waited < 90_000; waited += 500) {
    const { trafficDataFiles } = await apiGraphql<{
      trafficDataFiles: { files: { review_status: string | null }[] };
    }>(app.url, token, FILES);
    const done = trafficDataFiles.files.filter(
      (file) => file.review_status !== null && file.review_status !== 'LOAD',
    );
    const rollups = app.output().match(/daily rollups from/g)?.length ?? 0;
    if (done.length === 5 && rollups >= 5) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** An app whose platform admin `staff` was made by `npm run create-admin` and has set a password. */
async function appWithStaff(): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-e2e-staff-'));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/cli/createAdmin.ts', 'staff', 'staff@roadcount.test'],
    { cwd: repositoryRoot, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
  );
  const token = /token=([\w-]+)/.exec(stdout)?.[1];
  if (!token) throw new Error(`no invitation link in:\n${stdout}`);
  const app = await startApp({}, dataDir);
  await apiPost(app.url, '', '/core/api/config/password/reset/confirm/', {
    token,
    password: STAFF_PASSWORD,
  });
  return app;
}

const STARTS: Record<SharedAppKind, () => Promise<RunningApp>> = {
  seeded: async () => {
    const app = await startApp({ SEED_DEMO_SURVEYS: 'true' });
    await demoSurveysProcessed(app);
    return app;
  },
  staff: appWithStaff,
};

/** The global setup's side: serves each kind of app, starting it on the first request. */
export async function startAppBroker(): Promise<{ url: string; stop: () => Promise<void> }> {
  const started = new Map<SharedAppKind, Promise<RunningApp>>();
  const server = createServer((request, response) => {
    const kind = /^\/apps\/(\w+)$/.exec(request.url ?? '')?.[1] as SharedAppKind | undefined;
    const start = kind && Object.hasOwn(STARTS, kind) ? STARTS[kind] : undefined;
    if (!kind || !start) {
      response.writeHead(404).end(`no shared app at ${request.url}`);
      return;
    }
    if (!started.has(kind)) started.set(kind, start());
    started
      .get(kind)
      ?.then((app) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ url: app.url, dataDir: app.dataDir } satisfies SharedApp));
      })
      .catch((error: unknown) => {
        response.writeHead(500).end(error instanceof Error ? error.message : String(error));
      });
  });
  // Seeding can take minutes on a loaded machine: no time limit on the answer.
  server.requestTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the app broker has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      const apps = await Promise.allSettled(started.values());
      await Promise.all(
        apps.flatMap((app) => (app.status === 'fulfilled' ? [app.value.stop()] : [])),
      );
    },
  };
}
