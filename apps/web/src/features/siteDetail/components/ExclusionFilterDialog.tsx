import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormHelperText,
  Grid,
  InputLabel,
  ListItemText,
  MenuItem,
  Select,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import {
  EXCLUSION_MESSAGES,
  vehicleExclusionFilterSchema,
  type VehicleClass,
  type VehicleExclusionFilterInput,
} from '@roadcount/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveExclusionFilter, type VehicleExclusionFilter } from '../api/exclusionsApi.ts';
import { speedIn, zonedTimeToUtc, type Units } from '../siteDetailFilters.ts';

interface Props {
  siteId: string;
  units: Units;
  classes: VehicleClass[];
  /** The site's time zone: the custom time range is read and written in it. */
  timeZone: string;
  /** The filter to edit; a new one without. */
  filter?: VehicleExclusionFilter;
  onClose: () => void;
}

/** The translation key of each domain rule's message. */
const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(EXCLUSION_MESSAGES).map(([key, message]) => [
    message,
    `exclusions.problems.${key}`,
  ]),
);

interface Form {
  name: string;
  description: string;
  minSpeed: string;
  maxSpeed: string;
  headway: string;
  classes: number[];
  start: string;
  end: string;
}

/** `YYYY-MM-DDTHH:mm` of an instant in the time zone, for a datetime-local field. */
export function localInputValue(instant: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
  return text.replace(' ', 'T');
}

const rounded = (value: number) => String(Math.round(value * 10) / 10);

function fromFilter(
  filter: VehicleExclusionFilter | undefined,
  units: Units,
  timeZone: string,
): Form {
  const speed = (mps: number | null | undefined) =>
    mps === null || mps === undefined ? '' : rounded(speedIn(units, mps));
  return {
    name: filter?.name ?? '',
    description: filter?.description ?? '',
    minSpeed: speed(filter?.min_speed_mps),
    maxSpeed: speed(filter?.max_speed_mps),
    headway:
      filter?.headway_greater_than_s === null || filter?.headway_greater_than_s === undefined
        ? ''
        : String(filter.headway_greater_than_s),
    classes: filter?.classes ?? [],
    start: filter?.start_time ? localInputValue(filter.start_time, timeZone) : '',
    end: filter?.end_time ? localInputValue(filter.end_time, timeZone) : '',
  };
}

/** SPEC section 3: a saved vehicle exclusion filter's form, checked with the server's rules. */
export function ExclusionFilterDialog({
  siteId,
  units,
  classes,
  timeZone,
  filter,
  onClose,
}: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const save = useSaveExclusionFilter(siteId);
  const [form, setForm] = useState(() => fromFilter(filter, units, timeZone));
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const speedUnit = t(units === 'metric' ? 'siteDetail.units.kmh' : 'siteDetail.units.mph');

  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const speedMps = (text: string) => {
    const value = number(text);
    return value === null ? null : value / speedIn(units, 1);
  };
  const instant = (text: string) =>
    text ? zonedTimeToUtc(`${text}:00`, timeZone).toISOString() : null;
  const candidate: VehicleExclusionFilterInput = {
    name: form.name,
    description: form.description,
    min_speed_mps: speedMps(form.minSpeed),
    max_speed_mps: speedMps(form.maxSpeed),
    headway_greater_than_s: number(form.headway),
    classes: form.classes,
    start_time: form.start ? instant(form.start) : null,
    end_time: form.end ? instant(form.end) : null,
  };
  const parsed = vehicleExclusionFilterSchema.safeParse(candidate);
  const translate = (message: string) =>
    t(MESSAGE_KEYS.get(message) ?? 'exclusions.problems.invalid');
  const problem = (name: string) => {
    if (!submitted && !touched.has(name)) return undefined;
    const issue = parsed.error?.issues.find((item) => item.path[0] === name);
    return issue ? translate(issue.message) : undefined;
  };
  const general = submitted
    ? parsed.error?.issues.find((issue) => issue.path.length === 0)?.message
    : undefined;
  const change = (name: keyof Form, value: string | number[]) => {
    setForm((current) => ({ ...current, [name]: value }));
    setTouched((current) => new Set(current).add(name));
  };
  const field = (
    name: keyof Form & keyof typeof FIELD_TO_PATH,
    label: string,
    props: Record<string, unknown> = {},
  ) => {
    const message = problem(FIELD_TO_PATH[name]);
    return (
      <TextField
        fullWidth
        size="small"
        label={label}
        value={form[name]}
        onChange={(event) => change(name, event.target.value)}
        error={message !== undefined}
        helperText={message ?? ' '}
        {...props}
      />
    );
  };
  const submit = () => {
    setSubmitted(true);
    if (parsed.success)
      save.mutate({ id: filter?.id, filter: { ...parsed.data } }, { onSuccess: () => onClose() });
  };
  const serverMessage = save.error
    ? MESSAGE_KEYS.has(save.error.message)
      ? translate(save.error.message)
      : save.error.message
    : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      fullScreen={narrow}
      aria-labelledby="exclusion-filter-title"
    >
      <DialogTitle id="exclusion-filter-title">
        {t(filter ? 'exclusions.dialog.editTitle' : 'exclusions.dialog.newTitle')}
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('exclusions.dialog.help')}
        </Typography>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={12}>
            {field('name', t('exclusions.fields.name'), { required: true, autoFocus: true })}
          </Grid>
          <Grid size={12}>
            {field('description', t('exclusions.fields.description'), {
              multiline: true,
              minRows: 2,
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('minSpeed', t('exclusions.fields.minSpeed', { unit: speedUnit }), {
              type: 'number',
              slotProps: { htmlInput: { min: 0 } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('maxSpeed', t('exclusions.fields.maxSpeed', { unit: speedUnit }), {
              type: 'number',
              slotProps: { htmlInput: { min: 0 } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('headway', t('exclusions.fields.headway'), {
              type: 'number',
              slotProps: { htmlInput: { min: 0, step: 0.1 } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControl size="small" fullWidth>
              <InputLabel id="exclusion-classes" shrink>
                {t('exclusions.fields.classes')}
              </InputLabel>
              <Select
                labelId="exclusion-classes"
                label={t('exclusions.fields.classes')}
                notched
                multiple
                value={form.classes}
                onChange={(event) => {
                  const value = event.target.value;
                  change(
                    'classes',
                    (typeof value === 'string' ? value.split(',') : value).map(Number),
                  );
                }}
                renderValue={(chosen) =>
                  chosen.length === 0
                    ? t('exclusions.fields.anyClass')
                    : chosen.length > 3
                      ? t('siteDetail.filters.someClasses', { count: chosen.length })
                      : [...chosen].sort((a, b) => a - b).join(', ')
                }
                displayEmpty
              >
                {classes.map((vehicleClass) => (
                  <MenuItem key={vehicleClass.class_index} value={vehicleClass.class_index}>
                    <Checkbox
                      size="small"
                      checked={form.classes.includes(vehicleClass.class_index)}
                    />
                    <ListItemText primary={`${vehicleClass.class_index} · ${vehicleClass.name}`} />
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText>{t('exclusions.fields.classesHelp')}</FormHelperText>
            </FormControl>
          </Grid>
          <Grid size={12}>
            <Typography variant="subtitle2" sx={{ mt: 1, mb: 1.5 }}>
              {t('exclusions.fields.timeRange', { zone: timeZone })}
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('start', t('exclusions.fields.start'), {
              type: 'datetime-local',
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('end', t('exclusions.fields.end'), {
              type: 'datetime-local',
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Grid>
        </Grid>
        {general && <Alert severity="error">{translate(general)}</Alert>}
        {serverMessage && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {serverMessage}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('exclusions.dialog.cancel')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending || (submitted && !parsed.success)}
        >
          {t('exclusions.dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** Which rule path each form field answers for. */
const FIELD_TO_PATH = {
  name: 'name',
  description: 'description',
  minSpeed: 'min_speed_mps',
  maxSpeed: 'max_speed_mps',
  headway: 'headway_greater_than_s',
  start: 'start_time',
  end: 'end_time',
} as const;
