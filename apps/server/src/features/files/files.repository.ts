import { and, asc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { organisations, sites, trafficDataFiles } from '../../infra/db/schema.ts';
import { isUuid } from '../../infra/db/ids.ts';

export type TrafficDataFileRow = typeof trafficDataFiles.$inferSelect;

export function createFilesRepository(db: Database) {
  return {
    async insert(values: typeof trafficDataFiles.$inferInsert): Promise<TrafficDataFileRow> {
      const [row] = await db.insert(trafficDataFiles).values(values).returning();
      if (!row) throw new Error('file insert returned no row');
      return row;
    },
    async find(id: string): Promise<TrafficDataFileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(trafficDataFiles).where(eq(trafficDataFiles.id, id));
      return row;
    },
    /** The organisation's earliest file with this content, other than `exceptId`. */
    async findByHash(organisationId: string, sha256: string, exceptId?: string) {
      const [row] = await db
        .select()
        .from(trafficDataFiles)
        .where(
          and(
            eq(trafficDataFiles.organisationId, organisationId),
            eq(trafficDataFiles.sha256, sha256),
            ...(exceptId ? [ne(trafficDataFiles.id, exceptId)] : []),
          ),
        )
        .orderBy(asc(trafficDataFiles.uploadedOn))
        .limit(1);
      return row;
    },
    async update(
      id: string,
      values: Partial<typeof trafficDataFiles.$inferInsert>,
    ): Promise<TrafficDataFileRow> {
      const [row] = await db
        .update(trafficDataFiles)
        .set(values)
        .where(eq(trafficDataFiles.id, id))
        .returning();
      if (!row) throw new Error(`file ${id} not found`);
      return row;
    },
    /** The file with its site and the site's organisation name, for the file queries. */
    async findWithSite(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ file: trafficDataFiles, site: sites, organisationName: organisations.name })
        .from(trafficDataFiles)
        .leftJoin(sites, eq(sites.id, trafficDataFiles.siteId))
        .leftJoin(organisations, eq(organisations.id, sites.ownerOrganisationId))
        .where(eq(trafficDataFiles.id, id));
      return row;
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
