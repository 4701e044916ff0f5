import { GraphQLScalarType } from 'graphql';
import type { CountFigures, CountSummary, LeftOutCounts, SiteDetail } from '@roadcount/analytics';
import type { IResolvers } from 'mercurius';
import type { GraphqlContext } from '../../infra/graphql/context.ts';

/**
 * The types of the site-detail and count-site answers, field for field the kernel's
 * (`SiteDetail`, `SummaryStatistics`, `CountSummary` of packages/analytics). GraphQL has no maps:
 * where the kernel keys figures by direction, class or percentile, the answer lists them with
 * their key (`entries` below); where it keys them by count mode, a field per mode.
 */
export const siteDetailAnswerTypeDefs = /* GraphQL */ `
  """
  The site detail's time bins as columns, exactly as the analysis thread writes them:
  { starts: [local ISO start without offset], directions: { <direction code>: { vehicles: [Int],
  averageSpeedMps: [Float|null], speed85thMps: [Float|null], speedingPercent: [Float|null] } } },
  one entry per start. A scalar rather than object types so its bytes go out as they were written
  (a year of five-minute bins is millions of figures); its type is TimeBins of @roadcount/domain.
  """
  scalar TimeBins

  "The unit of every figure of a site-detail answer."
  type SiteDetailUnits {
    speed: String!
    headway: String!
    gap: String!
    volume: String!
  }

  "A local hour of the day and its average vehicles over the whole days."
  type PeakHour {
    hour: Int!
    vehicles: Float!
  }

  "A 10 km/h or 10 mph band of speeds (m/s) and the vehicles in it."
  type Pace {
    fromMps: Float!
    toMps: Float!
    vehicles: Float!
    sharePercent: Float!
  }

  type PaceBands {
    metric: Pace!
    imperial: Pace!
  }

  "K factor (design hour volume / AADT) and D factor (peak direction's share, 0 to 1)."
  type DesignHour {
    volume: Float!
    kFactor: Float!
    dFactor: Float
  }

  "Peak hour factor: peak hour volume / (4 × its busiest quarter hour); start is local ISO."
  type PeakHourFactor {
    start: String!
    peakHourVolume: Float!
    peakQuarterVolume: Float!
    factor: Float!
  }

  "How the site's AADT was found."
  enum AadtMethod {
    aashto
    factored
    unadjusted
  }

  enum AadtVariant {
    aashto
    aashtoMissingWeekdays
    aashtoMissingMonths
    aashtoMissingMonthsAndWeekdays
    factored
    unadjustedNoGroup
    unadjustedNoFactors
  }

  "The site-detail summary: volumes, speeds (m/s), peaks and design figures of the filter's vehicles; the AADT is the site's, over its whole record."
  type SiteSummary {
    vehicles: Float!
    "Local days between the first and the last day of data, both excluded as partial."
    wholeDays: Int!
    adt: Float
    awdt: Float
    awedt: Float
    aadt: Float
    aadtIsEstimate: Boolean!
    averageSpeedMps: Float
    speed85thMps: Float
    amPeak: PeakHour
    pmPeak: PeakHour
    totalCommercial: Float!
    percentCommercial: Float
    "Calendar months (0 to 11) averaged over fewer than 7 weekdays."
    aadtMonthsMissingWeekdays: [Int!]!
    speed95thMps: Float
    pace: PaceBands
    designHour: DesignHour
    peakHourFactor: PeakHourFactor
    "Null only in an answer that did not ask for the summary's AADT."
    aadtMethod: AadtMethod
    aadtVariant: AadtVariant
    "wholeRecord: AADT is a figure of the site's whole record, whatever the filters."
    aadtScope: String
  }

  "A class's vehicles, share (%) and speeds (m/s)."
  type ClassMetrics {
    classIndex: Int!
    vehicles: Float!
    sharePercent: Float!
    averageSpeedMps: Float
    speed85thMps: Float
  }

  "Vehicles of one class."
  type ClassCount {
    classIndex: Int!
    vehicles: Float!
  }

  "A speed bin (lower edge, m/s) and its vehicles per class."
  type SpeedClassBin {
    fromMps: Float!
    counts: [ClassCount!]!
  }

  type SpeedByClass {
    binWidthMps: Float!
    bins: [SpeedClassBin!]!
  }

  "A percentile (15, 25, 50, 75, 85, 99) and its value: m/s for speeds, s for headway and gap."
  type Percentile {
    percentile: Int!
    value: Float!
  }

  "Vehicles by headway bin (rows) and gap bin (columns), bin edges in s."
  type HeadwayGapCounts {
    edgesS: [Float!]!
    counts: [[Float!]!]!
  }

  type VehicleShare {
    vehicles: Float!
    sharePercent: Float!
  }

  "Vehicles measured against a limit, and those above it and above its two steps (m/s)."
  type SpeedingFigures {
    vehicles: Float!
    stepsMps: [Float!]!
    aboveLimit: VehicleShare!
    aboveFirstStep: VehicleShare!
    aboveSecondStep: VehicleShare!
  }

  "A direction's average vehicles per local hour of the day (24), over whole days."
  type DirectionDayProfile {
    direction: Int!
    vehicles: [Float!]!
  }

  "A direction's average vehicles per weekday (Monday first); null for a weekday without a whole day."
  type DirectionWeekProfile {
    direction: Int!
    vehicles: [Float]!
  }

  "Vehicles of a local day in a direction and lane."
  type AvailabilityDay {
    day: String!
    direction: Int!
    lane: Int!
    vehicles: Float!
  }

  "The vehicles of the time range, those counted, and how many each filter left out (each under the first it fails)."
  type LeftOutCounts {
    total: Float!
    selected: Float!
    speedRange: Float!
    "Of speedRange, the vehicles of each class."
    speedRangeByClass: [ClassCount!]!
    classes: Float!
    "Of classes, those unclassified (class 0)."
    unclassified: Float!
    directions: Float!
    separation: Float!
    lanes: Float!
    badDataPeriods: Float!
    exclusions: Float!
    timeExclusions: Float!
  }

  "A count in a direction."
  type DirectionCount {
    direction: Int!
    count: Float!
  }

  enum CountMode {
    pedestrian
    bike
    vehicle
  }

  type CountUnits {
    count: String!
    time: String!
  }

  "Counts per direction of each mode counted in a bin."
  type ModeDirectionCounts {
    pedestrian: [DirectionCount!]
    bike: [DirectionCount!]
    vehicle: [DirectionCount!]
  }

  "A time bin (local start) of a count site: counts per mode and direction."
  type CountBin {
    start: String!
    counts: ModeDirectionCounts!
  }

  "A figure per count mode; null for a mode not counted (or without whole days)."
  type ModeFigure {
    pedestrian: Float
    bike: Float
    vehicle: Float
  }

  "Average count per local hour of the day over whole days, per mode."
  type ModeDayProfile {
    pedestrian: [Float!]
    bike: [Float!]
    vehicle: [Float!]
  }

  "Average count per local weekday (Monday first), per mode; null for a weekday without a whole day."
  type ModeWeekProfile {
    pedestrian: [Float]
    bike: [Float]
    vehicle: [Float]
  }

  "A local hour of the day and its average count over the whole days."
  type CountPeakHour {
    hour: Int!
    count: Float!
  }

  "A mode's weekday and weekend averages, peak hours, counts per direction and peak hour factor."
  type CountFigures {
    awdt: Float
    awedt: Float
    amPeak: CountPeakHour
    pmPeak: CountPeakHour
    directions: [DirectionCount!]!
    peakHourFactor: PeakHourFactor
  }

  type ModeCountFigures {
    pedestrian: CountFigures
    bike: CountFigures
    vehicle: CountFigures
  }
`;

/** A kernel's map keyed by a number (direction, class, percentile) as the answer's list, by key. */
export function entries<Value, Entry>(
  record: Record<number, Value> | null | undefined,
  entry: (key: number, value: Value) => Entry,
): Entry[] {
  if (!record) return [];
  return Object.entries(record)
    .map(([key, value]) => ({ key: Number(key), value }))
    .sort((a, b) => a.key - b.key)
    .map(({ key, value }) => entry(key, value));
}

type Counts = Record<number, number> | null | undefined;
const classCounts = (record: Counts) =>
  entries(record, (classIndex, vehicles) => ({ classIndex, vehicles }));
const percentiles = (record: Counts) =>
  record ? entries(record, (percentile, value) => ({ percentile, value })) : null;
const directionCounts = (record: Counts) =>
  record ? entries(record, (direction, count) => ({ direction, count })) : null;
const profiles = <Value>(record: Record<number, Value[]>) =>
  entries(record, (direction, vehicles) => ({ direction, vehicles }));

/** A field resolver that reads its parent as the kernel's answer it is. */
const reading =
  <Parent, Answer>(read: (parent: Parent) => Answer) =>
  (parent: unknown) =>
    read(parent as Parent);

/** The time bins go out as the analysis thread wrote them (RawJson) or as they are. */
export const TimeBinsScalar = new GraphQLScalarType({
  name: 'TimeBins',
  description: 'The site detail’s time bins as columns (TimeBins of @roadcount/domain).',
  serialize: (value) => value,
  parseValue: () => {
    throw new TypeError('TimeBins is an answer, never an input.');
  },
  parseLiteral: () => {
    throw new TypeError('TimeBins is an answer, never an input.');
  },
});

type Percentiles = Pick<SiteDetail, 'speedPercentiles' | 'headwayPercentiles' | 'gapPercentiles'>;
const percentileFields = {
  speedPercentiles: reading((answer: Percentiles) => percentiles(answer.speedPercentiles)),
  headwayPercentiles: reading((answer: Percentiles) => percentiles(answer.headwayPercentiles)),
  gapPercentiles: reading((answer: Percentiles) => percentiles(answer.gapPercentiles)),
};

type ModeCounts = CountSummary['bins'][number]['counts'];

/** The kernel's maps turned into the answer's lists, one field resolver each. */
export const siteDetailAnswerResolvers: IResolvers<unknown, GraphqlContext> = {
  SiteDetail: {
    ...percentileFields,
    virtualDay: reading((answer: SiteDetail) => profiles(answer.virtualDay)),
    virtualWeek: reading((answer: SiteDetail) => profiles(answer.virtualWeek)),
  },
  HeadwayGapMatrix: percentileFields,
  SpeedClassBin: {
    counts: reading((bin: SiteDetail['speedByClass']['bins'][number]) => classCounts(bin.counts)),
  },
  LeftOutCounts: {
    speedRangeByClass: reading((leftOut: LeftOutCounts) => classCounts(leftOut.speedRangeByClass)),
  },
  ModeDirectionCounts: {
    pedestrian: reading((counts: ModeCounts) => directionCounts(counts.pedestrian)),
    bike: reading((counts: ModeCounts) => directionCounts(counts.bike)),
    vehicle: reading((counts: ModeCounts) => directionCounts(counts.vehicle)),
  },
  CountFigures: {
    directions: reading((figures: CountFigures) => directionCounts(figures.directions) ?? []),
  },
};
