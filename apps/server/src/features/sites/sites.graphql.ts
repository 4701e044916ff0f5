import type { IResolvers } from 'mercurius';
import {
  COMPASS_CODES,
  compassLetter,
  directionsLeavingLanes,
  findClassScheme,
  LANE_MESSAGES,
  SITE_FILTERS,
  siteUpdateSchema,
  serverMessage,
} from '@roadcount/domain';
import type { Access, SiteRow } from '../../infra/access/access.ts';
import { organisationScope, scopedOrganisationId } from '../../infra/access/access.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { LanesRepository } from './lanes.repository.ts';
import { needsReprocess, type SiteToolsService } from './siteTools.service.ts';
import { SITE_SORTS, type SitesRepository } from './sites.repository.ts';

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

  extend type SiteGroup {
    "The group's live sites, by name."
    sites: [Site!]!
  }

  extend type Mutation {
    "SPEC section 5 rules; names are unique in the organisation (organisation admins). A new class scheme or pedestrians included queues the site's reprocess (see siteTasks)."
    updateSite(id: ID!, input: SiteInput!): Site!
  }
`;

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

export function sitesResolvers(deps: {
  sites: SitesRepository;
  lanes: LanesRepository;
  access: Access;
  tools: SiteToolsService;
}): IResolvers<unknown, GraphqlContext> {
  const { sites, access } = deps;

  /** The live site with what the sites table shows beside it, once the viewer may read it. */
  async function siteWithExtras(site: SiteRow) {
    const [found] = await sites.withExtras([site.id]);
    if (!found) throw new HttpError(404);
    return toSite(found.site, found);
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
          const scope = organisationScope(requireViewer(context), 'sites.read');
          const sort = SITE_SORTS.find((candidate) => candidate === (args.sort ?? 'name'));
          if (!sort) throw new HttpError(400, `sort must be one of ${SITE_SORTS.join(', ')}`);
          const unknown = (args.filters ?? []).filter(
            (filter) => !(SITE_FILTERS as readonly string[]).includes(filter),
          );
          if (unknown.length > 0)
            throw new HttpError(
              400,
              `filters must be among ${SITE_FILTERS.join(', ')}, not ${unknown.join(', ')}`,
            );
          const organisationId = scopedOrganisationId(scope);
          if (!scope.all && organisationId === null) return { total: 0, sites: [] };
          const { total, rows } = await sites.list({
            organisationId,
            search: args.search?.trim() || undefined,
            filters: args.filters ?? [],
            selected: args.selected ?? [],
            groupId: args.group_id ?? undefined,
            sort,
            descending: args.direction === 'desc',
            page: Math.max(0, args.page ?? 0),
            pageSize: Math.min(100, Math.max(1, args.page_size ?? 25)),
          });
          return { total, sites: rows.map((row) => toSite(row.site, row)) };
        }),
      site: (_root, args: { id: string }, context) =>
        withHttpErrors(async () =>
          siteWithExtras(await access.site(requireViewer(context), 'sites.read', args.id)),
        ),
      siteNameClashes: (_root, args: { siteId: string; name: string }, context) =>
        withHttpErrors(async () =>
          sites.nameClashes(
            await access.site(requireViewer(context), 'sites.read', args.siteId),
            args.name,
          ),
        ),
    },
    SiteGroup: {
      // The group was loaded through the access check of the query that answered it.
      sites: (group: unknown) =>
        withHttpErrors(async () => {
          const { rows } = await sites.list({
            organisationId: null,
            filters: [],
            selected: [],
            groupId: (group as { id: string }).id,
            sort: 'name',
            descending: false,
            page: 0,
            pageSize: 10_000,
          });
          return rows.map((row) => toSite(row.site, row));
        }),
    },
    Mutation: {
      updateSite: (_root, args: { id: string; input: unknown }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const site = await access.site(viewer, 'sites.update', args.id);
          const parsed = siteUpdateSchema.safeParse(args.input);
          if (!parsed.success) {
            const messages = parsed.error.issues.map(
              (issue) => `${issue.path.join('.')}: ${issue.message}`,
            );
            throw new HttpError(400, messages.join('; '));
          }
          const input = parsed.data;
          const laneDirections = (await deps.lanes.list(site.id)).map((lane) =>
            compassLetter(lane.direction),
          );
          const current = await siteWithExtras(site);
          const leaving = directionsLeavingLanes(laneDirections, current, input);
          if (leaving.length > 0)
            throw new HttpError(
              400,
              leaving.map((field) => `${field}: ${LANE_MESSAGES.directionHasLanes}`).join('; '),
            );
          const clashes = await sites.nameClashes(site, input.name);
          if (clashes.length > 0)
            throw new HttpError(
              409,
              serverMessage('siteNamesTaken', { names: clashes.join(', ') }),
            );
          await sites.update(site.id, {
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
          });
          // The lanes of a direction that changed compass point follow it.
          await deps.lanes.redirect(site.id, [
            ...(site.directionOne !== null && input.direction_one
              ? [{ from: site.directionOne, to: COMPASS_CODES[input.direction_one] }]
              : []),
            ...(site.directionTwo !== null && input.direction_two
              ? [{ from: site.directionTwo, to: COMPASS_CODES[input.direction_two] }]
              : []),
          ]);
          if (needsReprocess(site, input))
            await deps.tools.queueSiteTask(viewer, site, 'site_change_scheme');
          return siteWithExtras(site);
        }),
    },
  };
}
