import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  LinearProgress,
  ListSubheader,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Select,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ReportUnits } from '@/generated/graphql.ts';
import { reportTopic } from '../hooks/useLiveReports.ts';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { useProfile } from '@/lib/profile.ts';
import { useRequestReport, useSitesByIds } from '../api/reportsApi.ts';
import { ReportFilters } from './ReportFilters.tsx';
import {
  AGGREGATIONS,
  draftProblem,
  initialDraft,
  problemKey,
  toRequest,
  type ReportDraft,
} from './reportDraft.ts';
import { SitePicker } from './SitePicker.tsx';
import { TYPE_GROUPS } from './reportTypes.ts';
import { DateField } from '@/ui/DateField.tsx';

const SPEED_UNIT = { metric: 'km/h', imperial: 'mph' };

/**
 * The Insights form, with a selection handed over in the address (?sites=id,id or ?group=id,
 * from the map or a list) chosen once the sites' names are read.
 */
export function ReportRequestForm() {
  const [search] = useSearchParams();
  const [handedIds] = useState(() => (search.get('sites') ?? '').split(',').filter(Boolean));
  const handed = useSitesByIds(handedIds);
  const profile = useProfile();
  if ((handedIds.length > 0 && handed.isPending) || profile.isPending) return <LinearProgress />;
  const initial = initialDraft();
  // The organisation's units, which the user may change for this report.
  initial.units = profile.data?.organisation?.preferences.default_units ?? 'metric';
  const group = search.get('group');
  const sites = (handed.data ?? []).map((site) => ({ id: site.id, name: site.name }));
  if (sites.length > 0) initial.choice = { ...initial.choice, scope: 'sites', sites };
  else if (group) initial.choice = { ...initial.choice, scope: 'group', groupId: group };
  return <ReportRequestFormBody initial={initial} />;
}

interface Props {
  initial: ReportDraft;
}

/** The Insights form: sites, period, filters, units, aggregation and report type, then request. */
function ReportRequestFormBody({ initial }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const request = useRequestReport();
  const [draft, setDraft] = useState<ReportDraft>(initial);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<ReportDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const problem = draftProblem(draft);

  const submit = async () => {
    setTried(true);
    if (problem) return;
    try {
      const requested = await request.mutateAsync(toRequest(draft));
      // The news that it is ready takes this one's place (see useLiveReports).
      flash({
        message: t('reports.flash.queued'),
        severity: 'info',
        topic: reportTopic(requested.id),
      });
      setTried(false);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const section = (title: string) => (
    <Typography variant="h3" component="h2" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
      {title}
    </Typography>
  );

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Stack
        spacing={2.5}
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {section(t('reports.form.what'))}
        <FormControl fullWidth>
          <InputLabel id="report-type-label">{t('reports.form.type')}</InputLabel>
          <Select
            labelId="report-type-label"
            label={t('reports.form.type')}
            value={draft.type}
            onChange={(event) => set({ type: event.target.value })}
          >
            {TYPE_GROUPS.flatMap((group) => [
              <ListSubheader key={group.key}>
                {t(`reports.form.groups.${group.key}`)}
              </ListSubheader>,
              ...group.types.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`reports.types.${type}`)}
                </MenuItem>
              )),
            ])}
          </Select>
        </FormControl>
        <Typography variant="body2" color="text.secondary">
          {t(`reports.typeHelp.${draft.type}`)}
        </Typography>

        <Divider />
        {section(t('reports.form.where'))}
        <SitePicker
          value={draft.choice}
          onChange={(choice) => set({ choice })}
          onSurvey={(survey) =>
            set({ startDate: survey.scheduled_start, endDate: survey.scheduled_end })
          }
        />

        <Divider />
        {section(t('reports.form.when'))}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField
            label={t('reports.form.start')}
            value={draft.startDate}
            onChange={(day) => set({ startDate: day })}
            fullWidth
          />
          <DateField
            label={t('reports.form.end')}
            value={draft.endDate}
            onChange={(day) => set({ endDate: day })}
            fullWidth
          />
          <FormControl fullWidth>
            <InputLabel id="report-aggregation-label">{t('reports.form.aggregation')}</InputLabel>
            <Select
              labelId="report-aggregation-label"
              label={t('reports.form.aggregation')}
              value={draft.aggregationMinutes}
              onChange={(event) => set({ aggregationMinutes: Number(event.target.value) })}
            >
              {AGGREGATIONS.map((minutes) => (
                <MenuItem key={minutes} value={minutes}>
                  {t(`reports.aggregations.${minutes}`)}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
        </Stack>

        <Divider />
        {section(t('reports.form.filters'))}
        <FormControl>
          <FormLabel id="report-units-label">{t('reports.form.units')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="report-units-label"
            value={draft.units}
            onChange={(event) => set({ units: event.target.value as ReportUnits })}
          >
            <FormControlLabel value="metric" control={<Radio />} label={t('reports.form.metric')} />
            <FormControlLabel
              value="imperial"
              control={<Radio />}
              label={t('reports.form.imperial')}
            />
          </RadioGroup>
        </FormControl>
        <ReportFilters
          value={draft.filters}
          speedUnit={SPEED_UNIT[draft.units]}
          onChange={(filters) => set({ filters })}
        />

        {tried && problem && <Alert severity="warning">{t(problemKey(problem))}</Alert>}
        {request.isError && <Alert severity="error">{request.error.message}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            startIcon={<SendIcon />}
            disabled={request.isPending}
          >
            {t('reports.form.submit')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
