import { count, eq } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import {
  factorGroups,
  organisations,
  siteGroupMembers,
  siteGroups,
  sites,
  speedLimits,
  trafficDataFiles,
  users,
} from '../../infra/db/schema.ts';

type OrganisationRow = typeof organisations.$inferSelect;

/** What the demo seed reads and writes: the demo organisation, its users, sites and files. */
export function createDemoRepository(db: Database) {
  return {
    async organisationCount(): Promise<number> {
      const [row] = await db.select({ value: count() }).from(organisations);
      return row?.value ?? 0;
    },

    /** The organisation and its users, all or none. */
    async createOrganisationWithUsers(
      organisation: typeof organisations.$inferInsert,
      members: Omit<typeof users.$inferInsert, 'organisationId'>[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [created] = await tx.insert(organisations).values(organisation).returning();
        if (!created) throw new Error('demo organisation was not created');
        await tx
          .insert(users)
          .values(members.map((member) => ({ ...member, organisationId: created.id })));
      });
    },

    async organisationByName(name: string): Promise<OrganisationRow | undefined> {
      const [row] = await db.select().from(organisations).where(eq(organisations.name, name));
      return row;
    },

    async setOrganisationPreferences(
      id: string,
      preferences: OrganisationRow['preferences'],
    ): Promise<void> {
      await db.update(organisations).set({ preferences }).where(eq(organisations.id, id));
    },

    async userByUsername(username: string) {
      const [row] = await db.select().from(users).where(eq(users.username, username));
      return row;
    },

    /** Inserts the site with its speed limit (in force since 1970), when it has one. */
    async insertSite(values: typeof sites.$inferInsert, limitMps?: number): Promise<string> {
      const [site] = await db.insert(sites).values(values).returning({ id: sites.id });
      if (!site) throw new Error('demo site was not created');
      if (limitMps !== undefined)
        await db.insert(speedLimits).values({ siteId: site.id, limitMps });
      return site.id;
    },

    /** A site group of the sites, made a factor group on the basis (issue 25). */
    async insertFactorGroup(
      organisationId: string,
      name: string,
      basis: string,
      siteIds: string[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [group] = await tx
          .insert(siteGroups)
          .values({ organisationId, name })
          .returning({ id: siteGroups.id });
        if (!group) throw new Error('demo factor group was not created');
        await tx
          .insert(siteGroupMembers)
          .values(siteIds.map((siteId) => ({ groupId: group.id, siteId })));
        await tx.insert(factorGroups).values({ groupId: group.id, basis });
      });
    },

    async insertFile(values: typeof trafficDataFiles.$inferInsert): Promise<void> {
      await db.insert(trafficDataFiles).values(values);
    },
  };
}
