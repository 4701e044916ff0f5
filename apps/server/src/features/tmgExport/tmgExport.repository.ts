import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { siteGroupMembers, sites } from '../../infra/db/schema.ts';

/** What the TMG export reads besides the stored data: a group's live sites. */
export function createTmgExportRepository(db: Database) {
  return {
    /** The ids of the group's live sites, by name. */
    async groupSiteIds(groupId: string): Promise<string[]> {
      const rows = await db
        .select({ id: sites.id })
        .from(siteGroupMembers)
        .innerJoin(sites, eq(sites.id, siteGroupMembers.siteId))
        .where(and(eq(siteGroupMembers.groupId, groupId), isNull(sites.deletedAt)))
        .orderBy(asc(sites.name));
      return rows.map((row) => row.id);
    },
  };
}

export type TmgExportRepository = ReturnType<typeof createTmgExportRepository>;
