import { z } from 'zod';
import type { TaskFunction } from './tasks.ts';

/**
 * SPEC section 9: the report types a user requests from the Insights screen, and the task
 * function (SPEC section 4) that makes each.
 */
export const REPORT_TYPES = [
  'standard_spreadsheet',
  'universal_csv',
  'state_funding',
  'site_summary_pdf',
  'gis_geojson',
  'gis_shapefile',
  'gis_geopackage',
  'overspeed',
  'raw_files',
  'individual_vehicles',
  'vehicle_flow',
  'event_count',
  'event_list',
  'sign_file',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TASK: Record<
  ReportType,
  'generate_site_reports' | 'custom_report' | 'zip_download_eco_files'
> = {
  standard_spreadsheet: 'generate_site_reports',
  universal_csv: 'generate_site_reports',
  state_funding: 'generate_site_reports',
  site_summary_pdf: 'generate_site_reports',
  gis_geojson: 'generate_site_reports',
  gis_shapefile: 'generate_site_reports',
  gis_geopackage: 'generate_site_reports',
  overspeed: 'generate_site_reports',
  raw_files: 'zip_download_eco_files',
  individual_vehicles: 'custom_report',
  vehicle_flow: 'custom_report',
  event_count: 'custom_report',
  event_list: 'custom_report',
  sign_file: 'custom_report',
};

/** The task kinds that make reports (their figures come through the analysis threads). */
export const REPORT_TASK_FUNCTIONS: readonly TaskFunction[] = [
  ...new Set(Object.values(REPORT_TASK)),
];

/** The file each report type makes: extension and media type. */
export const REPORT_FILES: Record<ReportType, { extension: string; mediaType: string }> = {
  standard_spreadsheet: {
    extension: 'xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  universal_csv: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
  state_funding: {
    extension: 'xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  site_summary_pdf: { extension: 'pdf', mediaType: 'application/pdf' },
  gis_geojson: { extension: 'geojson', mediaType: 'application/geo+json' },
  gis_shapefile: { extension: 'zip', mediaType: 'application/zip' },
  gis_geopackage: { extension: 'gpkg', mediaType: 'application/geopackage+sqlite3' },
  overspeed: {
    extension: 'xlsx',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  raw_files: { extension: 'zip', mediaType: 'application/zip' },
  individual_vehicles: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
  vehicle_flow: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
  event_count: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
  event_list: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
  sign_file: { extension: 'csv', mediaType: 'text/csv; charset=utf-8' },
};

/** SPEC section 9: time aggregation, in minutes (60 hourly, 1440 daily, 10080 weekly). */
export const REPORT_AGGREGATIONS = [5, 10, 15, 20, 30, 60, 1440, 10080] as const;

/** The most sites one report covers. */
export const REPORT_SITES_MAX = 200;
/** The longest period one report covers: a year and a day (a leap year's 366 days, plus one). */
export const REPORT_PERIOD_MAX_DAYS = 367;

/** The report rules' messages, which the web app translates by these keys. */
export const REPORT_MESSAGES = {
  type: 'Choose a report type',
  sites: 'Choose at least one site or a site group',
  sitesAndGroup: 'Choose sites or a site group, not both',
  tooManySites: `A report covers at most ${REPORT_SITES_MAX} sites`,
  start: 'The period needs a start date and time',
  end: 'The period needs an end date and time',
  order: 'The start must be before the end',
  tooLong: `A report covers at most ${REPORT_PERIOD_MAX_DAYS} days`,
  aggregation: 'Choose a time aggregation of 5, 10, 15, 20 or 30 minutes, hourly, daily or weekly',
  units: 'Choose metric or imperial units',
  surveyAndOthers: "Choose a survey's sites alone, without other sites or a site group",
} as const;

const instant = (message: string) =>
  z
    .string({ error: message })
    .refine((text) => text !== '' && !Number.isNaN(Date.parse(text)), message);
const numberList = z.array(z.number().int()).nullable().optional();

/**
 * SPEC section 9's default speed range (m/s), applied wherever a filter names none: 1 km/h to
 * 50 m/s (180 km/h).
 */
export const DEFAULT_SPEED_MIN_MPS = 1 / 3.6;
export const DEFAULT_SPEED_MAX_MPS = 50;

/**
 * The site-detail filter set a report applies (SPEC section 3 filter payload, speeds m/s,
 * headway s), besides the period, which a report must name.
 */
export const reportFilterSchema = z.object({
  velocity_min: z.number().min(0).nullable().optional(),
  velocity_max: z.number().positive().nullable().optional(),
  active_classes: numberList,
  headway_min: z.number().min(0).nullable().optional(),
  active_directions: numberList,
  active_lane_heading_1: numberList,
  active_lane_heading_3: numberList,
  active_lane_heading_5: numberList,
  active_lane_heading_7: numberList,
  vehicle_exclusions: z.array(z.string()).max(20).nullable().optional(),
  time_exclusions: z
    .array(z.object({ days: z.array(z.number().int()), from: z.string(), to: z.string() }))
    .max(20)
    .nullable()
    .optional(),
});

const DAY_MS = 86_400_000;

/** A report request: what the Insights screen sends, and what the report row keeps. */
export const reportRequestSchema = z
  .object({
    type: z.enum(REPORT_TYPES, { error: REPORT_MESSAGES.type }),
    siteIds: z.array(z.string()).max(REPORT_SITES_MAX, REPORT_MESSAGES.tooManySites).default([]),
    siteGroupId: z.string().nullable().optional(),
    /** A survey of the organisation: the report covers its sites (issue 21). */
    surveyId: z.string().nullable().optional(),
    start: instant(REPORT_MESSAGES.start),
    end: instant(REPORT_MESSAGES.end),
    filter: reportFilterSchema.default({}),
    units: z.enum(['metric', 'imperial'], { error: REPORT_MESSAGES.units }),
    aggregationMinutes: z
      .number({ error: REPORT_MESSAGES.aggregation })
      .refine(
        (value) => (REPORT_AGGREGATIONS as readonly number[]).includes(value),
        REPORT_MESSAGES.aggregation,
      ),
  })
  .superRefine((request, context) => {
    const group = Boolean(request.siteGroupId);
    const survey = Boolean(request.surveyId);
    if (survey && (request.siteIds.length > 0 || group))
      context.addIssue({
        code: 'custom',
        path: ['surveyId'],
        message: REPORT_MESSAGES.surveyAndOthers,
      });
    else if (request.siteIds.length === 0 && !group && !survey)
      context.addIssue({ code: 'custom', path: ['siteIds'], message: REPORT_MESSAGES.sites });
    else if (request.siteIds.length > 0 && group)
      context.addIssue({
        code: 'custom',
        path: ['siteIds'],
        message: REPORT_MESSAGES.sitesAndGroup,
      });
    const start = Date.parse(request.start);
    const end = Date.parse(request.end);
    if (start >= end)
      context.addIssue({ code: 'custom', path: ['end'], message: REPORT_MESSAGES.order });
    else if (end - start > REPORT_PERIOD_MAX_DAYS * DAY_MS)
      context.addIssue({ code: 'custom', path: ['end'], message: REPORT_MESSAGES.tooLong });
  });

export type ReportRequest = z.infer<typeof reportRequestSchema>;
export type ReportRequestInput = z.input<typeof reportRequestSchema>;

/** A report's parameters as stored: the request with its sites resolved (a group's or survey's). */
export type ReportParameters = Omit<ReportRequest, 'siteIds'> & { siteIds: string[] };
