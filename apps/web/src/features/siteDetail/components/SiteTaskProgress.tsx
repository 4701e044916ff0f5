import { Alert, Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { RUNNING_STATES, useSiteTasks, type TaskTracking } from '../api/siteToolsApi.ts';
import { localiseServerMessage } from '@/lib/serverMessages.ts';

interface Props {
  siteId: string;
}

const STATE_COLOURS: Record<TaskTracking['state'], 'default' | 'info' | 'error' | 'success'> = {
  QD: 'default',
  PR: 'info',
  ER: 'error',
  CM: 'success',
};

/** The site's reprocess and data-quality tasks with their state, followed until they end. */
export function SiteTaskProgress({ siteId }: Props) {
  const { t, i18n } = useTranslation();
  const tasks = useSiteTasks(siteId);
  const queryClient = useQueryClient();
  const running = useRef(new Set<string>());

  // A task that ends changed the site's data: the page's figures are read again.
  useEffect(() => {
    for (const task of tasks.data ?? []) {
      if (RUNNING_STATES.includes(task.state)) running.current.add(task.id);
      else if (running.current.delete(task.id)) {
        void queryClient.invalidateQueries({ queryKey: ['siteDetail'] });
        void queryClient.invalidateQueries({ queryKey: ['siteTimeRange', siteId] });
      }
    }
  }, [tasks.data, queryClient, siteId]);

  if (tasks.isError) return <Alert severity="error">{tasks.error.message}</Alert>;
  if (!tasks.data || tasks.data.length === 0) return null;
  return (
    <Stack spacing={1.5} aria-live="polite" data-testid="site-tasks">
      {tasks.data.map((task) => (
        <Box key={task.id}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t(
                [
                  `siteDetailTools.tasks.${task.function_name}`,
                  `realtime.tasks.${task.function_name}`,
                ],
                {
                  defaultValue: task.function_name,
                },
              )}
            </Typography>
            <Chip
              size="small"
              color={STATE_COLOURS[task.state]}
              label={t(`siteDetailTools.states.${task.state}`)}
              data-state={task.state}
            />
            <Typography variant="caption" color="text.secondary">
              {new Date(task.updated_at).toLocaleString(i18n.language)}
            </Typography>
          </Stack>
          {task.message && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {localiseServerMessage(task.message)}
            </Typography>
          )}
          {RUNNING_STATES.includes(task.state) && (
            <LinearProgress
              sx={{ mt: 0.5 }}
              variant={task.state === 'QD' ? 'query' : 'indeterminate'}
              aria-label={t(`siteDetailTools.states.${task.state}`)}
            />
          )}
        </Box>
      ))}
    </Stack>
  );
}
