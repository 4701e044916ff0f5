import {
  Checkbox,
  Divider,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputLabel,
  MenuItem,
  Select,
  Slider,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { MAP_LAYERS, type DayRange, type MapLayer } from '@roadcount/domain';
import { useTranslation } from 'react-i18next';
import type { SelectionMode } from '../mapLayers.ts';
import type { SiteFilters } from '../siteFilters.ts';

export interface MapSettings {
  layer: MapLayer;
  satellite: boolean;
  dotSize: number;
  dayRange: DayRange;
  startDate: string;
  endDate: string;
  mode: SelectionMode;
  /** The map notes layer. */
  showNotes: boolean;
}

interface Props {
  settings: MapSettings;
  onSettings: (change: Partial<MapSettings>) => void;
  filters: SiteFilters;
  onFilters: (change: Partial<SiteFilters>) => void;
  organisations: { id: string; name: string }[] | null;
}

const CONTEXTS = ['VEH', 'BIKE', 'PED'] as const;
const TIME_SPANS = ['TS_T', 'TS_P'] as const;

function toggled(values: string[], value: string, on: boolean): string[] {
  return on ? [...new Set([...values, value])] : values.filter((item) => item !== value);
}

/** Layers, base map, dots and the site filters of the map (its period: MapPeriodControls). */
export function MapControls({ settings, onSettings, filters, onFilters, organisations }: Props) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <FormControl fullWidth size="small">
        <InputLabel id="map-layer">{t('map.controls.layer')}</InputLabel>
        <Select
          labelId="map-layer"
          label={t('map.controls.layer')}
          value={settings.layer}
          onChange={(event) => onSettings({ layer: event.target.value })}
        >
          {MAP_LAYERS.map((layer) => (
            <MenuItem key={layer} value={layer}>
              {t(`map.layers.${layer}`)}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <FormControlLabel
          control={
            <Switch
              checked={settings.satellite}
              onChange={(event) => onSettings({ satellite: event.target.checked })}
            />
          }
          label={t('map.controls.satellite')}
        />
      </Stack>
      <div>
        <Typography id="dot-size" variant="body2" gutterBottom>
          {t('map.controls.dotSize')}
        </Typography>
        <Slider
          aria-labelledby="dot-size"
          min={3}
          max={14}
          value={settings.dotSize}
          onChange={(_event, value) => onSettings({ dotSize: value })}
          size="small"
        />
      </div>
      <Divider />
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('map.controls.type')}</FormLabel>
        <FormGroup row>
          {CONTEXTS.map((context) => (
            <FormControlLabel
              key={context}
              control={
                <Checkbox
                  size="small"
                  checked={filters.contexts.includes(context)}
                  onChange={(event) =>
                    onFilters({
                      contexts: toggled(filters.contexts, context, event.target.checked),
                    })
                  }
                />
              }
              label={t(`map.contexts.${context}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      <FormControl component="fieldset">
        <FormLabel component="legend">{t('map.controls.frequency')}</FormLabel>
        <FormGroup row>
          {TIME_SPANS.map((span) => (
            <FormControlLabel
              key={span}
              control={
                <Checkbox
                  size="small"
                  checked={filters.timeSpans.includes(span)}
                  onChange={(event) =>
                    onFilters({ timeSpans: toggled(filters.timeSpans, span, event.target.checked) })
                  }
                />
              }
              label={t(`map.timeSpans.${span}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      {organisations && (
        <FormControl fullWidth size="small">
          <InputLabel id="organisations">{t('map.controls.organisation')}</InputLabel>
          <Select
            labelId="organisations"
            label={t('map.controls.organisation')}
            multiple
            value={filters.organisationIds}
            onChange={(event) => {
              const value = event.target.value;
              onFilters({ organisationIds: typeof value === 'string' ? value.split(',') : value });
            }}
            renderValue={(ids) =>
              ids.length === 0
                ? t('map.controls.allOrganisations')
                : organisations
                    .filter((organisation) => ids.includes(organisation.id))
                    .map((organisation) => organisation.name)
                    .join(', ')
            }
            displayEmpty
          >
            {organisations.map((organisation) => (
              <MenuItem key={organisation.id} value={organisation.id}>
                {organisation.name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      )}
      <Divider />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={settings.mode}
        onChange={(_event, mode: SelectionMode | null) => mode && onSettings({ mode })}
        aria-label={t('map.controls.selectionMode')}
        fullWidth
      >
        <ToggleButton value="single">{t('map.controls.single')}</ToggleButton>
        <ToggleButton value="multi">{t('map.controls.multi')}</ToggleButton>
      </ToggleButtonGroup>
      <FormControlLabel
        control={
          <Switch
            checked={filters.selectedOnly}
            onChange={(event) => onFilters({ selectedOnly: event.target.checked })}
          />
        }
        label={t('map.controls.selectedOnly')}
      />
    </Stack>
  );
}
