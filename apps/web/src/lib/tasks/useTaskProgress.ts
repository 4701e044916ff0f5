import { useQuery } from '@tanstack/react-query';
import { TaskStatesDocument } from '@/generated/graphql.ts';
import { graphqlRequest } from '../graphql.ts';

/** A queued task's state and message, asked again every second until it ends. */
export function useTaskProgress(taskId: string | undefined) {
  return useQuery({
    queryKey: ['task', taskId],
    queryFn: async () => {
      const { task_tracking } = await graphqlRequest(TaskStatesDocument, { ids: [taskId ?? ''] });
      const task = task_tracking[0];
      return task ? { state: task.state, message: task.message } : null;
    },
    enabled: Boolean(taskId),
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'CM' || state === 'ER' ? false : 1000;
    },
  });
}
