import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { rateLimitWindows } from '../db/schema.ts';

/** The rate limits' windows in the database, where every API node counts the same attempts. */
export function createRateLimitsRepository(db: Database) {
  return {
    /**
     * Counts an attempt of `key` at `at`: in its window if the window began after `staleBefore`,
     * else as the first of a window beginning now. One statement, so that attempts arriving
     * together on several nodes are each counted. Answers the window's start and attempts.
     */
    async count(
      scope: string,
      key: string,
      at: Date,
      staleBefore: Date,
    ): Promise<{ windowStartedAt: Date; attempts: number }> {
      const stale = sql`${rateLimitWindows.windowStartedAt} <= ${staleBefore.toISOString()}`;
      const [row] = await db
        .insert(rateLimitWindows)
        .values({ scope, key, windowStartedAt: at, attempts: 1 })
        .onConflictDoUpdate({
          target: [rateLimitWindows.scope, rateLimitWindows.key],
          set: {
            windowStartedAt: sql`case when ${stale} then excluded.window_started_at else ${rateLimitWindows.windowStartedAt} end`,
            attempts: sql`case when ${stale} then 1 else ${rateLimitWindows.attempts} + 1 end`,
          },
        })
        .returning({
          windowStartedAt: rateLimitWindows.windowStartedAt,
          attempts: rateLimitWindows.attempts,
        });
      if (!row) throw new Error('the rate limit count returned no row');
      return row;
    },

    async forget(scope: string, key: string): Promise<void> {
      await db
        .delete(rateLimitWindows)
        .where(and(eq(rateLimitWindows.scope, scope), eq(rateLimitWindows.key, key)));
    },

    /** Drops the scope's windows that began at or before `staleBefore`. */
    async sweep(scope: string, staleBefore: Date): Promise<void> {
      await db
        .delete(rateLimitWindows)
        .where(
          and(
            eq(rateLimitWindows.scope, scope),
            lte(rateLimitWindows.windowStartedAt, staleBefore),
          ),
        );
    },
  };
}

export type RateLimitsRepository = ReturnType<typeof createRateLimitsRepository>;
