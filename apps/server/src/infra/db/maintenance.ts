import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './database.ts';

const ANALYZE_EVERY_MS = 15 * 60_000;

/**
 * PostgreSQL's autovacuum keeps the planner's statistics current; the embedded PGlite runs none,
 * and with stale statistics the planner scans whole tables instead of using their indexes (a
 * page of the files table went from milliseconds to seconds). So the embedded database is
 * analysed at start and every 15 minutes. Answers a function that stops it.
 */
export function startEmbeddedMaintenance(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  const analyze = () =>
    void database.db.execute(sql`analyze`).catch((error: unknown) => {
      log.warn({ err: error }, 'the embedded database could not be analysed');
    });
  analyze();
  const timer = setInterval(analyze, ANALYZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
