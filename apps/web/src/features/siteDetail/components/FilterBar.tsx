import {
  Alert,
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
import {
  AGGREGATIONS,
  filterProblems,
  type SiteDetailFilters,
  type Units,
} from '../siteDetailFilters.ts';
import { ExclusionsControl } from './ExclusionsControl.tsx';

interface Props {
  filters: SiteDetailFilters;
  onChange: (change: Partial<SiteDetailFilters>) => void;
  units: Units;
  classes: VehicleClass[];
  directions: number[];
  siteId: string;
  /** The site's time zone, in which exclusion time ranges are read. */
  timeZone: string;
}

/** Time range, aggregation, speed range, classes, separation and directions of the page. */
export function FilterBar({
  filters,
  onChange,
  units,
  classes,
  directions,
  siteId,
  timeZone,
}: Props) {
  const { t } = useTranslation();
  const problems = filterProblems(filters);
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
        <TextField
          size="small"
          type="date"
          label={t('siteDetail.filters.from')}
          value={filters.from}
          onChange={(event) => onChange({ from: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          size="small"
          type="date"
          label={t('siteDetail.filters.to')}
          value={filters.to}
          onChange={(event) => onChange({ to: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
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
        <ExclusionsControl
          siteId={siteId}
          filters={filters}
          onChange={onChange}
          units={units}
          classes={classes}
          timeZone={timeZone}
        />
      </Stack>
      {problems.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {problems.map((problem) => t(problem)).join(' ')}
        </Alert>
      )}
    </Paper>
  );
}
