import SaveIcon from '@mui/icons-material/Save';
import {
  Button,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_ORGANISATION_SETTINGS,
  LOCALE_NAMES,
  LOCALES,
  isLocale,
  isTimeZone,
  type OrganisationSettings,
} from '@roadcount/domain';
import { TaskProgress } from '@/ui/TaskProgress.tsx';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { SavingIndicator } from '@/ui/saving/SavingIndicator.tsx';
import { useSavingIndicator } from '@/ui/saving/useSavingIndicator.ts';
import { errorMessage } from '@/lib/requestErrors.ts';
import { useUpdateOrganisationSettings, type Organisation } from '@/lib/organisations.ts';
import { NumericSettingField } from './NumericSettingField.tsx';
import { MapAndSummarySettings } from './MapAndSummarySettings.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { checkDraft, toDraft, type NumericSetting, type SettingsDraft } from './settingsDraft.ts';

interface Props {
  organisation: Organisation;
  /** False for viewers who may read but not change the settings (demo accounts). */
  canEdit: boolean;
}

const QUALITY_THRESHOLDS = [
  'min_survey_hours',
  'lowest_max_adt',
  'min_average_rho',
  'max_unclassifiable_percent',
  'length_outlier_factor',
] as const satisfies readonly NumericSetting[];

const ANALYSIS = [
  'headway_threshold_seconds',
  'bidirectional_cutoff',
  'speed_unit_gap',
] as const satisfies readonly NumericSetting[];

/** Organisation settings, saved together with an explicit Save (SPEC sections 3 and 5). */
export function OrganisationSettingsForm({ organisation, canEdit }: Props) {
  const { t } = useTranslation();
  const flash = useFlash();
  const update = useUpdateOrganisationSettings(organisation.id);
  const { state: savingState, track } = useSavingIndicator();
  const [saved, setSaved] = useState<OrganisationSettings>(() => ({
    ...DEFAULT_ORGANISATION_SETTINGS,
    ...organisation.preferences,
  }));
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(saved));
  // A changed headway threshold reprocesses the summary statistics: its task, to follow.
  const [reprocessingTaskId, setReprocessingTaskId] = useState<string>();
  const { invalid, changes } = checkDraft(draft, saved);
  const dirty = Object.keys(changes).length > 0;
  const canSave = canEdit && dirty && invalid.length === 0 && !update.isPending;

  const set = <Key extends keyof SettingsDraft>(key: Key, value: SettingsDraft[Key]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    try {
      const updated = await track(update.mutateAsync(changes));
      setSaved({ ...DEFAULT_ORGANISATION_SETTINGS, ...updated.preferences });
      if (updated.reprocessing_task_id) setReprocessingTaskId(updated.reprocessing_task_id);
    } catch (error) {
      flash({ message: errorMessage(error), severity: 'error' });
    }
  };

  const numeric = (setting: NumericSetting) => (
    <NumericSettingField
      key={setting}
      setting={setting}
      value={draft[setting]}
      onChange={(value) => set(setting, value)}
      disabled={!canEdit}
    />
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void save(event)}>
      <SettingsSection title={t('organisationSettings.sections.general')}>
        <TextField
          select
          label={t('organisationSettings.locale.label')}
          helperText={t('organisationSettings.locale.help')}
          value={draft.locale}
          onChange={(event) => {
            if (isLocale(event.target.value)) set('locale', event.target.value);
          }}
          disabled={!canEdit}
          fullWidth
        >
          {LOCALES.map((locale) => (
            <MenuItem key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('organisationSettings.defaultUnits.label')}
          helperText={t('organisationSettings.defaultUnits.help')}
          value={draft.default_units}
          onChange={(event) =>
            set('default_units', event.target.value === 'imperial' ? 'imperial' : 'metric')
          }
          disabled={!canEdit}
          fullWidth
        >
          <MenuItem value="metric">{t('organisationSettings.defaultUnits.metric')}</MenuItem>
          <MenuItem value="imperial">{t('organisationSettings.defaultUnits.imperial')}</MenuItem>
        </TextField>
        <TextField
          label={t('fieldFiles.timeZone.orgLabel')}
          helperText={t(
            isTimeZone(draft.time_zone)
              ? 'fieldFiles.timeZone.orgHelp'
              : 'fieldFiles.timeZone.invalid',
          )}
          error={!isTimeZone(draft.time_zone)}
          value={draft.time_zone}
          onChange={(event) => set('time_zone', event.target.value)}
          disabled={!canEdit}
          fullWidth
        />
        <Stack sx={{ gridColumn: { md: '1 / -1' } }}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.request_user_approve_quality}
                onChange={(event) => set('request_user_approve_quality', event.target.checked)}
                disabled={!canEdit}
              />
            }
            label={t('organisationSettings.requestApproval.label')}
          />
          <FormHelperText sx={{ mt: 0 }}>
            {t('organisationSettings.requestApproval.help')}
          </FormHelperText>
        </Stack>
        <Stack sx={{ gridColumn: { md: '1 / -1' } }}>
          <FormControlLabel
            control={
              <Switch
                checked={draft.hidden.mapNotes}
                onChange={(event) => set('hidden', { mapNotes: event.target.checked })}
                disabled={!canEdit}
              />
            }
            label={t('mapNotes.hideSetting.label')}
          />
          <FormHelperText sx={{ mt: 0 }}>{t('mapNotes.hideSetting.help')}</FormHelperText>
        </Stack>
      </SettingsSection>
      <SettingsSection
        title={t('organisationSettings.sections.quality')}
        description={t('organisationSettings.sections.qualityHelp')}
      >
        {QUALITY_THRESHOLDS.map(numeric)}
      </SettingsSection>
      <SettingsSection title={t('organisationSettings.sections.analysis')}>
        {ANALYSIS.map(numeric)}
        {reprocessingTaskId && (
          <Stack spacing={1} sx={{ gridColumn: { md: '1 / -1' } }}>
            <Typography variant="body2">{t('organisationSettingsMore.reprocessing')}</Typography>
            <TaskProgress taskId={reprocessingTaskId} />
          </Stack>
        )}
      </SettingsSection>
      <MapAndSummarySettings
        draft={draft}
        onChange={(changes) => setDraft((current) => ({ ...current, ...changes }))}
        disabled={!canEdit}
      />
      {canEdit && (
        <Stack
          direction="row"
          spacing={2}
          // Stays in reach at the bottom of the screen while the long form scrolls on a phone.
          sx={{
            alignItems: 'center',
            justifyContent: 'flex-end',
            flexWrap: 'wrap',
            position: 'sticky',
            bottom: 0,
            py: 1.5,
            bgcolor: 'background.default',
            zIndex: 1,
          }}
        >
          <SavingIndicator state={savingState} />
          <Button type="submit" variant="contained" startIcon={<SaveIcon />} disabled={!canSave}>
            {t('organisationSettings.save')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
