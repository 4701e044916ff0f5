import type { IResolvers } from 'mercurius';
import { speedLimitListSchema } from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { SitesRepository } from './sites.repository.ts';

export const speedLimitsTypeDefs = /* GraphQL */ `
  "SPEC section 3: a posted speed limit (m/s) and the local date it applies from."
  type SpeedLimit {
    effective_from: String!
    limit_mps: Float!
  }

  input SpeedLimitInput {
    "YYYY-MM-DD, 1970-01-01 when omitted"
    effective_from: String
    limit_mps: Float!
  }

  extend type Query {
    speedLimits(siteId: ID!): [SpeedLimit!]!
  }

  extend type Mutation {
    "Replaces the site's speed limits (organisation admins)."
    setSpeedLimits(siteId: ID!, limits: [SpeedLimitInput!]!): [SpeedLimit!]!
  }
`;

export function speedLimitsResolvers(deps: {
  sites: SitesRepository;
  access: Access;
}): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      speedLimits: (_root, args: { siteId: string }, context) =>
        withHttpErrors(async () => {
          const site = await deps.access.site(requireViewer(context), 'sites.read', args.siteId);
          return deps.sites.speedLimits(site.id);
        }),
    },
    Mutation: {
      setSpeedLimits: (_root, args: { siteId: string; limits: unknown[] }, context) =>
        withHttpErrors(async () => {
          const site = await deps.access.site(requireViewer(context), 'sites.update', args.siteId);
          const parsed = speedLimitListSchema.safeParse(args.limits);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const where = issue?.path.length ? `limits.${issue.path.join('.')}: ` : '';
            throw new HttpError(400, `${where}${issue?.message ?? 'invalid speed limits'}`);
          }
          await deps.sites.replaceSpeedLimits(site.id, parsed.data);
          return deps.sites.speedLimits(site.id);
        }),
    },
  };
}
