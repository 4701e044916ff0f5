import { z } from 'zod';

/** SPEC section 5: a speed limit applies from 1 Jan 1970 unless a later date is given. */
export const SPEED_LIMIT_EARLIEST_DATE = '1970-01-01';

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((text) => !Number.isNaN(Date.parse(text)), 'must be a real date')
  .refine((text) => text >= SPEED_LIMIT_EARLIEST_DATE, 'must be 1 Jan 1970 or later');

/** One posted limit: numeric and greater than 0, in m/s, from a local date. */
export const speedLimitSchema = z.object({
  effective_from: localDate.default(SPEED_LIMIT_EARLIEST_DATE),
  limit_mps: z
    .number({ error: 'must be a number' })
    .positive('must be greater than 0')
    .max(100, 'must be a road speed'),
});

/** A site's limits: at most one a date. */
export const speedLimitListSchema = z
  .array(speedLimitSchema)
  .max(100)
  .refine(
    (limits) => new Set(limits.map((limit) => limit.effective_from)).size === limits.length,
    'two limits start on the same date',
  );

export type SpeedLimitInput = z.input<typeof speedLimitSchema>;
