import type { IResolvers } from 'mercurius';
import { compassLetter, laneListSchema, type CompassLetter } from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { LaneRow, LanesRepository } from './lanes.repository.ts';

export const lanesTypeDefs = /* GraphQL */ `
  "SPEC section 3: a lane of a site, numbered from the road centre (position_id 0) in its direction."
  type Lane {
    id: ID!
    "N, E, S or W: one of the site's two directions"
    direction: String
    position_id: Int!
    "UNDEFINED, ROAD_LANE, BIKE_LANE, SHARED_PATH or PARKING"
    lane_type: String!
    name: String!
    device_array_type: Int!
    analytics_config_id: Int!
    contraflow: Boolean!
  }

  input LaneInput {
    "The saved lane's id; none for a new lane"
    id: ID
    direction: String!
    lane_type: String!
    name: String
  }

  extend type Query {
    siteLanes(siteId: ID!): [Lane!]!
  }

  extend type Mutation {
    """
    Saves a site's lanes in order from the road centre within each direction (organisation
    admins). Every saved lane must be sent: the number of lanes cannot be decreased.
    """
    setSiteLanes(siteId: ID!, lanes: [LaneInput!]!): [Lane!]!
  }
`;

function toLane(row: LaneRow) {
  return {
    id: row.id,
    direction: compassLetter(row.direction),
    position_id: row.positionId,
    lane_type: row.laneType,
    name: row.name,
    device_array_type: row.deviceArrayType,
    analytics_config_id: row.analyticsConfigId,
    contraflow: row.contraflow,
  };
}

export function lanesResolvers(deps: {
  lanes: LanesRepository;
  access: Access;
}): IResolvers<unknown, GraphqlContext> {
  const repository = deps.lanes;
  const liveSite = (
    context: GraphqlContext,
    siteId: string,
    action: 'sites.read' | 'sites.update',
  ) => deps.access.site(requireViewer(context), action, siteId);

  return {
    Query: {
      siteLanes: (_root, args: { siteId: string }, context) =>
        withHttpErrors(async () => {
          const site = await liveSite(context, args.siteId, 'sites.read');
          return (await repository.list(site.id)).map(toLane);
        }),
    },
    Mutation: {
      setSiteLanes: (_root, args: { siteId: string; lanes: unknown[] }, context) =>
        withHttpErrors(async () => {
          const site = await liveSite(context, args.siteId, 'sites.update');
          const saved = await repository.list(site.id);
          const directions = [
            compassLetter(site.directionOne),
            compassLetter(site.directionTwo),
          ].filter((letter): letter is CompassLetter => letter !== null);
          const parsed = laneListSchema(
            saved.map((lane) => lane.id),
            directions,
          ).safeParse(args.lanes);
          if (!parsed.success) {
            const messages = parsed.error.issues.map((issue) =>
              issue.path.length > 0
                ? `lanes.${issue.path.join('.')}: ${issue.message}`
                : issue.message,
            );
            throw new HttpError(400, messages.join('; '));
          }
          await repository.save(site.id, parsed.data);
          return (await repository.list(site.id)).map(toLane);
        }),
    },
  };
}
