import type { tasks } from '../db/schema.ts';

export type TaskRow = typeof tasks.$inferSelect;

export const TASK_LEASE_MS = 5 * 60_000;
/** NOTIFY channel on which every task state change is announced, whichever process made it. */
export const TASK_EVENTS_CHANNEL = 'roadcount_task_events';
/** NOTIFY payloads are limited to 8000 bytes: a long message is cut in the announcement. */
const EVENT_MESSAGE_CHARS = 1000;

/** A task state change as announced to every API process, which passes it to subscribers. */
export interface TaskEvent {
  id: string;
  organisationId: string | null;
  userId: string | null;
  functionName: string;
  state: string;
  message: string;
  createdOn: string;
  updatedAt: string;
  fileId: string | null;
  /** Percent done, when the task's kind tells. */
  progress: number | null;
  /** Issue 38: the demo visitor who asked for it, whose alone it is; null for every other task. */
  demoSession: string | null;
}

/** The demo visitor a task was asked for by (its payload's `demoSession`), or null. */
export function taskDemoSession(task: TaskRow): string | null {
  const session = task.payload.demoSession;
  return typeof session === 'string' ? session : null;
}

export function toTaskEvent(task: TaskRow): TaskEvent {
  const fileId = task.payload.fileId;
  return {
    id: task.id,
    organisationId: task.organisationId,
    userId: task.userId,
    functionName: task.functionName,
    state: task.state,
    message: task.message.slice(0, EVENT_MESSAGE_CHARS),
    createdOn: task.createdOn.toISOString(),
    updatedAt: task.updatedAt.toISOString(),
    fileId: typeof fileId === 'string' ? fileId : null,
    progress: task.progress,
    demoSession: taskDemoSession(task),
  };
}

/** The announced event, or null for a payload that is not one (another sender on the channel). */
export function parseTaskEvent(payload: string): TaskEvent | null {
  try {
    const event = JSON.parse(payload) as Partial<TaskEvent>;
    return typeof event.id === 'string' && typeof event.state === 'string'
      ? (event as TaskEvent)
      : null;
  } catch {
    return null;
  }
}
export const TASK_MAX_ATTEMPTS = 5;

/** Seconds before retry N (1-based): 5 s, 20 s, 80 s, ... capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 4 ** (attempt - 1), 600_000);
}
