import { Alert, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isRunning, useLiveReports } from '../hooks/useLiveReports.ts';
import { ReportRequestForm } from './ReportRequestForm.tsx';
import { ReportsTabs } from './ReportsTabs.tsx';
import { ReportState } from './ReportState.tsx';
import { reportTitle } from './reportTitle.ts';

/** SPEC section 2, Reporting: request a report of sites and follow it until it is ready. */
export function InsightsScreen() {
  const { t, i18n } = useTranslation();
  const reports = useLiveReports();
  const recent = (reports.data ?? []).slice(0, 5);
  const active = recent.filter(isRunning).length;

  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('reports.title')}</Typography>
      <ReportsTabs />
      <Typography color="text.secondary">{t('reports.intro')}</Typography>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack sx={{ flex: 2, minWidth: 0, width: '100%' }}>
          <ReportRequestForm />
        </Stack>
        <Paper
          variant="outlined"
          sx={{ flex: 1, p: { xs: 2, md: 3 }, width: '100%', minWidth: 0 }}
          aria-live="polite"
        >
          <Stack spacing={2}>
            <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {t('reports.recent.title')}
            </Typography>
            {reports.isError && <Alert severity="error">{reports.error.message}</Alert>}
            {recent.length === 0 && !reports.isLoading && (
              <Typography color="text.secondary">{t('reports.recent.empty')}</Typography>
            )}
            {recent.map((report) => (
              <Stack key={report.id} spacing={0.75} data-testid="recent-report">
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {reportTitle(t, report)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {new Date(report.created_on).toLocaleString(i18n.language)}
                </Typography>
                <ReportState report={report} />
              </Stack>
            ))}
            <Typography variant="body2" color="text.secondary">
              {active > 0 ? t('reports.recent.active', { count: active }) : ''}
            </Typography>
            <Button component={RouterLink} to="/ui/downloads" variant="outlined">
              {t('reports.recent.all')}
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Stack>
  );
}
