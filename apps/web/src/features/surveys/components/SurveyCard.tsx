import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import RestoreIcon from '@mui/icons-material/Restore';
import ReplayIcon from '@mui/icons-material/Replay';
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { StatusChip } from '@/ui/StatusChip.tsx';
import type { Survey } from '../api/surveysApi.ts';

interface Props {
  survey: Survey;
  canEdit: boolean;
  busy: boolean;
  onDownload: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onRestore: () => void;
  onReopen: () => void;
}

/** One survey: its schedule, assignee, progress and, per site, what has arrived. */
export function SurveyCard({
  survey,
  canEdit,
  busy,
  onDownload,
  onEdit,
  onDelete,
  onRestore,
  onReopen,
}: Props) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  const formatDay = (text: string) => day.format(new Date(`${text}T00:00:00Z`));
  const assignee =
    survey.assignee_name ??
    (survey.contractor_name
      ? t('surveys.card.contractor', {
          name: survey.contractor_name,
          email: survey.contractor_email ?? '',
        })
      : t('surveys.card.unassigned'));
  const percent = survey.site_count === 0 ? 0 : (100 * survey.sites_complete) / survey.site_count;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="article" aria-label={survey.name}>
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' } }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography variant="h6" component="h3" sx={{ overflowWrap: 'anywhere' }}>
                {survey.name}
              </Typography>
              <Chip
                size="small"
                label={t(`surveys.state.${survey.state}`)}
                color={
                  survey.state === 'completed'
                    ? 'success'
                    : survey.state === 'deleted'
                      ? 'default'
                      : 'primary'
                }
              />
              {survey.overdue && (
                <Chip size="small" color="warning" label={t('surveys.card.overdue')} />
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('surveys.card.schedule', {
                start: formatDay(survey.scheduled_start),
                end: formatDay(survey.scheduled_end),
                days: survey.window_days,
              })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('surveys.card.assignee', { assignee })}
              {survey.counter_model ? ` · ${survey.counter_model}` : ''}
              {survey.sensor_spacing_m
                ? ` · ${t('surveys.card.spacing', { metres: survey.sensor_spacing_m })}`
                : ''}
            </Typography>
            {survey.completed_on && (
              <Typography variant="body2" color="text.secondary">
                {t('surveys.card.completedOn', {
                  date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
                    new Date(survey.completed_on),
                  ),
                })}
              </Typography>
            )}
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {survey.state !== 'deleted' && (
              <Button size="small" startIcon={<DownloadIcon />} onClick={onDownload}>
                {t('surveys.card.download')}
              </Button>
            )}
            {canEdit && survey.state === 'active' && (
              <Button size="small" startIcon={<EditIcon />} onClick={onEdit} disabled={busy}>
                {t('surveys.card.edit')}
              </Button>
            )}
            {canEdit && survey.state === 'completed' && (
              <Button size="small" startIcon={<ReplayIcon />} onClick={onReopen} disabled={busy}>
                {t('surveys.card.reopen')}
              </Button>
            )}
            {canEdit && survey.state !== 'deleted' && (
              <Button
                size="small"
                color="error"
                startIcon={<DeleteOutlineIcon />}
                onClick={onDelete}
                disabled={busy}
              >
                {t('surveys.card.delete')}
              </Button>
            )}
            {canEdit && survey.state === 'deleted' && (
              <Button size="small" startIcon={<RestoreIcon />} onClick={onRestore} disabled={busy}>
                {t('surveys.card.restore')}
              </Button>
            )}
          </Stack>
        </Stack>
        <Box>
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {t('surveys.card.progress', {
              complete: survey.sites_complete,
              withData: survey.sites_with_data,
              total: survey.site_count,
            })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label={t('surveys.card.progressLabel')}
            color={survey.sites_complete === survey.site_count ? 'success' : 'primary'}
          />
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('surveys.card.sitesLabel', { name: survey.name })}>
            <TableHead>
              <TableRow>
                <TableCell>{t('surveys.card.site')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('surveys.card.arrived')}
                </TableCell>
                <TableCell align="right">{t('surveys.card.days')}</TableCell>
                <TableCell>{t('surveys.card.quality')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {survey.sites.map((site) => {
                const arrived = site.complete
                  ? t('surveys.card.siteComplete')
                  : site.has_data
                    ? t('surveys.card.siteFiles', { files: site.files })
                    : t('surveys.card.siteWaiting');
                return (
                  <TableRow key={site.site_id}>
                    <TableCell sx={{ minWidth: 120 }}>
                      {site.name}
                      {site.deleted && ` (${t('surveys.card.siteDeleted')})`}
                      {/* On a phone the data column folds under the name. */}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        component="div"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {arrived}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {arrived}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {t('surveys.card.daysOf', { days: site.days, total: survey.window_days })}
                    </TableCell>
                    <TableCell>
                      {site.quality_status ? <StatusChip status={site.quality_status} /> : '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      </Stack>
    </Paper>
  );
}
