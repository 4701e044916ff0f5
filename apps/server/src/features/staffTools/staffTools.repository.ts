import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import {
  lanes,
  mapNoteGroups,
  mapNotes,
  notes,
  organisations,
  siteGroupMembers,
  siteGroups,
  sites,
  surveySites,
  trafficDataFiles,
  users,
} from '../../infra/db/schema.ts';

type SiteRow = typeof sites.$inferSelect;
type LaneRow = typeof lanes.$inferSelect;
const FILE_NOTE_SUBJECT = 'traffic_data_file';

/** What moved with a site to another organisation. */
export interface SiteMove {
  name: string;
  files: number;
  fileNotes: number;
  groups: string[];
  mapNotes: number;
}

/** The SQL of the staff tools' tasks (issue 26). */
export function createStaffToolsRepository(db: Database) {
  return {
    async site(siteId: string): Promise<SiteRow | undefined> {
      const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
      return row;
    },

    async organisation(organisationId: string) {
      const [row] = await db
        .select()
        .from(organisations)
        .where(eq(organisations.id, organisationId));
      return row;
    },

    async liveSiteCount(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(sites)
        .where(and(eq(sites.ownerOrganisationId, organisationId), isNull(sites.deletedAt)));
      return row?.total ?? 0;
    },

    /**
     * Moves the site to the organisation, all or nothing: its files and their notes, its map
     * notes, and its place in groups (a group of the same name in the receiving organisation,
     * made if missing); it leaves the sending organisation's surveys. A name the receiving
     * organisation already uses gets the sending organisation's name after it.
     */
    async moveSite(site: SiteRow, targetId: string, sourceName: string): Promise<SiteMove> {
      return db.transaction(async (tx) => {
        const [clash] = await tx
          .select({ id: sites.id })
          .from(sites)
          .where(
            and(
              eq(sites.ownerOrganisationId, targetId),
              sql`lower(${sites.name}) = lower(${site.name})`,
              ne(sites.id, site.id),
            ),
          );
        const name = clash ? `${site.name} (${sourceName})` : site.name;
        await tx
          .update(sites)
          .set({ ownerOrganisationId: targetId, name })
          .where(eq(sites.id, site.id));
        const files = await tx
          .update(trafficDataFiles)
          .set({ organisationId: targetId })
          .where(eq(trafficDataFiles.siteId, site.id))
          .returning({ id: trafficDataFiles.id });
        const fileNotes =
          files.length === 0
            ? []
            : await tx
                .update(notes)
                .set({ organisationId: targetId })
                .where(
                  and(
                    eq(notes.subject, FILE_NOTE_SUBJECT),
                    inArray(
                      notes.subjectId,
                      files.map((file) => file.id),
                    ),
                  ),
                )
                .returning({ id: notes.id });

        const memberships = await tx
          .select({ groupId: siteGroups.id, name: siteGroups.name })
          .from(siteGroupMembers)
          .innerJoin(siteGroups, eq(siteGroups.id, siteGroupMembers.groupId))
          .where(
            and(eq(siteGroupMembers.siteId, site.id), ne(siteGroups.organisationId, targetId)),
          );
        for (const membership of memberships) {
          await tx
            .insert(siteGroups)
            .values({ organisationId: targetId, name: membership.name })
            .onConflictDoNothing();
          const [group] = await tx
            .select({ id: siteGroups.id })
            .from(siteGroups)
            .where(
              and(
                eq(siteGroups.organisationId, targetId),
                sql`lower(${siteGroups.name}) = lower(${membership.name})`,
              ),
            );
          if (!group) throw new Error(`group ${membership.name} was not made`);
          await tx
            .insert(siteGroupMembers)
            .values({ groupId: group.id, siteId: site.id })
            .onConflictDoNothing();
          await tx
            .delete(siteGroupMembers)
            .where(
              and(
                eq(siteGroupMembers.groupId, membership.groupId),
                eq(siteGroupMembers.siteId, site.id),
              ),
            );
        }

        const siteMapNotes = await tx
          .select({ id: mapNotes.id, groupName: mapNoteGroups.name })
          .from(mapNotes)
          .leftJoin(mapNoteGroups, eq(mapNoteGroups.id, mapNotes.groupId))
          .where(and(eq(mapNotes.siteId, site.id), ne(mapNotes.organisationId, targetId)));
        for (const note of siteMapNotes) {
          let groupId: string | null = null;
          if (note.groupName !== null) {
            await tx
              .insert(mapNoteGroups)
              .values({ organisationId: targetId, name: note.groupName })
              .onConflictDoNothing();
            const [group] = await tx
              .select({ id: mapNoteGroups.id })
              .from(mapNoteGroups)
              .where(
                and(
                  eq(mapNoteGroups.organisationId, targetId),
                  sql`lower(${mapNoteGroups.name}) = lower(${note.groupName})`,
                ),
              );
            groupId = group?.id ?? null;
          }
          await tx
            .update(mapNotes)
            .set({ organisationId: targetId, groupId })
            .where(eq(mapNotes.id, note.id));
        }
        // The sending organisation's surveys are its own: the site leaves them.
        await tx.delete(surveySites).where(eq(surveySites.siteId, site.id));
        return {
          name,
          files: files.length,
          fileNotes: fileNotes.length,
          groups: memberships.map((membership) => membership.name),
          mapNotes: siteMapNotes.length,
        };
      });
    },

    async lanes(siteId: string): Promise<LaneRow[]> {
      return db
        .select()
        .from(lanes)
        .where(eq(lanes.siteId, siteId))
        .orderBy(asc(lanes.direction), asc(lanes.positionId), asc(lanes.id));
    },

    /** Removes these lanes and sets the others' positions, at once. */
    async rewriteLanes(
      removed: readonly string[],
      positions: readonly { id: string; positionId: number }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (removed.length > 0) await tx.delete(lanes).where(inArray(lanes.id, [...removed]));
        for (const lane of positions)
          await tx.update(lanes).set({ positionId: lane.positionId }).where(eq(lanes.id, lane.id));
      });
    },

    /** The organisation's live sites without coordinates, with their files' logs. */
    async sitesWithoutCoordinates(organisationId: string) {
      const found = await db
        .select()
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, organisationId),
            isNull(sites.deletedAt),
            or(isNull(sites.latitude), isNull(sites.longitude)),
          ),
        );
      if (found.length === 0) return [];
      const files = await db
        .select({
          siteId: trafficDataFiles.siteId,
          fileName: trafficDataFiles.fileName,
          logs: trafficDataFiles.logs,
        })
        .from(trafficDataFiles)
        .where(
          inArray(
            trafficDataFiles.siteId,
            found.map((site) => site.id),
          ),
        )
        .orderBy(asc(trafficDataFiles.uploadedOn));
      return found.map((site) => ({
        site,
        files: files.filter((file) => file.siteId === site.id),
      }));
    },

    async setCoordinates(siteId: string, latitude: number, longitude: number): Promise<void> {
      await db.update(sites).set({ latitude, longitude }).where(eq(sites.id, siteId));
    },

    /** The organisation's processed files that saved no vehicle and no interval. */
    async emptyFiles(organisationId: string) {
      return db
        .select()
        .from(trafficDataFiles)
        .where(
          and(
            eq(trafficDataFiles.organisationId, organisationId),
            eq(trafficDataFiles.savedVehicles, 0),
            sql`coalesce((${trafficDataFiles.logs}->>'saved_intervals')::bigint, 0) = 0`,
            // A file that failed keeps its error for its uploader to read.
            sql`${trafficDataFiles.logs}->>'processing_error' is null`,
          ),
        );
    },

    /** Deletes the files' rows and their notes. */
    async deleteFiles(fileIds: readonly string[]): Promise<void> {
      if (fileIds.length === 0) return;
      await db.transaction(async (tx) => {
        await tx
          .delete(notes)
          .where(and(eq(notes.subject, FILE_NOTE_SUBJECT), inArray(notes.subjectId, [...fileIds])));
        await tx.delete(trafficDataFiles).where(inArray(trafficDataFiles.id, [...fileIds]));
      });
    },

    async user(userId: string | null) {
      if (!userId) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },
  };
}

export type StaffToolsRepository = ReturnType<typeof createStaffToolsRepository>;
