import type { Access } from '../../infra/access/access.ts';
import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type { SiteData } from '../siteData/index.ts';
import {
  parseRealtimeSiteEvent,
  realtimeResolvers,
  realtimeSitePublications,
  REALTIME_EVENTS_CHANNEL,
} from './realtime.graphql.ts';
import { createRealtimeRepository } from './realtime.repository.ts';
import { registerRealtimeRoutes } from './realtime.routes.ts';
import { createRealtimeService } from './realtime.service.ts';
import { createRealtimeFlusher, createSiteDays } from './siteDays.ts';

/**
 * Gateways' events in, made into vehicles in the background, and their sites' viewers told;
 * answers the service (the demo's gateway sends through it).
 */
export function registerRealtime(
  { app, router, resolvers }: FeatureHost,
  deps: {
    database: DatabaseHandle;
    siteData: SiteData;
    access: Access;
    queue: TaskQueue;
    onQueued: (task: TaskRow) => Promise<void>;
  },
) {
  const { database, siteData } = deps;
  const realtimeRepository = createRealtimeRepository(database.db);
  // New events become vehicles in the background, and the sites' viewers are told.
  const realtimeFlusher = createRealtimeFlusher({
    siteDays: createSiteDays({ repository: realtimeRepository, siteData }),
    // Announced through the database, so that subscribers on every API node hear it.
    onRebuilt: (siteId) => {
      void (async () => {
        const site = await realtimeRepository.site(siteId);
        if (!site) return;
        await realtimeRepository.announceSiteUpdated(REALTIME_EVENTS_CHANNEL, {
          siteId,
          organisationId: site.organisationId,
          updatedAt: new Date().toISOString(),
        });
      })().catch((error: unknown) =>
        app.log.error({ err: error }, 'realtime site update not announced'),
      );
    },
    onError: (error) => app.log.error({ err: error }, 'realtime correlation failed'),
  });
  app.addHook('onClose', () => realtimeFlusher.settled());
  const realtime = createRealtimeService({
    repository: realtimeRepository,
    access: deps.access,
    onStored: (days) => realtimeFlusher.touch(days),
    ...(database.kind === 'pglite' ? { storesAtOnce: 1 } : {}),
    queue: deps.queue,
    onQueued: deps.onQueued,
  });
  registerRealtimeRoutes(router, realtime);
  resolvers.push(realtimeResolvers());
  return realtime;
}

/** Realtime sites updated here or on another API node, announced with NOTIFY. */
export async function followRealtimeEvents(
  app: FeatureHost['app'],
  database: Pick<DatabaseHandle, 'listen'>,
): Promise<void> {
  const stopRealtimeEvents = await database.listen(REALTIME_EVENTS_CHANNEL, (payload) => {
    const event = parseRealtimeSiteEvent(payload);
    if (!event) return;
    for (const publication of realtimeSitePublications(event))
      void app.graphql.pubsub.publish(publication);
  });
  app.addHook('onClose', stopRealtimeEvents);
}
