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
] as const;
export type TaskFunction = (typeof TASK_FUNCTIONS)[number];

export function isTaskFunction(value: unknown): value is TaskFunction {
  return typeof value === 'string' && (TASK_FUNCTIONS as readonly string[]).includes(value);
}
