// The queue's one door: its records and events, and the queue itself. The repository imports
// taskRecords.ts, never this file, so that no import runs in a loop.
export {
  parseTaskEvent,
  retryDelayMs,
  TASK_EVENTS_CHANNEL,
  TASK_LEASE_MS,
  TASK_MAX_ATTEMPTS,
  taskDemoSession,
  toTaskEvent,
  type TaskEvent,
  type TaskRow,
} from './taskRecords.ts';
export { createTaskQueue, type ClaimedTask, type TaskQueue } from './taskQueue.repository.ts';
