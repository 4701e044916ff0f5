import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  Button,
  IconButton,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { downloadReport, useDeleteReport, type Report } from '../api/reportsApi.ts';
import { useLiveReports } from '../hooks/useLiveReports.ts';
import { ReportsTabs } from './ReportsTabs.tsx';
import { ReportState } from './ReportState.tsx';
import { reportTitle } from './reportTitle.ts';

/** Bytes as the user's locale writes them: 12.4 MB, 840 kB. */
export function formatSize(bytes: number | null | undefined, locale: string): string {
  if (bytes === null || bytes === undefined) return '–';
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** SPEC section 2, Downloads: the user's reports with state, size, time and a download button. */
export function DownloadsScreen() {
  const { t, i18n } = useTranslation();
  const flash = useFlash();
  const reports = useLiveReports();
  const remove = useDeleteReport();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const [opening, setOpening] = useState<string | null>(null);
  const when = (iso: string | null | undefined) =>
    iso
      ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })
      : '–';

  const download = async (report: Report) => {
    setOpening(report.id);
    try {
      await downloadReport(report.id, report.file_name ?? null);
    } catch (error) {
      flash({ message: error instanceof Error ? error.message : String(error), severity: 'error' });
    } finally {
      setOpening(null);
    }
  };

  const actions = (report: Report) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button
        variant="contained"
        size="small"
        startIcon={<DownloadIcon />}
        disabled={!report.downloadable || opening === report.id}
        onClick={() => void download(report)}
        aria-label={t('reports.downloads.downloadNamed', { name: report.file_name ?? '' })}
      >
        {t('reports.downloads.download')}
      </Button>
      <Tooltip title={t('reports.downloads.delete')}>
        <span>
          <IconButton
            aria-label={t('reports.downloads.delete')}
            disabled={remove.isPending}
            onClick={() => remove.mutate(report.id)}
          >
            <DeleteOutlineIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );

  const list = reports.data ?? [];
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('reports.downloads.title')}</Typography>
      <ReportsTabs />
      <Typography color="text.secondary">{t('reports.downloads.intro')}</Typography>
      {reports.isLoading && <LinearProgress aria-label={t('reports.downloads.loading')} />}
      {reports.isError && <Alert severity="error">{reports.error.message}</Alert>}
      {remove.isError && <Alert severity="error">{remove.error.message}</Alert>}
      {!reports.isLoading && list.length === 0 && (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
          <Stack spacing={2} sx={{ alignItems: 'center' }}>
            <Typography color="text.secondary">{t('reports.downloads.empty')}</Typography>
            <Button component={RouterLink} to="/ui/insights" variant="contained">
              {t('reports.downloads.request')}
            </Button>
          </Stack>
        </Paper>
      )}
      {list.length > 0 && wide && (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('reports.downloads.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.downloads.report')}</TableCell>
                <TableCell>{t('reports.downloads.state')}</TableCell>
                <TableCell>{t('reports.downloads.requested')}</TableCell>
                <TableCell align="right">{t('reports.downloads.size')}</TableCell>
                <TableCell>{t('reports.downloads.expires')}</TableCell>
                <TableCell>{t('reports.downloads.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((report) => (
                <TableRow key={report.id} data-testid="download-row">
                  <TableCell>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {reportTitle(t, report)}
                    </Typography>
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      sx={{ overflowWrap: 'anywhere' }}
                    >
                      {report.file_name ?? ''}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <ReportState report={report} />
                  </TableCell>
                  <TableCell>{when(report.created_on)}</TableCell>
                  <TableCell align="right">
                    {formatSize(report.size_bytes, i18n.language)}
                  </TableCell>
                  <TableCell>{when(report.expires_on)}</TableCell>
                  <TableCell>{actions(report)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {list.length > 0 && !wide && (
        <Stack spacing={1.5}>
          {list.map((report) => (
            <Paper key={report.id} variant="outlined" sx={{ p: 2 }} data-testid="download-row">
              <Stack spacing={1}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {reportTitle(t, report)}
                </Typography>
                {report.file_name && (
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ overflowWrap: 'anywhere' }}
                  >
                    {report.file_name}
                  </Typography>
                )}
                <ReportState report={report} />
                <Typography variant="body2" color="text.secondary">
                  {t('reports.downloads.summary', {
                    requested: when(report.created_on),
                    size: formatSize(report.size_bytes, i18n.language),
                  })}
                </Typography>
                {report.expires_on && (
                  <Typography variant="body2" color="text.secondary">
                    {t('reports.downloads.expiresOn', { when: when(report.expires_on) })}
                  </Typography>
                )}
                {actions(report)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
