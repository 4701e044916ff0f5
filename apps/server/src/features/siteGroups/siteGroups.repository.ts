import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { siteGroupMembers, siteGroups, sites } from '../../infra/db/schema.ts';

export type SiteGroupRow = typeof siteGroups.$inferSelect;

// Live member sites only: a deleted or merged site leaves its groups' counts.
const liveMembers = sql<number>`(select count(*)::int from site_group_members m join sites s on s.id = m.site_id where m.group_id = "site_groups"."id" and s.deleted_at is null)`;

export function createSiteGroupsRepository(db: Database) {
  return {
    /** Groups of one organisation, or of every organisation (null), by name. */
    async list(organisationId: string | null) {
      return db
        .select({ group: siteGroups, siteCount: liveMembers })
        .from(siteGroups)
        .where(organisationId ? eq(siteGroups.organisationId, organisationId) : undefined)
        .orderBy(asc(sql`lower(${siteGroups.name})`));
    },
    async find(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ group: siteGroups, siteCount: liveMembers })
        .from(siteGroups)
        .where(eq(siteGroups.id, id));
      return row;
    },
    /** Names already used in the organisation, leaving out one group (being renamed). */
    async namesInOrganisation(organisationId: string, exceptId?: string) {
      const rows = await db
        .select({ name: siteGroups.name })
        .from(siteGroups)
        .where(
          and(
            eq(siteGroups.organisationId, organisationId),
            exceptId ? ne(siteGroups.id, exceptId) : undefined,
          ),
        );
      return rows.map((row) => row.name);
    },
    async insert(organisationId: string, name: string) {
      const [row] = await db.insert(siteGroups).values({ organisationId, name }).returning();
      if (!row) throw new Error('site group insert returned no row');
      return row;
    },
    async rename(id: string, name: string) {
      await db.update(siteGroups).set({ name }).where(eq(siteGroups.id, id));
    },
    async delete(id: string) {
      await db.delete(siteGroups).where(eq(siteGroups.id, id));
    },
    /** The live sites among `ids`, with their owners. */
    async liveSites(ids: readonly string[]) {
      const valid = ids.filter(isUuid);
      if (valid.length === 0) return [];
      return db
        .select({ id: sites.id, ownerOrganisationId: sites.ownerOrganisationId })
        .from(sites)
        .where(and(inArray(sites.id, valid), isNull(sites.deletedAt)));
    },
    async addMembers(groupId: string, siteIds: readonly string[]) {
      if (siteIds.length === 0) return;
      await db
        .insert(siteGroupMembers)
        .values(siteIds.map((siteId) => ({ groupId, siteId })))
        .onConflictDoNothing();
    },
    async removeMembers(groupId: string, siteIds: readonly string[]) {
      const valid = siteIds.filter(isUuid);
      if (valid.length === 0) return;
      await db
        .delete(siteGroupMembers)
        .where(and(eq(siteGroupMembers.groupId, groupId), inArray(siteGroupMembers.siteId, valid)));
    },
  };
}

export type SiteGroupsRepository = ReturnType<typeof createSiteGroupsRepository>;
