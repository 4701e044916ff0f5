import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import { listenToTasks } from '@/lib/tasks/liveTasks.ts';
import type { TaskEvent } from '@/lib/tasks/taskSubscription.ts';

/** Tasks whose changes alter what the files table shows. */
const FILE_TASKS = new Set([
  'process_file',
  'process_national_platform_file',
  'refresh_site_rollups',
]);

/** While a followed task is unfinished, its state is read again this often, in case the socket missed its events. */
export const FOLLOW_CHECK_MS = 5_000;

const TASK_STATES = graphql(`
  query TaskStates($ids: [ID!]!) {
    task_tracking(ids: $ids) {
      ...TaskEventFields
    }
  }
`);

export interface LiveFileTasks {
  /** The newest known task state of each file, by file id. */
  byFile: ReadonlyMap<string, TaskEvent>;
  /**
   * Follows a task the screen started (an upload's processing): its state is read at once, on
   * each reconnection of the socket and every few seconds until it ends, so that it reaches its
   * end state even when the socket missed the events (it was still connecting, or dropped).
   */
  follow: (taskId: string) => void;
}

/**
 * The newest task state of each file processed while the screen is open, kept live over the
 * subscription; each change refreshes the files queries, so that no screen polls.
 */
export function useLiveFileTasks(): LiveFileTasks {
  const queryClient = useQueryClient();
  const [byFile, setByFile] = useState<ReadonlyMap<string, TaskEvent>>(new Map());
  const followed = useRef(new Set<string>());
  // The newest change met of each task: events can overtake each other, and a state read again
  // that has not changed refreshes nothing.
  const newest = useRef(new Map<string, Pick<TaskEvent, 'updated_at' | 'state'>>());

  const apply = useCallback(
    (event: TaskEvent) => {
      if (!FILE_TASKS.has(event.function_name)) return;
      const known = newest.current.get(event.id);
      if (
        known &&
        (known.updated_at > event.updated_at ||
          (known.updated_at === event.updated_at && known.state === event.state))
      )
        return;
      newest.current.set(event.id, { updated_at: event.updated_at, state: event.state });
      const fileId = event.file_id;
      if (fileId) setByFile((current) => new Map(current).set(fileId, event));
      void queryClient.invalidateQueries({ queryKey: ['files'] });
    },
    [queryClient],
  );

  const check = useCallback(async () => {
    const ids = [...followed.current];
    if (ids.length === 0) return;
    try {
      const { task_tracking: tasks } = await graphqlRequest(TASK_STATES, { ids });
      for (const task of tasks as TaskEvent[]) {
        if (task.state === 'CM' || task.state === 'ER') followed.current.delete(task.id);
        apply(task);
      }
    } catch {
      // Offline or signed out: the next check, or the socket, brings the state.
    }
  }, [apply]);

  useEffect(() => {
    const stop = listenToTasks(
      (event) => {
        if (event.state === 'CM' || event.state === 'ER') followed.current.delete(event.id);
        apply(event);
      },
      () => void check(),
    );
    const timer = setInterval(() => void check(), FOLLOW_CHECK_MS);
    return () => {
      stop();
      clearInterval(timer);
    };
  }, [apply, check]);

  const follow = useCallback(
    (taskId: string) => {
      followed.current.add(taskId);
      void check();
    },
    [check],
  );
  return { byFile, follow };
}
