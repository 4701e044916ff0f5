/** Speeds as reports and workbooks show them: km/h (metric) or mph (imperial), from m/s. */
export const SPEED_UNITS = {
  metric: { factor: 3.6, label: 'km/h' },
  imperial: { factor: 2.2369362920544, label: 'mph' },
} as const;

export type SpeedUnits = keyof typeof SPEED_UNITS;

/**
 * A speed in m/s in `units`, or null; to six decimals, so that a bin edge of 30 km/h stored as
 * 8.333… m/s reads 30, not 29.999999999999996.
 */
export const speedIn = (units: SpeedUnits, mps: number | null | undefined) =>
  mps === null || mps === undefined
    ? null
    : Math.round(mps * SPEED_UNITS[units].factor * 1e6) / 1e6;
