import {
  Alert,
  Box,
  Checkbox,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  Paper,
  Select,
  Stack,
  TextField,
} from '@mui/material';
import type { VehicleClass } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import { SavingIndicator } from '@/ui/saving/SavingIndicator.tsx';
import type { SavingState } from '@/ui/saving/useSavingIndicator.ts';
import {
  AGGREGATIONS,
  filterProblems,
  TIME_RANGES,
  type SiteDetailFilters,
  type TimeRangePreset,
  type Units,
} from '../siteDetailFilters.ts';
import { ExclusionsControl } from './ExclusionsControl.tsx';
import { DateField } from '@/ui/DateField.tsx';

interface Props {
  filters: SiteDetailFilters;
  onChange: (change: Partial<SiteDetailFilters>) => void;
  units: Units;
  classes: VehicleClass[];
  directions: number[];
  /** The site's local day a custom range starts on (the day its data ends, or today). */
  anchorDay: string;
  /** The site's local date now, for the 'Today' label. */
  today: string;
  savingState: SavingState;
  siteId: string;
  /** The site's time zone, in which exclusion time ranges are read. */
  timeZone: string;
  /**
   * A count site (bike or pedestrian counters): counts per interval have no speeds, classes or
   * headways, so only the time range, aggregation and directions apply.
   */
  countSite?: boolean;
}

const PRESETS = Object.keys(TIME_RANGES) as TimeRangePreset[];

/** Time range, aggregation, speed range, classes, separation and directions of the page. */
export function FilterBar({
  filters,
  onChange,
  units,
  classes,
  directions,
  anchorDay,
  today,
  savingState,
  siteId,
  timeZone,
  countSite = false,
}: Props) {
  const { t } = useTranslation();
  const problems = filterProblems(filters);
  const rangeChoice = filters.range ?? (filters.from || filters.to ? 'custom' : 'all');
  const backwards = problems.includes('siteDetail.filters.datesBackwards');
  // SPEC: the range is labelled Today by default, that is while it is the site's today.
  const customDays = rangeChoice === 'custom' ? [filters.from, filters.to] : [anchorDay, anchorDay];
  const customLabel =
    customDays[0] === today && customDays[1] === today
      ? t('siteDetailTools.range.today')
      : t('siteDetailTools.range.custom');
  const speedUnit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');
  const numberInput = (value: number, label: string, change: (value: number) => void) => (
    <TextField
      size="small"
      type="number"
      label={label}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) =>
        change(event.target.value === '' ? Number.NaN : Number(event.target.value))
      }
      sx={{ width: { xs: '100%', sm: 190 } }}
    />
  );
  const selectedClasses =
    filters.classes ?? classes.map((vehicleClass) => vehicleClass.class_index);
  const selectedDirections = filters.directions ?? directions;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2 }}
      role="search"
      aria-label={t('siteDetail.filters.title')}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        <FormControl size="small" sx={{ minWidth: 170 }}>
          <InputLabel id="time-range">{t('siteDetailTools.range.label')}</InputLabel>
          <Select
            labelId="time-range"
            label={t('siteDetailTools.range.label')}
            value={rangeChoice}
            onChange={(event) => {
              const choice = event.target.value;
              if (choice === 'all') onChange({ range: undefined, from: '', to: '' });
              else if (choice === 'custom')
                onChange({ range: undefined, from: anchorDay, to: anchorDay });
              else onChange({ range: choice, from: '', to: '' });
            }}
          >
            <MenuItem value="all">{t('siteDetailTools.range.all')}</MenuItem>
            {PRESETS.map((preset) => (
              <MenuItem key={preset} value={preset}>
                {t(`siteDetailTools.range.${preset}`)}
              </MenuItem>
            ))}
            <MenuItem value="custom">{customLabel}</MenuItem>
          </Select>
        </FormControl>
        {rangeChoice === 'custom' && (
          <>
            <DateField
              size="small"
              label={t('siteDetail.filters.from')}
              value={filters.from}
              onChange={(day) => onChange({ from: day })}
              error={backwards}
              helperText={backwards ? t('siteDetailTools.range.startAfterEnd') : undefined}
            />
            <DateField
              size="small"
              label={t('siteDetail.filters.to')}
              value={filters.to}
              onChange={(day) => onChange({ to: day })}
              error={backwards}
              helperText={backwards ? t('siteDetailTools.range.endBeforeStart') : undefined}
            />
          </>
        )}
        <FormControl size="small" sx={{ minWidth: 150 }}>
          <InputLabel id="aggregation">{t('siteDetail.filters.aggregation')}</InputLabel>
          <Select
            labelId="aggregation"
            label={t('siteDetail.filters.aggregation')}
            value={filters.aggregation}
            onChange={(event) => onChange({ aggregation: Number(event.target.value) })}
          >
            {AGGREGATIONS.map((minutes) => (
              <MenuItem key={minutes} value={minutes}>
                {t(`siteDetail.aggregations.${minutes}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {!countSite && (
          <>
            {numberInput(
              filters.speedMin,
              t('siteDetail.filters.speedMin', { unit: speedUnit }),
              (speedMin) => onChange({ speedMin }),
            )}
            {numberInput(
              filters.speedMax,
              t('siteDetail.filters.speedMax', { unit: speedUnit }),
              (speedMax) => onChange({ speedMax }),
            )}
            {numberInput(filters.headwayMin, t('siteDetail.filters.separation'), (headwayMin) =>
              onChange({ headwayMin }),
            )}
            <FormControl size="small" sx={{ minWidth: 180, maxWidth: { sm: 260 } }}>
              <InputLabel id="classes">{t('siteDetail.filters.classes')}</InputLabel>
              <Select
                labelId="classes"
                label={t('siteDetail.filters.classes')}
                multiple
                value={selectedClasses}
                onChange={(event) => {
                  const value = event.target.value;
                  const chosen = (typeof value === 'string' ? value.split(',') : value).map(Number);
                  onChange({ classes: chosen.length === classes.length ? undefined : chosen });
                }}
                renderValue={(chosen) =>
                  chosen.length === classes.length
                    ? t('siteDetail.filters.allClasses')
                    : t('siteDetail.filters.someClasses', { count: chosen.length })
                }
              >
                {classes.map((vehicleClass) => (
                  <MenuItem key={vehicleClass.class_index} value={vehicleClass.class_index}>
                    <Checkbox
                      size="small"
                      checked={selectedClasses.includes(vehicleClass.class_index)}
                    />
                    <ListItemText primary={`${vehicleClass.class_index} · ${vehicleClass.name}`} />
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
          </>
        )}
        <FormControl size="small" sx={{ minWidth: 160 }}>
          <InputLabel id="directions">{t('siteDetail.filters.directions')}</InputLabel>
          <Select
            labelId="directions"
            label={t('siteDetail.filters.directions')}
            multiple
            value={selectedDirections}
            onChange={(event) => {
              const value = event.target.value;
              const chosen = (typeof value === 'string' ? value.split(',') : value).map(Number);
              onChange({ directions: chosen.length === directions.length ? undefined : chosen });
            }}
            renderValue={(chosen) =>
              chosen.map((direction) => t(`siteDetail.directions.${direction}`)).join(', ')
            }
          >
            {directions.map((direction) => (
              <MenuItem key={direction} value={direction}>
                <Checkbox size="small" checked={selectedDirections.includes(direction)} />
                <ListItemText primary={t(`siteDetail.directions.${direction}`)} />
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        {!countSite && (
          <ExclusionsControl
            siteId={siteId}
            filters={filters}
            onChange={onChange}
            units={units}
            classes={classes}
            timeZone={timeZone}
          />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <SavingIndicator state={savingState} />
        </Box>
      </Stack>
      {problems.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {problems.map((problem) => t(problem)).join(' ')}
        </Alert>
      )}
    </Paper>
  );
}
