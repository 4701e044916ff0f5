import type { VehicleExclusionFilterValues } from '@roadcount/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { vehicleExclusionFilters } from '../../infra/db/schema.ts';

export type ExclusionFilterRow = typeof vehicleExclusionFilters.$inferSelect;

const columns = (values: VehicleExclusionFilterValues) => ({
  name: values.name,
  description: values.description,
  minSpeedMps: values.min_speed_mps,
  maxSpeedMps: values.max_speed_mps,
  headwayGreaterThanS: values.headway_greater_than_s,
  classes: values.classes,
  startTime: values.start_time ? new Date(values.start_time) : null,
  endTime: values.end_time ? new Date(values.end_time) : null,
});

/** SQL of the saved vehicle exclusion filters. */
export function createExclusionsRepository(db: Database) {
  return {
    listForOrganisation(organisationId: string) {
      return db
        .select()
        .from(vehicleExclusionFilters)
        .where(eq(vehicleExclusionFilters.organisationId, organisationId))
        .orderBy(asc(sql`lower(${vehicleExclusionFilters.name})`));
    },

    /** The filters among `ids` that belong to the organisation. */
    findOfOrganisation(organisationId: string, ids: string[]) {
      return db
        .select()
        .from(vehicleExclusionFilters)
        .where(
          and(
            eq(vehicleExclusionFilters.organisationId, organisationId),
            inArray(vehicleExclusionFilters.id, ids),
          ),
        );
    },

    /** Whether another filter of the organisation has the name (case-insensitive). */
    async nameTaken(organisationId: string, name: string, exceptId?: string) {
      const rows = await db
        .select({ id: vehicleExclusionFilters.id })
        .from(vehicleExclusionFilters)
        .where(
          and(
            eq(vehicleExclusionFilters.organisationId, organisationId),
            sql`lower(${vehicleExclusionFilters.name}) = lower(${name})`,
            exceptId ? ne(vehicleExclusionFilters.id, exceptId) : undefined,
          ),
        );
      return rows.length > 0;
    },

    async insert(organisationId: string, createdBy: string, values: VehicleExclusionFilterValues) {
      const [row] = await db
        .insert(vehicleExclusionFilters)
        .values({ organisationId, createdBy, ...columns(values) })
        .returning();
      return row as ExclusionFilterRow;
    },

    async update(id: string, values: VehicleExclusionFilterValues) {
      const [row] = await db
        .update(vehicleExclusionFilters)
        .set({ ...columns(values), updatedAt: new Date() })
        .where(eq(vehicleExclusionFilters.id, id))
        .returning();
      return row as ExclusionFilterRow;
    },

    async remove(id: string) {
      await db.delete(vehicleExclusionFilters).where(eq(vehicleExclusionFilters.id, id));
    },
  };
}

export type ExclusionsRepository = ReturnType<typeof createExclusionsRepository>;
