import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { toTaskTracking } from '../../infra/queue/taskTracking.ts';
import type { BadDataService } from './badData.service.ts';

export const badDataTypeDefs = /* GraphQL */ `
  """
  Issue 25: a stretch of a site's record flagged as bad data. rule: silent (no vehicles for more
  than an hour between 04:00 and 22:00 at hours that normally carry traffic), direction_share (a
  direction under 40% of a whole day's two-way total), lane_flow (a lane above 2,400 vehicles an
  hour). value: what the rule measured (empty daytime hours, the direction's share 0 to 1, or
  the lane's vehicles an hour). state: flagged, kept, excluded (left out of every figure of the
  site) or real_zero (a closed road: data, not missing data). Times ISO 8601, the end exclusive.
  """
  type BadDataPeriod {
    id: ID!
    site_id: ID!
    rule: String!
    direction: Int
    lane: Int
    start_time: String!
    end_time: String!
    value: Float!
    state: String!
    "The username of who reviewed it"
    reviewed_by: String
    reviewed_at: String
  }

  extend type Query {
    "The site's flagged bad-data periods, reviewed or not, in time order."
    badDataPeriods(siteId: ID!): [BadDataPeriod!]!
  }

  extend type Mutation {
    "Records a decision on a period: kept, excluded, or real_zero (silent stretches only)."
    reviewBadDataPeriod(id: ID!, decision: String!): BadDataPeriod!
    "Flags the site's stored data again (queues its rollup rebuild, which applies the rules)."
    detectBadDataPeriods(siteId: ID!): TaskTracking!
  }
`;

export function badDataResolvers(service: BadDataService): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      badDataPeriods: (_root, args: { siteId: string }, context) =>
        withHttpErrors(() => service.list(requireViewer(context), args.siteId)),
    },
    Mutation: {
      reviewBadDataPeriod: (_root, args: { id: string; decision: string }, context) =>
        withHttpErrors(() => service.review(requireViewer(context), args.id, args.decision)),
      detectBadDataPeriods: (_root, args: { siteId: string }, context) =>
        withHttpErrors(async () =>
          toTaskTracking(await service.detect(requireViewer(context), args.siteId)),
        ),
    },
  };
}
