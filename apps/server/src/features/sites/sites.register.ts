import type { Access } from '../../infra/access/access.ts';
import type { Database } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import { lanesResolvers } from './lanes.graphql.ts';
import { createLanesRepository } from './lanes.repository.ts';
import { siteLifecycleResolvers } from './siteLifecycle.graphql.ts';
import { createSiteLifecycleService } from './siteLifecycle.service.ts';
import { registerSiteListRoutes } from './siteList.routes.ts';
import { siteMergeResolvers } from './siteMerge.graphql.ts';
import { siteToolsResolvers } from './siteTools.graphql.ts';
import { createSiteToolsService } from './siteTools.service.ts';
import { sitesResolvers } from './sites.graphql.ts';
import { createSitesRepository } from './sites.repository.ts';
import { speedLimitsResolvers } from './speedLimits.graphql.ts';

/** Sites, their lanes and speed limits, their lifecycle, merges and tools. */
export function registerSites(
  { router, resolvers }: FeatureHost,
  deps: {
    db: Database;
    access: Access;
    queue: TaskQueue;
    /** Tells subscribers of a queued task and wakes the in-process worker. */
    onQueued: (task: TaskRow) => Promise<void>;
    /** The same, for a merge, which answers without waiting for it. */
    onMergeQueued: (task: TaskRow) => void;
  },
): void {
  const { db, access, queue, onQueued } = deps;
  const sitesRepository = createSitesRepository(db);
  const lanesRepository = createLanesRepository(db);
  registerSiteListRoutes(router, { sites: sitesRepository, access });
  const siteTools = createSiteToolsService({ sites: sitesRepository, access, queue, onQueued });
  resolvers.push(
    speedLimitsResolvers({ sites: sitesRepository, access }),
    sitesResolvers({
      sites: sitesRepository,
      lanes: lanesRepository,
      access,
      tools: siteTools,
    }),
    siteLifecycleResolvers(
      createSiteLifecycleService({ sites: sitesRepository, access, queue, onQueued }),
    ),
    lanesResolvers({ lanes: lanesRepository, access }),
    siteMergeResolvers({ access, queue, onQueued: deps.onMergeQueued }),
    siteToolsResolvers(siteTools),
  );
}
