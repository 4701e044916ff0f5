import {
  Autocomplete,
  FormControl,
  FormControlLabel,
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
import { useReportSiteGroups, useReportSites } from '../api/reportsApi.ts';

export interface PickedSite {
  id: string;
  name: string;
}

export interface SiteChoice {
  scope: 'sites' | 'group';
  sites: PickedSite[];
  groupId: string;
}

interface Props {
  value: SiteChoice;
  onChange: (value: SiteChoice) => void;
}

/** One site, several, or a site group: what a report covers. */
export function SitePicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sites = useReportSites(search);
  const groups = useReportSiteGroups();
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
          onChange({ ...value, scope: event.target.value === 'group' ? 'group' : 'sites' })
        }
        aria-label={t('reports.form.scope')}
      >
        <FormControlLabel value="sites" control={<Radio />} label={t('reports.form.scopeSites')} />
        <FormControlLabel value="group" control={<Radio />} label={t('reports.form.scopeGroup')} />
      </RadioGroup>
      {value.scope === 'sites' ? (
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
      ) : (
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
