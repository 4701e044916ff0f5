import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { toTaskTracking } from '../../infra/queue/taskTracking.ts';
import type { SiteToolsService } from './siteTools.service.ts';

export const siteToolsTypeDefs = /* GraphQL */ `
  extend type Query {
    "The latest reprocess (site_change_scheme) and recalculate_data_quality task of a site."
    siteTasks(siteId: ID!): [TaskTracking!]!
  }

  extend type Mutation {
    "Sets the site's class scheme and pedestrians included, and queues its reprocess (up to an hour)."
    changeSiteScheme(
      siteId: ID!
      class_scheme: String!
      pedestrians_included: Boolean!
    ): TaskTracking!
    "Queues the recalculation of data quality for the site's files (up to 24 hours)."
    recalculateSiteDataQuality(siteId: ID!): TaskTracking!
  }
`;

export function siteToolsResolvers(service: SiteToolsService): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      siteTasks: (_root, args: { siteId: string }, context) =>
        withHttpErrors(async () =>
          (await service.siteTasks(requireViewer(context), args.siteId)).map(toTaskTracking),
        ),
    },
    Mutation: {
      changeSiteScheme: (
        _root,
        args: { siteId: string; class_scheme: string; pedestrians_included: boolean },
        context,
      ) =>
        withHttpErrors(async () =>
          toTaskTracking(
            await service.changeScheme(requireViewer(context), args.siteId, {
              class_scheme: args.class_scheme,
              pedestrians_included: args.pedestrians_included,
            }),
          ),
        ),
      recalculateSiteDataQuality: (_root, args: { siteId: string }, context) =>
        withHttpErrors(async () =>
          toTaskTracking(await service.recalculateQuality(requireViewer(context), args.siteId)),
        ),
    },
  };
}
