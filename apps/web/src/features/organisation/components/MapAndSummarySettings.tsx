import {
  Button,
  Chip,
  FormHelperText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  DAY_RANGES,
  FEATURED_SITE_STATS,
  MAP_LAYER_PROFILES,
  MAP_LAYERS,
  mapProfilesSchema,
  type FeaturedSiteStat,
  type MapProfile,
} from '@roadcount/domain';
import { useProfile } from '@/lib/profile.ts';
import { SettingsSection } from './SettingsSection.tsx';
import type { SettingsDraft } from './settingsDraft.ts';

interface Props {
  draft: SettingsDraft;
  onChange: (changes: Partial<SettingsDraft>) => void;
  disabled: boolean;
}

/** Map defaults, the organisation's map layer profiles and the featured site stats. */
export function MapAndSummarySettings({ draft, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const profile = useProfile();
  const mine = mapProfilesSchema.safeParse(profile.data?.profile.preferences.mapProfiles);
  const myProfiles: MapProfile[] = mine.success ? mine.data : [];
  const defaults = draft.map_defaults;
  const setDefaults = (changes: Partial<SettingsDraft['map_defaults']>) =>
    onChange({ map_defaults: { ...defaults, ...changes } });
  const stats = draft.featured_site_stats;

  return (
    <SettingsSection
      title={t('organisationSettingsMore.sections.map')}
      description={t('organisationSettingsMore.sections.mapHelp')}
    >
      <TextField
        select
        label={t('map.controls.layer')}
        value={defaults.layer}
        onChange={(event) =>
          setDefaults({ layer: event.target.value as SettingsDraft['map_defaults']['layer'] })
        }
        disabled={disabled}
        fullWidth
      >
        {MAP_LAYERS.map((layer) => (
          <MenuItem key={layer} value={layer}>
            {t(`map.layers.${layer}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('map.controls.dayRange')}
        value={defaults.dayRange}
        onChange={(event) =>
          setDefaults({ dayRange: event.target.value as SettingsDraft['map_defaults']['dayRange'] })
        }
        disabled={disabled}
        fullWidth
      >
        {DAY_RANGES.map((range) => (
          <MenuItem key={range} value={range}>
            {t(`map.dayRanges.${range}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('organisationSettingsMore.zoom.label')}
        helperText={t('organisationSettingsMore.zoom.help')}
        value={defaults.zoom}
        onChange={(event) => setDefaults({ zoom: Number(event.target.value) })}
        disabled={disabled}
        fullWidth
      >
        {Array.from({ length: 19 }, (_, index) => index + 1).map((zoom) => (
          <MenuItem key={zoom} value={zoom}>
            {zoom}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('organisationSettingsMore.featured.label')}
        helperText={t('organisationSettingsMore.featured.help', { max: 6 })}
        value={stats}
        onChange={(event) => {
          const chosen = (
            typeof event.target.value === 'string' ? [] : event.target.value
          ) as FeaturedSiteStat[];
          if (chosen.length >= 1 && chosen.length <= 6) onChange({ featured_site_stats: chosen });
        }}
        slotProps={{
          select: {
            multiple: true,
            renderValue: (selected) => (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {(selected as FeaturedSiteStat[]).map((stat) => (
                  <Chip
                    key={stat}
                    size="small"
                    label={t(`organisationSettingsMore.stats.${stat}`)}
                  />
                ))}
              </Stack>
            ),
          },
        }}
        disabled={disabled}
        fullWidth
      >
        {FEATURED_SITE_STATS.map((stat) => (
          <MenuItem key={stat} value={stat}>
            {t(`organisationSettingsMore.stats.${stat}`)}
          </MenuItem>
        ))}
      </TextField>
      <Stack spacing={1} sx={{ gridColumn: { md: '1 / -1' } }}>
        <Typography variant="subtitle2">{t('organisationSettingsMore.profiles.label')}</Typography>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
          {draft.map_layer_profiles.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('organisationSettingsMore.profiles.none')}
            </Typography>
          )}
          {draft.map_layer_profiles.map((each, index) => (
            <Chip
              key={each.name}
              label={`${each.name} · ${t(`map.layers.${each.layer}`)}`}
              onDelete={
                disabled
                  ? undefined
                  : () =>
                      onChange({
                        map_layer_profiles: draft.map_layer_profiles.filter(
                          (_, other) => other !== index,
                        ),
                      })
              }
            />
          ))}
        </Stack>
        <FormHelperText sx={{ mt: 0 }}>
          {t('organisationSettingsMore.profiles.help', { max: MAP_LAYER_PROFILES.max })}
        </FormHelperText>
        {!disabled && (
          <Button
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={myProfiles.length === 0}
            onClick={() => onChange({ map_layer_profiles: myProfiles })}
          >
            {t('organisationSettingsMore.profiles.useMine', { count: myProfiles.length })}
          </Button>
        )}
      </Stack>
    </SettingsSection>
  );
}
