import { isTaskFunction, TASK_FUNCTIONS } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';
import type { Viewer } from '../../infra/graphql/context.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';

export interface TaskEvents {
  publish: (task: TaskRow) => Promise<void>;
}

/** Topic of one organisation's task events; platform staff without one use their own topic. */
export function taskTopic(organisationId: string | null, userId: string): string {
  return organisationId ? `tasks:org:${organisationId}` : `tasks:user:${userId}`;
}

export function createTasksService(queue: TaskQueue, events: TaskEvents) {
  return {
    /** SPEC section 7: insert a task tracking record. It starts queued (QD). */
    async insertTaskTracking(viewer: Viewer, functionName: string, message: string) {
      if (!isTaskFunction(functionName)) {
        throw new HttpError(
          400,
          `Unknown function_name '${functionName}'. Expected one of: ${TASK_FUNCTIONS.join(', ')}`,
        );
      }
      // A tracking record: workers run only the functions they have handlers for.
      const task = await queue.enqueue({
        organisationId: viewer.organisationId,
        userId: viewer.userId,
        functionName,
        message,
        payload: {},
      });
      await events.publish(task);
      return task;
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
