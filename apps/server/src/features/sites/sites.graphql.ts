import type { IResolvers } from 'mercurius';
import {
  COMPASS_CODES,
  compassLetter,
  directionsLeavingLanes,
  findClassScheme,
  LANE_MESSAGES,
  SITE_FILTERS,
  siteUpdateSchema,
} from '@roadcount/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { authorize } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { sites } from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { createLanesRepository } from './lanes.repository.ts';
import { needsReprocess, type SiteToolsService } from './siteTools.service.ts';

export const sitesTypeDefs = /* GraphQL */ `
  "SPEC section 3: a site. Directions as compass letters N, E, S or W."
  type Site {
    id: ID!
    owner_organisation_id: ID!
    name: String!
    alternative_name: String
    description: String
    asset_management_id: String
    latitude: Float
    longitude: Float
    heading: Float
    direction_one: String
    direction_two: String
    site_type: String!
    realtime: Boolean!
    pedestrians_included: Boolean!
    class_scheme: String!
    time_zone: String!
    notes: String
    site_context: [String!]!
    time_span: String
    gps: Boolean!
    last_surveyed: String
    files: Int!
    "How many lanes the site has"
    lane_count: Int!
  }

  type SitePage {
    total: Int!
    sites: [Site!]!
  }

  input SiteInput {
    name: String!
    alternative_name: String
    description: String
    asset_management_id: String
    latitude: Float
    longitude: Float
    heading: Float
    direction_one: String
    direction_two: String
    site_type: String!
    time_zone: String!
    class_scheme: String!
    pedestrians_included: Boolean!
    notes: String
  }

  extend type Query {
    """
    The organisation's live sites, searched, filtered (VEH, BIKE, PED, TS_T, TS_P, realtime,
    selected_only: only the ids in selected), sorted and paged.
    """
    sites(
      search: String
      filters: [String!]
      "The sites the user selected, for the selected_only filter"
      selected: [ID!]
      "name (default), alternative_name, last_surveyed, site_type, files, lane_count, asset_management_id, time_zone, class_scheme"
      sort: String
      "Only the sites of this site group."
      group_id: ID
      direction: String
      page: Int
      page_size: Int
    ): SitePage!
    site(id: ID!): Site!
    "Names of the site's organisation that the name would clash with (names are unique, any case)."
    siteNameClashes(siteId: ID!, name: String!): [String!]!
  }

  extend type Mutation {
    "SPEC section 5 rules; names are unique in the organisation (organisation admins). A new class scheme or pedestrians included queues the site's reprocess (see siteTasks)."
    updateSite(id: ID!, input: SiteInput!): Site!
  }
`;

const SORTS = [
  'name',
  'alternative_name',
  'last_surveyed',
  'site_type',
  'files',
  'lane_count',
  'asset_management_id',
  'time_zone',
  'class_scheme',
] as const;
// Written out: inside a select from sites, drizzle names sites.id without its table.
export const lastSurveyed = sql<
  string | null
>`(select max(r.day) from site_daily_rollups r where r.site_id = "sites"."id")`;
export const fileCount = sql<number>`(select count(*)::int from traffic_data_files f where f.site_id = "sites"."id")`;
export const laneCount = sql<number>`(select count(*)::int from lanes l where l.site_id = "sites"."id")`;

type SiteRow = typeof sites.$inferSelect;

export function toSite(
  site: SiteRow,
  extra: { lastSurveyed: string | null; files: number; lanes: number },
) {
  const meta = site.coreSiteMeta;
  return {
    id: site.id,
    owner_organisation_id: site.ownerOrganisationId,
    name: site.name,
    alternative_name: site.alternativeName,
    description: site.description,
    asset_management_id: site.assetManagementId,
    latitude: site.latitude,
    longitude: site.longitude,
    heading: site.heading,
    direction_one: compassLetter(site.directionOne),
    direction_two: compassLetter(site.directionTwo),
    site_type: site.siteType,
    realtime: site.realtime,
    pedestrians_included: site.pedestriansIncluded,
    class_scheme: findClassScheme(site.classScheme).id,
    time_zone: site.timeZone,
    notes: site.notes,
    site_context: Array.isArray(meta.site_context) ? (meta.site_context as string[]) : [],
    time_span: typeof meta.time_span === 'string' ? meta.time_span : null,
    gps: site.latitude !== null && site.longitude !== null,
    last_surveyed: extra.lastSurveyed,
    files: Number(extra.files),
    lane_count: Number(extra.lanes),
  };
}

/** Names in the organisation, other than the site's own, equal to `name` in any case. */
async function nameClashes(db: Database, site: SiteRow, name: string): Promise<string[]> {
  const rows = await db
    .select({ name: sites.name })
    .from(sites)
    .where(
      and(
        eq(sites.ownerOrganisationId, site.ownerOrganisationId),
        ne(sites.id, site.id),
        sql`lower(${sites.name}) = lower(${name.trim()})`,
      ),
    );
  return rows.map((row) => row.name);
}

export function sitesResolvers(
  db: Database,
  tools: SiteToolsService,
): IResolvers<unknown, GraphqlContext> {
  const lanesRepository = createLanesRepository(db);
  async function loadSite(id: string) {
    if (!isUuid(id)) return undefined;
    const [row] = await db
      .select({ site: sites, lastSurveyed, files: fileCount, lanes: laneCount })
      .from(sites)
      .where(and(eq(sites.id, id), isNull(sites.deletedAt)));
    return row;
  }

  return {
    Query: {
      sites: (
        _root,
        args: {
          search?: string | null;
          filters?: string[] | null;
          selected?: string[] | null;
          sort?: string | null;
          group_id?: string | null;
          direction?: string | null;
          page?: number | null;
          page_size?: number | null;
        },
        context,
      ) =>
        withHttpErrors(async () => {
          const viewer = authorize(requireViewer(context), 'sites.read');
          const sort = SORTS.find((candidate) => candidate === (args.sort ?? 'name'));
          if (!sort) throw new HttpError(400, `sort must be one of ${SORTS.join(', ')}`);
          const unknown = (args.filters ?? []).filter(
            (filter) => !(SITE_FILTERS as readonly string[]).includes(filter),
          );
          if (unknown.length > 0)
            throw new HttpError(
              400,
              `filters must be among ${SITE_FILTERS.join(', ')}, not ${unknown.join(', ')}`,
            );
          const conditions: (SQL | undefined)[] = [
            isNull(sites.deletedAt),
            viewer.role === 'admin'
              ? undefined
              : eq(sites.ownerOrganisationId, viewer.organisationId ?? ''),
          ];
          if (args.group_id)
            conditions.push(
              isUuid(args.group_id)
                ? sql`exists (select 1 from site_group_members m where m.group_id = ${args.group_id} and m.site_id = "sites"."id")`
                : sql`false`,
            );
          const search = args.search?.trim();
          if (search) {
            const pattern = `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
            conditions.push(or(ilike(sites.name, pattern), ilike(sites.alternativeName, pattern)));
          }
          for (const filter of args.filters ?? []) {
            if (filter === 'realtime') conditions.push(eq(sites.realtime, true));
            else if (filter === 'selected_only') {
              const selected = (args.selected ?? []).filter(isUuid);
              conditions.push(selected.length > 0 ? inArray(sites.id, selected) : sql`false`);
            } else if (filter === 'TS_T' || filter === 'TS_P')
              conditions.push(sql`${sites.coreSiteMeta}->>'time_span' = ${filter}`);
            else conditions.push(sql`${sites.coreSiteMeta}->'site_context' ? ${filter}`);
          }
          const where = and(...conditions);
          const column = {
            name: sql`lower(${sites.name})`,
            alternative_name: sql`lower(${sites.alternativeName})`,
            last_surveyed: lastSurveyed,
            site_type: sites.siteType,
            files: fileCount,
            lane_count: laneCount,
            asset_management_id: sites.assetManagementId,
            time_zone: sites.timeZone,
            class_scheme: sites.classScheme,
          }[sort];
          const pageSize = Math.min(100, Math.max(1, args.page_size ?? 25));
          const page = Math.max(0, args.page ?? 0);
          const [rows, [total]] = await Promise.all([
            db
              .select({ site: sites, lastSurveyed, files: fileCount, lanes: laneCount })
              .from(sites)
              .where(where)
              .orderBy(args.direction === 'desc' ? desc(column) : asc(column), asc(sites.id))
              .limit(pageSize)
              .offset(page * pageSize),
            db.select({ total: count() }).from(sites).where(where),
          ]);
          return {
            total: total?.total ?? 0,
            sites: rows.map((row) => toSite(row.site, row)),
          };
        }),
      site: (_root, args: { id: string }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const found = await loadSite(args.id);
          if (!found) {
            authorize(viewer, 'sites.read');
            throw new HttpError(404, "We couldn't find that site. It may have been deleted");
          }
          authorize(viewer, 'sites.read', { organisationId: found.site.ownerOrganisationId });
          return toSite(found.site, found);
        }),
      siteNameClashes: (_root, args: { siteId: string; name: string }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const found = await loadSite(args.siteId);
          if (!found) {
            authorize(viewer, 'sites.read');
            throw new HttpError(404, "We couldn't find that site. It may have been deleted");
          }
          authorize(viewer, 'sites.read', { organisationId: found.site.ownerOrganisationId });
          return nameClashes(db, found.site, args.name);
        }),
    },
    Mutation: {
      updateSite: (_root, args: { id: string; input: unknown }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const found = await loadSite(args.id);
          if (!found) {
            authorize(viewer, 'sites.update');
            throw new HttpError(404, "We couldn't find that site. It may have been deleted");
          }
          const site = found.site;
          authorize(viewer, 'sites.update', { organisationId: site.ownerOrganisationId });
          const parsed = siteUpdateSchema.safeParse(args.input);
          if (!parsed.success) {
            const messages = parsed.error.issues.map(
              (issue) => `${issue.path.join('.')}: ${issue.message}`,
            );
            throw new HttpError(400, messages.join('; '));
          }
          const input = parsed.data;
          const laneDirections = (await lanesRepository.list(site.id)).map((lane) =>
            compassLetter(lane.direction),
          );
          const leaving = directionsLeavingLanes(laneDirections, toSite(site, found), input);
          if (leaving.length > 0)
            throw new HttpError(
              400,
              leaving.map((field) => `${field}: ${LANE_MESSAGES.directionHasLanes}`).join('; '),
            );
          const clashes = await nameClashes(db, site, input.name);
          if (clashes.length > 0)
            throw new HttpError(409, `Site names are unique; already taken: ${clashes.join(', ')}`);
          await db
            .update(sites)
            .set({
              name: input.name,
              alternativeName: input.alternative_name,
              description: input.description,
              assetManagementId: input.asset_management_id,
              latitude: input.latitude,
              longitude: input.longitude,
              heading: input.heading ?? null,
              directionOne: input.direction_one ? COMPASS_CODES[input.direction_one] : null,
              directionTwo: input.direction_two ? COMPASS_CODES[input.direction_two] : null,
              siteType: input.site_type,
              timeZone: input.time_zone,
              classScheme: input.class_scheme,
              pedestriansIncluded: input.pedestrians_included,
              notes: input.notes,
              coreSiteMeta: {
                ...site.coreSiteMeta,
                time_span: input.site_type === 'continuous' ? 'TS_P' : 'TS_T',
              },
            })
            .where(eq(sites.id, site.id));
          // The lanes of a direction that changed compass point follow it.
          await lanesRepository.redirect(site.id, [
            ...(site.directionOne !== null && input.direction_one
              ? [{ from: site.directionOne, to: COMPASS_CODES[input.direction_one] }]
              : []),
            ...(site.directionTwo !== null && input.direction_two
              ? [{ from: site.directionTwo, to: COMPASS_CODES[input.direction_two] }]
              : []),
          ]);
          if (needsReprocess(site, input))
            await tools.queueSiteTask(viewer, site, 'site_change_scheme');
          const updated = await loadSite(site.id);
          if (!updated) throw new HttpError(404);
          return toSite(updated.site, updated);
        }),
    },
  };
}
