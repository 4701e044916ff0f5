import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../infra/db/database.ts';
import { passwordTokens, users } from '../infra/db/schema.ts';

const run = promisify(execFile);
const script = join(import.meta.dirname, 'createAdmin.ts');

describe('npm run create-admin', () => {
  it('creates a platform admin with a single-use link to choose the password', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-cli-'));
    // The link follows PORT as the server does, whatever the caller's environment says.
    const environment: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      PORT: '4321',
    };
    delete environment.PUBLIC_URL;
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', script, 'staff.anna', 'Anna@Example.test'],
      {
        env: environment,
      },
    );
    expect(stdout).toMatch(/Platform admin 'staff\.anna' created/);
    expect(stdout).toMatch(/http:\/\/localhost:4321\/auth\/password\?token=[\w-]{43}/);
    expect(stdout).toContain('assumes the server runs on this machine on port 4321');

    const again = await run(
      process.execPath,
      ['--import', 'tsx', script, 'staff.anna', 'anna@example.test'],
      {
        env: environment,
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(again).toMatchObject({ code: 1 });
    expect((again as { stderr: string }).stderr).toContain('already exists');

    const database = await openDatabase({ dataDir });
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
});
