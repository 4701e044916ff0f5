import { Alert, LinearProgress, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useTaskProgress } from '@/lib/tasks/useTaskProgress.ts';
import { localiseServerMessage } from '@/lib/serverMessages.ts';

interface Props {
  taskId: string | undefined;
}

/** A queued task's progress as the worker reports it, until it completes or fails. */
export function TaskProgress({ taskId }: Props) {
  const { t } = useTranslation();
  const task = useTaskProgress(taskId);
  if (!taskId) return null;
  const state = task.data?.state ?? 'QD';
  const message = localiseServerMessage(task.data?.message ?? '');
  if (state === 'CM')
    return (
      <Alert severity="success" role="status">
        {t('billing.task.done', { message })}
      </Alert>
    );
  if (state === 'ER')
    return (
      <Alert severity="error" role="status">
        {t('billing.task.failed', { message })}
      </Alert>
    );
  return (
    <Stack spacing={1} role="status" aria-live="polite">
      <LinearProgress aria-label={t('billing.task.running')} />
      <Alert severity="info">
        {state === 'QD' ? t('billing.task.queued') : t('billing.task.progress', { message })}
      </Alert>
    </Stack>
  );
}
