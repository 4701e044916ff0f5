import { CLASS_SCHEMES, findClassScheme } from '@roadcount/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { sites, tasks } from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';

export type SiteRow = typeof sites.$inferSelect;

/** The tasks the site tools queue, one kind each (SPEC section 4). */
export const SITE_TOOL_TASKS = ['site_change_scheme', 'recalculate_data_quality'] as const;
export type SiteToolTask = (typeof SITE_TOOL_TASKS)[number];

/** Whether an edit changes what a reprocess re-derives: the class scheme or pedestrians included. */
export function needsReprocess(
  site: SiteRow,
  next: { class_scheme: string; pedestrians_included: boolean },
): boolean {
  return (
    findClassScheme(site.classScheme).id !== next.class_scheme ||
    site.pedestriansIncluded !== next.pedestrians_included
  );
}

export function createSiteToolsService(deps: {
  db: Database;
  queue: TaskQueue;
  /** Tells subscribers and wakes the in-process worker. */
  onQueued: (task: TaskRow) => Promise<void>;
}) {
  async function liveSite(viewer: Viewer, siteId: string, action: 'sites.read' | 'sites.update') {
    const [site] = isUuid(siteId)
      ? await deps.db
          .select()
          .from(sites)
          .where(and(eq(sites.id, siteId), isNull(sites.deletedAt)))
      : [];
    if (!site) {
      authorize(viewer, action);
      throw new HttpError(404, "We couldn't find that site. It may have been deleted");
    }
    authorize(viewer, action, { organisationId: site.ownerOrganisationId });
    return site;
  }

  async function queueSiteTask(viewer: Viewer, site: SiteRow, functionName: SiteToolTask) {
    const task = await deps.queue.enqueue({
      functionName,
      organisationId: site.ownerOrganisationId,
      userId: viewer.userId,
      payload: { siteId: site.id },
      message: `Queued for ${site.name}`,
    });
    await deps.onQueued(task);
    return task;
  }

  return {
    liveSite,
    queueSiteTask,

    /** Sets the scheme and pedestrian flag, then queues the reprocess (up to an hour). */
    async changeScheme(
      viewer: Viewer,
      siteId: string,
      change: { class_scheme: string; pedestrians_included: boolean },
    ) {
      const site = await liveSite(viewer, siteId, 'sites.update');
      if (!CLASS_SCHEMES.some((scheme) => scheme.id === change.class_scheme)) {
        throw new HttpError(
          400,
          `class_scheme must be one of ${CLASS_SCHEMES.map((scheme) => scheme.id).join(', ')}`,
        );
      }
      await deps.db
        .update(sites)
        .set({ classScheme: change.class_scheme, pedestriansIncluded: change.pedestrians_included })
        .where(eq(sites.id, site.id));
      return queueSiteTask(viewer, site, 'site_change_scheme');
    },

    async recalculateQuality(viewer: Viewer, siteId: string) {
      const site = await liveSite(viewer, siteId, 'sites.update');
      return queueSiteTask(viewer, site, 'recalculate_data_quality');
    },

    /** The latest task of each tool kind for the site, newest first. */
    async siteTasks(viewer: Viewer, siteId: string): Promise<TaskRow[]> {
      const site = await liveSite(viewer, siteId, 'sites.read');
      const rows = await deps.db
        .selectDistinctOn([tasks.functionName])
        .from(tasks)
        .where(
          and(
            inArray(tasks.functionName, [...SITE_TOOL_TASKS]),
            sql`${tasks.payload}->>'siteId' = ${site.id}`,
          ),
        )
        .orderBy(tasks.functionName, desc(tasks.createdOn));
      return rows.sort((a, b) => b.createdOn.getTime() - a.createdOn.getTime());
    },
  };
}

export type SiteToolsService = ReturnType<typeof createSiteToolsService>;
