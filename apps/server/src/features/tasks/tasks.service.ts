import {
  isTaskFunction,
  serverMessage,
  TASK_START_PERMISSIONS,
  taskTrackingInputSchema,
} from '@roadcount/domain';
import { authorize } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import { parsed } from '../../infra/validation.ts';
import type { Viewer } from '../../infra/graphql/context.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { taskDemoSession, type TaskQueue, type TaskRow } from '../../infra/queue/taskQueue.ts';

/** The most task states one request may ask for. */
export const MAX_TASKS_ASKED = 100;

/** Topic of one organisation's task events; platform staff without one use their own topic. */
export function taskTopic(organisationId: string | null, userId: string): string {
  return organisationId ? `tasks:org:${organisationId}` : `tasks:user:${userId}`;
}

/** Topic of one demo visitor's own tasks (issue 38): no other visitor of the demo hears them. */
const demoTopic = (demoSession: string) => `tasks:demo:${demoSession}`;

/**
 * Every topic a task's events go out on: its organisation's, and its user's own (platform staff
 * follow the tasks they started in an organisation on theirs); a demo visitor's task, only that
 * visitor's.
 */
export function taskTopics(
  organisationId: string | null,
  userId: string | null,
  demoSession: string | null = null,
): string[] {
  if (demoSession) return [demoTopic(demoSession)];
  const topics = [taskTopic(organisationId, userId ?? '')];
  if (organisationId && userId) topics.push(taskTopic(null, userId));
  return topics;
}

/** The topics the viewer hears tasks on: a demo visitor also hears their own. */
export function viewerTaskTopics(viewer: Viewer): string[] {
  const topic = taskTopic(viewer.organisationId, viewer.userId);
  return viewer.isDemo && viewer.demoSession ? [topic, demoTopic(viewer.demoSession)] : [topic];
}

/** Whether the viewer hears of the task: its events go out on one of the viewer's topics. */
function canSeeTask(viewer: Viewer, task: TaskRow): boolean {
  const heard = viewerTaskTopics(viewer);
  return taskTopics(task.organisationId, task.userId, taskDemoSession(task)).some((topic) =>
    heard.includes(topic),
  );
}

export function createTasksService(queue: TaskQueue) {
  return {
    /**
     * The current state of the tasks of these ids that the viewer may see, so that a client whose
     * socket missed some events (it was connecting, or reconnecting) catches up. Ids of tasks it
     * may not see, or that do not exist, are left out.
     */
    async tasksByIds(viewer: Viewer, ids: readonly string[]): Promise<TaskRow[]> {
      if (ids.length > MAX_TASKS_ASKED) {
        throw new HttpError(
          400,
          `At most ${MAX_TASKS_ASKED} task ids at a time (${ids.length} given)`,
        );
      }
      const found = await queue.findMany([...new Set(ids)].filter(isUuid));
      return found.filter((task) => canSeeTask(viewer, task));
    },

    /**
     * A failed task queued again, by whoever may start its kind in its organisation: its
     * requester, or the organisation's admins (a viewer may not rerun an admin's report). A task
     * that is no longer in error is answered as it is (retried already).
     */
    async retry(viewer: Viewer, taskId: string): Promise<TaskRow> {
      const task = isUuid(taskId) ? await queue.find(taskId) : undefined;
      if (!task || !canSeeTask(viewer, task) || !isTaskFunction(task.functionName))
        throw new HttpError(404, serverMessage('notFound'));
      authorize(viewer, TASK_START_PERMISSIONS[task.functionName], {
        organisationId: task.organisationId,
        ownerId: task.userId,
      });
      // A tracking record has no worker to run it again.
      if (task.payload.tracking === true) throw new HttpError(400, serverMessage('badRequest'));
      return (await queue.retry(task.id)) ?? task;
    },

    /**
     * SPEC section 2, Profile: the viewer's own tasks, newest first, with their states; a demo
     * visitor's, those they asked for (issue 38).
     */
    myTasks(viewer: Viewer, limit: number): Promise<TaskRow[]> {
      return queue.recentOfUser(
        viewer.userId,
        Math.min(Math.max(1, limit), 100),
        viewer.isDemo ? (viewer.demoSession ?? '') : null,
      );
    },

    /**
     * SPEC section 7: insert a task tracking record, of a kind the viewer may start (a record of
     * their own work), with a message of at most TASK_TRACKING_MESSAGE_MAX characters. It starts
     * queued (QD).
     */
    async insertTaskTracking(viewer: Viewer, functionName: string, message: string) {
      const input = parsed(taskTrackingInputSchema, { function_name: functionName, message });
      authorize(viewer, TASK_START_PERMISSIONS[input.function_name], {
        organisationId: viewer.organisationId,
      });
      // A tracking record, which no worker claims even of a kind it runs (a report kind has a
      // handler now). The queue announces it, so subscribers hear of it like any other task.
      return queue.track({
        organisationId: viewer.organisationId,
        userId: viewer.userId,
        functionName: input.function_name,
        message: input.message,
      });
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
