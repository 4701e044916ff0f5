import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../infra/db/database.ts';
import { passwordTokens, users } from '../infra/db/schema.ts';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'createAdmin.ts');
const serveScript = join(import.meta.dirname, '..', 'serve.ts');

/** An environment for the embedded database in a new DATA_DIR, whatever the caller's says. */
function embeddedEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'roadcount-cli-')),
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    ...extra,
  };
  delete environment.PUBLIC_URL;
  return environment;
}

/** Runs `npm run create-admin -- <arguments>`; answers its exit code and output either way. */
async function createAdmin(environment: NodeJS.ProcessEnv, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', script, ...args], { env: environment }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

describe('npm run create-admin', () => {
  it('creates a platform admin with a single-use link to choose the password', async () => {
    // The link follows PORT as the server does.
    const environment = embeddedEnvironment({ PORT: '4321' });
    const { stdout } = await createAdmin(environment, 'staff.anna', 'Anna@Example.test');
    expect(stdout).toMatch(/Platform admin 'staff\.anna' created/);
    expect(stdout).toMatch(/http:\/\/localhost:4321\/auth\/password\?token=[\w-]{43}/);
    expect(stdout).toContain('assumes the server runs on this machine on port 4321');

    const again = await createAdmin(environment, 'staff.anna', 'anna@example.test');
    expect(again).toMatchObject({ code: 1 });
    expect(again.stderr).toContain('already exists');
    expect(again.stdout).not.toContain('created');

    const database = await openDatabase({ dataDir: environment.DATA_DIR });
    const [admin] = await database.db.select().from(users).where(eq(users.username, 'staff.anna'));
    expect(admin).toMatchObject({
      role: 'admin',
      organisationId: null,
      email: 'anna@example.test',
    });
    const tokens = await database.db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.userId, admin?.id ?? ''));
    expect(tokens.map((token) => token.purpose)).toEqual(['invite']);
    await database.close();
  }, 60_000);

  it('refuses while the server holds the embedded database, which makes its admin from configuration', async () => {
    const environment = embeddedEnvironment({
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      ANALYSIS_PRESTART: 'false',
      ANALYSIS_WARM_UP: 'false',
      SCHEDULED_CHECKS: 'false',
      WEB_DIST_DIR: mkdtempSync(join(tmpdir(), 'roadcount-web-')),
      PLATFORM_ADMIN_USERNAME: 'staff.ben',
      PLATFORM_ADMIN_EMAIL: 'ben@example.test',
      PLATFORM_ADMIN_PASSWORD: 'copper-kettle-93',
    });
    const server = spawn(process.execPath, ['--import', 'tsx', serveScript], {
      env: environment,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(server, 'exit');
    try {
      // Fastify logs the address it listens on once the server answers.
      let url: string | undefined;
      for await (const line of createInterface({ input: server.stdout })) {
        url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
        if (url) break;
      }
      server.stdout.resume();
      expect(url).toBeDefined();

      const signIn = await fetch(`${url}/core/api/auth/token/obtain/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'staff.ben', password: 'copper-kettle-93' }),
      });
      expect(signIn.status).toBe(200);
      const { access } = (await signIn.json()) as { access: string };
      const payload: unknown = JSON.parse(
        Buffer.from(access.split('.')[1] ?? '', 'base64url').toString(),
      );
      expect(payload).toMatchObject({ group: 'admin' });

      const refused = await createAdmin(
        { ...environment, LOG_LEVEL: 'silent' },
        'staff.cleo',
        'cleo@example.test',
      );
      expect(refused.code).toBe(1);
      expect(refused.stdout).not.toContain('created');
      expect(refused.stderr).toContain(
        `No admin was created: the embedded database in ${join(environment.DATA_DIR ?? '', 'db')} is in use by a running Roadcount server (process ${server.pid})`,
      );
      expect(refused.stderr).toContain('Stop the server, run this command again');
    } finally {
      server.kill('SIGTERM');
      await exited;
    }

    // Stopped, the server let the database go: the command works, and the configured admin is
    // there as it was made.
    const environmentAfter = { ...environment, LOG_LEVEL: 'silent' };
    const made = await createAdmin(environmentAfter, 'staff.cleo', 'cleo@example.test');
    expect(made.stdout).toMatch(/Platform admin 'staff\.cleo' created/);
    const taken = await createAdmin(environmentAfter, 'staff.ben', 'other@example.test');
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain("A user with the username 'staff.ben'");
    const database = await openDatabase({ dataDir: environment.DATA_DIR });
    const admins = await database.db
      .select({ username: users.username, role: users.role, organisationId: users.organisationId })
      .from(users)
      .where(eq(users.role, 'admin'));
    expect(admins.sort((a, b) => a.username.localeCompare(b.username))).toEqual([
      { username: 'staff.ben', role: 'admin', organisationId: null },
      { username: 'staff.cleo', role: 'admin', organisationId: null },
    ]);
    await database.close();
  }, 180_000);
});
