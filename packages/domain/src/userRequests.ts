import { z } from 'zod';
import { TASK_FUNCTIONS } from './tasks.ts';

/**
 * SPEC section 7, "Create a user notification (userId, function id, a message containing
 * trafficdatafile_id, source frontend, user_approved_dc), sent when the organisation requires
 * approval": the one kind a client may send, about a file to review, and those fields alone.
 */
export const USER_NOTIFICATION_KINDS = ['file_review'] as const;

export const userNotificationInputSchema = z.object({
  userId: z.uuid('must be a user id').nullable().optional(),
  function_id: z.enum(USER_NOTIFICATION_KINDS, {
    error: `must be ${USER_NOTIFICATION_KINDS.join(' or ')}`,
  }),
  message: z.strictObject(
    {
      trafficdatafile_id: z.uuid('must name a traffic data file'),
      source: z.literal('frontend', "must be 'frontend'").optional(),
      user_approved_dc: z.boolean('must be true or false').optional(),
    },
    { error: 'holds only trafficdatafile_id, source and user_approved_dc' },
  ),
});
export type UserNotificationInput = z.infer<typeof userNotificationInputSchema>;

/** The longest message of a task tracking record: what a task's announcement carries. */
export const TASK_TRACKING_MESSAGE_MAX = 1000;

/** SPEC section 7, "Insert a task tracking record": a kind of task, and a message about it. */
export const taskTrackingInputSchema = z.object({
  function_name: z.enum(TASK_FUNCTIONS, {
    error: (issue) => `'${String(issue.input)}' is not a kind of task`,
  }),
  message: z
    .string()
    .max(TASK_TRACKING_MESSAGE_MAX, `must be at most ${TASK_TRACKING_MESSAGE_MAX} characters`),
});
