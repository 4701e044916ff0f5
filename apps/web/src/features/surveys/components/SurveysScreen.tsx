import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { can, SURVEY_SORTS, type Role } from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useSession } from '@/lib/session/useSession.ts';
import {
  downloadSurveySiteFile,
  useDeleteSurvey,
  useReopenSurvey,
  useRestoreSurvey,
  useSurveys,
  type Survey,
  type SurveyListQuery,
  type SurveyTab,
} from '../api/surveysApi.ts';
import { SurveyCard } from './SurveyCard.tsx';
import { SurveyWizard } from './SurveyWizard.tsx';

const TABS: SurveyTab[] = ['active', 'completed', 'deleted'];

/** /ui/surveys: the organisation's surveys by tab, searched, sorted and paged on the server. */
export function SurveysScreen() {
  const { t } = useTranslation();
  const { claims } = useSession();
  const flash = useFlash();
  const canEdit = claims
    ? can({ role: claims.group as Role, organisationId: null }, 'surveys.write')
    : false;
  const [query, setQuery] = useState<SurveyListQuery>({
    tab: 'active',
    search: '',
    sort: 'end',
    direction: 'asc',
    page: 0,
    pageSize: 10,
  });
  const [wizardOpen, setWizardOpen] = useState(false);
  const [editing, setEditing] = useState<Survey | null>(null);
  const change = (next: Partial<SurveyListQuery>) =>
    setQuery((current) => ({ ...current, ...next }));
  const surveys = useSurveys(query);
  const remove = useDeleteSurvey();
  const restore = useRestoreSurvey();
  const reopen = useReopenSurvey();
  const busy = remove.isPending || restore.isPending || reopen.isPending;
  const failed = (error: Error) => flash({ message: error.message, severity: 'error' });
  const done = (key: string, name: string) => () =>
    flash({ message: t(key, { name }), severity: 'success' });

  return (
    <Stack spacing={2}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t('surveys.title')}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setWizardOpen(true)}>
            {t('surveys.new')}
          </Button>
        )}
      </Stack>
      <Paper variant="outlined">
        <Tabs
          value={query.tab}
          onChange={(_event, tab: SurveyTab) => change({ tab, page: 0 })}
          variant="fullWidth"
          aria-label={t('surveys.tabsLabel')}
        >
          {TABS.map((tab) => (
            <Tab key={tab} value={tab} label={t(`surveys.tabs.${tab}`)} />
          ))}
        </Tabs>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ p: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Typography variant="h6" component="h2" aria-live="polite">
            {surveys.data
              ? t('surveys.total', { total: surveys.data.total })
              : t('surveys.loading')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <TextField
              size="small"
              label={t('surveys.search')}
              value={query.search}
              onChange={(event) => change({ search: event.target.value, page: 0 })}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">
                      <SearchIcon fontSize="small" />
                    </InputAdornment>
                  ),
                },
              }}
            />
            <TextField
              select
              size="small"
              label={t('surveys.sort.label')}
              value={`${query.sort}:${query.direction}`}
              onChange={(event) => {
                const [sort = 'end', direction] = event.target.value.split(':');
                change({ sort, direction: direction === 'desc' ? 'desc' : 'asc', page: 0 });
              }}
              sx={{ minWidth: 200 }}
            >
              {SURVEY_SORTS.flatMap((sort) =>
                (['asc', 'desc'] as const).map((direction) => (
                  <MenuItem key={`${sort}:${direction}`} value={`${sort}:${direction}`}>
                    {t(`surveys.sort.${sort}_${direction}`)}
                  </MenuItem>
                )),
              )}
            </TextField>
          </Stack>
        </Stack>
        {surveys.isFetching && <LinearProgress />}
        {surveys.isError && <Alert severity="error">{surveys.error.message}</Alert>}
        <Stack spacing={2} sx={{ px: 2 }}>
          {surveys.data?.surveys.length === 0 && (
            <Typography color="text.secondary" sx={{ py: 2 }}>
              {query.search ? t('surveys.emptySearch') : t(`surveys.empty.${query.tab}`)}
            </Typography>
          )}
          {surveys.data?.surveys.map((survey) => (
            <SurveyCard
              key={survey.id}
              survey={survey}
              canEdit={canEdit}
              busy={busy}
              onDownload={() => void downloadSurveySiteFile(survey.id).catch(failed)}
              onEdit={() => setEditing(survey)}
              onDelete={() =>
                remove.mutate(survey.id, {
                  onSuccess: done('surveys.deleted', survey.name),
                  onError: failed,
                })
              }
              onRestore={() =>
                restore.mutate(survey.id, {
                  onSuccess: done('surveys.restored', survey.name),
                  onError: failed,
                })
              }
              onReopen={() =>
                reopen.mutate(survey.id, {
                  onSuccess: done('surveys.reopened', survey.name),
                  onError: failed,
                })
              }
            />
          ))}
        </Stack>
        <TablePagination
          component="div"
          count={surveys.data?.total ?? 0}
          page={query.page}
          rowsPerPage={query.pageSize}
          rowsPerPageOptions={[5, 10, 25, 50]}
          onPageChange={(_event, page) => change({ page })}
          onRowsPerPageChange={(event) => change({ pageSize: Number(event.target.value), page: 0 })}
          labelRowsPerPage={t('surveys.rowsPerPage')}
        />
      </Paper>
      {wizardOpen && <SurveyWizard onClose={() => setWizardOpen(false)} />}
      {editing && <SurveyWizard survey={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
