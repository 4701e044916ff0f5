import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import {
  deviceArrays,
  deviceMappings,
  devices,
  gpsLocations,
  lanes,
  roadSections,
  sites,
} from '../../infra/db/schema.ts';

export type DeviceRow = typeof devices.$inferSelect;
export type DeviceArrayRow = typeof deviceArrays.$inferSelect;
export type DeviceMappingRow = typeof deviceMappings.$inferSelect;
export type GpsLocationRow = typeof gpsLocations.$inferSelect;
export type RoadSectionRow = typeof roadSections.$inferSelect;
/** A road section with its linked site's name (null with no site, or a deleted one). */
export type RoadSectionWithSite = RoadSectionRow & { siteName: string | null };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The SQL of an organisation's hardware registry (issue 27). */
export function createHardwareRepository(db: Database) {
  const inOrganisation = (column: PgColumn, organisationId: string | null) =>
    organisationId ? eq(column, organisationId) : undefined;

  // A deleted site's name is not shown: the section reads as linked to no site.
  const sectionsWithSite = () =>
    db
      .select({ ...getTableColumns(roadSections), siteName: sites.name })
      .from(roadSections)
      .leftJoin(sites, and(eq(sites.id, roadSections.siteId), isNull(sites.deletedAt)));

  return {
    async listDevices(
      organisationId: string | null,
      filter: { kind?: string; search?: string },
    ): Promise<DeviceRow[]> {
      const search = filter.search?.trim();
      const pattern = search ? `%${escapeLike(search)}%` : undefined;
      return db
        .select()
        .from(devices)
        .where(
          and(
            inOrganisation(devices.organisationId, organisationId),
            filter.kind ? eq(devices.kind, filter.kind) : undefined,
            pattern
              ? or(
                  ilike(devices.serial, pattern),
                  ilike(devices.name, pattern),
                  ilike(devices.model, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(asc(devices.kind), asc(sql`lower(${devices.serial})`));
    },
    async devicesByIds(ids: readonly string[]): Promise<DeviceRow[]> {
      const valid = ids.filter(isUuid);
      return valid.length === 0 ? [] : db.select().from(devices).where(inArray(devices.id, valid));
    },
    async serialTaken(organisationId: string, serial: string, exceptId?: string) {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(
          and(
            eq(devices.organisationId, organisationId),
            sql`lower(${devices.serial}) = lower(${serial})`,
            exceptId ? ne(devices.id, exceptId) : undefined,
          ),
        );
      return row !== undefined;
    },
    async insertDevice(values: typeof devices.$inferInsert): Promise<DeviceRow> {
      const [row] = await db.insert(devices).values(values).returning();
      if (!row) throw new Error('device insert returned no row');
      return row;
    },
    async updateDevice(id: string, values: Partial<typeof devices.$inferInsert>) {
      const [row] = await db.update(devices).set(values).where(eq(devices.id, id)).returning();
      if (!row) throw new Error('device update returned no row');
      return row;
    },
    /** Deleting a gateway leaves its studs heard by none. */
    async deleteDevice(id: string) {
      await db.transaction(async (tx) => {
        await tx.update(devices).set({ gatewayId: null }).where(eq(devices.gatewayId, id));
        await tx.delete(devices).where(eq(devices.id, id));
      });
    },
    /** The studs each of the gateways hears. */
    async studsOf(gatewayIds: readonly string[]) {
      if (gatewayIds.length === 0) return [];
      return db
        .select({ id: devices.id, serial: devices.serial, gatewayId: devices.gatewayId })
        .from(devices)
        .where(inArray(devices.gatewayId, [...gatewayIds]))
        .orderBy(asc(sql`lower(${devices.serial})`));
    },
    /** The arrays of the organisation that hold the device. */
    async arraysHolding(organisationId: string, deviceId: string) {
      return db
        .select()
        .from(deviceArrays)
        .where(
          and(
            eq(deviceArrays.organisationId, organisationId),
            sql`${deviceId}::uuid = any(${deviceArrays.deviceIds})`,
          ),
        );
    },

    async listArrays(organisationId: string | null): Promise<DeviceArrayRow[]> {
      return db
        .select()
        .from(deviceArrays)
        .where(inOrganisation(deviceArrays.organisationId, organisationId))
        .orderBy(asc(sql`lower(${deviceArrays.name})`));
    },
    async insertArray(values: typeof deviceArrays.$inferInsert): Promise<DeviceArrayRow> {
      const [row] = await db.insert(deviceArrays).values(values).returning();
      if (!row) throw new Error('device array insert returned no row');
      return row;
    },
    async updateArray(id: string, values: Partial<typeof deviceArrays.$inferInsert>) {
      const [row] = await db
        .update(deviceArrays)
        .set(values)
        .where(eq(deviceArrays.id, id))
        .returning();
      if (!row) throw new Error('device array update returned no row');
      return row;
    },
    async deleteArray(id: string) {
      await db.delete(deviceArrays).where(eq(deviceArrays.id, id));
    },

    async listMappings(
      organisationId: string | null,
      siteId?: string,
    ): Promise<DeviceMappingRow[]> {
      return db
        .select()
        .from(deviceMappings)
        .where(
          and(
            inOrganisation(deviceMappings.organisationId, organisationId),
            siteId ? eq(deviceMappings.siteId, siteId) : undefined,
          ),
        )
        .orderBy(asc(deviceMappings.siteId), desc(deviceMappings.validFrom));
    },
    async lane(laneId: string) {
      if (!isUuid(laneId)) return undefined;
      const [row] = await db.select().from(lanes).where(eq(lanes.id, laneId));
      return row;
    },
    /** Another mapping of the lane whose period meets [from, to) (to null: open-ended). */
    async overlappingMapping(
      laneId: string,
      from: Date,
      to: Date | null,
      exceptId?: string,
    ): Promise<DeviceMappingRow | undefined> {
      const [row] = await db
        .select()
        .from(deviceMappings)
        .where(
          and(
            eq(deviceMappings.laneId, laneId),
            exceptId ? ne(deviceMappings.id, exceptId) : undefined,
            or(isNull(deviceMappings.validTo), gt(deviceMappings.validTo, from)),
            to ? lt(deviceMappings.validFrom, to) : undefined,
          ),
        )
        .limit(1);
      return row;
    },
    async insertMapping(values: typeof deviceMappings.$inferInsert): Promise<DeviceMappingRow> {
      const [row] = await db.insert(deviceMappings).values(values).returning();
      if (!row) throw new Error('device mapping insert returned no row');
      return row;
    },
    async updateMapping(id: string, values: Partial<typeof deviceMappings.$inferInsert>) {
      const [row] = await db
        .update(deviceMappings)
        .set(values)
        .where(eq(deviceMappings.id, id))
        .returning();
      if (!row) throw new Error('device mapping update returned no row');
      return row;
    },
    async deleteMapping(id: string) {
      await db.delete(deviceMappings).where(eq(deviceMappings.id, id));
    },

    async listLocations(
      organisationId: string | null,
      deviceId?: string,
    ): Promise<GpsLocationRow[]> {
      return db
        .select()
        .from(gpsLocations)
        .where(
          and(
            inOrganisation(gpsLocations.organisationId, organisationId),
            deviceId ? eq(gpsLocations.deviceId, deviceId) : undefined,
          ),
        )
        .orderBy(desc(gpsLocations.recordedAt))
        .limit(1000);
    },
    /** Records the position and, when it is the newest, moves the device there. */
    async insertLocation(values: typeof gpsLocations.$inferInsert): Promise<GpsLocationRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(gpsLocations).values(values).returning();
        if (!row) throw new Error('gps location insert returned no row');
        const [newest] = await tx
          .select({ id: gpsLocations.id })
          .from(gpsLocations)
          .where(eq(gpsLocations.deviceId, row.deviceId))
          .orderBy(desc(gpsLocations.recordedAt))
          .limit(1);
        if (newest?.id === row.id)
          await tx
            .update(devices)
            .set({ latitude: row.latitude, longitude: row.longitude })
            .where(eq(devices.id, row.deviceId));
        return row;
      });
    },

    /** The sections of the organisation (every one's for null), or those tied to one site. */
    async listSections(
      organisationId: string | null,
      siteId?: string,
    ): Promise<RoadSectionWithSite[]> {
      return sectionsWithSite()
        .where(
          and(
            inOrganisation(roadSections.organisationId, organisationId),
            siteId ? eq(roadSections.siteId, siteId) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${roadSections.name})`));
    },
    async section(id: string): Promise<RoadSectionWithSite | undefined> {
      const [row] = await sectionsWithSite().where(eq(roadSections.id, id));
      return row;
    },
    async insertSection(values: typeof roadSections.$inferInsert): Promise<RoadSectionRow> {
      const [row] = await db.insert(roadSections).values(values).returning();
      if (!row) throw new Error('road section insert returned no row');
      return row;
    },
    async updateSection(id: string, values: Partial<typeof roadSections.$inferInsert>) {
      const [row] = await db
        .update(roadSections)
        .set(values)
        .where(eq(roadSections.id, id))
        .returning();
      if (!row) throw new Error('road section update returned no row');
      return row;
    },
    async deleteSection(id: string) {
      await db.delete(roadSections).where(eq(roadSections.id, id));
    },
  };
}

export type HardwareRepository = ReturnType<typeof createHardwareRepository>;
