import {
  Autocomplete,
  FormControl,
  FormControlLabel,
  FormHelperText,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useReportSiteGroups,
  useReportSites,
  useReportSurveys,
  type ReportSurvey,
} from '../api/reportsApi.ts';

export interface PickedSite {
  id: string;
  name: string;
}

export type SiteScope = 'sites' | 'group' | 'survey';

export interface SiteChoice {
  scope: SiteScope;
  sites: PickedSite[];
  groupId: string;
  surveyId: string;
}

interface Props {
  value: SiteChoice;
  onChange: (value: SiteChoice) => void;
  /** A survey was chosen: the form takes its scheduled window as the period. */
  onSurvey: (survey: ReportSurvey) => void;
}

const SCOPES: readonly SiteScope[] = ['sites', 'group', 'survey'];

/** One site, several, a site group or a survey's sites: what a report covers. */
export function SitePicker({ value, onChange, onSurvey }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sites = useReportSites(search);
  const groups = useReportSiteGroups();
  const surveys = useReportSurveys();
  const options: PickedSite[] = (sites.data?.sites ?? []).map((site) => ({
    id: site.id,
    name: site.name,
  }));

  return (
    <Stack spacing={1.5}>
      <RadioGroup
        row
        value={value.scope}
        onChange={(event) =>
          onChange({
            ...value,
            scope: SCOPES.find((scope) => scope === event.target.value) ?? 'sites',
          })
        }
        aria-label={t('reports.form.scope')}
      >
        <FormControlLabel value="sites" control={<Radio />} label={t('reports.form.scopeSites')} />
        <FormControlLabel value="group" control={<Radio />} label={t('reports.form.scopeGroup')} />
        <FormControlLabel
          value="survey"
          control={<Radio />}
          label={t('reportSources.scopeSurvey')}
        />
      </RadioGroup>
      {value.scope === 'survey' && (
        <FormControl fullWidth>
          <InputLabel id="report-survey-label">{t('reportSources.survey')}</InputLabel>
          <Select
            labelId="report-survey-label"
            label={t('reportSources.survey')}
            value={value.surveyId}
            onChange={(event) => {
              onChange({ ...value, surveyId: event.target.value });
              const survey = surveys.data?.find((entry) => entry.id === event.target.value);
              if (survey) onSurvey(survey);
            }}
          >
            {(surveys.data ?? []).map((survey) => (
              <MenuItem key={survey.id} value={survey.id}>
                {t('reportSources.surveyOption', {
                  name: survey.name,
                  start: survey.scheduled_start,
                  end: survey.scheduled_end,
                  sites: survey.site_count,
                })}
              </MenuItem>
            ))}
            {surveys.data?.length === 0 && (
              <MenuItem disabled value="">
                {t('reportSources.noSurveys')}
              </MenuItem>
            )}
          </Select>
          <FormHelperText>{t('reportSources.surveyPeriod')}</FormHelperText>
        </FormControl>
      )}
      {value.scope === 'sites' && (
        <Autocomplete
          multiple
          options={options}
          value={value.sites}
          loading={sites.isFetching}
          filterOptions={(all) => all}
          getOptionLabel={(site) => site.name}
          isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
          onChange={(_event, chosen) => onChange({ ...value, sites: chosen })}
          onInputChange={(_event, text, reason) => {
            if (reason === 'input' || reason === 'clear') setSearch(text);
          }}
          noOptionsText={t('reports.form.noSites')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('reports.form.sites')}
              placeholder={value.sites.length === 0 ? t('reports.form.sitesPlaceholder') : ''}
            />
          )}
        />
      )}
      {value.scope === 'group' && (
        <FormControl fullWidth>
          <InputLabel id="report-group-label">{t('reports.form.group')}</InputLabel>
          <Select
            labelId="report-group-label"
            label={t('reports.form.group')}
            value={value.groupId}
            onChange={(event) => onChange({ ...value, groupId: event.target.value })}
          >
            {(groups.data ?? []).map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {t('reports.form.groupOption', { name: group.name, count: group.site_count })}
              </MenuItem>
            ))}
            {groups.data?.length === 0 && (
              <MenuItem disabled value="">
                {t('reports.form.noGroups')}
              </MenuItem>
            )}
          </Select>
        </FormControl>
      )}
    </Stack>
  );
}
