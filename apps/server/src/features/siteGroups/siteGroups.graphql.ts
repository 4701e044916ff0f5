import { serverMessage } from '@roadcount/domain';
import type { IResolvers } from 'mercurius';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { SiteGroupRow } from './siteGroups.repository.ts';
import type { SiteGroupsService } from './siteGroups.service.ts';

export const siteGroupsTypeDefs = /* GraphQL */ `
  "SPEC section 3: a site group, a named set of the organisation's sites."
  type SiteGroup {
    id: ID!
    organisation_id: ID!
    name: String!
    "Live sites in the group."
    site_count: Int!
  }

  extend type Query {
    "The organisation's site groups by name (every organisation's for platform staff without one)."
    siteGroups: [SiteGroup!]!
    siteGroup(id: ID!): SiteGroup!
  }

  extend type Mutation {
    "Names are unique in the organisation, 1 to 60 characters (organisation admins)."
    createSiteGroup(name: String!, site_ids: [ID!]): SiteGroup!
    renameSiteGroup(id: ID!, name: String!): SiteGroup!
    "Deletes the group; its sites stay."
    deleteSiteGroup(id: ID!): Boolean!
    addSitesToGroup(id: ID!, site_ids: [ID!]!): SiteGroup!
    removeSitesFromGroup(id: ID!, site_ids: [ID!]!): SiteGroup!
  }
`;

interface GroupAnswer {
  group: SiteGroupRow;
  siteCount: number;
}

function toGroup(found: GroupAnswer | undefined) {
  if (!found) throw new HttpError(404, serverMessage('notFound'));
  return {
    id: found.group.id,
    organisation_id: found.group.organisationId,
    name: found.group.name,
    site_count: Number(found.siteCount),
  };
}

export function siteGroupsResolvers(
  service: SiteGroupsService,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      siteGroups: (_root, _args, context) =>
        withHttpErrors(async () => (await service.list(requireViewer(context))).map(toGroup)),
      siteGroup: (_root, args: { id: string }, context) =>
        withHttpErrors(async () => toGroup(await service.find(requireViewer(context), args.id))),
    },
    Mutation: {
      createSiteGroup: (_root, args: { name: string; site_ids?: string[] | null }, context) =>
        withHttpErrors(async () =>
          toGroup(await service.create(requireViewer(context), args.name, args.site_ids ?? [])),
        ),
      renameSiteGroup: (_root, args: { id: string; name: string }, context) =>
        withHttpErrors(async () =>
          toGroup(await service.rename(requireViewer(context), args.id, args.name)),
        ),
      deleteSiteGroup: (_root, args: { id: string }, context) =>
        withHttpErrors(() => service.delete(requireViewer(context), args.id)),
      addSitesToGroup: (_root, args: { id: string; site_ids: string[] }, context) =>
        withHttpErrors(async () =>
          toGroup(await service.addSites(requireViewer(context), args.id, args.site_ids)),
        ),
      removeSitesFromGroup: (_root, args: { id: string; site_ids: string[] }, context) =>
        withHttpErrors(async () =>
          toGroup(await service.removeSites(requireViewer(context), args.id, args.site_ids)),
        ),
    },
  };
}
