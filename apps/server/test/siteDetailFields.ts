// The site-detail and count-site answers' fields with every subfield, for tests that read them
// whole: GraphQL answers an object field only with the subfields a query names.

export const UNITS = 'units { speed headway gap volume }';

const PACE = 'fromMps toMps vehicles sharePercent';
export const SUMMARY = `summary {
  vehicles wholeDays adt awdt awedt aadt aadtIsEstimate averageSpeedMps speed85thMps
  amPeak { hour vehicles } pmPeak { hour vehicles } totalCommercial percentCommercial
  aadtMonthsMissingWeekdays speed95thMps pace { metric { ${PACE} } imperial { ${PACE} } }
  designHour { volume kFactor dFactor }
  peakHourFactor { start peakHourVolume peakQuarterVolume factor }
  aadtMethod aadtVariant aadtScope
}`;

export const CLASSES = 'classes { classIndex vehicles sharePercent averageSpeedMps speed85thMps }';
export const SPEED_BY_CLASS =
  'speedByClass { binWidthMps bins { fromMps counts { classIndex vehicles } } }';
export const SPEED_PERCENTILES = 'speedPercentiles { percentile value }';
export const HEADWAY_PERCENTILES = 'headwayPercentiles { percentile value }';
export const GAP_PERCENTILES = 'gapPercentiles { percentile value }';
export const MATRIX = 'headwayGapMatrix { edgesS counts }';
const SHARE = 'vehicles sharePercent';
export const SPEEDING = `speeding {
  vehicles stepsMps aboveLimit { ${SHARE} } aboveFirstStep { ${SHARE} } aboveSecondStep { ${SHARE} }
}`;
export const VIRTUAL_DAY = 'virtualDay { direction vehicles }';
export const VIRTUAL_WEEK = 'virtualWeek { direction vehicles }';
export const AVAILABILITY = 'availability { day direction lane vehicles }';
export const LEFT_OUT = `leftOut {
  total selected speedRange speedRangeByClass { classIndex vehicles } classes unclassified
  directions separation lanes badDataPeriods exclusions timeExclusions
}`;

const MODES = (fields: string) =>
  `pedestrian { ${fields} } bike { ${fields} } vehicle { ${fields} }`;
export const COUNT_BINS = `bins { start counts { ${MODES('direction count')} } }`;
export const COUNT_TOTALS = 'totals { pedestrian bike vehicle }';
export const COUNT_DAILY_AVERAGE = 'dailyAverage { pedestrian bike vehicle }';
export const COUNT_FIGURES = `figures { ${MODES(
  'awdt awedt amPeak { hour count } pmPeak { hour count } directions { direction count } peakHourFactor { start peakHourVolume peakQuarterVolume factor }',
)} }`;

/** Direction code to figure, from the answer's list of directions (as the kernel keys them). */
export function byDirection<Value>(
  list: { direction: number; vehicles?: Value; count?: Value }[] | null | undefined,
): Record<string, Value> {
  return Object.fromEntries(
    (list ?? []).map((entry) => [
      String(entry.direction),
      (entry.vehicles ?? entry.count) as Value,
    ]),
  );
}

/** Percentile to value, from the answer's list of percentiles. */
export function byPercentile(
  list: { percentile: number; value: number }[] | null | undefined,
): Record<string, number> | null {
  return list
    ? Object.fromEntries(list.map((entry) => [String(entry.percentile), entry.value]))
    : null;
}
