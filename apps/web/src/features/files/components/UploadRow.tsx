import { Box, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { localiseServerMessage } from '@/lib/serverMessages.ts';
import type { TaskEvent } from '@/lib/tasks/taskSubscription.ts';

export interface Upload {
  key: string;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'uploading' | 'uploaded' | 'failed';
  fileId?: string | undefined;
  /** Already uploaded before and not processed again. */
  duplicate?: boolean;
  message?: string;
}

interface Props {
  upload: Upload;
  task: TaskEvent | undefined;
}

const TASK_COLOURS = { QD: 'default', PR: 'info', CM: 'success', ER: 'error' } as const;

/** One file of an upload box: its progress bar, then its processing task's state, live. */
export function UploadRow({ upload, task }: Props) {
  const { t } = useTranslation();
  const percent = Math.round(upload.progress * 100);
  let status: { label: string; colour: 'default' | 'info' | 'success' | 'error' | 'warning' };
  if (upload.state === 'uploading') {
    status = { label: t('filesMore.upload.sending', { percent }), colour: 'default' };
  } else if (upload.state === 'failed') {
    status = { label: t('filesMore.upload.failed'), colour: 'error' };
  } else if (upload.duplicate) {
    status = { label: t('filesMore.upload.duplicate'), colour: 'warning' };
  } else {
    const state = task?.state ?? 'QD';
    status = { label: t(`filesMore.taskState.${state}`), colour: TASK_COLOURS[state] };
  }
  const detail =
    upload.state === 'failed'
      ? upload.message
      : task?.state === 'ER'
        ? localiseServerMessage(task.message)
        : undefined;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} aria-label={upload.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
        <Typography variant="body2" noWrap title={upload.name} sx={{ flex: 1, minWidth: 0 }}>
          {upload.name}
        </Typography>
        <Chip size="small" color={status.colour} label={status.label} data-testid="upload-state" />
      </Stack>
      <LinearProgress
        variant="determinate"
        value={percent}
        color={upload.state === 'failed' ? 'error' : 'primary'}
        aria-label={t('filesMore.upload.progress', { name: upload.name })}
        sx={{ mt: 0.5 }}
      />
      {detail && (
        <Typography variant="caption" color="error" sx={{ display: 'block', mt: 0.5 }}>
          {detail}
        </Typography>
      )}
    </Box>
  );
}
