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

/**
 * The channel realtime site updates travel on between processes: the API node that correlated
 * new events announces the site with NOTIFY, and every API node passes it to its subscribers.
 */
export const REALTIME_EVENTS_CHANNEL = 'roadcount_realtime_events';

/** A realtime site's update as announced to every API node. */
export interface RealtimeSiteEvent {
  siteId: string;
  organisationId: string;
  updatedAt: string;
}

/** An announced update, or null for a payload that is not one. */
export function parseRealtimeSiteEvent(payload: string): RealtimeSiteEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<RealtimeSiteEvent>;
    return typeof event.siteId === 'string' &&
      typeof event.organisationId === 'string' &&
      typeof event.updatedAt === 'string'
      ? (event as RealtimeSiteEvent)
      : null;
  } catch {
    return null;
  }
}

/** The subscription payloads of an update, each with the topic it goes out on. */
export function realtimeSitePublications(event: RealtimeSiteEvent) {
  const payload = {
    realtime_site_updated: { site_id: event.siteId, updated_at: event.updatedAt },
  };
  return [realtimeTopic(event.organisationId), realtimeTopic(null)].map((topic) => ({
    topic,
    payload,
  }));
}

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
