import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { listenToTasks } from '../live/liveTasks.ts';
import type { TaskEvent } from '../live/taskSubscription.ts';

/** Tasks whose changes alter what the files table shows. */
const FILE_TASKS = new Set([
  'process_file',
  'process_national_platform_file',
  'refresh_site_rollups',
]);

/**
 * The newest task state of each file processed while the screen is open, kept live over the
 * subscription; each change refreshes the files queries, so that no screen polls.
 */
export function useLiveFileTasks(): ReadonlyMap<string, TaskEvent> {
  const queryClient = useQueryClient();
  const [byFile, setByFile] = useState<ReadonlyMap<string, TaskEvent>>(new Map());
  useEffect(
    () =>
      listenToTasks((event) => {
        if (!FILE_TASKS.has(event.function_name)) return;
        const fileId = event.file_id;
        if (fileId) {
          setByFile((current) => {
            const known = current.get(fileId);
            // Events of one task can overtake each other; the newest change wins.
            if (known?.id === event.id && known.updated_at > event.updated_at) return current;
            return new Map(current).set(fileId, event);
          });
        }
        void queryClient.invalidateQueries({ queryKey: ['files'] });
      }),
    [queryClient],
  );
  return byFile;
}
