import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export const DEMO_PASSWORD = 'demo-e2e-password';
export const ADMIN_PASSWORD = 'admin-e2e-password';
/** The platform admin `staff`'s, on the shared app with one (appBroker.ts). */
export const STAFF_PASSWORD = 'staff-e2e-password';
export { repositoryRoot };

/** A port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningApp {
  url: string;
  dataDir: string;
  output: () => string;
  /** Stops the server and removes its DATA_DIR, unless `keepData` (to start on it again). */
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts the built app as `npm start` serves it, on a free port and a fresh DATA_DIR, or on one
 * prepared beforehand (say, by `npm run create-admin`).
 */
export async function startApp(
  environment: Record<string, string> = {},
  preparedDataDir?: string,
): Promise<RunningApp> {
  // A PORT given serves on that port (a new version deployed where the old one ran).
  const port = environment.PORT ? Number(environment.PORT) : await freePort();
  const dataDir = preparedDataDir ?? mkdtempSync(join(tmpdir(), 'roadcount-e2e-'));
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/serve.ts'],
    {
      cwd: repositoryRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD,
        DEMO_PASSWORD,
        LOG_LEVEL: 'info',
        SEED_DEMO_SURVEYS: 'false',
        // The demo's realtime site stays as the tests leave it unless one asks for its feed.
        DEMO_REALTIME: 'false',
        // Every test file signs in from 127.0.0.1 to one server: the sign-in limits (tested on
        // their own in apps/server/test/accounts.test.ts) would refuse the later files.
        SIGN_IN_LIMIT_PER_IP: '10000',
        SIGN_IN_LIMIT_PER_ACCOUNT: '10000',
        ...environment,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  // A bound for a server that hangs, not a measure of speed: a loaded 2-core machine has taken
  // a minute to start the demo with its surveys. E2E_START_SECONDS sets another.
  const startSeconds = Number(process.env.E2E_START_SECONDS ?? 150);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Left running, it would go on seeding beside the tests after it.
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${startSeconds} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    dataDir,
    output: () => output,
    stop: async (options) => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options?.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
