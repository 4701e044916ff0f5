import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import {
  organisations,
  sites,
  trafficDataFiles,
  userNotifications,
  users,
} from '../../infra/db/schema.ts';

export type FileRow = typeof trafficDataFiles.$inferSelect;

/** What processing a file reads and writes in the database: the file, its organisation and site. */
export function createIngestRepository(db: Database) {
  return {
    async findFile(id: string): Promise<FileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(trafficDataFiles).where(eq(trafficDataFiles.id, id));
      return row;
    },

    async updateFile(id: string, values: Partial<typeof trafficDataFiles.$inferInsert>) {
      const [row] = await db
        .update(trafficDataFiles)
        .set(values)
        .where(eq(trafficDataFiles.id, id))
        .returning();
      if (!row) throw new Error(`file ${id} not found`);
      return row;
    },

    /** The preferences of the user who uploaded a file (their language), if still known. */
    async uploaderPreferences(userId: string | null): Promise<Record<string, unknown> | null> {
      if (!userId || !isUuid(userId)) return null;
      const [row] = await db
        .select({ preferences: users.preferences })
        .from(users)
        .where(eq(users.id, userId));
      return row?.preferences ?? null;
    },

    async findOrganisation(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
      return row;
    },

    /** The live site, whatever its organisation (tasks name sites by id). */
    async findLiveSite(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(sites).where(eq(sites.id, id));
      return row && !row.deletedAt ? row : undefined;
    },

    async setSiteMeta(siteId: string, coreSiteMeta: Record<string, unknown>) {
      await db.update(sites).set({ coreSiteMeta }).where(eq(sites.id, siteId));
    },

    /** The site's files, oldest upload first. */
    siteFiles(siteId: string) {
      return db
        .select()
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.siteId, siteId))
        .orderBy(asc(trafficDataFiles.uploadedOn));
    },

    /** The site's files that were read (they have a review status), oldest upload first. */
    processedSiteFiles(siteId: string) {
      return db
        .select()
        .from(trafficDataFiles)
        .where(and(eq(trafficDataFiles.siteId, siteId), isNotNull(trafficDataFiles.reviewStatus)))
        .orderBy(asc(trafficDataFiles.uploadedOn));
    },

    async notify(values: typeof userNotifications.$inferInsert) {
      await db.insert(userNotifications).values(values);
    },
  };
}

export type IngestRepository = ReturnType<typeof createIngestRepository>;
