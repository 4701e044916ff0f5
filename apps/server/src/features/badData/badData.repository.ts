import type { BadDataState } from '@roadcount/domain';
import type { DetectedPeriod } from '@roadcount/analytics';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { badDataPeriods, users } from '../../infra/db/schema.ts';

export type BadDataPeriodRecord = typeof badDataPeriods.$inferSelect & {
  reviewerName: string | null;
};

/** The same stretch by the same rule: a reviewed period is not flagged again. */
const sameStretch = (row: typeof badDataPeriods.$inferSelect, period: DetectedPeriod): boolean =>
  row.rule === period.rule &&
  row.direction === period.direction &&
  row.lane === period.lane &&
  row.startTime.getTime() === period.startMs &&
  row.endTime.getTime() === period.endMs;

/** SQL of the flagged bad-data periods of sites (issue 25). */
export function createBadDataRepository(db: Database) {
  return {
    /** A site's periods in time order, with their reviewer's username. */
    async listForSite(siteId: string): Promise<BadDataPeriodRecord[]> {
      const rows = await db
        .select({ period: badDataPeriods, reviewerName: users.username })
        .from(badDataPeriods)
        .leftJoin(users, eq(users.id, badDataPeriods.reviewedBy))
        .where(eq(badDataPeriods.siteId, siteId))
        .orderBy(
          asc(badDataPeriods.startTime),
          asc(badDataPeriods.rule),
          asc(badDataPeriods.direction),
          asc(badDataPeriods.lane),
        );
      return rows.map((row) => ({ ...row.period, reviewerName: row.reviewerName }));
    },

    /**
     * Replaces the site's periods still to review by `detected`, leaving reviewed ones as
     * they are and not flagging their stretches again: running it twice changes nothing.
     */
    async replaceFlagged(siteId: string, detected: readonly DetectedPeriod[]) {
      return db.transaction(async (tx) => {
        await tx
          .delete(badDataPeriods)
          .where(and(eq(badDataPeriods.siteId, siteId), eq(badDataPeriods.state, 'flagged')));
        const reviewed = await tx
          .select()
          .from(badDataPeriods)
          .where(and(eq(badDataPeriods.siteId, siteId), ne(badDataPeriods.state, 'flagged')));
        const fresh = detected.filter(
          (period) => !reviewed.some((row) => sameStretch(row, period)),
        );
        for (let start = 0; start < fresh.length; start += 500)
          await tx.insert(badDataPeriods).values(
            fresh.slice(start, start + 500).map((period) => ({
              siteId,
              rule: period.rule,
              direction: period.direction,
              lane: period.lane,
              startTime: new Date(period.startMs),
              endTime: new Date(period.endMs),
              value: period.value,
            })),
          );
        return fresh.length;
      });
    },

    /** Records a person's decision on a period. */
    async review(id: string, state: BadDataState, reviewerId: string) {
      await db
        .update(badDataPeriods)
        .set({ state, reviewedBy: reviewerId, reviewedAt: new Date() })
        .where(eq(badDataPeriods.id, id));
    },
  };
}

export type BadDataRepository = ReturnType<typeof createBadDataRepository>;
