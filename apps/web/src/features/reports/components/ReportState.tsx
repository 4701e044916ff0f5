import { Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Report } from '../api/reportsApi.ts';
import { localiseServerMessage } from '@/lib/serverMessages.ts';

const STATE_COLOURS: Record<string, 'default' | 'info' | 'error' | 'success'> = {
  QD: 'default',
  PR: 'info',
  ER: 'error',
  CM: 'success',
};

interface Props {
  report: Pick<Report, 'state' | 'progress' | 'expired' | 'message'>;
}

/** A report's state as a chip, with a moving progress bar while it is queued or being made. */
export function ReportState({ report }: Props) {
  const { t } = useTranslation();
  const running = report.state === 'QD' || report.state === 'PR';
  const stateKey = report.expired && report.state === 'CM' ? 'expired' : report.state;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 140 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Chip
          size="small"
          color={report.expired ? 'default' : (STATE_COLOURS[report.state] ?? 'default')}
          label={t(`reports.states.${stateKey}`, { defaultValue: report.state })}
          data-state={stateKey}
        />
        {report.state === 'PR' && (
          <Typography variant="caption" color="text.secondary">
            {t('reports.progress', { percent: report.progress })}
          </Typography>
        )}
      </Stack>
      {running && (
        <LinearProgress
          variant={report.state === 'QD' ? 'query' : 'determinate'}
          value={report.progress}
          aria-label={t('reports.progressLabel')}
          aria-valuenow={report.progress}
          data-testid="report-progress"
        />
      )}
      {report.state === 'ER' && report.message && (
        <Typography variant="caption" color="error" sx={{ overflowWrap: 'anywhere' }}>
          {localiseServerMessage(report.message)}
        </Typography>
      )}
    </Stack>
  );
}
