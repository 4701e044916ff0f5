import {
  Checkbox,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputAdornment,
  Stack,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The site-detail filters a report applies, as the form holds them (speeds in the chosen unit). */
export interface FilterDraft {
  speedMin: string;
  speedMax: string;
  headwayMin: string;
  /** Empty: every direction. */
  directions: number[];
  /** Class numbers, comma-separated; empty: every class. */
  classes: string;
}

export const EMPTY_FILTERS: FilterDraft = {
  speedMin: '',
  speedMax: '',
  headwayMin: '',
  directions: [],
  classes: '',
};

const DIRECTIONS = [
  { code: 1, key: 'north' },
  { code: 3, key: 'east' },
  { code: 5, key: 'south' },
  { code: 7, key: 'west' },
];

interface Props {
  value: FilterDraft;
  speedUnit: string;
  onChange: (value: FilterDraft) => void;
}

/** Speed range, separation, directions and classes: the site-detail filters. */
export function ReportFilters({ value, speedUnit, onChange }: Props) {
  const { t } = useTranslation();
  const set = (patch: Partial<FilterDraft>) => onChange({ ...value, ...patch });
  const unit = { endAdornment: <InputAdornment position="end">{speedUnit}</InputAdornment> };
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('reports.filters.speedMin')}
          type="number"
          value={value.speedMin}
          onChange={(event) => set({ speedMin: event.target.value })}
          slotProps={{ input: unit, htmlInput: { min: 0 } }}
          fullWidth
        />
        <TextField
          label={t('reports.filters.speedMax')}
          type="number"
          value={value.speedMax}
          onChange={(event) => set({ speedMax: event.target.value })}
          slotProps={{ input: unit, htmlInput: { min: 0 } }}
          fullWidth
        />
        <TextField
          label={t('reports.filters.headwayMin')}
          type="number"
          value={value.headwayMin}
          onChange={(event) => set({ headwayMin: event.target.value })}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">s</InputAdornment> },
            htmlInput: { min: 0, step: 0.1 },
          }}
          fullWidth
        />
      </Stack>
      <div>
        <FormLabel component="legend">{t('reports.filters.directions')}</FormLabel>
        <FormGroup row>
          {DIRECTIONS.map((direction) => (
            <FormControlLabel
              key={direction.code}
              control={
                <Checkbox
                  checked={
                    value.directions.length === 0 || value.directions.includes(direction.code)
                  }
                  onChange={(event) => {
                    const current =
                      value.directions.length === 0
                        ? DIRECTIONS.map((entry) => entry.code)
                        : value.directions;
                    const next = event.target.checked
                      ? [...current, direction.code]
                      : current.filter((code) => code !== direction.code);
                    // At least one direction stays chosen: none would leave out every vehicle.
                    if (next.length === 0) return;
                    set({ directions: next.length === DIRECTIONS.length ? [] : next });
                  }}
                />
              }
              label={t(`reports.filters.${direction.key}`)}
            />
          ))}
        </FormGroup>
      </div>
      <TextField
        label={t('reports.filters.classes')}
        helperText={t('reports.filters.classesHelp')}
        value={value.classes}
        onChange={(event) => set({ classes: event.target.value })}
        fullWidth
      />
    </Stack>
  );
}
