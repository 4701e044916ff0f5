import { z } from 'zod';

/** The columns the sites table can show (SPEC section 3, organisation settings: sites table columns). */
export const SITE_TABLE_COLUMNS = [
  'name',
  'alternativeName',
  'type',
  'contexts',
  'lastSurveyed',
  'files',
  'location',
  'directions',
  'lanes',
  'assetManagementId',
  'timeZone',
  'classScheme',
] as const;
export type SiteTableColumn = (typeof SITE_TABLE_COLUMNS)[number];

export const DEFAULT_SITE_TABLE_COLUMNS: SiteTableColumn[] = [
  'name',
  'type',
  'contexts',
  'lastSurveyed',
  'files',
  'location',
  'directions',
];

/** The organisation's chosen columns: known ones, each once, the name always first. */
export const siteTableColumnsSchema = z
  .array(z.enum(SITE_TABLE_COLUMNS, { error: 'must be a sites table column' }))
  .min(1)
  .refine((columns) => columns[0] === 'name', 'the name column comes first')
  .refine((columns) => new Set(columns).size === columns.length, 'each column once');

/** Sites table filters (SPEC section 3, site filters), PED too since sites count pedestrians. */
export const SITE_FILTERS = [
  'VEH',
  'BIKE',
  'PED',
  'TS_T',
  'TS_P',
  'realtime',
  'selected_only',
] as const;
export type SiteFilter = (typeof SITE_FILTERS)[number];
