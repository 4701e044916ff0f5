import type { Action } from './permissions.ts';
/** SPEC section 4: QD queued, PR in progress, ER error, CM completed. New tasks start as QD. */
export const TASK_STATES = ['QD', 'PR', 'ER', 'CM'] as const;
export type TaskState = (typeof TASK_STATES)[number];

/** SPEC section 4: the task function kinds. */
export const TASK_FUNCTIONS = [
  'clean_lanes',
  'delete_site',
  'merge_sites',
  'move_site_organisation',
  'zip_download_eco_files',
  'generate_site_reports',
  'recalculate_data_quality',
  'process_file_after_review',
  'refresh_site_rollups',
  'empty_vehicles_reupload',
  'clean_empty_files',
  'custom_report',
  'site_change_scheme',
  'process_national_platform_file',
  'send_changelog_email',
  'reset_demo_account',
  'assume_coordinates',
  'generate_bills',
  'recorrelate_sensor_events',
  'process_file',
  /** SPEC section 1: a suspended or cancelled organisation's data, deleted 12 months on. */
  'delete_lapsed_organisations',
  /** SPEC section 3: an organisation's summary statistics again, after its headway threshold changed. */
  'refresh_summary_statistics',
] as const;
export type TaskFunction = (typeof TASK_FUNCTIONS)[number];

export function isTaskFunction(value: unknown): value is TaskFunction {
  return typeof value === 'string' && (TASK_FUNCTIONS as readonly string[]).includes(value);
}

/**
 * Who may start each kind, and so retry it when it failed: staff kinds are staff's, a file's
 * processing its uploaders', a review's its reviewers', a site's tasks its editors'.
 */
export const TASK_START_PERMISSIONS: Record<TaskFunction, Action> = {
  process_file: 'files.upload',
  process_national_platform_file: 'files.upload',
  process_file_after_review: 'files.review',
  refresh_site_rollups: 'sites.update',
  delete_site: 'sites.delete',
  merge_sites: 'sites.update',
  site_change_scheme: 'sites.update',
  recalculate_data_quality: 'sites.update',
  generate_site_reports: 'tasks.create',
  custom_report: 'tasks.create',
  zip_download_eco_files: 'tasks.create',
  clean_lanes: 'staff.tools',
  move_site_organisation: 'staff.tools',
  empty_vehicles_reupload: 'staff.tools',
  clean_empty_files: 'staff.tools',
  send_changelog_email: 'changelog.send',
  reset_demo_account: 'staff.tools',
  assume_coordinates: 'staff.tools',
  generate_bills: 'billing.manage',
  recorrelate_sensor_events: 'hardware.write',
  delete_lapsed_organisations: 'billing.manage',
  refresh_summary_statistics: 'organisation.updateSettings',
};
