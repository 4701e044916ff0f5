import type { DatabaseHandle } from '../../infra/db/database.ts';
import type { FeatureHost } from '../../infra/http/featureHost.ts';
import {
  parseTaskEvent,
  TASK_EVENTS_CHANNEL,
  taskDemoSession,
  type TaskQueue,
  type TaskRow,
} from '../../infra/queue/taskQueue.ts';
import { eventToTaskTracking, toTaskTracking } from '../../infra/queue/taskTracking.ts';
import { tasksResolvers } from './tasks.graphql.ts';
import { createTasksService, taskTopics } from './tasks.service.ts';

/**
 * The tasks' GraphQL, and what the features that queue tasks are given: `publishTask` tells
 * the task's organisation at once, `queueAndWake` also wakes this process's worker.
 */
export function registerTasks(
  { app, resolvers }: FeatureHost,
  deps: { queue: TaskQueue; wake: () => void },
) {
  /**
   * Publishes a task's state to its organisation's subscribers at once; the queue's NOTIFY also
   * announces every change, from any process, and subscribers keep the latest state by id.
   */
  const publishTask = (task: TaskRow) => {
    for (const topic of taskTopics(task.organisationId, task.userId, taskDemoSession(task)))
      app.graphql.pubsub.publish({
        topic,
        payload: { task_tracking_updated: toTaskTracking(task) },
      });
    return Promise.resolve();
  };
  const queueAndWake = async (task: TaskRow) => {
    await publishTask(task);
    deps.wake();
  };
  resolvers.push(tasksResolvers(createTasksService(deps.queue), queueAndWake));
  return { publishTask, queueAndWake };
}

/**
 * Every task change, made here or by a worker in another process, is announced by the queue
 * with NOTIFY; each API process passes it to the subscribers of the task's organisation.
 * After GraphQL is registered.
 */
export async function followTaskEvents(
  app: FeatureHost['app'],
  database: Pick<DatabaseHandle, 'listen'>,
): Promise<void> {
  const stopTaskEvents = await database.listen(TASK_EVENTS_CHANNEL, (payload) => {
    const event = parseTaskEvent(payload);
    if (!event) return;
    for (const topic of taskTopics(event.organisationId, event.userId, event.demoSession))
      void app.graphql.pubsub.publish({
        topic,
        payload: { task_tracking_updated: eventToTaskTracking(event) },
      });
  });
  app.addHook('onClose', stopTaskEvents);
}
