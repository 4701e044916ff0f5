import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../infra/db/database.ts';
import { users } from '../../infra/db/schema.ts';
import { verifyPassword } from '../../infra/auth/passwords.ts';
import { seedDemo } from './demo.seed.ts';

function capturingLogger() {
  const lines: string[] = [];
  const logger = pino({}, { write: (line: string) => lines.push(line) });
  return { logger, lines };
}

describe('demo seed on an embedded database', () => {
  it('creates the demo once, logs generated passwords once, and keeps data across restarts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-demo-'));
    const first = await openDatabase({ dataDir });
    await first.migrate();
    const { logger, lines } = capturingLogger();
    expect(await seedDemo(first.db, logger, { admin: 'chosen-admin-pass' })).toBe(true);
    const [demo] = await first.db.select().from(users).where(eq(users.username, 'demo'));
    const [admin] = await first.db.select().from(users).where(eq(users.username, 'admin'));
    expect(demo?.isDemo).toBe(true);
    expect(admin?.role).toBe('org_admin');
    expect(await verifyPassword(admin?.passwordHash ?? '', 'chosen-admin-pass')).toBe(true);
    const logged = /'demo' with password (\S+)/.exec(lines.join(''))?.[1] ?? '';
    expect(await verifyPassword(demo?.passwordHash ?? '', logged)).toBe(true);
    expect(lines.join('')).not.toContain('chosen-admin-pass');
    await first.close();

    const second = await openDatabase({ dataDir });
    await second.migrate();
    const again = capturingLogger();
    expect(await seedDemo(second.db, again.logger, {})).toBe(false);
    expect(again.lines).toEqual([]);
    const kept = await second.db.select().from(users);
    expect(kept.map((user) => user.username).sort()).toEqual(['admin', 'demo']);
    await second.close();
    // Two embedded databases made and migrated: slow on a loaded machine.
  }, 120_000);
});
