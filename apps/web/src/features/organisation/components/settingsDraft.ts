import {
  isTimeZone,
  organisationSettingsSchema,
  type OrganisationSettings,
} from '@roadcount/domain';

/** The settings as the form holds them: numbers as typed, so a half-typed value survives. */
export type SettingsDraft = {
  [Key in keyof OrganisationSettings]: OrganisationSettings[Key] extends number
    ? string
    : OrganisationSettings[Key];
};

export type NumericSetting = {
  [Key in keyof OrganisationSettings]: OrganisationSettings[Key] extends number ? Key : never;
}[keyof OrganisationSettings];

export const NUMERIC_SETTINGS = [
  'min_survey_hours',
  'lowest_max_adt',
  'min_average_rho',
  'max_unclassifiable_percent',
  'length_outlier_factor',
  'headway_threshold_seconds',
  'bidirectional_cutoff',
  'speed_unit_gap',
] as const satisfies readonly NumericSetting[];

export interface NumericRange {
  min: number;
  max: number;
  wholeNumber: boolean;
}

/** The range the shared schema accepts, so the form and the server never disagree. */
export function rangeOf(setting: NumericSetting): NumericRange {
  const schema = organisationSettingsSchema.shape[setting];
  return {
    min: schema.minValue ?? 0,
    max: schema.maxValue ?? Number.MAX_SAFE_INTEGER,
    wholeNumber: schema.isInt,
  };
}

export function toDraft(settings: OrganisationSettings): SettingsDraft {
  return {
    ...settings,
    bidirectional_cutoff: String(settings.bidirectional_cutoff),
    min_survey_hours: String(settings.min_survey_hours),
    lowest_max_adt: String(settings.lowest_max_adt),
    min_average_rho: String(settings.min_average_rho),
    max_unclassifiable_percent: String(settings.max_unclassifiable_percent),
    length_outlier_factor: String(settings.length_outlier_factor),
    headway_threshold_seconds: String(settings.headway_threshold_seconds),
    speed_unit_gap: String(settings.speed_unit_gap),
  };
}

/** The numeric value typed, or null when it is empty, not a number or out of range. */
export function parseSetting(setting: NumericSetting, typed: string): number | null {
  if (typed.trim() === '') return null;
  const parsed = organisationSettingsSchema.shape[setting].safeParse(Number(typed));
  return parsed.success ? parsed.data : null;
}

export interface DraftCheck {
  invalid: NumericSetting[];
  /** What differs from the saved settings; only meaningful when nothing is invalid. */
  changes: Partial<OrganisationSettings>;
}

export function checkDraft(draft: SettingsDraft, saved: OrganisationSettings): DraftCheck {
  const invalid: NumericSetting[] = [];
  const changes: Partial<OrganisationSettings> = {};
  for (const setting of NUMERIC_SETTINGS) {
    const value = parseSetting(setting, draft[setting]);
    if (value === null) invalid.push(setting);
    else if (value !== saved[setting]) changes[setting] = value;
  }
  if (draft.locale !== saved.locale) changes.locale = draft.locale;
  if (draft.default_units !== saved.default_units) changes.default_units = draft.default_units;
  // A zone half typed is not sent; the field says so.
  if (draft.time_zone !== saved.time_zone && isTimeZone(draft.time_zone))
    changes.time_zone = draft.time_zone;
  if (draft.request_user_approve_quality !== saved.request_user_approve_quality) {
    changes.request_user_approve_quality = draft.request_user_approve_quality;
  }
  if (draft.hidden.mapNotes !== saved.hidden.mapNotes) changes.hidden = draft.hidden;
  if (JSON.stringify(draft.featured_site_stats) !== JSON.stringify(saved.featured_site_stats))
    changes.featured_site_stats = draft.featured_site_stats;
  if (JSON.stringify(draft.map_defaults) !== JSON.stringify(saved.map_defaults))
    changes.map_defaults = draft.map_defaults;
  if (JSON.stringify(draft.map_layer_profiles) !== JSON.stringify(saved.map_layer_profiles))
    changes.map_layer_profiles = draft.map_layer_profiles;
  return { invalid, changes };
}
