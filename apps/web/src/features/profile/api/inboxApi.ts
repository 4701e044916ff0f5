import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskState } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

const MY_NOTIFICATIONS = graphql(`
  query MyNotifications {
    myNotifications(limit: 30) {
      unread
      items {
        id
        kind
        message
        created_on
        read
      }
    }
  }
`);

const MARK_READ = graphql(`
  mutation MarkNotificationsRead($ids: [ID!]) {
    markNotificationsRead(ids: $ids)
  }
`);

const MY_TASKS = graphql(`
  query MyTasks {
    myTasks(limit: 10) {
      id
      function_name
      state
      message
      created_on
      updated_at
      progress
    }
  }
`);

const RETRY_TASK = graphql(`
  mutation RetryTask($id: ID!) {
    retryTask(id: $id) {
      id
      state
    }
  }
`);

/** Queues a failed task again (for whoever may start its kind). */
export function useRetryTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await graphqlRequest(RETRY_TASK, { id })).retryTask,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['myTasks'] }),
  });
}

export interface Notification {
  id: string;
  kind: string;
  message: Record<string, unknown>;
  created_on: string;
  read: boolean;
}

/** The user's notifications; refreshed when a task ends (useTaskCompletionRefresh). */
export function useNotifications() {
  return useQuery({
    queryKey: ['notifications'],
    queryFn: async () => {
      const answer = (await graphqlRequest(MY_NOTIFICATIONS)).myNotifications;
      return { unread: answer.unread, items: answer.items as Notification[] };
    },
  });
}

/** Marks these notifications read, or all of them when `ids` is null. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[] | null) =>
      (await graphqlRequest(MARK_READ, { ids })).markNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['notifications'] }),
  });
}

/** The user's own tasks with their states, live as task events arrive. */
export function useMyTasks() {
  return useQuery({
    queryKey: ['myTasks'],
    queryFn: async () =>
      (await graphqlRequest(MY_TASKS)).myTasks.map((task) => ({
        ...task,
        state: task.state as TaskState,
      })),
  });
}
