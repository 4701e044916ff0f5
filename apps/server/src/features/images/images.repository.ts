import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { images } from '../../infra/db/schema.ts';

export type ImageRow = typeof images.$inferSelect;

export function createImagesRepository(db: Database) {
  return {
    async list(organisationId: string): Promise<ImageRow[]> {
      return db
        .select()
        .from(images)
        .where(eq(images.organisationId, organisationId))
        .orderBy(desc(images.uploadedOn), images.fileName);
    },
    /** The organisation's names among these, compared without regard to case. */
    async existingNames(organisationId: string, names: string[]): Promise<string[]> {
      if (names.length === 0) return [];
      const rows = await db
        .select({ fileName: images.fileName })
        .from(images)
        .where(
          and(
            eq(images.organisationId, organisationId),
            inArray(
              sql`lower(${images.fileName})`,
              names.map((name) => name.toLowerCase()),
            ),
          ),
        );
      return rows.map((row) => row.fileName);
    },
    /** All or none: a name taken meanwhile fails the unique index and nothing is inserted. */
    async insertAll(values: (typeof images.$inferInsert)[]): Promise<ImageRow[]> {
      return db.insert(images).values(values).returning();
    },
  };
}

export type ImagesRepository = ReturnType<typeof createImagesRepository>;
