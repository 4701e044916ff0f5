import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { organisations, pageViews } from '../../infra/db/schema.ts';

/** A site's or file's id in a path, so that every site detail counts as one screen. */
const ID_IN_PATH = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export interface ScreenUsage {
  organisationId: string | null;
  organisationName: string | null;
  screen: string;
  views: number;
  users: number;
  lastViewedAt: Date;
}

/** Page views, kept for usage figures. */
export function createTrackingRepository(db: Database) {
  return {
    async recordPageView(values: {
      userId: string;
      organisationId: string | null;
      path: string;
    }): Promise<void> {
      await db.insert(pageViews).values(values);
    },
    /** Views and distinct users per organisation and screen since a time, most viewed first. */
    async usageSince(since: Date, limit: number): Promise<ScreenUsage[]> {
      // The pattern is written into the statement (a constant), so that the select and the
      // group by name the very same expression.
      const screen = sql<string>`regexp_replace(${pageViews.path}, '${sql.raw(ID_IN_PATH)}', ':id', 'g')`;
      const rows = await db
        .select({
          organisationId: pageViews.organisationId,
          organisationName: organisations.name,
          screen,
          views: sql<number>`count(*)::int`,
          users: sql<number>`count(distinct ${pageViews.userId})::int`,
          lastViewedAt: sql<Date>`max(${pageViews.viewedAt})`,
        })
        .from(pageViews)
        .leftJoin(organisations, eq(organisations.id, pageViews.organisationId))
        .where(and(gte(pageViews.viewedAt, since)))
        .groupBy(pageViews.organisationId, organisations.name, screen)
        .orderBy(desc(sql`count(*)`), screen)
        .limit(limit);
      return rows.map((row) => ({ ...row, lastViewedAt: new Date(row.lastViewedAt) }));
    },
  };
}

export type TrackingRepository = ReturnType<typeof createTrackingRepository>;
