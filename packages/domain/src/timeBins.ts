/**
 * One direction's figures over the bins of `TimeBins.starts`, one entry per bin: 0 vehicles and
 * nulls in a bin where it had none. Speeds in m/s; speeding is the share of vehicles above the
 * limit in force, percent, null without a limit.
 */
export interface DirectionColumns {
  vehicles: number[];
  averageSpeedMps: (number | null)[];
  speed85thMps: (number | null)[];
  speedingPercent: (number | null)[];
}

/**
 * The site detail's time bins as columns (the analytics kernel's answer, and the API's TimeBins
 * scalar): the local start of each bin with data (ISO text without an offset, the site's wall
 * clock) and each direction's figures in the same order. A chart reads a series straight off a
 * column, and the answer names each figure once rather than once per bin (a half-year of hourly
 * bins is 0.5 MB of JSON rather than 1.2 MB).
 */
export interface TimeBins {
  starts: string[];
  /** By direction code. */
  directions: Record<number, DirectionColumns>;
}
