import { isTaskFunction, TASK_FUNCTIONS } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';
import type { Viewer } from '../../infra/graphql/context.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';

/** Topic of one organisation's task events; platform staff without one use their own topic. */
export function taskTopic(organisationId: string | null, userId: string): string {
  return organisationId ? `tasks:org:${organisationId}` : `tasks:user:${userId}`;
}

export function createTasksService(queue: TaskQueue) {
  return {
    /** SPEC section 7: insert a task tracking record. It starts queued (QD). */
    async insertTaskTracking(viewer: Viewer, functionName: string, message: string) {
      if (!isTaskFunction(functionName)) {
        throw new HttpError(
          400,
          `Unknown function_name '${functionName}'. Expected one of: ${TASK_FUNCTIONS.join(', ')}`,
        );
      }
      // A tracking record: workers run only the functions they have handlers for. The queue
      // announces it, so subscribers hear of it like any other task.
      return queue.enqueue({
        organisationId: viewer.organisationId,
        userId: viewer.userId,
        functionName,
        message,
        payload: {},
      });
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
