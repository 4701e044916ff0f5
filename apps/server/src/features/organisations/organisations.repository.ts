import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { organisations, users } from '../../infra/db/schema.ts';
import { isUuid } from '../../infra/db/ids.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

export function createOrganisationsRepository(db: Database) {
  return {
    async findById(id: string): Promise<OrganisationRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
      return row;
    },
    /**
     * Every organisation with its active users (users of it whose `is_active` is set: the
     * figure Admin Tools shows against the subscription's limit).
     */
    async list(): Promise<(OrganisationRow & { activeUsers: number })[]> {
      const rows = await db
        .select({ organisation: organisations, activeUsers: count(users.id) })
        .from(organisations)
        .leftJoin(users, and(eq(users.organisationId, organisations.id), eq(users.isActive, true)))
        .groupBy(organisations.id)
        .orderBy(asc(organisations.name));
      return rows.map((row) => ({ ...row.organisation, activeUsers: row.activeUsers }));
    },
    async insert(values: {
      name: string;
      maxActiveUsers: number;
      maxSites: number;
    }): Promise<OrganisationRow> {
      const [row] = await db.insert(organisations).values(values).returning();
      if (!row) throw new Error('organisation insert returned no row');
      return row;
    },
    async findByName(name: string): Promise<OrganisationRow | undefined> {
      const [row] = await db
        .select()
        .from(organisations)
        .where(eq(sql`lower(${organisations.name})`, name.trim().toLowerCase()));
      return row;
    },
    async update(
      id: string,
      values: Partial<
        Pick<OrganisationRow, 'name' | 'maxActiveUsers' | 'maxSites' | 'preferences'>
      >,
    ): Promise<OrganisationRow> {
      const [row] = await db
        .update(organisations)
        .set(values)
        .where(eq(organisations.id, id))
        .returning();
      if (!row) throw new Error(`organisation ${id} not found`);
      return row;
    },
  };
}

export type OrganisationsRepository = ReturnType<typeof createOrganisationsRepository>;
