import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './database.ts';
import { vacuumAnalyze } from './maintenance.repository.ts';

const ANALYZE_EVERY_MS = 15 * 60_000;

/**
 * PostgreSQL's autovacuum keeps the planner's statistics and the visibility map current; the
 * embedded PGlite runs none. With stale statistics the planner scans whole tables instead of
 * using their indexes, and without the visibility map an index-only scan reads every row anyway
 * (a page of the files table went from milliseconds to seconds). So the embedded database is
 * vacuumed and analysed at start (after migrations and bulk loads) and every 15 minutes, never
 * per request. Answers a function that stops it.
 */
export function startEmbeddedMaintenance(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): () => void {
  if (database.kind !== 'pglite') return () => undefined;
  const analyze = () =>
    void vacuumAnalyze(database.db).catch((error: unknown) => {
      log.warn({ err: error }, 'the embedded database could not be vacuumed');
    });
  analyze();
  const timer = setInterval(analyze, ANALYZE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
