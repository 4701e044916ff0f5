import { FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { DAY_RANGES } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '@/ui/DateField.tsx';
import type { SiteFilters } from '../siteFilters.ts';
import type { MapSettings } from './MapControls.tsx';

interface Props {
  settings: MapSettings;
  onSettings: (change: Partial<MapSettings>) => void;
  filters: SiteFilters;
  onFilters: (change: Partial<SiteFilters>) => void;
  years: number[];
}

/**
 * The map's period: dates, days of the week and year. First in the left column (issue 37: below
 * the site list and the layers they were under the fold at 1440 × 900).
 */
export function MapPeriodControls({ settings, onSettings, filters, onFilters, years }: Props) {
  const { t } = useTranslation();
  const datesBackwards = settings.startDate > settings.endDate;
  return (
    <Stack spacing={2} sx={{ px: 2, pt: 2 }}>
      {/* One above the other: side by side, a day and its calendar button do not fit. */}
      <Stack spacing={2}>
        <DateField
          size="small"
          label={t('map.controls.from')}
          value={settings.startDate}
          onChange={(day) => day && onSettings({ startDate: day })}
          error={datesBackwards}
          fullWidth
        />
        <DateField
          size="small"
          label={t('map.controls.to')}
          value={settings.endDate}
          onChange={(day) => day && onSettings({ endDate: day })}
          error={datesBackwards}
          fullWidth
        />
      </Stack>
      {datesBackwards && (
        <Typography variant="caption" color="error" role="alert">
          {t('map.controls.datesBackwards')}
        </Typography>
      )}
      <FormControl fullWidth size="small">
        <InputLabel id="day-range">{t('map.controls.dayRange')}</InputLabel>
        <Select
          labelId="day-range"
          label={t('map.controls.dayRange')}
          value={settings.dayRange}
          onChange={(event) => onSettings({ dayRange: event.target.value })}
        >
          {DAY_RANGES.map((range) => (
            <MenuItem key={range} value={range}>
              {t(`map.dayRanges.${range}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <FormControl fullWidth size="small">
        <InputLabel id="year">{t('map.controls.year')}</InputLabel>
        <Select
          labelId="year"
          label={t('map.controls.year')}
          value={String(filters.year)}
          onChange={(event) =>
            onFilters({
              year:
                event.target.value === 'allAvailable' ? 'allAvailable' : Number(event.target.value),
            })
          }
        >
          <MenuItem value="allAvailable">{t('map.controls.allYears')}</MenuItem>
          {years.map((year) => (
            <MenuItem key={year} value={String(year)}>
              {year}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
    </Stack>
  );
}
