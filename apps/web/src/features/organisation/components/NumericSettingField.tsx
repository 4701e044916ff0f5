import { InputAdornment, TextField } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { parseSetting, rangeOf, type NumericSetting } from './settingsDraft.ts';

interface Props {
  setting: NumericSetting;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

interface SettingText {
  label: string;
  help: string;
  unit?: string;
}

function settingText(
  t: TFunction,
  setting: NumericSetting,
  range: { min: string; max: string },
): SettingText {
  switch (setting) {
    case 'min_survey_hours':
      return {
        label: t('organisationSettings.minSurveyHours.label'),
        help: t('organisationSettings.minSurveyHours.help', range),
        unit: t('organisationSettings.units.hours'),
      };
    case 'lowest_max_adt':
      return {
        label: t('organisationSettings.lowestMaxAdt.label'),
        help: t('organisationSettings.lowestMaxAdt.help', range),
        unit: t('organisationSettings.units.vehicles'),
      };
    case 'min_average_rho':
      return {
        label: t('organisationSettings.minAverageRho.label'),
        help: t('organisationSettings.minAverageRho.help', range),
      };
    case 'max_unclassifiable_percent':
      return {
        label: t('organisationSettings.maxUnclassifiablePercent.label'),
        help: t('organisationSettings.maxUnclassifiablePercent.help', range),
        unit: '%',
      };
    case 'length_outlier_factor':
      return {
        label: t('organisationSettings.lengthOutlierFactor.label'),
        help: t('organisationSettings.lengthOutlierFactor.help', range),
      };
    case 'headway_threshold_seconds':
      return {
        label: t('organisationSettings.headwayThreshold.label'),
        help: t('organisationSettings.headwayThreshold.help', range),
        unit: t('organisationSettings.units.seconds'),
      };
    case 'speed_unit_gap':
      return {
        label: t('organisationSettingsMore.speedUnitGap.label'),
        help: t('organisationSettingsMore.speedUnitGap.help', range),
      };
    case 'bidirectional_cutoff':
      return {
        label: t('organisationSettings.bidirectionalCutoff.label'),
        help: t('organisationSettings.bidirectionalCutoff.help', range),
        unit: t('organisationSettings.units.vehicles'),
      };
  }
}

/** A numeric organisation setting whose helper text names its range and says when it is out. */
export function NumericSettingField({ setting, value, onChange, disabled = false }: Props) {
  const { t, i18n } = useTranslation();
  const range = rangeOf(setting);
  const format = new Intl.NumberFormat(i18n.language);
  const shownRange = { min: format.format(range.min), max: format.format(range.max) };
  const text = settingText(t, setting, shownRange);
  const invalid = parseSetting(setting, value) === null;
  const error = range.wholeNumber
    ? t('organisationSettings.errors.wholeNumberRange', shownRange)
    : t('organisationSettings.errors.numberRange', shownRange);

  return (
    <TextField
      type="number"
      label={text.label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={invalid}
      helperText={invalid ? error : text.help}
      disabled={disabled}
      fullWidth
      slotProps={{
        htmlInput: {
          min: range.min,
          max: range.max,
          step: range.wholeNumber ? 1 : 'any',
          inputMode: range.wholeNumber ? 'numeric' : 'decimal',
        },
        input: text.unit
          ? { endAdornment: <InputAdornment position="end">{text.unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
}
