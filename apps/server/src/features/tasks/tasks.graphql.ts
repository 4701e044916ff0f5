import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from '../../infra/graphql/context.ts';
import { requireViewer, withHttpErrors } from '../../infra/graphql/context.ts';
import type { TaskRow } from '../../infra/queue/taskQueue.ts';
import { taskTopic, type TasksService } from './tasks.service.ts';

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
  }

  extend type Mutation {
    insert_task_tracking(function_name: String!, message: String): TaskTracking!
  }

  extend type Subscription {
    "Task tracking records of the signed-in user's organisation as they are created or change."
    task_tracking_updated: TaskTracking!
  }
`;

export function toTaskTracking(task: TaskRow) {
  return {
    id: task.id,
    function_name: task.functionName,
    user_id: task.userId,
    created_on: task.createdOn.toISOString(),
    updated_at: task.updatedAt.toISOString(),
    state: task.state,
    message: task.message,
  };
}

export function tasksResolvers(service: TasksService): IResolvers<unknown, GraphqlContext> {
  return {
    Mutation: {
      insert_task_tracking: async (
        _root,
        args: { function_name: string; message?: string | null },
        context,
      ) => {
        const viewer = requireViewer(context);
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
          return context.pubsub.subscribe(taskTopic(viewer.organisationId, viewer.userId));
        },
      },
    },
  };
}
