import type { IResolvers } from 'mercurius';
import { authorizeGraphql, type GraphqlContext } from '../../infra/graphql/context.ts';

export const realtimeTypeDefs = /* GraphQL */ `
  "Issue 27: a realtime site's vehicles changed (new events were correlated into them)."
  type RealtimeSiteUpdate {
    site_id: ID!
    "When the site's vehicles were last rewritten."
    updated_at: String!
  }

  extend type Subscription {
    "The realtime sites of the viewer's organisation whose vehicles change, as they do."
    realtime_site_updated: RealtimeSiteUpdate!
  }
`;

/** The topic an organisation's realtime updates go out on; staff (no organisation) hear all. */
export function realtimeTopic(organisationId: string | null): string {
  return organisationId ? `realtime:org:${organisationId}` : 'realtime:staff';
}

/** The realtime subscription: those who may read sites hear their organisation's sites. */
export function realtimeResolvers(): IResolvers<unknown, GraphqlContext> {
  return {
    Subscription: {
      realtime_site_updated: {
        subscribe: async (_root, _args, context) => {
          const viewer = authorizeGraphql(context, 'sites.read');
          return context.pubsub.subscribe(realtimeTopic(viewer.organisationId));
        },
      },
    },
  };
}
