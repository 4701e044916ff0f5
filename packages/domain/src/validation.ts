import { z } from 'zod';
import { plainText } from './plainText.ts';
import { LENGTH_OUTLIER, MAP_DEFAULTS, PASSWORD_LENGTH } from './constants.ts';
import { mapProfilesSchema } from './mapProfiles.ts';
import { DAY_RANGES, MAP_LAYERS } from './mapSites.ts';
import { LOCALES } from './locales.ts';
import { ROLES } from './roles.ts';
import { DEFAULT_SITE_TABLE_COLUMNS, siteTableColumnsSchema } from './siteColumns.ts';
import { isTimeZone } from './sites.ts';

/** SPEC section 5 with issue 3's decision: at least 8 characters everywhere, at most 128. */
export const passwordSchema = z
  .string()
  .min(PASSWORD_LENGTH.min, `Use at least ${PASSWORD_LENGTH.min} characters`)
  .max(PASSWORD_LENGTH.max, `Use at most ${PASSWORD_LENGTH.max} characters`);

export const EMAIL_MESSAGE = 'Wrong email format, or the email is already taken';
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email(EMAIL_MESSAGE))
  .pipe(z.string().max(254));

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters')
  .max(150)
  .regex(/^[\w.@+-]+$/, 'Use letters, digits and . @ + - _ only');

export const createUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  first_name: plainText().trim().max(150).default(''),
  last_name: plainText().trim().max(150).default(''),
  role: z.enum(ROLES),
  /** Platform admins choose the organisation; for org admins it is their own. */
  organisation_id: z.uuid().optional(),
});

/** SPEC section 3's statistics named in the interface that a site summary can feature. */
export const FEATURED_SITE_STATS = [
  'adt',
  'awdt',
  'awedt',
  'aadt',
  'speed85',
  'averageSpeed',
  'amPeak',
  'pmPeak',
  'percentCommercial',
  'totalCommercial',
] as const;
export type FeaturedSiteStat = (typeof FEATURED_SITE_STATS)[number];

/** SPEC section 3, organisation settings. */
export const organisationSettingsSchema = z.object({
  locale: z.enum(LOCALES),
  request_user_approve_quality: z.boolean(),
  bidirectional_cutoff: z.number().int().min(0).max(100_000),
  min_survey_hours: z
    .number()
    .min(0)
    .max(24 * 366),
  lowest_max_adt: z.number().int().min(0).max(1_000_000),
  min_average_rho: z.number().min(0).max(100),
  max_unclassifiable_percent: z.number().min(0).max(100),
  length_outlier_factor: z.number().min(LENGTH_OUTLIER.min).max(LENGTH_OUTLIER.max),
  headway_threshold_seconds: z.number().min(0).max(60),
  default_units: z.enum(['metric', 'imperial']),
  /** The IANA time zone a new site takes when its file names none. */
  time_zone: z.string().refine(isTimeZone, 'must be a time zone such as Europe/London'),
  sites_table_columns: siteTableColumnsSchema,
  /** SPEC sections 2 and 3: hidden.mapNotes hides the map notes from the whole organisation. */
  hidden: z.object({ mapNotes: z.boolean() }),
  /** Width of the speed bands of speed tables and charts, in the shown unit (km/h or mph). */
  speed_unit_gap: z.number().int().min(1).max(50),
  /** The statistics a site's summary shows first (SPEC section 3: featured site stats). */
  featured_site_stats: z
    .array(z.enum(FEATURED_SITE_STATS))
    .min(1)
    .max(6)
    .refine((stats) => new Set(stats).size === stats.length, 'each statistic once'),
  /** Where and how the map opens for the organisation's users (SPEC sections 3 and 9). */
  map_defaults: z.object({
    zoom: z.number().min(1).max(19),
    /** The map's centre; null fits the organisation's sites. */
    centre: z
      .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) })
      .nullable(),
    layer: z.enum(MAP_LAYERS),
    dayRange: z.enum(DAY_RANGES),
  }),
  /** Map layer profiles the organisation's users start with (SPEC section 5: at most 5). */
  map_layer_profiles: mapProfilesSchema,
});
export type OrganisationSettings = z.infer<typeof organisationSettingsSchema>;

export const DEFAULT_ORGANISATION_SETTINGS: OrganisationSettings = {
  locale: 'en-GB',
  request_user_approve_quality: false,
  bidirectional_cutoff: 0,
  min_survey_hours: 24,
  lowest_max_adt: 50,
  min_average_rho: 60,
  max_unclassifiable_percent: 10,
  length_outlier_factor: LENGTH_OUTLIER.default,
  headway_threshold_seconds: 5,
  default_units: 'metric',
  time_zone: 'UTC',
  sites_table_columns: DEFAULT_SITE_TABLE_COLUMNS,
  hidden: { mapNotes: false },
  speed_unit_gap: 10,
  featured_site_stats: ['adt', 'speed85', 'averageSpeed', 'percentCommercial'],
  map_defaults: {
    zoom: MAP_DEFAULTS.zoom,
    centre: null,
    layer: MAP_DEFAULTS.layer,
    dayRange: MAP_DEFAULTS.dotDayRange,
  },
  map_layer_profiles: [],
};

/** The headway threshold (seconds) in an organisation's stored preferences, or the default. */
export function headwayThresholdSeconds(preferences: Record<string, unknown>): number {
  const stored = preferences.headway_threshold_seconds;
  return typeof stored === 'number'
    ? stored
    : DEFAULT_ORGANISATION_SETTINGS.headway_threshold_seconds;
}

export const createOrganisationSchema = z.object({
  name: plainText().trim().min(2).max(200),
  max_active_users: z.number().int().min(1).max(100_000),
  max_sites: z.number().int().min(1).max(10_000_000),
});
