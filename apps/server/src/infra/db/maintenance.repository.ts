import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any handle of either driver: maintenance reads no table, so it needs no schema (nor database.ts). */
type Database = Pick<PgDatabase<PgQueryResultHKT>, 'execute'>;

/** Whether the database answers a query. */
export async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** Refreshes the planner's statistics and the visibility map (what autovacuum does). */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
