import type {
  ClassMetrics,
  CountFigures,
  CountSummary,
  DesignHour,
  LeftOutCounts,
  Pace,
  PeakHour,
  PeakHourFactor,
  SiteDetail,
  SpeedingTable,
} from '@roadcount/analytics';
import { INTERVAL_MODES } from '@roadcount/analytics';
import { buildSchema, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { graphqlSchemaSource } from '../../infra/graphql/graphql.ts';
import { analysisTypeDefs } from './analysis.graphql.ts';
import type { SiteSummary } from './analysis.service.ts';
import { entries } from './siteDetailAnswer.graphql.ts';

// Each kernel type's keys, listed so that TypeScript refuses this file when the kernel gains or
// loses one (`Record<keyof T, true>` must name every key, and only those); the test then checks
// that the API's GraphQL type has exactly these fields, so the two cannot drift apart.
type Keys<T> = Record<keyof T, true>;

const siteDetailKeys: Keys<SiteDetail> = {
  summary: true,
  bins: true,
  classes: true,
  speedByClass: true,
  speedPercentiles: true,
  headwayPercentiles: true,
  gapPercentiles: true,
  headwayGapMatrix: true,
  speeding: true,
  virtualDay: true,
  virtualWeek: true,
  availability: true,
  leftOut: true,
};
const summaryKeys: Keys<SiteSummary> = {
  vehicles: true,
  wholeDays: true,
  adt: true,
  awdt: true,
  awedt: true,
  aadt: true,
  aadtIsEstimate: true,
  averageSpeedMps: true,
  speed85thMps: true,
  amPeak: true,
  pmPeak: true,
  totalCommercial: true,
  percentCommercial: true,
  aadtMonthsMissingWeekdays: true,
  speed95thMps: true,
  pace: true,
  designHour: true,
  peakHourFactor: true,
  aadtMethod: true,
  aadtVariant: true,
  aadtScope: true,
};
const countSummaryKeys: Keys<CountSummary> = {
  modes: true,
  bins: true,
  totals: true,
  wholeDays: true,
  dailyAverage: true,
  virtualDay: true,
  virtualWeek: true,
  figures: true,
};
const countFiguresKeys: Keys<CountFigures> = {
  awdt: true,
  awedt: true,
  amPeak: true,
  pmPeak: true,
  directions: true,
  peakHourFactor: true,
};
const leftOutKeys: Keys<LeftOutCounts> = {
  total: true,
  selected: true,
  speedRange: true,
  speedRangeByClass: true,
  classes: true,
  unclassified: true,
  directions: true,
  separation: true,
  lanes: true,
  badDataPeriods: true,
  exclusions: true,
  timeExclusions: true,
};
const classKeys: Keys<ClassMetrics> = {
  classIndex: true,
  vehicles: true,
  sharePercent: true,
  averageSpeedMps: true,
  speed85thMps: true,
};
const speedingKeys: Keys<SpeedingTable> = {
  vehicles: true,
  stepsMps: true,
  aboveLimit: true,
  aboveFirstStep: true,
  aboveSecondStep: true,
};
const paceKeys: Keys<Pace> = { fromMps: true, toMps: true, vehicles: true, sharePercent: true };
const designHourKeys: Keys<DesignHour> = { volume: true, kFactor: true, dFactor: true };
const peakHourKeys: Keys<PeakHour> = { hour: true, vehicles: true };
const peakHourFactorKeys: Keys<PeakHourFactor> = {
  start: true,
  peakHourVolume: true,
  peakQuarterVolume: true,
  factor: true,
};

const schema = buildSchema(graphqlSchemaSource([analysisTypeDefs]));

function fieldsOf(typeName: string): string[] {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) throw new Error(`${typeName} is not an object type`);
  return Object.keys(type.getFields()).sort();
}

const names = (keys: object) => Object.keys(keys).sort();
/** The site's own facts every site-detail answer starts with (the service's siteFacts). */
const SITE_FACTS = ['site_id', 'site_name', 'site_type', 'latitude', 'longitude', 'time_zone'];

describe('the API’s types of the site-detail and count-site answers', () => {
  it('have a field for each figure of the kernel’s answer, and none besides', () => {
    // SiteDetail also carries the site's facts, its class scheme and the units.
    expect(fieldsOf('SiteDetail')).toEqual(
      [...names(siteDetailKeys), ...SITE_FACTS, 'class_scheme', 'units'].sort(),
    );
    expect(fieldsOf('SiteSummary')).toEqual(names(summaryKeys));
    expect(fieldsOf('TimeSeriesCountSummary')).toEqual(
      [...names(countSummaryKeys), 'site_id', 'units'].sort(),
    );
    expect(fieldsOf('CountFigures')).toEqual(names(countFiguresKeys));
    expect(fieldsOf('LeftOutCounts')).toEqual(names(leftOutKeys));
    expect(fieldsOf('ClassMetrics')).toEqual(names(classKeys));
    expect(fieldsOf('SpeedingFigures')).toEqual(names(speedingKeys));
    expect(fieldsOf('Pace')).toEqual(names(paceKeys));
    expect(fieldsOf('DesignHour')).toEqual(names(designHourKeys));
    expect(fieldsOf('PeakHour')).toEqual(names(peakHourKeys));
    expect(fieldsOf('PeakHourFactor')).toEqual(names(peakHourFactorKeys));
  });

  it('give each count mode its field', () => {
    for (const type of ['ModeDirectionCounts', 'ModeFigure', 'ModeDayProfile', 'ModeWeekProfile'])
      expect(fieldsOf(type)).toEqual([...INTERVAL_MODES].sort());
  });

  it('list a map keyed by number by its keys, lowest first', () => {
    // The kernel's percentiles of headway (s), keyed by percentile, as JSON keys them (text).
    expect(
      entries({ 85: 4.2, 15: 0.9, 50: 2 }, (percentile, value) => ({ percentile, value })),
    ).toEqual([
      { percentile: 15, value: 0.9 },
      { percentile: 50, value: 2 },
      { percentile: 85, value: 4.2 },
    ]);
    expect(entries(null, (key) => key)).toEqual([]);
  });
});
