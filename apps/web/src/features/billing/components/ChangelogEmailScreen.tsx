import SendIcon from '@mui/icons-material/Send';
import { Alert, Box, Button, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useLatestChangelog, useSendChangelog } from '../api/billingApi.ts';
import { StaffTabs } from '@/ui/StaffTabs.tsx';
import { TaskProgress } from '@/ui/TaskProgress.tsx';

/** Staff: the newest CHANGELOG.md section, sent by email to every user who has not opted out. */
export function ChangelogEmailScreen() {
  const { t } = useTranslation();
  const flash = useFlash();
  const latest = useLatestChangelog(true);
  const send = useSendChangelog();
  const [taskId, setTaskId] = useState<string>();
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('billing.changelog.title')}</Typography>
      <StaffTabs />
      <Typography color="text.secondary">{t('billing.changelog.help')}</Typography>
      {latest.error && <Alert severity="error">{errorMessage(latest.error)}</Alert>}
      {latest.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {latest.data && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h2" gutterBottom>
            {latest.data.heading}
          </Typography>
          <Box
            component="pre"
            sx={{
              whiteSpace: 'pre-wrap',
              fontFamily: 'inherit',
              maxHeight: 360,
              overflowY: 'auto',
              m: 0,
            }}
          >
            {latest.data.body}
          </Box>
        </Paper>
      )}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          disabled={!latest.data || send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (task) => setTaskId(task.id),
              onError: (error) => flash({ message: errorMessage(error), severity: 'error' }),
            })
          }
        >
          {t('billing.changelog.send')}
        </Button>
      </Stack>
      <TaskProgress taskId={taskId} />
    </Stack>
  );
}
