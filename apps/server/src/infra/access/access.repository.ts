import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import {
  badDataPeriods,
  deviceArrays,
  deviceMappings,
  devices,
  gpsLocations,
  images,
  roadSections,
  mapNoteGroups,
  mapNotes,
  organisations,
  reports,
  siteGroups,
  surveys,
  sites,
  trafficDataFiles,
  users,
  vehicleExclusionFilters,
} from '../db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;
export type FileRow = typeof trafficDataFiles.$inferSelect;
export type SiteGroupRow = typeof siteGroups.$inferSelect;
export type SurveyRow = typeof surveys.$inferSelect;
export type MapNoteRow = typeof mapNotes.$inferSelect;
export type MapNoteGroupRow = typeof mapNoteGroups.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type OrganisationRow = typeof organisations.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
export type ExclusionFilterRow = typeof vehicleExclusionFilters.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type DeviceRow = typeof devices.$inferSelect;
export type DeviceArrayRow = typeof deviceArrays.$inferSelect;
export type DeviceMappingRow = typeof deviceMappings.$inferSelect;
export type GpsLocationRow = typeof gpsLocations.$inferSelect;
export type RoadSectionRow = typeof roadSections.$inferSelect;
/** A bad-data period with its site's organisation and whether the site is deleted. */
export type BadDataPeriodRow = typeof badDataPeriods.$inferSelect & {
  organisationId: string;
  siteDeleted: boolean;
};

/** The rows an access check loads: each resource kind by id, whatever its organisation. */
export function createAccessRepository(db: Database) {
  /** One row by id of a table with a uuid `id`; none for an id that is not a uuid. */
  async function byId<Row>(
    id: string,
    read: (id: string) => Promise<Row[]>,
  ): Promise<Row | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await read(id);
    return row;
  }

  return {
    site: (id: string) => byId(id, (valid) => db.select().from(sites).where(eq(sites.id, valid))),
    async sites(ids: readonly string[]): Promise<SiteRow[]> {
      const valid = ids.filter(isUuid);
      return valid.length === 0 ? [] : db.select().from(sites).where(inArray(sites.id, valid));
    },
    file: (id: string) =>
      byId(id, (valid) => db.select().from(trafficDataFiles).where(eq(trafficDataFiles.id, valid))),
    async files(ids: readonly string[]): Promise<FileRow[]> {
      const valid = ids.filter(isUuid);
      return valid.length === 0
        ? []
        : db.select().from(trafficDataFiles).where(inArray(trafficDataFiles.id, valid));
    },
    siteGroup: (id: string) =>
      byId(id, (valid) => db.select().from(siteGroups).where(eq(siteGroups.id, valid))),
    survey: (id: string) =>
      byId(id, (valid) => db.select().from(surveys).where(eq(surveys.id, valid))),
    mapNote: (id: string) =>
      byId(id, (valid) => db.select().from(mapNotes).where(eq(mapNotes.id, valid))),
    mapNoteGroup: (id: string) =>
      byId(id, (valid) => db.select().from(mapNoteGroups).where(eq(mapNoteGroups.id, valid))),
    user: (id: string) => byId(id, (valid) => db.select().from(users).where(eq(users.id, valid))),
    organisation: (id: string) =>
      byId(id, (valid) => db.select().from(organisations).where(eq(organisations.id, valid))),
    image: (id: string) =>
      byId(id, (valid) => db.select().from(images).where(eq(images.id, valid))),
    exclusionFilter: (id: string) =>
      byId(id, (valid) =>
        db.select().from(vehicleExclusionFilters).where(eq(vehicleExclusionFilters.id, valid)),
      ),
    report: (id: string) =>
      byId(id, (valid) => db.select().from(reports).where(eq(reports.id, valid))),
    device: (id: string) =>
      byId(id, (valid) => db.select().from(devices).where(eq(devices.id, valid))),
    deviceArray: (id: string) =>
      byId(id, (valid) => db.select().from(deviceArrays).where(eq(deviceArrays.id, valid))),
    deviceMapping: (id: string) =>
      byId(id, (valid) => db.select().from(deviceMappings).where(eq(deviceMappings.id, valid))),
    gpsLocation: (id: string) =>
      byId(id, (valid) => db.select().from(gpsLocations).where(eq(gpsLocations.id, valid))),
    badDataPeriod: (id: string): Promise<BadDataPeriodRow | undefined> =>
      byId(id, (valid) =>
        db
          .select({
            ...getTableColumns(badDataPeriods),
            organisationId: sites.ownerOrganisationId,
            siteDeleted: sql<boolean>`${sites.deletedAt} is not null`,
          })
          .from(badDataPeriods)
          .innerJoin(sites, eq(sites.id, badDataPeriods.siteId))
          .where(eq(badDataPeriods.id, valid)),
      ),
    roadSection: (id: string) =>
      byId(id, (valid) => db.select().from(roadSections).where(eq(roadSections.id, valid))),
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
