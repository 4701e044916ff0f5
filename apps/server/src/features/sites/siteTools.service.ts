import { CLASS_SCHEMES, COMPASS_CODES, findClassScheme, serverMessage } from '@roadcount/domain';
import type { Access, SiteRow } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type { SitesRepository } from './sites.repository.ts';

/** The tasks the site tools queue, one kind each (SPEC section 4). */
export const SITE_TOOL_TASKS = ['site_change_scheme', 'recalculate_data_quality'] as const;
export type SiteToolTask = (typeof SITE_TOOL_TASKS)[number];

/**
 * Whether an edit changes what a reprocess re-derives: the class scheme, pedestrians included,
 * the time zone (files' local times are read again in it) or a direction (the channels of files
 * that name none, Jamar and Eco-Counter, take the site's directions).
 */
export function needsReprocess(
  site: SiteRow,
  next: {
    class_scheme: string;
    pedestrians_included: boolean;
    time_zone?: string;
    direction_one?: keyof typeof COMPASS_CODES | null;
    direction_two?: keyof typeof COMPASS_CODES | null;
  },
): boolean {
  const code = (letter: keyof typeof COMPASS_CODES | null | undefined) =>
    letter ? COMPASS_CODES[letter] : null;
  return (
    findClassScheme(site.classScheme).id !== next.class_scheme ||
    site.pedestriansIncluded !== next.pedestrians_included ||
    (next.time_zone !== undefined && next.time_zone !== site.timeZone) ||
    (next.direction_one !== undefined && code(next.direction_one) !== site.directionOne) ||
    (next.direction_two !== undefined && code(next.direction_two) !== site.directionTwo)
  );
}

export function createSiteToolsService(deps: {
  sites: SitesRepository;
  access: Access;
  queue: TaskQueue;
  /** Tells subscribers and wakes the in-process worker. */
  onQueued: (task: TaskRow) => Promise<void>;
}) {
  const liveSite = (viewer: Viewer, siteId: string, action: 'sites.read' | 'sites.update') =>
    deps.access.site(viewer, action, siteId);

  async function queueSiteTask(viewer: Viewer, site: SiteRow, functionName: SiteToolTask) {
    const task = await deps.queue.enqueue({
      functionName,
      organisationId: site.ownerOrganisationId,
      userId: viewer.userId,
      payload: { siteId: site.id },
      message: serverMessage('taskQueuedFor', { site: site.name }),
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
      await deps.sites.update(site.id, {
        classScheme: change.class_scheme,
        pedestriansIncluded: change.pedestrians_included,
      });
      return queueSiteTask(viewer, site, 'site_change_scheme');
    },

    async recalculateQuality(viewer: Viewer, siteId: string) {
      const site = await liveSite(viewer, siteId, 'sites.update');
      return queueSiteTask(viewer, site, 'recalculate_data_quality');
    },

    /** The latest task of each tool kind for the site, newest first. */
    async siteTasks(viewer: Viewer, siteId: string): Promise<TaskRow[]> {
      const site = await liveSite(viewer, siteId, 'sites.read');
      return deps.sites.latestTasks(site.id, [...SITE_TOOL_TASKS, 'recorrelate_sensor_events']);
    },
  };
}

export type SiteToolsService = ReturnType<typeof createSiteToolsService>;
