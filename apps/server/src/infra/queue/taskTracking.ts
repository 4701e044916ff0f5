import { toTaskEvent, type TaskEvent, type TaskRow } from './taskQueue.ts';

/** SPEC section 3: a task as the TaskTracking GraphQL type shows it. */
export function eventToTaskTracking(event: TaskEvent) {
  return {
    id: event.id,
    function_name: event.functionName,
    user_id: event.userId,
    created_on: event.createdOn,
    updated_at: event.updatedAt,
    state: event.state,
    message: event.message,
    file_id: event.fileId,
    progress: event.progress ?? null,
  };
}

export function toTaskTracking(task: TaskRow) {
  return { ...eventToTaskTracking(toTaskEvent(task)), message: task.message };
}
