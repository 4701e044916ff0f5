import type { IResolvers } from 'mercurius';
import { speedLimitListSchema } from '@roadcount/domain';
import { asc, eq } from 'drizzle-orm';
import { authorize } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { sites, speedLimits } from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';

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

/** A site's speed limits, oldest first, as SPEC section 3 names them. */
export async function readSpeedLimits(db: Database, siteId: string) {
  const rows = await db
    .select()
    .from(speedLimits)
    .where(eq(speedLimits.siteId, siteId))
    .orderBy(asc(speedLimits.effectiveFrom));
  return rows.map((row) => ({ effective_from: row.effectiveFrom, limit_mps: row.limitMps }));
}

async function liveSite(db: Database, siteId: string) {
  const [site] = isUuid(siteId) ? await db.select().from(sites).where(eq(sites.id, siteId)) : [];
  return site && !site.deletedAt ? site : undefined;
}

export function speedLimitsResolvers(db: Database): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      speedLimits: (_root, args: { siteId: string }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const site = await liveSite(db, args.siteId);
          if (!site) {
            authorize(viewer, 'sites.read');
            throw new HttpError(404, "We couldn't find that site. It may have been deleted");
          }
          authorize(viewer, 'sites.read', { organisationId: site.ownerOrganisationId });
          return readSpeedLimits(db, site.id);
        }),
    },
    Mutation: {
      setSpeedLimits: (_root, args: { siteId: string; limits: unknown[] }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const site = await liveSite(db, args.siteId);
          if (!site) {
            authorize(viewer, 'sites.update');
            throw new HttpError(404, "We couldn't find that site. It may have been deleted");
          }
          authorize(viewer, 'sites.update', { organisationId: site.ownerOrganisationId });
          const parsed = speedLimitListSchema.safeParse(args.limits);
          if (!parsed.success) {
            const issue = parsed.error.issues[0];
            const where = issue?.path.length ? `limits.${issue.path.join('.')}: ` : '';
            throw new HttpError(400, `${where}${issue?.message ?? 'invalid speed limits'}`);
          }
          await db.transaction(async (tx) => {
            await tx.delete(speedLimits).where(eq(speedLimits.siteId, site.id));
            if (parsed.data.length > 0)
              await tx.insert(speedLimits).values(
                parsed.data.map((limit) => ({
                  siteId: site.id,
                  effectiveFrom: limit.effective_from,
                  limitMps: limit.limit_mps,
                })),
              );
          });
          return readSpeedLimits(db, site.id);
        }),
    },
  };
}
