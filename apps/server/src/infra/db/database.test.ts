import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/testServer.ts';

async function eventually(check: () => boolean, timeoutMs = 5000) {
  for (let waited = 0; !check(); waited += 50) {
    if (waited > timeoutMs) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('LISTEN/NOTIFY', () => {
  it('calls back on NOTIFY, and on PostgreSQL keeps listening after its connection is dropped', async () => {
    const { handle, drop, url } = await openTestDatabase();
    const payloads: string[] = [];
    const stop = await handle.listen('roadcount_test', (payload) => payloads.push(payload));
    await handle.db.execute(sql`select pg_notify('roadcount_test', 'first')`);
    await eventually(() => payloads.includes('first'));
    if (url) {
      // As when the database restarts or an administrator ends the session.
      const answer: unknown = await handle.db.execute(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
      );
      const terminated = answer as { rows: { ended: boolean }[] };
      expect(terminated.rows).toEqual([{ ended: true }]);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await handle.db.execute(sql`select pg_notify('roadcount_test', 'after reconnect')`);
      await eventually(() => payloads.includes('after reconnect'));
    }
    await stop();
    await drop();
    expect(payloads[0]).toBe('first');
  }, 20_000);
});
