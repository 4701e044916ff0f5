import { and, between, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { sites } from '../../infra/db/schema.ts';
import { isUuid } from '../../infra/db/ids.ts';

export type SiteRow = typeof sites.$inferSelect;

/** Great-circle distance in metres. */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * radians;
  const dLon = (b.longitude - a.longitude) * radians;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * radians) * Math.cos(b.latitude * radians) * Math.sin(dLon / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

/** The sites a file may match (SPEC section 4), and the site a file creates. */
export function createSiteMatchingRepository(db: Database) {
  return {
    async findInOrganisation(organisationId: string, id: string): Promise<SiteRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(sites)
        .where(
          and(
            eq(sites.id, id),
            eq(sites.ownerOrganisationId, organisationId),
            isNull(sites.deletedAt),
          ),
        );
      return row;
    },
    /**
     * The live site a SID names: the site itself, or, when it was merged away, the site it
     * was merged into (a site list printed before the merge still finds its data's home).
     */
    async findBySid(organisationId: string, id: string): Promise<SiteRow | undefined> {
      let current = id;
      for (let hop = 0; hop < 10 && isUuid(current); hop += 1) {
        const [row] = await db
          .select()
          .from(sites)
          .where(and(eq(sites.id, current), eq(sites.ownerOrganisationId, organisationId)));
        if (!row) return undefined;
        if (!row.deletedAt) return row;
        const mergedInto = row.coreSiteMeta.merged_into;
        if (typeof mergedInto !== 'string') return undefined;
        current = mergedInto;
      }
      return undefined;
    },
    /** Live sites of the organisation whose station code (`core_site_meta`) is `code`, by name. */
    withStationCode(organisationId: string, code: string): Promise<SiteRow[]> {
      return db
        .select()
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, organisationId),
            isNull(sites.deletedAt),
            sql`lower(${sites.coreSiteMeta}->>'station_code') = ${code.toLowerCase()}`,
          ),
        )
        .orderBy(sites.name);
    },
    /** Live sites named `name` that carry no station code (made before codes were kept). */
    namedWithoutCode(organisationId: string, name: string): Promise<SiteRow[]> {
      return db
        .select()
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, organisationId),
            isNull(sites.deletedAt),
            sql`lower(${sites.name}) = ${name.toLowerCase()}`,
            sql`${sites.coreSiteMeta}->>'station_code' is null`,
          ),
        );
    },
    /** Live sites of the organisation within `radiusMetres`, nearest first. */
    async near(
      organisationId: string,
      point: { latitude: number; longitude: number },
      radiusMetres: number,
    ) {
      const latitudeDelta = radiusMetres / 111_000;
      const longitudeDelta =
        radiusMetres / (111_000 * Math.max(0.01, Math.cos((point.latitude * Math.PI) / 180)));
      const candidates = await db
        .select()
        .from(sites)
        .where(
          and(
            eq(sites.ownerOrganisationId, organisationId),
            isNull(sites.deletedAt),
            between(sites.latitude, point.latitude - latitudeDelta, point.latitude + latitudeDelta),
            between(
              sites.longitude,
              point.longitude - longitudeDelta,
              point.longitude + longitudeDelta,
            ),
          ),
        );
      return candidates
        .map((site) => ({
          site,
          metres: distanceMetres(point, {
            latitude: site.latitude ?? 0,
            longitude: site.longitude ?? 0,
          }),
        }))
        .filter((candidate) => candidate.metres <= radiusMetres)
        .sort((a, b) => a.metres - b.metres);
    },
    /** A name not yet used in the organisation: the name itself, else with ' (2)', ' (3)' ... */
    async uniqueName(organisationId: string, name: string): Promise<string> {
      const taken = new Set(
        (
          await db
            .select({ name: sites.name })
            .from(sites)
            .where(
              and(
                eq(sites.ownerOrganisationId, organisationId),
                sql`lower(${sites.name}) like ${`${name.toLowerCase()}%`}`,
              ),
            )
        ).map((row) => row.name.toLowerCase()),
      );
      if (!taken.has(name.toLowerCase())) return name;
      for (let suffix = 2; ; suffix += 1) {
        const candidate = `${name} (${suffix})`;
        if (!taken.has(candidate.toLowerCase())) return candidate;
      }
    },
    /** Live sites of the organisation: what the subscription's site limit counts. */
    async countLive(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(sites)
        .where(and(eq(sites.ownerOrganisationId, organisationId), isNull(sites.deletedAt)));
      return row?.total ?? 0;
    },
    async insert(values: typeof sites.$inferInsert): Promise<SiteRow> {
      const [row] = await db.insert(sites).values(values).returning();
      if (!row) throw new Error('site insert returned no row');
      return row;
    },
  };
}

export type SiteMatchingRepository = ReturnType<typeof createSiteMatchingRepository>;
