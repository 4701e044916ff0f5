import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { factorGroups, siteGroupMembers, siteGroups, sites } from '../../infra/db/schema.ts';

export interface FactorGroupRow {
  id: string;
  organisationId: string;
  name: string;
  basis: string;
}

export interface MemberSiteRow {
  groupId: string;
  siteId: string;
  name: string;
  siteType: string;
}

/** Issue 25: which site groups are factor groups, and their live member sites. */
export function createFactorGroupsRepository(db: Database) {
  const groupColumns = {
    id: siteGroups.id,
    organisationId: siteGroups.organisationId,
    name: siteGroups.name,
    basis: factorGroups.basis,
  };
  return {
    /** The factor groups of one organisation (or of all: null), by name. */
    list(organisationId: string | null): Promise<FactorGroupRow[]> {
      return db
        .select(groupColumns)
        .from(factorGroups)
        .innerJoin(siteGroups, eq(siteGroups.id, factorGroups.groupId))
        .where(organisationId ? eq(siteGroups.organisationId, organisationId) : undefined)
        .orderBy(asc(sql`lower(${siteGroups.name})`));
    },

    /** The live sites of the groups. */
    members(groupIds: string[]): Promise<MemberSiteRow[]> {
      if (groupIds.length === 0) return Promise.resolve([]);
      return db
        .select({
          groupId: siteGroupMembers.groupId,
          siteId: sites.id,
          name: sites.name,
          siteType: sites.siteType,
        })
        .from(siteGroupMembers)
        .innerJoin(sites, eq(sites.id, siteGroupMembers.siteId))
        .where(and(inArray(siteGroupMembers.groupId, groupIds), isNull(sites.deletedAt)))
        .orderBy(asc(sql`lower(${sites.name})`));
    },

    /** The factor groups a site belongs to, by name (the first is the one used). */
    async groupsOfSite(siteId: string): Promise<FactorGroupRow[]> {
      return db
        .select(groupColumns)
        .from(siteGroupMembers)
        .innerJoin(factorGroups, eq(factorGroups.groupId, siteGroupMembers.groupId))
        .innerJoin(siteGroups, eq(siteGroups.id, siteGroupMembers.groupId))
        .where(eq(siteGroupMembers.siteId, siteId))
        .orderBy(asc(sql`lower(${siteGroups.name})`));
    },

    /** The organisation's live continuous sites, for clustering by monthly pattern. */
    continuousSites(organisationId: string | null) {
      return db
        .select({ siteId: sites.id, name: sites.name, organisationId: sites.ownerOrganisationId })
        .from(sites)
        .where(
          and(
            organisationId ? eq(sites.ownerOrganisationId, organisationId) : undefined,
            eq(sites.siteType, 'continuous'),
            isNull(sites.deletedAt),
          ),
        )
        .orderBy(asc(sql`lower(${sites.name})`));
    },

    async setBasis(groupId: string, basis: string | null): Promise<void> {
      if (basis === null) {
        await db.delete(factorGroups).where(eq(factorGroups.groupId, groupId));
        return;
      }
      await db
        .insert(factorGroups)
        .values({ groupId, basis })
        .onConflictDoUpdate({ target: factorGroups.groupId, set: { basis } });
    },
  };
}

export type FactorGroupsRepository = ReturnType<typeof createFactorGroupsRepository>;
