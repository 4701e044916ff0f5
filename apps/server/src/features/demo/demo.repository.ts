import { and, count, eq, inArray, isNull, max, min, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import {
  deviceArrays,
  deviceMappings,
  devices,
  factorGroups,
  lanes,
  roadSections,
  images,
  sensorEvents,
  mapNoteGroups,
  mapNotes,
  notes,
  organisations,
  reports,
  siteGroupMembers,
  siteGroups,
  sites,
  speedLimits,
  surveySites,
  surveys,
  tasks,
  trafficDataFiles,
  userNotifications,
  users,
  vehicleExclusionFilters,
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
      return db.transaction(async (tx) => {
        const [site] = await tx.insert(sites).values(values).returning({ id: sites.id });
        if (!site) throw new Error('demo site was not created');
        if (limitMps !== undefined)
          await tx.insert(speedLimits).values({ siteId: site.id, limitMps });
        return site.id;
      });
    },

    /**
     * The demo's realtime hardware (issue 27): a gateway, its studs, and an array per lane of
     * the realtime site, each mapped to its lane from `since`.
     */
    async insertRealtimeHardware(input: {
      organisationId: string;
      siteId: string;
      since: Date;
      gateway: { serial: string; name: string; latitude: number; longitude: number };
      lanes: { name: string; direction: number; studs: string[] }[];
      spacingM: number;
    }): Promise<void> {
      const { organisationId, siteId } = input;
      await db.transaction(async (tx) => {
        const [gateway] = await tx
          .insert(devices)
          .values({ organisationId, kind: 'gateway', model: 'RTG-4', ...input.gateway })
          .returning({ id: devices.id });
        if (!gateway) throw new Error('demo gateway was not created');
        for (const [index, lane] of input.lanes.entries()) {
          const [made] = await tx
            .insert(lanes)
            .values({ siteId, name: lane.name, direction: lane.direction, positionId: index + 1 })
            .returning({ id: lanes.id });
          const studs = await tx
            .insert(devices)
            .values(
              lane.studs.map((serial) => ({
                organisationId,
                kind: 'roadstud',
                model: 'RS-MAG',
                serial,
                gatewayId: gateway.id,
                latitude: input.gateway.latitude,
                longitude: input.gateway.longitude,
              })),
            )
            .returning({ id: devices.id });
          const [array] = await tx
            .insert(deviceArrays)
            .values({
              organisationId,
              name: lane.name,
              spacingM: input.spacingM,
              deviceIds: studs.map((stud) => stud.id),
            })
            .returning({ id: deviceArrays.id });
          if (!made || !array) throw new Error('demo lane or array was not created');
          await tx.insert(deviceMappings).values({
            organisationId,
            deviceArrayId: array.id,
            siteId,
            laneId: made.id,
            validFrom: input.since,
          });
        }
      });
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

    /** A live site of the organisation by name, as the seed made it. */
    async siteIdByName(organisationId: string, name: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: sites.id })
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, organisationId),
            eq(sites.name, name),
            isNull(sites.deletedAt),
          ),
        )
        .limit(1);
      return row?.id;
    },

    /** The organisation's files by name, each with whether a task was queued to process it. */
    async filesByName(
      organisationId: string,
    ): Promise<Map<string, { id: string; queued: boolean }>> {
      const rows = await db
        .select({ id: trafficDataFiles.id, fileName: trafficDataFiles.fileName })
        .from(trafficDataFiles)
        .where(eq(trafficDataFiles.organisationId, organisationId));
      const queued = new Set(
        (
          await db
            .select({ fileId: sql<string>`${tasks.payload}->>'fileId'` })
            .from(tasks)
            .where(
              and(eq(tasks.organisationId, organisationId), eq(tasks.functionName, 'process_file')),
            )
        ).map((row) => row.fileId),
      );
      return new Map(rows.map((row) => [row.fileName, { id: row.id, queued: queued.has(row.id) }]));
    },

    async deviceExists(organisationId: string, serial: string): Promise<boolean> {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.organisationId, organisationId), eq(devices.serial, serial)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * The demo's gateway as ingest takes it, when seeded: since when its arrays count on the
     * realtime site, and the time of the last event its studs sent.
     */
    async demoGateway(organisationId: string, serial: string, siteId: string) {
      const [gateway] = await db
        .select({
          id: devices.id,
          organisationId: devices.organisationId,
          serial: devices.serial,
          createdOn: devices.createdOn,
        })
        .from(devices)
        .where(
          and(
            eq(devices.organisationId, organisationId),
            eq(devices.serial, serial),
            eq(devices.kind, 'gateway'),
          ),
        )
        .limit(1);
      if (!gateway) return undefined;
      const [mapped] = await db
        .select({ since: min(deviceMappings.validFrom) })
        .from(deviceMappings)
        .where(eq(deviceMappings.siteId, siteId));
      if (!mapped?.since) return undefined;
      const studs = db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.gatewayId, gateway.id));
      const [last] = await db
        .select({ time: max(sensorEvents.time) })
        .from(sensorEvents)
        .where(inArray(sensorEvents.deviceId, studs));
      return { gateway, since: mapped.since, lastEventAt: last?.time ?? null };
    },

    /** A demo survey of the sites, unless the organisation has one of that name already. */
    async insertSurveyUnlessNamed(survey: {
      organisationId: string;
      name: string;
      scheduledStart: string;
      scheduledEnd: string;
      notes: string;
      createdBy: string | null;
      siteIds: string[];
    }): Promise<void> {
      await db.transaction(async (tx) => {
        const [named] = await tx
          .select({ id: surveys.id })
          .from(surveys)
          .where(
            and(eq(surveys.organisationId, survey.organisationId), eq(surveys.name, survey.name)),
          )
          .limit(1);
        if (named) return;
        const { siteIds, ...values } = survey;
        const [made] = await tx
          .insert(surveys)
          .values({ ...values, assigneeUserId: survey.createdBy })
          .returning({ id: surveys.id });
        if (!made) throw new Error('demo survey was not created');
        await tx
          .insert(surveySites)
          .values(siteIds.map((siteId, position) => ({ surveyId: made.id, siteId, position })));
      });
    },

    async factorGroupExists(organisationId: string, name: string): Promise<boolean> {
      const [row] = await db
        .select({ id: factorGroups.groupId })
        .from(factorGroups)
        .innerJoin(siteGroups, eq(siteGroups.id, factorGroups.groupId))
        .where(and(eq(siteGroups.organisationId, organisationId), eq(siteGroups.name, name)))
        .limit(1);
      return row !== undefined;
    },

    async insertFile(values: typeof trafficDataFiles.$inferInsert): Promise<void> {
      await db.insert(trafficDataFiles).values(values);
    },

    /** Everything the organisation holds that has data in the blob store, to delete it there. */
    async organisationBlobs(organisationId: string) {
      return {
        sites: await db
          .select({ id: sites.id, rollupsVersion: sites.rollupsVersion })
          .from(sites)
          .where(eq(sites.ownerOrganisationId, organisationId)),
        files: await db
          .select({ id: trafficDataFiles.id, s3Key: trafficDataFiles.s3Key })
          .from(trafficDataFiles)
          .where(eq(trafficDataFiles.organisationId, organisationId)),
        blobKeys: [
          ...(
            await db
              .select({ key: images.s3Key })
              .from(images)
              .where(eq(images.organisationId, organisationId))
          ).map((row) => row.key),
          ...(
            await db
              .select({ key: reports.blobKey })
              .from(reports)
              .where(eq(reports.organisationId, organisationId))
          ).flatMap((row) => (row.key ? [row.key] : [])),
        ],
      };
    },

    /**
     * Takes the organisation back to its seeded state in the database, all or nothing: its
     * sites, files, notes, groups, surveys, filters, images, reports and notifications are
     * deleted, users other than the seeded ones removed, and the seeded users' names, emails and
     * preferences put back. Tasks stay: they are the record of what ran.
     */
    async resetOrganisation(
      organisationId: string,
      preferences: Record<string, unknown>,
      seededUsers: readonly {
        username: string;
        email: string;
        firstName: string;
        lastName: string;
      }[],
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(notes).where(eq(notes.organisationId, organisationId));
        await tx.delete(mapNotes).where(eq(mapNotes.organisationId, organisationId));
        await tx.delete(mapNoteGroups).where(eq(mapNoteGroups.organisationId, organisationId));
        await tx.delete(siteGroups).where(eq(siteGroups.organisationId, organisationId));
        await tx.delete(surveys).where(eq(surveys.organisationId, organisationId));
        await tx
          .delete(vehicleExclusionFilters)
          .where(eq(vehicleExclusionFilters.organisationId, organisationId));
        await tx.delete(images).where(eq(images.organisationId, organisationId));
        await tx.delete(reports).where(eq(reports.organisationId, organisationId));
        await tx
          .delete(userNotifications)
          .where(eq(userNotifications.organisationId, organisationId));
        await tx
          .delete(trafficDataFiles)
          .where(eq(trafficDataFiles.organisationId, organisationId));
        await tx.delete(sites).where(eq(sites.ownerOrganisationId, organisationId));
        // The hardware goes too (its events with its devices): the seed registers it again.
        await tx.delete(roadSections).where(eq(roadSections.organisationId, organisationId));
        await tx.delete(deviceArrays).where(eq(deviceArrays.organisationId, organisationId));
        await tx.delete(devices).where(eq(devices.organisationId, organisationId));
        const names = seededUsers.map((user) => user.username);
        await tx
          .delete(users)
          .where(and(eq(users.organisationId, organisationId), notInArray(users.username, names)));
        for (const user of seededUsers) {
          await tx
            .update(users)
            .set({
              email: user.email,
              firstName: user.firstName,
              lastName: user.lastName,
              preferences: {},
              isActive: true,
            })
            .where(
              and(
                eq(users.organisationId, organisationId),
                inArray(users.username, [user.username]),
              ),
            );
        }
        await tx
          .update(organisations)
          .set({ preferences })
          .where(eq(organisations.id, organisationId));
      });
    },
  };
}
