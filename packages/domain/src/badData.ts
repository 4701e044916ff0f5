import { z } from 'zod';

/**
 * Issue 25: the rules that flag a bad-data period, with the field thresholds of
 * TRAFFIC-ENGINEERING.md (a published pipeline's data-quality warnings).
 * - `silent`: more than one consecutive hour with no vehicles between 04:00 and 22:00 in the
 *   site's local time, at hours of the day when the site normally carries traffic (enough that
 *   an empty hour is not chance: a cycle path's early hours, often empty, are not checked);
 * - `direction_share`: one direction under 40% of the two-way total of a whole day;
 * - `lane_flow`: more vehicles in a lane in an hour than a lane can carry.
 */
export const BAD_DATA_RULES = ['silent', 'direction_share', 'lane_flow'] as const;
export type BadDataRule = (typeof BAD_DATA_RULES)[number];

/** The thresholds the rules apply, shown beside the flagged periods. */
export const BAD_DATA_THRESHOLDS = {
  /** A silent stretch is flagged from this many consecutive empty hours ("more than one"). */
  silentMinHours: 2,
  /** The part of the day checked for silence: from 04:00 (inclusive) to 22:00 (exclusive). */
  silentFromHour: 4,
  silentToHour: 22,
  /**
   * An hour of the day is checked for silence only where the site's median volume at that hour
   * is at least this: an empty hour then has under 1% chance of being luck (e^-5 for counts that
   * vary as Poisson's), whereas a cycle path at 05:00 or a quiet road at night is often empty.
   */
  silentMinExpectedVehicles: 5,
  /** A direction under this share of the two-way total of a whole day is flagged. */
  directionMinShare: 0.4,
  /** Days with fewer two-way vehicles than this are too light to judge a direction's share. */
  directionMinDailyVehicles: 100,
  /** The most vehicles a lane can carry in an hour (a freeway lane's capacity). */
  laneMaxVehiclesPerHour: 2400,
} as const;

/**
 * What a person decided of a flagged period: still to review (`flagged`), the data is right
 * (`kept`), the data is wrong and is left out of every figure (`excluded`), or the counter was
 * right to see nothing (`real_zero`: a closed road, kept as data, not as missing data).
 */
export const BAD_DATA_STATES = ['flagged', 'kept', 'excluded', 'real_zero'] as const;
export type BadDataState = (typeof BAD_DATA_STATES)[number];

/** The decisions a reviewer may take (a period goes back to `flagged` by no one). */
export const BAD_DATA_DECISIONS = ['kept', 'excluded', 'real_zero'] as const;
export type BadDataDecision = (typeof BAD_DATA_DECISIONS)[number];

/** A review's input: the decision, checked by name. */
export const badDataDecisionSchema = z.enum(BAD_DATA_DECISIONS, {
  error: `must be one of ${BAD_DATA_DECISIONS.join(', ')}`,
});
