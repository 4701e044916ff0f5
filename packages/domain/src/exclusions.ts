import { z } from 'zod';
import { plainText } from './plainText.ts';

/** The exclusion rules' messages, which the web app translates by these keys. */
export const EXCLUSION_MESSAGES = {
  nameRequired: 'A name is required',
  nameTooLong: 'The name is at most 80 characters',
  descriptionTooLong: 'The description is at most 500 characters',
  number: 'must be a number',
  speedNegative: 'A speed must not be negative',
  speedTooHigh: 'A speed must be a road speed (at most 100 m/s)',
  speedOrder: 'The minimum speed must not be above the maximum speed',
  headwayNegative: 'The headway must not be negative',
  classes: 'Classes must be class numbers from 0 to 255',
  instant: 'must be a date and time',
  timeOrder: 'The start must not be later than the end',
  noCondition: 'Give at least one condition, or the filter would leave out every vehicle',
  days: 'Choose at least one day',
  time: 'must be a time of day (HH:MM)',
  timeRange: 'The from time must be before the to time',
  duplicateName: 'An exclusion filter with that name already exists',
} as const;

export const EXCLUSION_NAME_MAX = 80;
export const EXCLUSION_DESCRIPTION_MAX = 500;
/** Keeps a filter payload's lists small enough to check (and a link short enough to share). */
export const EXCLUSIONS_MAX = 20;

const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const instantMs = (value: unknown) =>
  typeof value === 'string' && value !== '' ? Date.parse(value) : Number.NaN;
const isObject = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;

const optionalNumber = z.number({ error: EXCLUSION_MESSAGES.number }).nullable().optional();
const speed = optionalNumber
  .refine((value) => value == null || value >= 0, EXCLUSION_MESSAGES.speedNegative)
  .refine((value) => value == null || value <= 100, EXCLUSION_MESSAGES.speedTooHigh);
const instant = z
  .string()
  .refine((text) => !Number.isNaN(Date.parse(text)), EXCLUSION_MESSAGES.instant)
  .nullable()
  .optional();

/**
 * SPEC section 3: a saved vehicle exclusion filter (speeds m/s, headway s, instants ISO 8601).
 * A vehicle that matches every condition given is left out; a condition left empty matches any.
 */
export const vehicleExclusionFilterSchema = z
  .object({
    name: plainText({ typeError: EXCLUSION_MESSAGES.nameRequired })
      .trim()
      .min(1, EXCLUSION_MESSAGES.nameRequired)
      .max(EXCLUSION_NAME_MAX, EXCLUSION_MESSAGES.nameTooLong),
    description: plainText()
      .trim()
      .max(EXCLUSION_DESCRIPTION_MAX, EXCLUSION_MESSAGES.descriptionTooLong)
      .nullable()
      .optional()
      .transform((text) => (text ? text : null)),
    min_speed_mps: speed,
    max_speed_mps: speed,
    headway_greater_than_s: optionalNumber.refine(
      (value) => value == null || value >= 0,
      EXCLUSION_MESSAGES.headwayNegative,
    ),
    classes: z
      .array(z.number().int().min(0).max(255), { error: EXCLUSION_MESSAGES.classes })
      .max(256)
      .nullable()
      .optional()
      // No classes chosen is no class condition.
      .transform((list) =>
        list && list.length > 0 ? [...new Set(list)].sort((a, b) => a - b) : null,
      ),
    start_time: instant,
    end_time: instant,
  })
  // The cross-field rules run even when a field fails, so that the form shows every problem.
  .refine(
    (filter) =>
      !(
        isNumber(filter.min_speed_mps) &&
        isNumber(filter.max_speed_mps) &&
        filter.min_speed_mps > filter.max_speed_mps
      ),
    { path: ['max_speed_mps'], message: EXCLUSION_MESSAGES.speedOrder, when: isObject },
  )
  .refine((filter) => !(instantMs(filter.start_time) > instantMs(filter.end_time)), {
    path: ['end_time'],
    message: EXCLUSION_MESSAGES.timeOrder,
    when: isObject,
  })
  .refine(
    (filter) =>
      [
        filter.min_speed_mps,
        filter.max_speed_mps,
        filter.headway_greater_than_s,
        filter.classes,
        filter.start_time,
        filter.end_time,
      ].some((condition) => condition !== null && condition !== undefined && condition !== ''),
    { message: EXCLUSION_MESSAGES.noCondition, when: isObject },
  )
  .transform((filter) => ({
    ...filter,
    min_speed_mps: filter.min_speed_mps ?? null,
    max_speed_mps: filter.max_speed_mps ?? null,
    headway_greater_than_s: filter.headway_greater_than_s ?? null,
    start_time: filter.start_time ? new Date(filter.start_time).toISOString() : null,
    end_time: filter.end_time ? new Date(filter.end_time).toISOString() : null,
  }));

export type VehicleExclusionFilterInput = z.input<typeof vehicleExclusionFilterSchema>;
export type VehicleExclusionFilterValues = z.output<typeof vehicleExclusionFilterSchema>;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/;

/** Minutes after local midnight of an `HH:MM` time (24:00 is the end of the day). */
export function minuteOfDay(text: string): number {
  const [hours = 0, minutes = 0] = text.split(':').map(Number);
  return hours * 60 + minutes;
}

/**
 * SPEC section 3: a time exclusion leaves out the vehicles of the given local days (Monday 0 to
 * Sunday 6) from `from` up to, not including, `to`; a `to` of 00:00 or 24:00 is the day's end.
 */
export const timeExclusionSchema = z
  .object({
    days: z
      .array(z.number().int().min(0).max(6), { error: EXCLUSION_MESSAGES.days })
      .min(1, EXCLUSION_MESSAGES.days)
      .max(7),
    from: z.string().regex(TIME, EXCLUSION_MESSAGES.time),
    to: z.string().regex(TIME, EXCLUSION_MESSAGES.time),
  })
  .transform((rule) => ({
    days: [...new Set(rule.days)].sort((a, b) => a - b),
    fromMinute: minuteOfDay(rule.from),
    toMinute: rule.to === '00:00' ? 1440 : minuteOfDay(rule.to),
  }))
  .refine((rule) => rule.fromMinute < rule.toMinute, {
    path: ['to'],
    message: EXCLUSION_MESSAGES.timeRange,
  });

export type TimeExclusionInput = z.input<typeof timeExclusionSchema>;

export const timeExclusionListSchema = z.array(timeExclusionSchema).max(EXCLUSIONS_MAX);
