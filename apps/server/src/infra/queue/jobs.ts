import { billingMonthSchema, type DirectionAlignment, type TaskFunction } from '@roadcount/domain';
import { z } from 'zod';
import { isUuid } from '../db/ids.ts';
import type { TaskRow } from './taskRecords.ts';

const uuid = z.string().refine(isUuid, 'must be an id');

const siteId = z.object({ siteId: uuid });
const fileId = z.object({ fileId: uuid, reprocess: z.boolean().optional() });
const compass = z.enum(['N', 'E', 'S', 'W']);
/** A report, and the demo visitor who asked for it, whose alone it is (issue 38). */
const report = z.object({ reportId: uuid, demoSession: z.string().min(1).optional() });

/**
 * The one map from task function name to its payload (STYLE.md: jobs typed by name): enqueue
 * and handlers are checked against it, and a worker checks each payload it claims. Kinds that
 * no worker runs yet are tracking records only, with an empty payload.
 */
export const JOB_PAYLOADS = {
  process_file: fileId,
  process_national_platform_file: fileId,
  refresh_site_rollups: siteId,
  delete_site: siteId.extend({ permanent: z.boolean() }),
  merge_sites: z.object({
    targetId: uuid,
    sourceIds: z.array(uuid).min(1),
    alignment: z.record(z.string(), z.partialRecord(compass, compass)),
  }),
  site_change_scheme: siteId,
  recalculate_data_quality: siteId,
  clean_lanes: siteId,
  move_site_organisation: siteId.extend({ organisationId: uuid }),
  zip_download_eco_files: report,
  generate_site_reports: report,
  process_file_after_review: z.object({ fileId: uuid }),
  empty_vehicles_reupload: siteId,
  clean_empty_files: z.object({ organisationId: uuid }),
  custom_report: report,
  send_changelog_email: z.object({ heading: z.string().min(1), body: z.string().min(1) }),
  reset_demo_account: z.object({}),
  assume_coordinates: z.object({ organisationId: uuid }),
  generate_bills: z.object({ month: billingMonthSchema }),
  recorrelate_sensor_events: siteId.extend({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  }),
  delete_lapsed_organisations: z.object({}),
  refresh_summary_statistics: z.object({ organisationId: uuid }),
} satisfies Record<TaskFunction, z.ZodType>;

export type JobPayload<Name extends TaskFunction> = z.infer<(typeof JOB_PAYLOADS)[Name]>;

// The alignment's schema and the domain's type describe the same thing.
type AlignmentMatches = JobPayload<'merge_sites'>['alignment'] extends DirectionAlignment
  ? true
  : never;
const alignmentMatches: AlignmentMatches = true;
void alignmentMatches;

/** A claimed task of one kind, its payload checked against the kind's schema. */
export type Job<Name extends TaskFunction> = Omit<TaskRow, 'functionName' | 'payload'> & {
  functionName: Name;
  payload: JobPayload<Name>;
};

/** The task with its payload checked; the problem, naming the field, when it does not fit. */
export function checkedJob<Name extends TaskFunction>(
  task: TaskRow,
  name: Name,
): { job: Job<Name> } | { problem: string } {
  const parsed = JOB_PAYLOADS[name].safeParse(task.payload);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { problem: `The ${name} task's payload is not valid: ${where}${issue?.message ?? ''}` };
  }
  return { job: { ...task, functionName: name, payload: parsed.data as JobPayload<Name> } };
}
