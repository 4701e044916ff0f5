import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRoadSectionSites } from '../api/hardwareApi.ts';

/** A site a road section is linked to; its position when known. */
export interface SectionSite {
  id: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

interface Props {
  value: SectionSite | null;
  onChange: (site: SectionSite | null) => void;
}

/** The organisation's sites, searched by name as one types; none is a choice too. */
export function SectionSitePicker({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const sites = useRoadSectionSites(search);
  const found = sites.data ?? [];
  // The linked site stays a choice while a search finds others.
  const options = value && !found.some((site) => site.id === value.id) ? [value, ...found] : found;

  return (
    <Autocomplete
      options={options}
      value={value}
      loading={sites.isFetching}
      filterOptions={(all) => all}
      getOptionLabel={(site) => site.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') setSearch(text);
      }}
      noOptionsText={t('hardware.sections.noSites')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('hardware.sections.site')}
          helperText={t('hardware.sections.siteHelp')}
        />
      )}
    />
  );
}
