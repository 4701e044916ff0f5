import ReplayIcon from '@mui/icons-material/Replay';
import {
  Alert,
  Button,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { can, isTaskFunction, TASK_START_PERMISSIONS, type Role } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { localiseServerMessage } from '@/lib/serverMessages.ts';
import { useSession } from '@/lib/session/useSession.ts';
import { useMyTasks, useRetryTask } from '../api/inboxApi.ts';
import { SectionCard } from '@/ui/SectionCard.tsx';

const COLOURS = { QD: 'default', PR: 'info', CM: 'success', ER: 'error' } as const;

/**
 * SPEC section 2, Profile: the user's tasks with their state, message, progress and time, live
 * over the subscription; a failed one shows its error and can be run again by whoever may start
 * its kind.
 */
export function TasksCard() {
  const { t, i18n } = useTranslation();
  const { claims } = useSession();
  const tasks = useMyTasks();
  const retry = useRetryTask();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const mayRetry = (kind: string) =>
    claims !== null &&
    isTaskFunction(kind) &&
    can({ role: claims.group as Role, organisationId: null }, TASK_START_PERMISSIONS[kind]);
  const pending = (tasks.data ?? []).filter((task) => task.state === 'QD' || task.state === 'PR');
  return (
    <SectionCard title={t('myTasks.title')}>
      <Typography color="text.secondary">
        {t('myTasks.pending', { count: pending.length })}
      </Typography>
      {tasks.isSuccess && tasks.data.length === 0 && (
        <Typography color="text.secondary">{t('myTasks.none')}</Typography>
      )}
      {retry.isError && <Alert severity="error">{retry.error.message}</Alert>}
      <List dense disablePadding aria-label={t('myTasks.title')}>
        {(tasks.data ?? []).map((task) => {
          const kind = t(
            [`myTasks.kinds.${task.function_name}`, `staffTools.actions.${task.function_name}`],
            {
              defaultValue: task.function_name.replace(/_/g, ' '),
            },
          );
          return (
            <ListItem key={task.id} divider disableGutters sx={{ display: 'block' }}>
              <ListItemText
                primary={kind}
                secondary={
                  task.state === 'ER'
                    ? when(task.updated_at)
                    : [localiseServerMessage(task.message), when(task.updated_at)]
                        .filter(Boolean)
                        .join(' · ')
                }
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Chip
                  size="small"
                  color={COLOURS[task.state]}
                  label={t(`filesMore.taskState.${task.state}`)}
                />
                {task.state === 'PR' && typeof task.progress === 'number' && (
                  <Typography variant="body2" color="text.secondary">
                    {t('staffTools.tasks.percent', { percent: task.progress })}
                  </Typography>
                )}
              </Stack>
              {task.state === 'ER' && (
                <Alert
                  severity="error"
                  sx={{ mt: 1 }}
                  action={
                    mayRetry(task.function_name) ? (
                      <Button
                        color="inherit"
                        size="small"
                        startIcon={<ReplayIcon />}
                        disabled={retry.isPending}
                        onClick={() => retry.mutate(task.id)}
                        aria-label={t('staffTools.tasks.retryNamed', { kind })}
                      >
                        {t('staffTools.tasks.retry')}
                      </Button>
                    ) : undefined
                  }
                >
                  {task.message
                    ? localiseServerMessage(task.message)
                    : t('staffTools.tasks.failed')}
                </Alert>
              )}
              {(task.state === 'QD' || task.state === 'PR') && (
                <LinearProgress
                  sx={{ mt: 1 }}
                  aria-label={t('myTasks.running')}
                  {...(task.state === 'QD'
                    ? { variant: 'query' }
                    : typeof task.progress === 'number'
                      ? { variant: 'determinate', value: task.progress }
                      : {})}
                />
              )}
            </ListItem>
          );
        })}
      </List>
    </SectionCard>
  );
}
