import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { mapNoteGroups, mapNotes, organisations, sites } from '../../infra/db/schema.ts';

export type MapNoteRow = typeof mapNotes.$inferSelect;
export type MapNoteGroupRow = typeof mapNoteGroups.$inferSelect;

/** Map notes and their groups, always within one organisation. */
export function createMapNotesRepository(db: Database) {
  return {
    async organisationPreferences(organisationId: string) {
      const [row] = await db
        .select({ preferences: organisations.preferences })
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row?.preferences;
    },

    notes(organisationId: string) {
      return db
        .select({ note: mapNotes, siteName: sites.name })
        .from(mapNotes)
        .leftJoin(sites, eq(sites.id, mapNotes.siteId))
        .where(eq(mapNotes.organisationId, organisationId))
        .orderBy(asc(mapNotes.createdOn));
    },

    groups(organisationId: string) {
      return db
        .select()
        .from(mapNoteGroups)
        .where(eq(mapNoteGroups.organisationId, organisationId))
        .orderBy(asc(sql`lower(${mapNoteGroups.name})`));
    },

    async findGroup(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(mapNoteGroups).where(eq(mapNoteGroups.id, id));
      return row;
    },

    async findSite(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ id: sites.id, name: sites.name, organisationId: sites.ownerOrganisationId })
        .from(sites)
        .where(and(eq(sites.id, id), isNull(sites.deletedAt)));
      return row;
    },

    async insertNote(values: typeof mapNotes.$inferInsert) {
      const [row] = await db.insert(mapNotes).values(values).returning();
      if (!row) throw new Error('map note was not stored');
      return row;
    },

    async updateNote(
      id: string,
      values: Partial<Pick<MapNoteRow, 'text' | 'groupId' | 'longitude' | 'latitude'>>,
    ) {
      const [row] = await db
        .update(mapNotes)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(mapNotes.id, id))
        .returning();
      if (!row) throw new Error('map note was not updated');
      return row;
    },

    async deleteNote(id: string) {
      await db.delete(mapNotes).where(eq(mapNotes.id, id));
    },

    async insertGroup(organisationId: string, name: string) {
      const [row] = await db.insert(mapNoteGroups).values({ organisationId, name }).returning();
      if (!row) throw new Error('note group was not stored');
      return row;
    },

    async renameGroup(id: string, name: string) {
      const [row] = await db
        .update(mapNoteGroups)
        .set({ name })
        .where(eq(mapNoteGroups.id, id))
        .returning();
      if (!row) throw new Error('note group was not renamed');
      return row;
    },

    /** Its notes stay on the map, without a group. */
    async deleteGroup(id: string) {
      await db.delete(mapNoteGroups).where(eq(mapNoteGroups.id, id));
    },
  };
}

export type MapNotesRepository = ReturnType<typeof createMapNotesRepository>;
