import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from '../../infra/graphql/context.ts';
import { authorizeGraphql, requireViewer, withHttpErrors } from '../../infra/graphql/context.ts';
import { toTaskTracking } from '../../infra/queue/taskTracking.ts';
import type { TaskRow } from '../../infra/queue/taskQueue.ts';
import { viewerTaskTopics, type TasksService } from './tasks.service.ts';

export const tasksTypeDefs = /* GraphQL */ `
  "SPEC section 3: task tracking record."
  type TaskTracking {
    id: ID!
    function_name: String!
    user_id: ID
    created_on: String!
    updated_at: String!
    "QD queued, PR in progress, ER error, CM completed."
    state: String!
    message: String!
    "The traffic data file a processing task works on, if any."
    file_id: ID
    "Percent done, 0 to 100, when the task's kind tells."
    progress: Int
  }

  extend type Query {
    "The current state of these tasks, those of the viewer's organisation only (at most 100 ids)."
    task_tracking(ids: [ID!]!): [TaskTracking!]!
    "The signed-in user's own tasks, newest first (at most 100)."
    myTasks(limit: Int = 20): [TaskTracking!]!
  }

  extend type Mutation {
    "SPEC section 7: a task tracking record of your own work, of a kind you may start; message at most 1000 characters."
    insert_task_tracking(function_name: String!, message: String): TaskTracking!
    "Queues a failed task (ER) again: its requester's, or, for the organisation's admins, any of its users'; for whoever may start its kind."
    retryTask(id: ID!): TaskTracking!
  }

  extend type Subscription {
    "Task tracking records of the signed-in user's organisation as they are created or change."
    task_tracking_updated: TaskTracking!
  }
`;

export function tasksResolvers(
  service: TasksService,
  /** Wakes the in-process worker for a task queued again. */
  onRetried?: (task: TaskRow) => Promise<void>,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      myTasks: async (_root, args: { limit?: number | null }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(async () =>
          (await service.myTasks(viewer, args.limit ?? 20)).map(toTaskTracking),
        );
      },
      task_tracking: async (_root, args: { ids: string[] }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(async () =>
          (await service.tasksByIds(viewer, args.ids)).map(toTaskTracking),
        );
      },
    },
    Mutation: {
      retryTask: async (_root, args: { id: string }, context) => {
        const viewer = requireViewer(context);
        const task = await withHttpErrors(() => service.retry(viewer, args.id));
        await onRetried?.(task);
        return toTaskTracking(task);
      },
      insert_task_tracking: async (
        _root,
        args: { function_name: string; message?: string | null },
        context,
      ) => {
        const viewer = authorizeGraphql(context, 'tasks.create');
        return withHttpErrors(async () =>
          toTaskTracking(
            await service.insertTaskTracking(viewer, args.function_name, args.message ?? ''),
          ),
        );
      },
    },
    Subscription: {
      task_tracking_updated: {
        subscribe: async (_root, _args, context) => {
          const viewer = requireViewer(context);
          return context.pubsub.subscribe(viewerTaskTopics(viewer));
        },
      },
    },
  };
}
