import {
  createOrganisationSchema,
  DEFAULT_ORGANISATION_SETTINGS,
  organisationSettingsSchema,
  serverMessage,
  preferencesSizeProblem,
} from '@roadcount/domain';
import type { z } from 'zod';
import { organisationScope, type Access } from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type { OrganisationRow, OrganisationsRepository } from './organisations.repository.ts';

export const organisationUpdateSchema = organisationSettingsSchema.partial().extend({
  name: createOrganisationSchema.shape.name.optional(),
  max_active_users: createOrganisationSchema.shape.max_active_users.optional(),
  max_sites: createOrganisationSchema.shape.max_sites.optional(),
});

/** The stored settings over the defaults. */
function organisationPreferences(organisation: OrganisationRow) {
  return { ...DEFAULT_ORGANISATION_SETTINGS, ...organisation.preferences };
}

function toOrganisation(row: OrganisationRow, activeUsers?: number) {
  return {
    id: row.id,
    name: row.name,
    max_active_users: row.maxActiveUsers,
    max_sites: row.maxSites,
    ...(activeUsers === undefined ? {} : { active_users: activeUsers }),
    preferences: organisationPreferences(row),
    created_on: row.createdOn.toISOString(),
  };
}

/** Queues the reprocessing of an organisation's summary statistics, and tells who follows tasks. */
export interface SummaryStatisticsQueue {
  queue: Pick<TaskQueue, 'enqueue'>;
  onQueued: (task: TaskRow) => Promise<void>;
}

export function createOrganisationsService(
  repository: OrganisationsRepository,
  access: Access,
  reprocessing: SummaryStatisticsQueue,
) {
  /**
   * SPEC section 3: a changed headway threshold reprocesses the organisation's summary
   * statistics (its sites' free-flow speeds) as a task; the task's id, to follow it.
   */
  async function reprocessIfThresholdChanged(
    viewer: Viewer,
    before: OrganisationRow,
    after: OrganisationRow,
  ): Promise<string | undefined> {
    const threshold = (row: OrganisationRow) =>
      organisationPreferences(row).headway_threshold_seconds;
    if (threshold(before) === threshold(after)) return undefined;
    const task = await reprocessing.queue.enqueue({
      functionName: 'refresh_summary_statistics',
      organisationId: after.id,
      userId: viewer.userId,
      payload: { organisationId: after.id },
      message: serverMessage('taskHeadwayQueued', { seconds: threshold(after) }),
    });
    await reprocessing.onQueued(task);
    return task.id;
  }

  return {
    /** Platform admins: every organisation with its user count; others: their own. */
    async list(viewer: Viewer) {
      const scope = organisationScope(viewer, 'organisation.read');
      if (scope.all) {
        return (await repository.list()).map((row) => toOrganisation(row, row.activeUsers));
      }
      if (!scope.organisationId) return [];
      const own = await access.organisation(viewer, 'organisation.read', scope.organisationId);
      return [toOrganisation(own)];
    },

    async create(viewer: Viewer, input: z.infer<typeof createOrganisationSchema>) {
      authorize(viewer, 'organisations.create');
      if (await repository.findByName(input.name)) {
        throw new HttpError(400, serverMessage('organisationNameTaken', { name: input.name }));
      }
      const row = await repository.insert({
        name: input.name,
        maxActiveUsers: input.max_active_users,
        maxSites: input.max_sites,
      });
      return toOrganisation(row, 0);
    },

    async get(viewer: Viewer, id: string) {
      return toOrganisation(await access.organisation(viewer, 'organisation.read', id));
    },

    /** Settings for org admins; name and subscription limits for platform admins only. */
    async update(viewer: Viewer, id: string, input: z.infer<typeof organisationUpdateSchema>) {
      const organisation = await access.organisation(viewer, 'organisation.updateSettings', id);
      const { name, max_active_users, max_sites, ...settings } = input;
      const subscriptionChange =
        name !== undefined || max_active_users !== undefined || max_sites !== undefined;
      if (subscriptionChange) authorize(viewer, 'organisations.create');
      const preferences = { ...organisation.preferences, ...settings };
      const tooLarge = preferencesSizeProblem(preferences);
      if (tooLarge) throw new HttpError(400, tooLarge);
      const updated = await repository.update(organisation.id, {
        ...(name === undefined ? {} : { name }),
        ...(max_active_users === undefined ? {} : { maxActiveUsers: max_active_users }),
        ...(max_sites === undefined ? {} : { maxSites: max_sites }),
        preferences,
      });
      const reprocessingTaskId = await reprocessIfThresholdChanged(viewer, organisation, updated);
      return {
        ...toOrganisation(updated),
        ...(reprocessingTaskId ? { reprocessing_task_id: reprocessingTaskId } : {}),
      };
    },
  };
}

export type OrganisationsService = ReturnType<typeof createOrganisationsService>;
