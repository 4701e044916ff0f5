/* eslint-disable */
import type { DocumentTypeDecoration } from '@graphql-typed-document-node/core';
export type Maybe<T> = T | null;
export type InputMaybe<T> = T | null | undefined;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  JSON: { input: unknown; output: unknown; }
  /**
   * The site detail's time bins as columns, exactly as the analysis thread writes them:
   * { starts: [local ISO start without offset], directions: { <direction code>: { vehicles: [Int],
   * averageSpeedMps: [Float|null], speed85thMps: [Float|null], speedingPercent: [Float|null] } } },
   * one entry per start. A scalar rather than object types so its bytes go out as they were written
   * (a year of five-minute bins is millions of figures); its type is TimeBins of @roadcount/domain.
   */
  TimeBins: { input: import('@roadcount/domain').TimeBins; output: import('@roadcount/domain').TimeBins; }
};

/** How the site's AADT was found. */
export type AadtMethod =
  | 'aashto'
  | 'factored'
  | 'unadjusted';

export type AadtVariant =
  | 'aashto'
  | 'aashtoMissingMonths'
  | 'aashtoMissingMonthsAndWeekdays'
  | 'aashtoMissingWeekdays'
  | 'factored'
  | 'unadjustedNoFactors'
  | 'unadjustedNoGroup';

/** Vehicles of a local day in a direction and lane. */
export type AvailabilityDay = {
  day: Scalars['String']['output'];
  direction: Scalars['Int']['output'];
  lane: Scalars['Int']['output'];
  vehicles: Scalars['Float']['output'];
};

/**
 * Issue 25: a stretch of a site's record flagged as bad data. rule: silent (no vehicles for more
 * than an hour between 04:00 and 22:00 at hours that normally carry traffic), direction_share (a
 * direction under 40% of a whole day's two-way total), lane_flow (a lane above 2,400 vehicles an
 * hour). value: what the rule measured (empty daytime hours, the direction's share 0 to 1, or
 * the lane's vehicles an hour). state: flagged, kept, excluded (left out of every figure of the
 * site) or real_zero (a closed road: data, not missing data). Times ISO 8601, the end exclusive.
 */
export type BadDataPeriod = {
  direction: Maybe<Scalars['Int']['output']>;
  end_time: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  lane: Maybe<Scalars['Int']['output']>;
  reviewed_at: Maybe<Scalars['String']['output']>;
  /** The username of who reviewed it */
  reviewed_by: Maybe<Scalars['String']['output']>;
  rule: Scalars['String']['output'];
  site_id: Scalars['ID']['output'];
  start_time: Scalars['String']['output'];
  state: Scalars['String']['output'];
  value: Scalars['Float']['output'];
};

/** Vehicles of one class. */
export type ClassCount = {
  classIndex: Scalars['Int']['output'];
  vehicles: Scalars['Float']['output'];
};

/** A class's vehicles, share (%) and speeds (m/s). */
export type ClassMetrics = {
  averageSpeedMps: Maybe<Scalars['Float']['output']>;
  classIndex: Scalars['Int']['output'];
  sharePercent: Scalars['Float']['output'];
  speed85thMps: Maybe<Scalars['Float']['output']>;
  vehicles: Scalars['Float']['output'];
};

/** A class's share of a site's classified vehicles, percent. */
export type ClassShare = {
  class_index: Scalars['Int']['output'];
  percent: Scalars['Float']['output'];
};

/** Per-class count, share, average and 85th percentile speed, and speeds stacked by class. */
export type ClassSpeedMetrics = {
  class_scheme: Scalars['String']['output'];
  classes: Array<ClassMetrics>;
  site_id: Scalars['ID']['output'];
  speedByClass: SpeedByClass;
  units: SiteDetailUnits;
};

/** A continuous site's monthly factors and the cluster its pattern falls in. */
export type ContinuousSitePattern = {
  aadt: Maybe<Scalars['Float']['output']>;
  /** 0-based cluster of like monthly patterns; null without 12 qualifying months. */
  cluster: Maybe<Scalars['Int']['output']>;
  monthly_factors: Array<Maybe<Scalars['Float']['output']>>;
  name: Scalars['String']['output'];
  qualifying_months: Array<Scalars['Int']['output']>;
  site_id: Scalars['ID']['output'];
};

/** A time bin (local start) of a count site: counts per mode and direction. */
export type CountBin = {
  counts: ModeDirectionCounts;
  start: Scalars['String']['output'];
};

/** A mode's weekday and weekend averages, peak hours, counts per direction and peak hour factor. */
export type CountFigures = {
  amPeak: Maybe<CountPeakHour>;
  awdt: Maybe<Scalars['Float']['output']>;
  awedt: Maybe<Scalars['Float']['output']>;
  directions: Array<DirectionCount>;
  peakHourFactor: Maybe<PeakHourFactor>;
  pmPeak: Maybe<CountPeakHour>;
};

export type CountMode =
  | 'bike'
  | 'pedestrian'
  | 'vehicle';

/** A local hour of the day and its average count over the whole days. */
export type CountPeakHour = {
  count: Scalars['Float']['output'];
  hour: Scalars['Int']['output'];
};

export type CountUnits = {
  count: Scalars['String']['output'];
  time: Scalars['String']['output'];
};

export type DailyVolume = {
  day: Scalars['String']['output'];
  vehicles: Scalars['Float']['output'];
};

/** A local day's volume: vehicles, or bicycles and people for a count site. */
export type DayVolume = {
  day: Scalars['String']['output'];
  volume: Scalars['Int']['output'];
};

export type DeletedSite = {
  deleted_at: Scalars['String']['output'];
  files: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  /** A permanent deletion of the site is queued or running. */
  permanent_deletion_pending: Scalars['Boolean']['output'];
  site_type: Scalars['String']['output'];
};

/** K factor (design hour volume / AADT) and D factor (peak direction's share, 0 to 1). */
export type DesignHour = {
  dFactor: Maybe<Scalars['Float']['output']>;
  kFactor: Scalars['Float']['output'];
  volume: Scalars['Float']['output'];
};

/** One direction of a site being merged, and the target direction its vehicles count as. */
export type DirectionAlignmentInput = {
  /** N, E, S or W */
  from: Scalars['String']['input'];
  site_id: Scalars['ID']['input'];
  /** N, E, S or W: the target site's direction one or two */
  to: Scalars['String']['input'];
};

/** A count in a direction. */
export type DirectionCount = {
  count: Scalars['Float']['output'];
  direction: Scalars['Int']['output'];
};

/** A direction's average vehicles per local hour of the day (24), over whole days. */
export type DirectionDayProfile = {
  direction: Scalars['Int']['output'];
  vehicles: Array<Scalars['Float']['output']>;
};

/** A direction's average vehicles per weekday (Monday first); null for a weekday without a whole day. */
export type DirectionWeekProfile = {
  direction: Scalars['Int']['output'];
  vehicles: Array<Maybe<Scalars['Float']['output']>>;
};

/** How the site's AADT was found (the one siteAadt decision). */
export type ExplainedAadt = {
  adt: Maybe<Scalars['Float']['output']>;
  estimate: Scalars['Boolean']['output'];
  group: Maybe<ExplainedFactorGroup>;
  method: Scalars['String']['output'];
  months: Array<Scalars['Int']['output']>;
  months_missing_weekdays: Array<Scalars['Int']['output']>;
  value: Maybe<Scalars['Float']['output']>;
  variant: Scalars['String']['output'];
  whole_days: Scalars['Int']['output'];
};

/** An excluded bad-data period of the site: its vehicles count in no figure. */
export type ExplainedBadDataPeriod = {
  direction: Maybe<Scalars['Int']['output']>;
  end_time: Scalars['String']['output'];
  lane: Maybe<Scalars['Int']['output']>;
  rule: Scalars['String']['output'];
  start_time: Scalars['String']['output'];
};

export type ExplainedClassVehicles = {
  class_index: Scalars['Int']['output'];
  vehicles: Scalars['Float']['output'];
};

/** A local day with data (or between two with data) and whether the figure counted it. */
export type ExplainedDay = {
  day: Scalars['String']['output'];
  /** partial (the first or last day of the data), notWeekday (AWDT), notWeekend (AWEDT), noVehicles (AASHTO: a whole day without a vehicle is missing data). */
  reason: Maybe<Scalars['String']['output']>;
  used: Scalars['Boolean']['output'];
  /** Vehicles (or counts) of the day that the filters kept. */
  volume: Scalars['Float']['output'];
};

export type ExplainedDays = {
  days: Array<ExplainedDay>;
  /** The days the figure averages over. */
  days_used: Scalars['Int']['output'];
  first_day: Maybe<Scalars['String']['output']>;
  last_day: Maybe<Scalars['String']['output']>;
};

export type ExplainedExclusion = {
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

/** The factor group an AADT was made with, its factors and their version. */
export type ExplainedFactorGroup = {
  day_of_week_factor: Maybe<Scalars['Float']['output']>;
  day_of_week_factors: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  id: Scalars['ID']['output'];
  monthly_factor: Maybe<Scalars['Float']['output']>;
  monthly_factors: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  name: Scalars['String']['output'];
  /** Identifies the factors: AADTs made with other factors carry another version. */
  version: Scalars['String']['output'];
};

/** A figure of the site detail page (a card or a chart) that can say how it was made. */
export type ExplainedFigure =
  | 'aadt'
  | 'adt'
  | 'amPeak'
  | 'averageSpeed'
  | 'awdt'
  | 'awedt'
  | 'headwayGap'
  | 'matrix'
  | 'percentCommercial'
  | 'pmPeak'
  | 'speed85'
  | 'speedByClass'
  | 'speeding'
  | 'totalCommercial'
  | 'virtualDay'
  | 'virtualWeek'
  | 'volume';

/** A file whose data is behind a figure. Times ISO 8601 UTC. */
export type ExplainedFile = {
  first_record: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** vehicles (one record per vehicle) or intervals (counts per interval). */
  kind: Scalars['String']['output'];
  last_record: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  /** Vehicles the file saved. */
  vehicles: Maybe<Scalars['Float']['output']>;
};

/** The filter the figure was made under (speeds m/s, headway s); null lists mean all. */
export type ExplainedFilter = {
  classes: Maybe<Array<Scalars['Int']['output']>>;
  directions: Maybe<Array<Scalars['Int']['output']>>;
  end_time: Maybe<Scalars['String']['output']>;
  exclusions: Array<ExplainedExclusion>;
  lanes: Array<ExplainedLanes>;
  min_headway_s: Scalars['Float']['output'];
  speed_max_mps: Scalars['Float']['output'];
  speed_min_mps: Scalars['Float']['output'];
  start_time: Maybe<Scalars['String']['output']>;
  time_exclusions: Array<ExplainedTimeExclusion>;
};

export type ExplainedLanes = {
  direction: Scalars['Int']['output'];
  lanes: Array<Scalars['Int']['output']>;
};

/** The vehicles of the time range, those the figure counts, and why the others were left out. */
export type ExplainedLeftOut = {
  reasons: Array<ExplainedLeftOutReason>;
  selected: Scalars['Float']['output'];
  total: Scalars['Float']['output'];
};

/** Vehicles left out for one reason: speedRange, classes, directions, separation, lanes, badDataPeriods, exclusions, timeExclusions, noSpeedLimit. */
export type ExplainedLeftOutReason = {
  /** Of those, the vehicles of each class (speed range: which classes fell outside it). */
  classes: Array<ExplainedClassVehicles>;
  reason: Scalars['String']['output'];
  vehicles: Scalars['Float']['output'];
};

export type ExplainedSpeedLimit = {
  effective_from: Scalars['String']['output'];
  limit_mps: Scalars['Float']['output'];
};

export type ExplainedTimeExclusion = {
  days: Array<Scalars['Int']['output']>;
  from: Scalars['String']['output'];
  to: Scalars['String']['output'];
};

/** Issue 25: a site group whose continuous sites give monthly and day-of-week factors (TMG 2022). */
export type FactorGroup = {
  basis: FactorGroupBasis;
  continuous_sites: Array<FactorGroupSite>;
  /** 7 day-of-week factors, Monday first. */
  day_of_week_factors: Array<Maybe<Scalars['Float']['output']>>;
  /** Continuous sites whose factors were averaged (those with 12 qualifying months). */
  factor_sites: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  /** A continuous site's month counts only with at least this many days of each weekday. */
  min_days_per_weekday: Scalars['Int']['output'];
  /** 12 monthly factors, January first (null where no site qualifies). */
  monthly_factors: Array<Maybe<Scalars['Float']['output']>>;
  name: Scalars['String']['output'];
  short_count_sites: Array<FactorGroupSite>;
};

/** How an organisation grouped the sites of a factor group. */
export type FactorGroupBasis =
  | 'area'
  | 'pattern'
  | 'roadClass';

/** A site of a factor group: a continuous site with the months it qualifies for, or a short count. */
export type FactorGroupSite = {
  /** The continuous site's AASHTO AADT when all 12 months qualify. */
  aadt: Maybe<Scalars['Float']['output']>;
  name: Scalars['String']['output'];
  /** Months (0 January … 11 December) with enough days of each weekday (continuous sites). */
  qualifying_months: Array<Scalars['Int']['output']>;
  site_id: Scalars['ID']['output'];
  site_type: Scalars['String']['output'];
};

/** Issue 36: how a figure of a site was made. */
export type FigureExplanation = {
  /** For AADT: its method, variant and factor group. */
  aadt: Maybe<ExplainedAadt>;
  bad_data_periods: Array<ExplainedBadDataPeriod>;
  /** wholeDays, weekdays, weekendDays, everyVehicle or wholeRecord. */
  day_rule: Scalars['String']['output'];
  days: ExplainedDays;
  figure: ExplainedFigure;
  files: Array<ExplainedFile>;
  filter: ExplainedFilter;
  /** Null for a whole-record figure or a count site. */
  left_out: Maybe<ExplainedLeftOut>;
  /** filters (follows the page's filters) or wholeRecord (AADT: the site's whole record). */
  scope: Scalars['String']['output'];
  site_id: Scalars['ID']['output'];
  site_name: Scalars['String']['output'];
  speed_limits: Array<ExplainedSpeedLimit>;
  /** The Definitions term whose formula the figure follows. */
  term: Scalars['String']['output'];
  time_zone: Scalars['String']['output'];
};

export type FileDownload = {
  /** A link that downloads the raw file for a few minutes, to open in a new window. */
  url: Scalars['String']['output'];
};

/** SPEC section 3: a note on a file; when is UTC, year-month-day hour:minute. */
export type FileNote = {
  content: Scalars['String']['output'];
  when: Scalars['String']['output'];
  who: Scalars['String']['output'];
};

/** SPEC section 3: the filter request payload. Speeds in m/s, headway in s, times ISO 8601. */
export type FilterPayload = {
  active_classes?: InputMaybe<Array<Scalars['Int']['input']>>;
  active_directions?: InputMaybe<Array<Scalars['Int']['input']>>;
  active_lane_heading_1?: InputMaybe<Array<Scalars['Int']['input']>>;
  active_lane_heading_3?: InputMaybe<Array<Scalars['Int']['input']>>;
  active_lane_heading_5?: InputMaybe<Array<Scalars['Int']['input']>>;
  active_lane_heading_7?: InputMaybe<Array<Scalars['Int']['input']>>;
  end_time?: InputMaybe<Scalars['String']['input']>;
  headway_min?: InputMaybe<Scalars['Float']['input']>;
  start_time?: InputMaybe<Scalars['String']['input']>;
  /** Local days and times whose vehicles are left out */
  time_exclusions?: InputMaybe<Array<TimeExclusionInput>>;
  /** Ids of saved vehicle exclusion filters (of the site's organisation) whose vehicles are left out */
  vehicle_exclusions?: InputMaybe<Array<Scalars['ID']['input']>>;
  velocity_max?: InputMaybe<Scalars['Float']['input']>;
  velocity_min?: InputMaybe<Scalars['Float']['input']>;
};

/** SPEC section 3: the profile's stored filterset. Speeds in m/s, headway in s. */
export type Filterset = {
  headway_min: Scalars['Float']['output'];
  id: Scalars['ID']['output'];
  velocity_max: Scalars['Float']['output'];
  velocity_min: Scalars['Float']['output'];
};

/** A site's free-flowing vehicles: those whose headway is above the organisation's threshold. */
export type FreeFlowSpeed = {
  /** The headway threshold the figures were made with, in seconds (organisation settings). */
  headway_threshold_s: Scalars['Float']['output'];
  /** The 85th percentile speed of the free-flowing vehicles, m/s (from 1 km/h bins). */
  speed85_mps: Maybe<Scalars['Float']['output']>;
  vehicles: Scalars['Float']['output'];
};

/** Vehicles by headway bin (rows) and gap bin (columns), bin edges in s. */
export type HeadwayGapCounts = {
  counts: Array<Array<Scalars['Float']['output']>>;
  edgesS: Array<Scalars['Float']['output']>;
};

/** Headway and gap percentiles, and the headway–gap matrix (edges in s). */
export type HeadwayGapMatrix = {
  gapPercentiles: Maybe<Array<Percentile>>;
  headwayGapMatrix: HeadwayGapCounts;
  headwayPercentiles: Maybe<Array<Percentile>>;
  site_id: Scalars['ID']['output'];
  speedPercentiles: Maybe<Array<Percentile>>;
  units: SiteDetailUnits;
};

/** SPEC section 3: a lane of a site, numbered from the road centre (position_id 0) in its direction. */
export type Lane = {
  analytics_config_id: Scalars['Int']['output'];
  contraflow: Scalars['Boolean']['output'];
  device_array_type: Scalars['Int']['output'];
  /** N, E, S or W: one of the site's two directions */
  direction: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  /** UNDEFINED, ROAD_LANE, BIKE_LANE, SHARED_PATH or PARKING */
  lane_type: Scalars['String']['output'];
  name: Scalars['String']['output'];
  position_id: Scalars['Int']['output'];
};

export type LaneInput = {
  direction: Scalars['String']['input'];
  /** The saved lane's id; none for a new lane */
  id?: InputMaybe<Scalars['ID']['input']>;
  lane_type: Scalars['String']['input'];
  name?: InputMaybe<Scalars['String']['input']>;
};

/** The vehicles of the time range, those counted, and how many each filter left out (each under the first it fails). */
export type LeftOutCounts = {
  badDataPeriods: Scalars['Float']['output'];
  classes: Scalars['Float']['output'];
  directions: Scalars['Float']['output'];
  exclusions: Scalars['Float']['output'];
  lanes: Scalars['Float']['output'];
  selected: Scalars['Float']['output'];
  separation: Scalars['Float']['output'];
  speedRange: Scalars['Float']['output'];
  /** Of speedRange, the vehicles of each class. */
  speedRangeByClass: Array<ClassCount>;
  timeExclusions: Scalars['Float']['output'];
  total: Scalars['Float']['output'];
  /** Of classes, those unclassified (class 0). */
  unclassified: Scalars['Float']['output'];
};

/** A site's design figures over its whole record, as its site detail gives them with no filter (15-minute bins). */
export type MapDesignFigures = {
  /** The site's AADT over its whole record, as its AADT card and every report give it: AASHTO (continuous counts), factored by its factor group, or its unadjusted ADT. */
  aadt: Maybe<Scalars['Float']['output']>;
  /** aashto, factored or unadjusted. */
  aadt_method: Scalars['String']['output'];
  /** The method's variant, as siteAadt's variant. */
  aadt_variant: Scalars['String']['output'];
  /** D factor: the peak direction's share of the design hour (0–1). */
  d_factor: Maybe<Scalars['Float']['output']>;
  id: Scalars['ID']['output'];
  /** K factor: the 30th highest hour over the AADT (0–1); only with a year of data. */
  k_factor: Maybe<Scalars['Float']['output']>;
  /** Peak hour factor: the peak hour's volume over four times its busiest quarter hour. */
  peak_hour_factor: Maybe<Scalars['Float']['output']>;
};

/** The map's date range (local dates, both included) and dot day range. */
export type MapFilter = {
  /** wholeWeek (default), weekdays or weekend. */
  day_range?: InputMaybe<Scalars['String']['input']>;
  end_date: Scalars['String']['input'];
  start_date: Scalars['String']['input'];
};

/** A note at a point on the map; when and updated are UTC, year-month-day hour:minute. */
export type MapNote = {
  group_id: Maybe<Scalars['ID']['output']>;
  id: Scalars['ID']['output'];
  latitude: Scalars['Float']['output'];
  longitude: Scalars['Float']['output'];
  site_id: Maybe<Scalars['ID']['output']>;
  site_name: Maybe<Scalars['String']['output']>;
  text: Scalars['String']['output'];
  updated: Scalars['String']['output'];
  when: Scalars['String']['output'];
  who: Scalars['String']['output'];
};

export type MapNoteChange = {
  /** Null takes the note out of its group. */
  group_id?: InputMaybe<Scalars['ID']['input']>;
  latitude?: InputMaybe<Scalars['Float']['input']>;
  longitude?: InputMaybe<Scalars['Float']['input']>;
  text?: InputMaybe<Scalars['String']['input']>;
};

/** A named group of map notes. */
export type MapNoteGroup = {
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type MapNoteInput = {
  group_id?: InputMaybe<Scalars['ID']['input']>;
  latitude: Scalars['Float']['input'];
  longitude: Scalars['Float']['input'];
  /** Platform admins only: the organisation to add to; others add to their own. */
  organisation_id?: InputMaybe<Scalars['ID']['input']>;
  site_id?: InputMaybe<Scalars['ID']['input']>;
  text: Scalars['String']['input'];
};

/** An organisation's map notes; empty and hidden when its hidden.mapNotes preference is set. */
export type MapNotes = {
  /** Whether you may add, edit and delete notes and groups. */
  can_edit: Scalars['Boolean']['output'];
  groups: Array<MapNoteGroup>;
  hidden: Scalars['Boolean']['output'];
  notes: Array<MapNote>;
  organisation_id: Scalars['ID']['output'];
};

/** A site on the map with its figures over the filter's days. Speeds in m/s, volumes in vehicles. */
export type MapSite = {
  above_limit_percent: Maybe<Scalars['Float']['output']>;
  /** ADT: vehicles in the whole days of the range over those days (a day is whole when its data covers it: interval counts from 00:00 to 24:00; vehicle records between their first and last day, which are partial), only the weekdays or weekend days for those day ranges; the site detail's figure for the same days. */
  adt: Maybe<Scalars['Float']['output']>;
  average_speed_mps: Maybe<Scalars['Float']['output']>;
  /** AWDT: the ADT of the range's weekdays (Monday to Friday), whatever the day range. */
  awdt: Maybe<Scalars['Float']['output']>;
  /** AWEDT: the ADT of the range's weekend days. */
  awedt: Maybe<Scalars['Float']['output']>;
  class_scheme: Scalars['String']['output'];
  /** Percent of classified vehicles per class index, by class index. */
  class_shares: Array<ClassShare>;
  contexts: Array<Scalars['String']['output']>;
  days: Scalars['Int']['output'];
  has_data: Scalars['Boolean']['output'];
  heavy_percent: Maybe<Scalars['Float']['output']>;
  /** Classified vehicles of the scheme's heavy (commercial) classes in the range. */
  heavy_vehicles: Scalars['Float']['output'];
  id: Scalars['ID']['output'];
  last_surveyed: Maybe<Scalars['String']['output']>;
  /** Realtime sites: when the latest vehicle passed. */
  last_vehicle_at: Maybe<Scalars['String']['output']>;
  latitude: Maybe<Scalars['Float']['output']>;
  longitude: Maybe<Scalars['Float']['output']>;
  name: Scalars['String']['output'];
  organisation_name: Scalars['String']['output'];
  owner_organisation_id: Scalars['ID']['output'];
  /** Where the pace (the 10 km/h band holding the most vehicles) starts, m/s, from the 1 km/h speed bins. */
  pace_kmh_from_mps: Maybe<Scalars['Float']['output']>;
  /** Where the 10 mph pace starts, m/s, from the 1 km/h speed bins (each bin at its lower bound). */
  pace_mph_from_mps: Maybe<Scalars['Float']['output']>;
  realtime: Scalars['Boolean']['output'];
  site_type: Scalars['String']['output'];
  speed85_mps: Maybe<Scalars['Float']['output']>;
  /** 95th percentile speed, m/s, from the same 1 km/h speed bins as the 85th. */
  speed95_mps: Maybe<Scalars['Float']['output']>;
  speed_limit_mps: Maybe<Scalars['Float']['output']>;
  survey_years: Array<Scalars['Int']['output']>;
  time_span: Maybe<Scalars['String']['output']>;
  /** Realtime sites: the vehicles of today so far (the site's local day), whatever the range. */
  today_vehicles: Maybe<Scalars['Float']['output']>;
  vehicles: Scalars['Float']['output'];
};

export type ModeCountFigures = {
  bike: Maybe<CountFigures>;
  pedestrian: Maybe<CountFigures>;
  vehicle: Maybe<CountFigures>;
};

/** Average count per local hour of the day over whole days, per mode. */
export type ModeDayProfile = {
  bike: Maybe<Array<Scalars['Float']['output']>>;
  pedestrian: Maybe<Array<Scalars['Float']['output']>>;
  vehicle: Maybe<Array<Scalars['Float']['output']>>;
};

/** Counts per direction of each mode counted in a bin. */
export type ModeDirectionCounts = {
  bike: Maybe<Array<DirectionCount>>;
  pedestrian: Maybe<Array<DirectionCount>>;
  vehicle: Maybe<Array<DirectionCount>>;
};

/** A figure per count mode; null for a mode not counted (or without whole days). */
export type ModeFigure = {
  bike: Maybe<Scalars['Float']['output']>;
  pedestrian: Maybe<Scalars['Float']['output']>;
  vehicle: Maybe<Scalars['Float']['output']>;
};

/** Average count per local weekday (Monday first), per mode; null for a weekday without a whole day. */
export type ModeWeekProfile = {
  bike: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  pedestrian: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  vehicle: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
};

export type Mutation = {
  addMapNote: MapNote;
  addSitesToGroup: SiteGroup;
  /** Appends a note to one file (platform admins); answers the file's notes. */
  appendTrafficDataFileNote: Array<FileNote>;
  /** Appends the same note to each file (platform admins); answers how many files got it. */
  appendTrafficDataFileNotes: Scalars['Int']['output'];
  /** Sets the site's class scheme and pedestrians included, and queues its reprocess (up to an hour). */
  changeSiteScheme: TaskTracking;
  createMapNoteGroup: MapNoteGroup;
  /** A new planned site placed on the map in the survey wizard (organisation admins). */
  createPlannedSite: PlannedSite;
  /** Names are unique in the organisation, 1 to 60 characters (organisation admins). */
  createSiteGroup: SiteGroup;
  /** Plans a survey; the assignee is emailed the schedule and the site file (organisation admins). */
  createSurvey: Survey;
  /** Saves a new exclusion filter for the site's organisation (without siteId: the viewer's). */
  createVehicleExclusionFilter: VehicleExclusionFilter;
  /** SPEC section 7: a notification about a file to review (function_id file_review) for a user of its organisation, or for all its admins when userId is omitted. message holds trafficdatafile_id, and optionally source ('frontend') and user_approved_dc, nothing else. */
  create_user_notification: Scalars['Boolean']['output'];
  deleteMapNote: Scalars['Boolean']['output'];
  /** Deletes the group; its notes stay on the map without a group. */
  deleteMapNoteGroup: Scalars['Boolean']['output'];
  /** Deletes a report and its file: your own, or, for the organisation's admins, any of its users'. */
  deleteReport: Scalars['Boolean']['output'];
  /** Queues the deletion of a site (SPEC section 4); the site and its files are hidden until restored. */
  deleteSite: TaskTracking;
  /** Deletes the group; its sites stay. */
  deleteSiteGroup: Scalars['Boolean']['output'];
  /** Queues the removal of a deleted site with its files' data and rollups. */
  deleteSitePermanently: TaskTracking;
  /** Moves the survey to the deleted tab, from which it can be restored. */
  deleteSurvey: Survey;
  /** Deletes the filter and answers its id. */
  deleteVehicleExclusionFilter: Scalars['ID']['output'];
  /** Flags the site's stored data again (queues its rollup rebuild, which applies the rules). */
  detectBadDataPeriods: TaskTracking;
  /** SPEC section 5: creates a site per row of the CSV, all or none (organisation admins). */
  importSites: SiteImportResult;
  /** SPEC section 7: a task tracking record of your own work, of a kind you may start; message at most 1000 characters. */
  insert_task_tracking: TaskTracking;
  /** Marks these notifications read, or every unread one when ids are left out; answers how many. */
  markNotificationsRead: Scalars['Int']['output'];
  /**
   * SPEC section 4: queues a merge of the sources into the target (organisation admins). Every
   * file of the sources moves to the target, the sources are removed, the target's figures are
   * rebuilt and the user is emailed. Sites with inconsistent class schemes are refused; sites
   * with more than 2 directions in total need an alignment of every source direction.
   */
  mergeSites: TaskTracking;
  /** Queues the recalculation of data quality for the site's files (up to 24 hours). */
  recalculateSiteDataQuality: TaskTracking;
  /** Platform staff: switch into an organisation's view, read-only; recorded in the audit log. */
  recordOrganisationView: OrganisationView;
  removeSitesFromGroup: SiteGroup;
  renameMapNoteGroup: MapNoteGroup;
  renameSiteGroup: SiteGroup;
  /** A completed survey becomes active again. */
  reopenSurvey: Survey;
  /** A viewer asks the organisation's admins to review a file waiting for review (SPEC section 4). */
  requestQualityApproval: Scalars['Boolean']['output'];
  /** Queues a report (a generate_site_reports task); it is ready when its state is CM. */
  requestReport: Report;
  /** Brings a deleted site back with its files and figures; answers its id. */
  restoreSite: Scalars['ID']['output'];
  restoreSurvey: Survey;
  /** Queues a failed task (ER) again: its requester's, or, for the organisation's admins, any of its users'; for whoever may start its kind. */
  retryTask: TaskTracking;
  /** Records a decision on a period: kept, excluded, or real_zero (silent stretches only). */
  reviewBadDataPeriod: BadDataPeriod;
  /** Makes a site group a factor group on a basis, or (basis null) an ordinary group again (organisation admins). */
  setFactorGroupBasis: Scalars['Boolean']['output'];
  /**
   * Saves a site's lanes in order from the road centre within each direction (organisation
   * admins). Every saved lane must be sent: the number of lanes cannot be decreased.
   */
  setSiteLanes: Array<Lane>;
  /** Replaces the site's speed limits (organisation admins). */
  setSpeedLimits: Array<SpeedLimit>;
  /**
   * Platform staff: queues a staff task. move_site_organisation names the site and the receiving
   * organisation; clean_lanes and empty_vehicles_reupload the site; assume_coordinates and
   * clean_empty_files the organisation; reset_demo_account nothing.
   */
  startStaffTask: TaskTracking;
  /** SPEC section 7: accept (ACC) or reject (REJ) a file waiting for review, with the reviewer's words. */
  updateDataQcCheck: TrafficDataFile;
  updateMapNote: MapNote;
  /** SPEC section 5 rules; names are unique in the organisation (organisation admins). A new class scheme or pedestrians included queues the site's reprocess (see siteTasks). */
  updateSite: Site;
  updateSurvey: Survey;
  /** Replaces a file's notes with this list (platform admins); notes kept unchanged keep their time and author. */
  updateTrafficDataFileNotes: Array<FileNote>;
  updateVehicleExclusionFilter: VehicleExclusionFilter;
  /** SPEC section 7: update your filterset by id, setting headway_min, velocity_max and velocity_min. */
  update_filterset: Filterset;
  /** SPEC section 7: merges keys into your preferences (tourShown, hidden.mapNotes, locale ...). */
  update_user_preference: User;
};


export type MutationAddMapNoteArgs = {
  note: MapNoteInput;
};


export type MutationAddSitesToGroupArgs = {
  id: Scalars['ID']['input'];
  site_ids: Array<Scalars['ID']['input']>;
};


export type MutationAppendTrafficDataFileNoteArgs = {
  content: Scalars['String']['input'];
  fileId: Scalars['ID']['input'];
};


export type MutationAppendTrafficDataFileNotesArgs = {
  content: Scalars['String']['input'];
  fileIds: Array<Scalars['ID']['input']>;
};


export type MutationChangeSiteSchemeArgs = {
  class_scheme: Scalars['String']['input'];
  pedestrians_included: Scalars['Boolean']['input'];
  siteId: Scalars['ID']['input'];
};


export type MutationCreateMapNoteGroupArgs = {
  name: Scalars['String']['input'];
  organisationId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCreatePlannedSiteArgs = {
  latitude: Scalars['Float']['input'];
  longitude: Scalars['Float']['input'];
  name: Scalars['String']['input'];
};


export type MutationCreateSiteGroupArgs = {
  name: Scalars['String']['input'];
  site_ids?: InputMaybe<Array<Scalars['ID']['input']>>;
};


export type MutationCreateSurveyArgs = {
  input: SurveyInput;
};


export type MutationCreateVehicleExclusionFilterArgs = {
  filter: VehicleExclusionFilterInput;
  siteId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationCreate_User_NotificationArgs = {
  function_id: Scalars['String']['input'];
  message: Scalars['JSON']['input'];
  userId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationDeleteMapNoteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteMapNoteGroupArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteReportArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteSiteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteSiteGroupArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteSitePermanentlyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteSurveyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDeleteVehicleExclusionFilterArgs = {
  id: Scalars['ID']['input'];
};


export type MutationDetectBadDataPeriodsArgs = {
  siteId: Scalars['ID']['input'];
};


export type MutationImportSitesArgs = {
  csv: Scalars['String']['input'];
};


export type MutationInsert_Task_TrackingArgs = {
  function_name: Scalars['String']['input'];
  message?: InputMaybe<Scalars['String']['input']>;
};


export type MutationMarkNotificationsReadArgs = {
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
};


export type MutationMergeSitesArgs = {
  alignment?: InputMaybe<Array<DirectionAlignmentInput>>;
  source_ids: Array<Scalars['ID']['input']>;
  target_id: Scalars['ID']['input'];
};


export type MutationRecalculateSiteDataQualityArgs = {
  siteId: Scalars['ID']['input'];
};


export type MutationRecordOrganisationViewArgs = {
  organisationId: Scalars['ID']['input'];
};


export type MutationRemoveSitesFromGroupArgs = {
  id: Scalars['ID']['input'];
  site_ids: Array<Scalars['ID']['input']>;
};


export type MutationRenameMapNoteGroupArgs = {
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};


export type MutationRenameSiteGroupArgs = {
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
};


export type MutationReopenSurveyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRequestQualityApprovalArgs = {
  fileId: Scalars['ID']['input'];
};


export type MutationRequestReportArgs = {
  input: ReportRequestInput;
};


export type MutationRestoreSiteArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRestoreSurveyArgs = {
  id: Scalars['ID']['input'];
};


export type MutationRetryTaskArgs = {
  id: Scalars['ID']['input'];
};


export type MutationReviewBadDataPeriodArgs = {
  decision: Scalars['String']['input'];
  id: Scalars['ID']['input'];
};


export type MutationSetFactorGroupBasisArgs = {
  basis?: InputMaybe<FactorGroupBasis>;
  group_id: Scalars['ID']['input'];
};


export type MutationSetSiteLanesArgs = {
  lanes: Array<LaneInput>;
  siteId: Scalars['ID']['input'];
};


export type MutationSetSpeedLimitsArgs = {
  limits: Array<SpeedLimitInput>;
  siteId: Scalars['ID']['input'];
};


export type MutationStartStaffTaskArgs = {
  kind: StaffTaskKind;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
  siteId?: InputMaybe<Scalars['ID']['input']>;
};


export type MutationUpdateDataQcCheckArgs = {
  fileId: Scalars['ID']['input'];
  status: Scalars['String']['input'];
  userReview?: InputMaybe<Scalars['JSON']['input']>;
};


export type MutationUpdateMapNoteArgs = {
  change: MapNoteChange;
  id: Scalars['ID']['input'];
};


export type MutationUpdateSiteArgs = {
  id: Scalars['ID']['input'];
  input: SiteInput;
};


export type MutationUpdateSurveyArgs = {
  id: Scalars['ID']['input'];
  input: SurveyInput;
};


export type MutationUpdateTrafficDataFileNotesArgs = {
  ecoId: Scalars['ID']['input'];
  notes: Array<Scalars['String']['input']>;
};


export type MutationUpdateVehicleExclusionFilterArgs = {
  filter: VehicleExclusionFilterInput;
  id: Scalars['ID']['input'];
};


export type MutationUpdate_FiltersetArgs = {
  headway_min?: InputMaybe<Scalars['Float']['input']>;
  id: Scalars['ID']['input'];
  velocity_max?: InputMaybe<Scalars['Float']['input']>;
  velocity_min?: InputMaybe<Scalars['Float']['input']>;
};


export type MutationUpdate_User_PreferenceArgs = {
  preference: Scalars['JSON']['input'];
  userId: Scalars['ID']['input'];
};

/** SPEC section 2, Profile: something the user is told of (a file to review, a merge done...). */
export type Notification = {
  created_on: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /** What it is about: file_review, merge_sites, delete_site, report_ready, survey_overdue... */
  kind: Scalars['String']['output'];
  /** Its details: ids and names of what it is about, and a text. */
  message: Scalars['JSON']['output'];
  read: Scalars['Boolean']['output'];
};

export type Notifications = {
  items: Array<Notification>;
  unread: Scalars['Int']['output'];
};

export type Organisation = {
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  preferences: Scalars['JSON']['output'];
};

/** A staff member's read-only view of an organisation (issue 26). */
export type OrganisationView = {
  /** The switch as the audit log records it. */
  audit: StaffAuditEntry;
  organisation_id: Scalars['ID']['output'];
  organisation_name: Scalars['String']['output'];
  /** Sent as the x-roadcount-organisation-view header: reads then answer as the organisation's admins see it, and every write is refused. */
  token: Scalars['String']['output'];
};

/** A 10 km/h or 10 mph band of speeds (m/s) and the vehicles in it. */
export type Pace = {
  fromMps: Scalars['Float']['output'];
  sharePercent: Scalars['Float']['output'];
  toMps: Scalars['Float']['output'];
  vehicles: Scalars['Float']['output'];
};

export type PaceBands = {
  imperial: Pace;
  metric: Pace;
};

/** A local hour of the day and its average vehicles over the whole days. */
export type PeakHour = {
  hour: Scalars['Int']['output'];
  vehicles: Scalars['Float']['output'];
};

/** Peak hour factor: peak hour volume / (4 × its busiest quarter hour); start is local ISO. */
export type PeakHourFactor = {
  factor: Scalars['Float']['output'];
  peakHourVolume: Scalars['Float']['output'];
  peakQuarterVolume: Scalars['Float']['output'];
  start: Scalars['String']['output'];
};

/** A percentile (15, 25, 50, 75, 85, 99) and its value: m/s for speeds, s for headway and gap. */
export type Percentile = {
  percentile: Scalars['Int']['output'];
  value: Scalars['Float']['output'];
};

/** A site created for a survey before any data: its id and name. */
export type PlannedSite = {
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};

export type Query = {
  /** The site's flagged bad-data periods, reviewed or not, in time order. */
  badDataPeriods: Array<BadDataPeriod>;
  class_speed_individual_metrics: ClassSpeedMetrics;
  /** The organisation's continuous sites clustered by monthly pattern (1 to 6 clusters). */
  continuousSitePatterns: Array<ContinuousSitePattern>;
  /** The organisation's deleted sites, most recently deleted first (organisation admins). */
  deletedSites: Array<DeletedSite>;
  /** The organisation's factor groups with their sites and factors. */
  factorGroups: Array<FactorGroup>;
  /** How a figure of a site was made under the page's filter: formula, files, days, what was left out and why. */
  figureExplanation: FigureExplanation;
  /** Your stored filterset (the SPEC section 9 defaults until you change it). */
  filterset: Filterset;
  /** A file's notes, oldest first (platform admins). */
  getFileNotes: Array<FileNote>;
  getHeadwayGapMatrix: HeadwayGapMatrix;
  getTrafficDataFile: Maybe<TrafficDataFile>;
  get_speeding_table_for_site: SpeedingTable;
  /** The design figures of the sites with data (the map's AADT, K, D and peak hour factor layers). */
  mapDesignFigures: Array<MapDesignFigures>;
  /** Your organisation's map notes and note groups (platform admins may name an organisation). */
  mapNotes: MapNotes;
  /** The site's free-flow speed over the filter's days, from its summary statistics. */
  mapSiteFreeFlow: FreeFlowSpeed;
  mapSiteVolumes: Array<DailyVolume>;
  mapSites: Array<MapSite>;
  /** The signed-in user. */
  me: User;
  /** The signed-in user's notifications, newest first (those to the organisation's admins too, for an admin). */
  myNotifications: Notifications;
  /** The signed-in user's own tasks, newest first (at most 100). */
  myTasks: Array<TaskTracking>;
  /** A report: your own, or, for the organisation's admins, any of its users'. */
  report: Report;
  /** A link to a report's file, valid a few minutes: your own report's, or an admin's of the organisation. */
  reportDownload: ReportDownload;
  /** The signed-in user's reports, newest first. */
  reports: Array<Report>;
  s3TrafficDataFile: FileDownload;
  site: Site;
  /** A site's AADT over its whole record: AASHTO for a continuous site, else its ADT adjusted by its factor group, or unadjusted. */
  siteAadt: SiteAadt;
  siteAvailability: SiteAvailability;
  siteDetail: SiteDetail;
  siteGroup: SiteGroup;
  /** The organisation's site groups by name (every organisation's for platform staff without one). */
  siteGroups: Array<SiteGroup>;
  siteLanes: Array<Lane>;
  /** Names of the site's organisation that the name would clash with (names are unique, any case). */
  siteNameClashes: Array<Scalars['String']['output']>;
  /** The latest reprocess (site_change_scheme) and recalculate_data_quality task of a site. */
  siteTasks: Array<TaskTracking>;
  siteTimeRange: SiteTimeRange;
  /**
   * The organisation's live sites, searched, filtered (VEH, BIKE, PED, TS_T, TS_P, realtime,
   * selected_only: only the ids in selected), sorted and paged.
   */
  sites: SitePage;
  speedLimits: Array<SpeedLimit>;
  /** Platform staff: the audit log of staff actions, newest first (at most 500). */
  staffAuditLog: Array<StaffAuditEntry>;
  survey: Survey;
  /** The organisation's users a survey may be assigned to (organisation admins). */
  surveyAssignees: Array<SurveyAssignee>;
  /** A link that downloads the survey's site file for a few minutes. */
  surveySiteFileLink: SurveySiteFileLink;
  /** One tab of the organisation's surveys (active, completed or deleted), searched, sorted and paged. */
  surveys: SurveyPage;
  /** The current state of these tasks, those of the viewer's organisation only (at most 100 ids). */
  task_tracking: Array<TaskTracking>;
  timeSeriesCountSummary: TimeSeriesCountSummary;
  timeSeriesSummary: TimeSeriesSummary;
  /** SPEC section 7: a file's id, logs, start and end datetimes. */
  trafficDataFileLogs: TrafficDataFile;
  /** SPEC section 7: the files of an organisation (yours; platform staff may name one or omit it for all). */
  trafficDataFiles: TrafficDataFilePage;
  /** SPEC section 7: the same for several files at once (at most 100), in the order asked. */
  trafficDataFilesLogs: Array<TrafficDataFile>;
  /** The saved vehicle exclusion filters of the site's organisation (without siteId: the viewer's). */
  vehicleExclusionFilters: Array<VehicleExclusionFilter>;
  /** Year in review: top-N tables (top: 1 to 50, default 10) of the organisation's sites for a year. */
  yearInReview: YearInReview;
};


export type QueryBadDataPeriodsArgs = {
  siteId: Scalars['ID']['input'];
};


export type QueryClass_Speed_Individual_MetricsArgs = {
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QueryContinuousSitePatternsArgs = {
  clusters: Scalars['Int']['input'];
};


export type QueryFigureExplanationArgs = {
  figure: ExplainedFigure;
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QueryGetFileNotesArgs = {
  fileId: Scalars['ID']['input'];
};


export type QueryGetHeadwayGapMatrixArgs = {
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QueryGetTrafficDataFileArgs = {
  id: Scalars['ID']['input'];
};


export type QueryGet_Speeding_Table_For_SiteArgs = {
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QueryMapNotesArgs = {
  organisationId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryMapSiteFreeFlowArgs = {
  filter: MapFilter;
  siteId: Scalars['ID']['input'];
};


export type QueryMapSiteVolumesArgs = {
  filter: MapFilter;
  siteId: Scalars['ID']['input'];
};


export type QueryMapSitesArgs = {
  filter: MapFilter;
};


export type QueryMyNotificationsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryMyTasksArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryReportArgs = {
  id: Scalars['ID']['input'];
};


export type QueryReportDownloadArgs = {
  id: Scalars['ID']['input'];
};


export type QueryS3TrafficDataFileArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySiteArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySiteAadtArgs = {
  site_id: Scalars['ID']['input'];
};


export type QuerySiteAvailabilityArgs = {
  siteId: Scalars['ID']['input'];
};


export type QuerySiteDetailArgs = {
  aggregation_minutes?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QuerySiteGroupArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySiteLanesArgs = {
  siteId: Scalars['ID']['input'];
};


export type QuerySiteNameClashesArgs = {
  name: Scalars['String']['input'];
  siteId: Scalars['ID']['input'];
};


export type QuerySiteTasksArgs = {
  siteId: Scalars['ID']['input'];
};


export type QuerySiteTimeRangeArgs = {
  siteId: Scalars['ID']['input'];
};


export type QuerySitesArgs = {
  direction?: InputMaybe<Scalars['String']['input']>;
  filters?: InputMaybe<Array<Scalars['String']['input']>>;
  group_id?: InputMaybe<Scalars['ID']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  page_size?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  selected?: InputMaybe<Array<Scalars['ID']['input']>>;
  sort?: InputMaybe<Scalars['String']['input']>;
};


export type QuerySpeedLimitsArgs = {
  siteId: Scalars['ID']['input'];
};


export type QueryStaffAuditLogArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
};


export type QuerySurveyArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySurveySiteFileLinkArgs = {
  id: Scalars['ID']['input'];
};


export type QuerySurveysArgs = {
  direction?: InputMaybe<Scalars['String']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  page_size?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  tab?: InputMaybe<Scalars['String']['input']>;
};


export type QueryTask_TrackingArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type QueryTimeSeriesCountSummaryArgs = {
  aggregation_minutes?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QueryTimeSeriesSummaryArgs = {
  aggregation_minutes?: InputMaybe<Scalars['Int']['input']>;
  filter?: InputMaybe<FilterPayload>;
  siteId: Scalars['ID']['input'];
};


export type QueryTrafficDataFileLogsArgs = {
  id: Scalars['ID']['input'];
};


export type QueryTrafficDataFilesArgs = {
  direction?: InputMaybe<Scalars['String']['input']>;
  orgId?: InputMaybe<Scalars['ID']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  page_size?: InputMaybe<Scalars['Int']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
};


export type QueryTrafficDataFilesLogsArgs = {
  ids: Array<Scalars['ID']['input']>;
};


export type QueryVehicleExclusionFiltersArgs = {
  siteId?: InputMaybe<Scalars['ID']['input']>;
};


export type QueryYearInReviewArgs = {
  top?: InputMaybe<Scalars['Int']['input']>;
  year: Scalars['Int']['input'];
};

/** Issue 27: a realtime site's vehicles changed (new events were correlated into them). */
export type RealtimeSiteUpdate = {
  site_id: Scalars['ID']['output'];
  /** When the site's vehicles were last rewritten. */
  updated_at: Scalars['String']['output'];
};

export type RelatedSite = {
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  organisation_name: Maybe<Scalars['String']['output']>;
};

/** A requested report or export, on the Downloads screen until it expires. */
export type Report = {
  completed_on: Maybe<Scalars['String']['output']>;
  created_on: Scalars['String']['output'];
  downloadable: Scalars['Boolean']['output'];
  expired: Scalars['Boolean']['output'];
  expires_on: Maybe<Scalars['String']['output']>;
  file_name: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  message: Scalars['String']['output'];
  /** The request as validated, the sites resolved. */
  parameters: ReportParameters;
  /** Percent done, 0 to 100. */
  progress: Scalars['Int']['output'];
  report_type: Scalars['String']['output'];
  site_count: Scalars['Int']['output'];
  size_bytes: Maybe<Scalars['Float']['output']>;
  /** The state of the task that makes it: QD queued, PR in progress, CM completed, ER error. */
  state: Scalars['String']['output'];
  task_id: Maybe<Scalars['ID']['output']>;
};

export type ReportDownload = {
  /** A link that downloads the report for a few minutes, to open in a new window. */
  url: Scalars['String']['output'];
};

/** A report's site-detail filters as stored (speeds m/s, headway s); null where none was set. */
export type ReportFilter = {
  active_classes: Maybe<Array<Scalars['Int']['output']>>;
  active_directions: Maybe<Array<Scalars['Int']['output']>>;
  active_lane_heading_1: Maybe<Array<Scalars['Int']['output']>>;
  active_lane_heading_3: Maybe<Array<Scalars['Int']['output']>>;
  active_lane_heading_5: Maybe<Array<Scalars['Int']['output']>>;
  active_lane_heading_7: Maybe<Array<Scalars['Int']['output']>>;
  headway_min: Maybe<Scalars['Float']['output']>;
  time_exclusions: Maybe<Array<ReportTimeExclusion>>;
  vehicle_exclusions: Maybe<Array<Scalars['ID']['output']>>;
  velocity_max: Maybe<Scalars['Float']['output']>;
  velocity_min: Maybe<Scalars['Float']['output']>;
};

/** A report request as validated and stored, its sites resolved (a group's or a survey's). */
export type ReportParameters = {
  aggregationMinutes: Scalars['Int']['output'];
  end: Scalars['String']['output'];
  filter: ReportFilter;
  siteGroupId: Maybe<Scalars['ID']['output']>;
  siteIds: Array<Scalars['ID']['output']>;
  /** ISO 8601 instants. */
  start: Scalars['String']['output'];
  surveyId: Maybe<Scalars['ID']['output']>;
  type: ReportType;
  units: ReportUnits;
};

/** A report request: sites (or a site group, or a survey's sites), the period, the site-detail filters, units and time aggregation. */
export type ReportRequestInput = {
  /** 5, 10, 15, 20, 30, 60 (hourly), 1440 (daily) or 10080 (weekly). */
  aggregation_minutes: Scalars['Int']['input'];
  end: Scalars['String']['input'];
  /** The site-detail filters; start_time and end_time are ignored (the period is start and end). */
  filter?: InputMaybe<FilterPayload>;
  site_group_id?: InputMaybe<Scalars['ID']['input']>;
  site_ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** ISO 8601 instants; the period is required. */
  start: Scalars['String']['input'];
  /** A survey of the organisation: the report covers its sites. Alone, without site_ids or site_group_id. */
  survey_id?: InputMaybe<Scalars['ID']['input']>;
  type: ReportType;
  units: ReportUnits;
};

/** Days Monday 0 to Sunday 6; from and to HH:MM local time, to exclusive. */
export type ReportTimeExclusion = {
  days: Array<Scalars['Int']['output']>;
  from: Scalars['String']['output'];
  to: Scalars['String']['output'];
};

/** SPEC section 9: the report types and report functions of the Insights screen. */
export type ReportType =
  | 'event_count'
  | 'event_list'
  | 'gis_geojson'
  | 'gis_geopackage'
  | 'gis_shapefile'
  | 'individual_vehicles'
  | 'overspeed'
  | 'raw_files'
  | 'sign_file'
  | 'site_summary_pdf'
  | 'standard_spreadsheet'
  | 'state_funding'
  | 'universal_csv'
  | 'vehicle_flow';

export type ReportUnits =
  | 'imperial'
  | 'metric';

/** SPEC section 3: a site. Directions as compass letters N, E, S or W. */
export type Site = {
  alternative_name: Maybe<Scalars['String']['output']>;
  asset_management_id: Maybe<Scalars['String']['output']>;
  class_scheme: Scalars['String']['output'];
  description: Maybe<Scalars['String']['output']>;
  direction_one: Maybe<Scalars['String']['output']>;
  direction_two: Maybe<Scalars['String']['output']>;
  files: Scalars['Int']['output'];
  gps: Scalars['Boolean']['output'];
  heading: Maybe<Scalars['Float']['output']>;
  id: Scalars['ID']['output'];
  /** How many lanes the site has */
  lane_count: Scalars['Int']['output'];
  last_surveyed: Maybe<Scalars['String']['output']>;
  latitude: Maybe<Scalars['Float']['output']>;
  longitude: Maybe<Scalars['Float']['output']>;
  /** Year of the latest completed survey of the site (SPEC section 3). */
  most_recent_survey_year: Maybe<Scalars['Int']['output']>;
  name: Scalars['String']['output'];
  notes: Maybe<Scalars['String']['output']>;
  owner_organisation_id: Scalars['ID']['output'];
  pedestrians_included: Scalars['Boolean']['output'];
  realtime: Scalars['Boolean']['output'];
  site_context: Array<Scalars['String']['output']>;
  site_type: Scalars['String']['output'];
  time_span: Maybe<Scalars['String']['output']>;
  time_zone: Scalars['String']['output'];
};

/** A site's AADT and how it was found: aashto (continuous), factored (a short count adjusted by its group's factors) or unadjusted (its ADT). Always over the site's whole record and all its vehicles: AADT is an annual figure of the site, so no date range or filter applies. */
export type SiteAadt = {
  /** The site's AADT, whatever the method. */
  aadt: Maybe<Scalars['Float']['output']>;
  adt: Maybe<Scalars['Float']['output']>;
  day_of_week_factor: Maybe<Scalars['Float']['output']>;
  /** Factored: the group's 7 day-of-week factors (Monday first) used. */
  day_of_week_factors: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  /** Mean absolute error of the method on the group's continuous sites over runs of as many days, percent. */
  error_percent: Maybe<Scalars['Float']['output']>;
  error_samples: Scalars['Int']['output'];
  /** Not an AASHTO AADT over 12 months: fewer months, a factored or an unadjusted short count. */
  estimate: Scalars['Boolean']['output'];
  group_id: Maybe<Scalars['ID']['output']>;
  group_name: Maybe<Scalars['String']['output']>;
  /** The version of the group's factors the AADT was made with; it changes when they change. */
  group_version: Maybe<Scalars['String']['output']>;
  method: Scalars['String']['output'];
  monthly_factor: Maybe<Scalars['Float']['output']>;
  /** Factored: the group's 12 monthly factors (January first) used. */
  monthly_factors: Maybe<Array<Maybe<Scalars['Float']['output']>>>;
  /** AASHTO: the months with data; factored: the months of the count's days. */
  months: Array<Scalars['Int']['output']>;
  /** AASHTO: the months averaged over the weekdays present. */
  months_missing_weekdays: Array<Scalars['Int']['output']>;
  /** For an unadjusted short count: noGroup or noFactors. */
  reason: Maybe<Scalars['String']['output']>;
  /** wholeRecord: the site's whole record, all vehicles, whatever the page's filters. */
  scope: Scalars['String']['output'];
  /** Why the AADT does not follow the filters. */
  scope_reason: Scalars['String']['output'];
  site_id: Scalars['ID']['output'];
  /** aashto, aashtoMissingWeekdays, aashtoMissingMonths, aashtoMissingMonthsAndWeekdays, factored, unadjustedNoGroup or unadjustedNoFactors. */
  variant: Scalars['String']['output'];
  whole_days: Scalars['Int']['output'];
};

/** The site's volume on each local day of its whole history, and the days without data between its first and last. */
export type SiteAvailability = {
  days: Array<DayVolume>;
  first_day: Maybe<Scalars['String']['output']>;
  last_day: Maybe<Scalars['String']['output']>;
  missing_days: Array<Scalars['String']['output']>;
  site_id: Scalars['ID']['output'];
};

/** Everything the site-detail page shows, from one scan of the site's vehicles. */
export type SiteDetail = {
  availability: Array<AvailabilityDay>;
  /** Time bins as columns: starts (local, ISO without offset) and per direction one vehicles, averageSpeedMps, speed85thMps and speedingPercent entry per start (speeds and percentages to 5 decimal places). */
  bins: Scalars['TimeBins']['output'];
  class_scheme: Scalars['String']['output'];
  classes: Array<ClassMetrics>;
  gapPercentiles: Maybe<Array<Percentile>>;
  headwayGapMatrix: HeadwayGapCounts;
  headwayPercentiles: Maybe<Array<Percentile>>;
  latitude: Maybe<Scalars['Float']['output']>;
  /** The vehicles of the time range (total), those counted (selected), and how many each filter left out: speedRange (and speedRangeByClass: of those, the vehicles of each class), classes (of which unclassified), directions, separation, lanes, exclusions, timeExclusions. Each vehicle counts under the first filter it fails. */
  leftOut: Maybe<LeftOutCounts>;
  longitude: Maybe<Scalars['Float']['output']>;
  site_id: Scalars['ID']['output'];
  site_name: Scalars['String']['output'];
  site_type: Scalars['String']['output'];
  speedByClass: SpeedByClass;
  /** Speed percentiles of all vehicles, m/s. */
  speedPercentiles: Maybe<Array<Percentile>>;
  speeding: Maybe<SpeedingFigures>;
  summary: SiteSummary;
  time_zone: Scalars['String']['output'];
  /** The unit of every figure: speeds in m/s, headway and gap in s. */
  units: SiteDetailUnits;
  virtualDay: Array<DirectionDayProfile>;
  virtualWeek: Array<DirectionWeekProfile>;
};

/** The unit of every figure of a site-detail answer. */
export type SiteDetailUnits = {
  gap: Scalars['String']['output'];
  headway: Scalars['String']['output'];
  speed: Scalars['String']['output'];
  volume: Scalars['String']['output'];
};

/** SPEC section 3: a site group, a named set of the organisation's sites. */
export type SiteGroup = {
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  organisation_id: Scalars['ID']['output'];
  /** Live sites in the group. */
  site_count: Scalars['Int']['output'];
  /** The group's live sites, by name. */
  sites: Array<Site>;
};

/** One problem of a sites CSV: its row (the header is row 1; null for the whole file) and column. */
export type SiteImportError = {
  /** A message key: the site rules' (SITE_MESSAGES) or the import's (SITE_IMPORT_MESSAGES). */
  code: Scalars['String']['output'];
  field: Maybe<Scalars['String']['output']>;
  message: Scalars['String']['output'];
  params: Scalars['JSON']['output'];
  row: Maybe<Scalars['Int']['output']>;
};

export type SiteImportResult = {
  errors: Array<SiteImportError>;
  /** Sites created: every row of the file, or 0 when it has any error. */
  imported: Scalars['Int']['output'];
  /** 'problem with the CSV data, check your file' when there are errors. */
  message: Maybe<Scalars['String']['output']>;
};

export type SiteInput = {
  alternative_name?: InputMaybe<Scalars['String']['input']>;
  asset_management_id?: InputMaybe<Scalars['String']['input']>;
  class_scheme: Scalars['String']['input'];
  description?: InputMaybe<Scalars['String']['input']>;
  direction_one?: InputMaybe<Scalars['String']['input']>;
  direction_two?: InputMaybe<Scalars['String']['input']>;
  heading?: InputMaybe<Scalars['Float']['input']>;
  latitude?: InputMaybe<Scalars['Float']['input']>;
  longitude?: InputMaybe<Scalars['Float']['input']>;
  name: Scalars['String']['input'];
  notes?: InputMaybe<Scalars['String']['input']>;
  pedestrians_included: Scalars['Boolean']['input'];
  site_type: Scalars['String']['input'];
  time_zone: Scalars['String']['input'];
};

/** How the survey's site file names each site and what its attribute holds. */
export type SiteListOptions = {
  /** sid, sid_asset_id or sid_survey */
  attribute: Scalars['String']['output'];
  /** name, alternative_name or asset_id_name */
  name_format: Scalars['String']['output'];
  name_max_length: Maybe<Scalars['Int']['output']>;
  overrides: Array<SiteListOverride>;
};

export type SiteListOptionsInput = {
  attribute: Scalars['String']['input'];
  name_format: Scalars['String']['input'];
  name_max_length?: InputMaybe<Scalars['Int']['input']>;
  overrides?: InputMaybe<Array<SiteListOverrideInput>>;
};

export type SiteListOverride = {
  attribute: Maybe<Scalars['String']['output']>;
  name: Maybe<Scalars['String']['output']>;
  site_id: Scalars['ID']['output'];
};

export type SiteListOverrideInput = {
  attribute?: InputMaybe<Scalars['String']['input']>;
  name?: InputMaybe<Scalars['String']['input']>;
  site_id: Scalars['ID']['input'];
};

export type SitePage = {
  sites: Array<Site>;
  total: Scalars['Int']['output'];
};

/** The site-detail summary: volumes, speeds (m/s), peaks and design figures of the filter's vehicles; the AADT is the site's, over its whole record. */
export type SiteSummary = {
  aadt: Maybe<Scalars['Float']['output']>;
  aadtIsEstimate: Scalars['Boolean']['output'];
  /** Null only in an answer that did not ask for the summary's AADT. */
  aadtMethod: Maybe<AadtMethod>;
  /** Calendar months (0 to 11) averaged over fewer than 7 weekdays. */
  aadtMonthsMissingWeekdays: Array<Scalars['Int']['output']>;
  /** wholeRecord: AADT is a figure of the site's whole record, whatever the filters. */
  aadtScope: Maybe<Scalars['String']['output']>;
  aadtVariant: Maybe<AadtVariant>;
  adt: Maybe<Scalars['Float']['output']>;
  amPeak: Maybe<PeakHour>;
  averageSpeedMps: Maybe<Scalars['Float']['output']>;
  awdt: Maybe<Scalars['Float']['output']>;
  awedt: Maybe<Scalars['Float']['output']>;
  designHour: Maybe<DesignHour>;
  pace: Maybe<PaceBands>;
  peakHourFactor: Maybe<PeakHourFactor>;
  percentCommercial: Maybe<Scalars['Float']['output']>;
  pmPeak: Maybe<PeakHour>;
  speed85thMps: Maybe<Scalars['Float']['output']>;
  speed95thMps: Maybe<Scalars['Float']['output']>;
  totalCommercial: Scalars['Float']['output'];
  vehicles: Scalars['Float']['output'];
  /** Local days between the first and the last day of data, both excluded as partial. */
  wholeDays: Scalars['Int']['output'];
};

/** SPEC section 3 time range: the site's zone and the span of its data (ISO 8601 UTC). */
export type SiteTimeRange = {
  available_end: Maybe<Scalars['String']['output']>;
  available_start: Maybe<Scalars['String']['output']>;
  /** What joined the site: vehicles (per-vehicle records) and/or intervals (counts per interval). */
  data_kinds: Array<Scalars['String']['output']>;
  site_id: Scalars['ID']['output'];
  time_zone: Scalars['String']['output'];
};

export type SpeedByClass = {
  binWidthMps: Scalars['Float']['output'];
  bins: Array<SpeedClassBin>;
};

/** A speed bin (lower edge, m/s) and its vehicles per class. */
export type SpeedClassBin = {
  counts: Array<ClassCount>;
  fromMps: Scalars['Float']['output'];
};

/** SPEC section 3: a posted speed limit (m/s) and the local date it applies from. */
export type SpeedLimit = {
  effective_from: Scalars['String']['output'];
  limit_mps: Scalars['Float']['output'];
};

export type SpeedLimitInput = {
  /** YYYY-MM-DD, 1970-01-01 when omitted */
  effective_from?: InputMaybe<Scalars['String']['input']>;
  limit_mps: Scalars['Float']['input'];
};

/** Vehicles measured against a limit, and those above it and above its two steps (m/s). */
export type SpeedingFigures = {
  aboveFirstStep: VehicleShare;
  aboveLimit: VehicleShare;
  aboveSecondStep: VehicleShare;
  stepsMps: Array<Scalars['Float']['output']>;
  vehicles: Scalars['Float']['output'];
};

/** Vehicles above the limit in force, and above it by the two steps of the user's units. */
export type SpeedingTable = {
  site_id: Scalars['ID']['output'];
  speeding: Maybe<SpeedingFigures>;
  units: SiteDetailUnits;
};

/** One action platform staff took: who, what, when, on which organisation. */
export type StaffAuditEntry = {
  action: Scalars['String']['output'];
  created_on: Scalars['String']['output'];
  /** What it was done to, as JSON (the site, the receiving organisation, the task). */
  detail: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  organisation_id: Maybe<Scalars['ID']['output']>;
  organisation_name: Maybe<Scalars['String']['output']>;
  user_id: Maybe<Scalars['ID']['output']>;
  username: Scalars['String']['output'];
};

/** The task kinds platform staff start from the staff tools (SPEC section 4). */
export type StaffTaskKind =
  | 'assume_coordinates'
  | 'clean_empty_files'
  | 'clean_lanes'
  | 'empty_vehicles_reupload'
  | 'move_site_organisation'
  | 'reset_demo_account';

export type Subscription = {
  /** The realtime sites of the viewer's organisation whose vehicles change, as they do. */
  realtime_site_updated: RealtimeSiteUpdate;
  /** Task tracking records of the signed-in user's organisation as they are created or change. */
  task_tracking_updated: TaskTracking;
};

/** SPEC sections 2 to 4: a survey plans the counting of chosen sites between two local dates. */
export type Survey = {
  assignee_name: Maybe<Scalars['String']['output']>;
  assignee_user_id: Maybe<Scalars['ID']['output']>;
  completed_on: Maybe<Scalars['String']['output']>;
  contractor_email: Maybe<Scalars['String']['output']>;
  contractor_name: Maybe<Scalars['String']['output']>;
  counter_model: Maybe<Scalars['String']['output']>;
  created_on: Scalars['String']['output'];
  deleted_on: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
  notes: Maybe<Scalars['String']['output']>;
  organisation_id: Scalars['ID']['output'];
  /** Active, the end date passed, and data still missing. */
  overdue: Scalars['Boolean']['output'];
  scheduled_end: Scalars['String']['output'];
  /** YYYY-MM-DD, local to each site; both days are counted. */
  scheduled_start: Scalars['String']['output'];
  sensor_spacing_m: Maybe<Scalars['Float']['output']>;
  site_count: Scalars['Int']['output'];
  site_list: SiteListOptions;
  sites: Array<SurveySite>;
  /** Sites with accepted data on every day of the window. */
  sites_complete: Scalars['Int']['output'];
  /** Sites with a file whose data overlaps the window. */
  sites_with_data: Scalars['Int']['output'];
  /** active, completed or deleted */
  state: Scalars['String']['output'];
  /** Days from start to end, both counted. */
  window_days: Scalars['Int']['output'];
};

export type SurveyAssignee = {
  first_name: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  last_name: Scalars['String']['output'];
  username: Scalars['String']['output'];
};

export type SurveyInput = {
  /** An internal user, or else a contractor by name and email. */
  assignee_user_id?: InputMaybe<Scalars['ID']['input']>;
  contractor_email?: InputMaybe<Scalars['String']['input']>;
  contractor_name?: InputMaybe<Scalars['String']['input']>;
  counter_model?: InputMaybe<Scalars['String']['input']>;
  name: Scalars['String']['input'];
  notes?: InputMaybe<Scalars['String']['input']>;
  scheduled_end: Scalars['String']['input'];
  scheduled_start: Scalars['String']['input'];
  sensor_spacing_m?: InputMaybe<Scalars['Float']['input']>;
  site_ids: Array<Scalars['ID']['input']>;
  site_list?: InputMaybe<SiteListOptionsInput>;
};

export type SurveyPage = {
  surveys: Array<Survey>;
  total: Scalars['Int']['output'];
};

/** One site of a survey and what has arrived for it inside the survey's window. */
export type SurveySite = {
  complete: Scalars['Boolean']['output'];
  /** Days of the window with accepted data. */
  days: Scalars['Int']['output'];
  deleted: Scalars['Boolean']['output'];
  /** Files whose data overlaps the window. */
  files: Scalars['Int']['output'];
  has_data: Scalars['Boolean']['output'];
  name: Scalars['String']['output'];
  /** The best review status of those files (ACC, PDC, WFR, LOAD, NRE, REJ), or null. */
  quality_status: Maybe<Scalars['String']['output']>;
  site_id: Scalars['ID']['output'];
};

export type SurveySiteFileLink = {
  url: Scalars['String']['output'];
};

/** SPEC section 3: task tracking record. */
export type TaskTracking = {
  created_on: Scalars['String']['output'];
  /** The traffic data file a processing task works on, if any. */
  file_id: Maybe<Scalars['ID']['output']>;
  function_name: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  message: Scalars['String']['output'];
  /** Percent done, 0 to 100, when the task's kind tells. */
  progress: Maybe<Scalars['Int']['output']>;
  /** QD queued, PR in progress, ER error, CM completed. */
  state: Scalars['String']['output'];
  updated_at: Scalars['String']['output'];
  user_id: Maybe<Scalars['ID']['output']>;
};

/** SPEC section 3: a time exclusion. Days Monday 0 to Sunday 6; from and to HH:MM local time, to exclusive (00:00 or 24:00: the end of the day). */
export type TimeExclusionInput = {
  days: Array<Scalars['Int']['input']>;
  from: Scalars['String']['input'];
  to: Scalars['String']['input'];
};

/** Pedestrian and bike volumes from interval counts, per bin, mode and direction. */
export type TimeSeriesCountSummary = {
  /** Counts per bin by mode and direction; a count belongs to the bin its interval starts in. */
  bins: Array<CountBin>;
  /** Counted per whole day, by mode; null without whole days. */
  dailyAverage: ModeFigure;
  /** Per mode: awdt, awedt, amPeak and pmPeak ({ hour, count }), directions (count per direction code) and the peak hour factor. */
  figures: ModeCountFigures;
  /** The modes counted, in the order pedestrian, bike, vehicle. */
  modes: Array<CountMode>;
  site_id: Scalars['ID']['output'];
  totals: ModeFigure;
  units: CountUnits;
  virtualDay: ModeDayProfile;
  /** Average per local weekday (Monday first) over the whole days of each, by mode; null for a weekday with none. */
  virtualWeek: ModeWeekProfile;
  /** Local days strictly between the first and the last day with counts. */
  wholeDays: Scalars['Int']['output'];
};

/** The time series of the site-detail page: volume, average and 85th percentile speed, speeding. */
export type TimeSeriesSummary = {
  /** As SiteDetail.bins: starts, and per direction one figure per start. */
  bins: Scalars['TimeBins']['output'];
  site_id: Scalars['ID']['output'];
  summary: SiteSummary;
  units: SiteDetailUnits;
};

/** SPEC section 3: a traffic data file. */
export type TrafficDataFile = {
  end_data_datetime: Maybe<Scalars['String']['output']>;
  file_name: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  logs: TrafficDataFileLogs;
  /** LOAD while processing; WFR, ACC, REJ, PDC or NRE after. */
  review_status: Scalars['String']['output'];
  s3_key: Scalars['String']['output'];
  site: Maybe<RelatedSite>;
  start_data_datetime: Maybe<Scalars['String']['output']>;
  summary_stats: Maybe<Scalars['JSON']['output']>;
  uploaded_on: Scalars['String']['output'];
};

export type TrafficDataFileLogs = {
  data_qc_tests: Maybe<Scalars['JSON']['output']>;
  duplicate_of: Maybe<Scalars['ID']['output']>;
  match: Maybe<Scalars['JSON']['output']>;
  notes: Maybe<Scalars['JSON']['output']>;
  processing_error: Maybe<Scalars['String']['output']>;
  saved_vehicles: Maybe<Scalars['Int']['output']>;
  user_review: Maybe<Scalars['JSON']['output']>;
};

/** One page of the files table, with the number of files matching. */
export type TrafficDataFilePage = {
  files: Array<TrafficDataFile>;
  total: Scalars['Int']['output'];
};

export type User = {
  email: Scalars['String']['output'];
  first_name: Scalars['String']['output'];
  group: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  is_admin: Scalars['Boolean']['output'];
  is_demo: Scalars['Boolean']['output'];
  is_org_admin: Scalars['Boolean']['output'];
  last_login: Maybe<Scalars['String']['output']>;
  last_name: Scalars['String']['output'];
  organisation: Maybe<Organisation>;
  preferences: Scalars['JSON']['output'];
  username: Scalars['String']['output'];
};

/**
 * SPEC section 3: a saved vehicle exclusion filter of an organisation. A vehicle that matches
 * every condition given is left out; a condition that is null matches any vehicle. Speeds in m/s,
 * headway in s, times ISO 8601 (the end is exclusive).
 */
export type VehicleExclusionFilter = {
  /** Included classes (class_index); null for any class */
  classes: Maybe<Array<Scalars['Int']['output']>>;
  created_on: Scalars['String']['output'];
  description: Maybe<Scalars['String']['output']>;
  end_time: Maybe<Scalars['String']['output']>;
  /** Leaves out vehicles whose headway is greater than this */
  headway_greater_than_s: Maybe<Scalars['Float']['output']>;
  id: Scalars['ID']['output'];
  max_speed_mps: Maybe<Scalars['Float']['output']>;
  min_speed_mps: Maybe<Scalars['Float']['output']>;
  name: Scalars['String']['output'];
  organisation_id: Scalars['ID']['output'];
  start_time: Maybe<Scalars['String']['output']>;
  updated_at: Scalars['String']['output'];
};

export type VehicleExclusionFilterInput = {
  classes?: InputMaybe<Array<Scalars['Int']['input']>>;
  description?: InputMaybe<Scalars['String']['input']>;
  end_time?: InputMaybe<Scalars['String']['input']>;
  headway_greater_than_s?: InputMaybe<Scalars['Float']['input']>;
  max_speed_mps?: InputMaybe<Scalars['Float']['input']>;
  min_speed_mps?: InputMaybe<Scalars['Float']['input']>;
  name: Scalars['String']['input'];
  start_time?: InputMaybe<Scalars['String']['input']>;
};

export type VehicleShare = {
  sharePercent: Scalars['Float']['output'];
  vehicles: Scalars['Float']['output'];
};

export type YearInReview = {
  days_in_year: Scalars['Int']['output'];
  site_count: Scalars['Int']['output'];
  /** Sites beyond the most a year in review reads (200), left out. */
  sites_left_out: Scalars['Int']['output'];
  tables: YearInReviewTables;
  top: Scalars['Int']['output'];
  year: Scalars['Int']['output'];
};

/** A site in a year-in-review table, with its figure (and the year before's, for the ADT change). */
export type YearInReviewRow = {
  previous: Maybe<Scalars['Float']['output']>;
  site_id: Scalars['ID']['output'];
  site_name: Scalars['String']['output'];
  value: Scalars['Float']['output'];
};

/** Top-N tables of the organisation's sites for a year; speeds in m/s, shares and changes in %. */
export type YearInReviewTables = {
  /** By change in ADT against the year before (%), largest either way; previous is that year's ADT. */
  adt_change: Array<YearInReviewRow>;
  /** By days with data. */
  availability: Array<YearInReviewRow>;
  /** By ADT (vehicles per day). */
  busiest: Array<YearInReviewRow>;
  /** By 85th percentile speed (m/s). */
  fastest: Array<YearInReviewRow>;
  /** By share of vehicles above the speed limit (%). */
  speeding: Array<YearInReviewRow>;
};

export type FactorGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type FactorGroupsQuery = { factorGroups: Array<{ id: string, name: string, basis: FactorGroupBasis, min_days_per_weekday: number, factor_sites: number, monthly_factors: Array<number | null>, day_of_week_factors: Array<number | null>, continuous_sites: Array<{ site_id: string, name: string, site_type: string, qualifying_months: Array<number>, aadt: number | null }>, short_count_sites: Array<{ site_id: string, name: string, site_type: string }> }>, siteGroups: Array<{ id: string, name: string, site_count: number }> };

export type ContinuousSitePatternsQueryVariables = Exact<{
  clusters: Scalars['Int']['input'];
}>;


export type ContinuousSitePatternsQuery = { continuousSitePatterns: Array<{ site_id: string, name: string, qualifying_months: Array<number>, aadt: number | null, monthly_factors: Array<number | null>, cluster: number | null }> };

export type SetFactorGroupBasisMutationVariables = Exact<{
  groupId: Scalars['ID']['input'];
  basis?: InputMaybe<FactorGroupBasis>;
}>;


export type SetFactorGroupBasisMutation = { setFactorGroupBasis: boolean };

export type FileRowFragment = { id: string, file_name: string, uploaded_on: string, start_data_datetime: string | null, end_data_datetime: string | null, review_status: string, logs: { saved_vehicles: number | null, data_qc_tests: unknown | null, processing_error: string | null, duplicate_of: string | null }, site: { id: string, name: string, organisation_name: string | null } | null };

export type FilesQueryVariables = Exact<{
  search?: InputMaybe<Scalars['String']['input']>;
  status?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
}>;


export type FilesQuery = { trafficDataFiles: { total: number, files: Array<{ id: string, file_name: string, uploaded_on: string, start_data_datetime: string | null, end_data_datetime: string | null, review_status: string, logs: { saved_vehicles: number | null, data_qc_tests: unknown | null, processing_error: string | null, duplicate_of: string | null }, site: { id: string, name: string, organisation_name: string | null } | null }> } };

export type FileCountsQueryVariables = Exact<{ [key: string]: never; }>;


export type FileCountsQuery = { LOAD: { total: number }, WFR: { total: number }, ACC: { total: number }, REJ: { total: number }, PDC: { total: number }, NRE: { total: number } };

export type FileDownloadQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type FileDownloadQuery = { s3TrafficDataFile: { url: string } };

export type ReviewFileMutationVariables = Exact<{
  fileId: Scalars['ID']['input'];
  status: Scalars['String']['input'];
  review?: InputMaybe<Scalars['JSON']['input']>;
}>;


export type ReviewFileMutation = { updateDataQcCheck: { id: string, review_status: string } };

export type RequestQualityApprovalMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RequestQualityApprovalMutation = { requestQualityApproval: boolean };

export type FileNotesQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type FileNotesQuery = { getFileNotes: Array<{ content: string, when: string, who: string }> };

export type AddFileNoteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  content: Scalars['String']['input'];
}>;


export type AddFileNoteMutation = { appendTrafficDataFileNote: Array<{ content: string }> };

export type AddBulkFileNoteMutationVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
  content: Scalars['String']['input'];
}>;


export type AddBulkFileNoteMutation = { appendTrafficDataFileNotes: number };

export type TaskStatesQueryVariables = Exact<{
  ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type TaskStatesQuery = { task_tracking: Array<{ id: string, function_name: string, state: string, message: string, updated_at: string, file_id: string | null }> };

export type RoadSectionSitesQueryVariables = Exact<{
  search?: InputMaybe<Scalars['String']['input']>;
}>;


export type RoadSectionSitesQuery = { sites: { sites: Array<{ id: string, name: string, latitude: number | null, longitude: number | null }> } };

export type MapDesignFiguresQueryVariables = Exact<{ [key: string]: never; }>;


export type MapDesignFiguresQuery = { mapDesignFigures: Array<{ id: string, aadt: number | null, aadt_method: string, k_factor: number | null, d_factor: number | null, peak_hour_factor: number | null }> };

export type MapSiteVolumesQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  filter: MapFilter;
}>;


export type MapSiteVolumesQuery = { mapSiteVolumes: Array<{ day: string, vehicles: number }> };

export type MapSiteFreeFlowQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  filter: MapFilter;
}>;


export type MapSiteFreeFlowQuery = { mapSiteFreeFlow: { headway_threshold_s: number, vehicles: number, speed85_mps: number | null } };

export type MapNoteFieldsFragment = { id: string, text: string, longitude: number, latitude: number, group_id: string | null, site_id: string | null, site_name: string | null, who: string, when: string };

export type MapNotesQueryVariables = Exact<{ [key: string]: never; }>;


export type MapNotesQuery = { mapNotes: { organisation_id: string, hidden: boolean, can_edit: boolean, groups: Array<{ id: string, name: string }>, notes: Array<{ id: string, text: string, longitude: number, latitude: number, group_id: string | null, site_id: string | null, site_name: string | null, who: string, when: string }> } };

export type AddMapNoteMutationVariables = Exact<{
  note: MapNoteInput;
}>;


export type AddMapNoteMutation = { addMapNote: { id: string, text: string, longitude: number, latitude: number, group_id: string | null, site_id: string | null, site_name: string | null, who: string, when: string } };

export type UpdateMapNoteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  change: MapNoteChange;
}>;


export type UpdateMapNoteMutation = { updateMapNote: { id: string, text: string, longitude: number, latitude: number, group_id: string | null, site_id: string | null, site_name: string | null, who: string, when: string } };

export type DeleteMapNoteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteMapNoteMutation = { deleteMapNote: boolean };

export type CreateMapNoteGroupMutationVariables = Exact<{
  name: Scalars['String']['input'];
}>;


export type CreateMapNoteGroupMutation = { createMapNoteGroup: { id: string } };

export type RenameMapNoteGroupMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
}>;


export type RenameMapNoteGroupMutation = { renameMapNoteGroup: { id: string } };

export type DeleteMapNoteGroupMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteMapNoteGroupMutation = { deleteMapNoteGroup: boolean };

export type RecordOrganisationViewMutationVariables = Exact<{
  organisationId: Scalars['ID']['input'];
}>;


export type RecordOrganisationViewMutation = { recordOrganisationView: { organisation_id: string, organisation_name: string, token: string } };

export type MyNotificationsQueryVariables = Exact<{ [key: string]: never; }>;


export type MyNotificationsQuery = { myNotifications: { unread: number, items: Array<{ id: string, kind: string, message: unknown, created_on: string, read: boolean }> } };

export type MarkNotificationsReadMutationVariables = Exact<{
  ids?: InputMaybe<Array<Scalars['ID']['input']> | Scalars['ID']['input']>;
}>;


export type MarkNotificationsReadMutation = { markNotificationsRead: number };

export type MyTasksQueryVariables = Exact<{ [key: string]: never; }>;


export type MyTasksQuery = { myTasks: Array<{ id: string, function_name: string, state: string, message: string, created_on: string, updated_at: string, progress: number | null }> };

export type RetryTaskMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RetryTaskMutation = { retryTask: { id: string, state: string } };

export type ReportsQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportsQuery = { reports: Array<{ id: string, report_type: string, state: string, message: string, progress: number, task_id: string | null, file_name: string | null, size_bytes: number | null, site_count: number, created_on: string, completed_on: string | null, expires_on: string | null, expired: boolean, downloadable: boolean }> };

export type RequestReportMutationVariables = Exact<{
  input: ReportRequestInput;
}>;


export type RequestReportMutation = { requestReport: { id: string, task_id: string | null, state: string } };

export type ReportDownloadQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReportDownloadQuery = { reportDownload: { url: string } };

export type DeleteReportMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteReportMutation = { deleteReport: boolean };

export type ReportSitesQueryVariables = Exact<{
  search?: InputMaybe<Scalars['String']['input']>;
}>;


export type ReportSitesQuery = { sites: { total: number, sites: Array<{ id: string, name: string, site_type: string, time_span: string | null }> } };

export type ReportSiteGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportSiteGroupsQuery = { siteGroups: Array<{ id: string, name: string, site_count: number }> };

export type ReportSurveysQueryVariables = Exact<{ [key: string]: never; }>;


export type ReportSurveysQuery = { active: { surveys: Array<{ id: string, name: string, scheduled_start: string, scheduled_end: string, site_count: number }> }, completed: { surveys: Array<{ id: string, name: string, scheduled_start: string, scheduled_end: string, site_count: number }> } };

export type YearInReviewQueryVariables = Exact<{
  year: Scalars['Int']['input'];
  top?: InputMaybe<Scalars['Int']['input']>;
}>;


export type YearInReviewQuery = { yearInReview: { year: number, top: number, site_count: number, sites_left_out: number, days_in_year: number, tables: { busiest: Array<{ site_id: string, site_name: string, value: number, previous: number | null }>, fastest: Array<{ site_id: string, site_name: string, value: number, previous: number | null }>, speeding: Array<{ site_id: string, site_name: string, value: number, previous: number | null }>, adt_change: Array<{ site_id: string, site_name: string, value: number, previous: number | null }>, availability: Array<{ site_id: string, site_name: string, value: number, previous: number | null }> } } };

export type ReportSitesByIdsQueryVariables = Exact<{
  ids?: InputMaybe<Array<Scalars['ID']['input']> | Scalars['ID']['input']>;
}>;


export type ReportSitesByIdsQuery = { sites: { sites: Array<{ id: string, name: string }> } };

export type SiteAvailabilityQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type SiteAvailabilityQuery = { siteAvailability: { site_id: string, first_day: string | null, last_day: string | null, missing_days: Array<string>, days: Array<{ day: string, volume: number }> } };

export type BadDataPeriodsQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type BadDataPeriodsQuery = { badDataPeriods: Array<{ id: string, rule: string, direction: number | null, lane: number | null, start_time: string, end_time: string, value: number, state: string, reviewed_by: string | null, reviewed_at: string | null }> };

export type ReviewBadDataPeriodMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  decision: Scalars['String']['input'];
}>;


export type ReviewBadDataPeriodMutation = { reviewBadDataPeriod: { id: string, state: string } };

export type DetectBadDataPeriodsMutationVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type DetectBadDataPeriodsMutation = { detectBadDataPeriods: { id: string } };

export type CountSummaryQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  filter?: InputMaybe<FilterPayload>;
  minutes?: InputMaybe<Scalars['Int']['input']>;
}>;


export type CountSummaryQuery = { timeSeriesCountSummary: { modes: Array<CountMode>, wholeDays: number, bins: Array<{ start: string, counts: { pedestrian: Array<{ direction: number, count: number }> | null, bike: Array<{ direction: number, count: number }> | null, vehicle: Array<{ direction: number, count: number }> | null } }>, totals: { pedestrian: number | null, bike: number | null, vehicle: number | null }, dailyAverage: { pedestrian: number | null, bike: number | null, vehicle: number | null }, virtualDay: { pedestrian: Array<number> | null, bike: Array<number> | null, vehicle: Array<number> | null }, virtualWeek: { pedestrian: Array<number | null> | null, bike: Array<number | null> | null, vehicle: Array<number | null> | null }, figures: { pedestrian: { awdt: number | null, awedt: number | null, amPeak: { hour: number, count: number } | null, pmPeak: { hour: number, count: number } | null, directions: Array<{ direction: number, count: number }> } | null, bike: { awdt: number | null, awedt: number | null, amPeak: { hour: number, count: number } | null, pmPeak: { hour: number, count: number } | null, directions: Array<{ direction: number, count: number }> } | null, vehicle: { awdt: number | null, awedt: number | null, amPeak: { hour: number, count: number } | null, pmPeak: { hour: number, count: number } | null, directions: Array<{ direction: number, count: number }> } | null } } };

export type CountDirectionFragment = { direction: number, count: number };

export type ModeFigureFieldsFragment = { pedestrian: number | null, bike: number | null, vehicle: number | null };

export type CountFiguresFieldsFragment = { awdt: number | null, awedt: number | null, amPeak: { hour: number, count: number } | null, pmPeak: { hour: number, count: number } | null, directions: Array<{ direction: number, count: number }> };

export type ExclusionFilterFieldsFragment = { id: string, name: string, description: string | null, min_speed_mps: number | null, max_speed_mps: number | null, headway_greater_than_s: number | null, classes: Array<number> | null, start_time: string | null, end_time: string | null };

export type VehicleExclusionFiltersQueryVariables = Exact<{
  siteId?: InputMaybe<Scalars['ID']['input']>;
}>;


export type VehicleExclusionFiltersQuery = { vehicleExclusionFilters: Array<{ id: string, name: string, description: string | null, min_speed_mps: number | null, max_speed_mps: number | null, headway_greater_than_s: number | null, classes: Array<number> | null, start_time: string | null, end_time: string | null }> };

export type UpdateVehicleExclusionFilterMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  filter: VehicleExclusionFilterInput;
}>;


export type UpdateVehicleExclusionFilterMutation = { updateVehicleExclusionFilter: { id: string, name: string, description: string | null, min_speed_mps: number | null, max_speed_mps: number | null, headway_greater_than_s: number | null, classes: Array<number> | null, start_time: string | null, end_time: string | null } };

export type CreateVehicleExclusionFilterMutationVariables = Exact<{
  siteId?: InputMaybe<Scalars['ID']['input']>;
  filter: VehicleExclusionFilterInput;
}>;


export type CreateVehicleExclusionFilterMutation = { createVehicleExclusionFilter: { id: string, name: string, description: string | null, min_speed_mps: number | null, max_speed_mps: number | null, headway_greater_than_s: number | null, classes: Array<number> | null, start_time: string | null, end_time: string | null } };

export type DeleteVehicleExclusionFilterMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteVehicleExclusionFilterMutation = { deleteVehicleExclusionFilter: string };

export type FigureExplanationQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  figure: ExplainedFigure;
  filter?: InputMaybe<FilterPayload>;
}>;


export type FigureExplanationQuery = { figureExplanation: { site_id: string, site_name: string, time_zone: string, figure: ExplainedFigure, term: string, day_rule: string, scope: string, files: Array<{ id: string, name: string, kind: string, first_record: string | null, last_record: string | null, vehicles: number | null }>, days: { first_day: string | null, last_day: string | null, days_used: number, days: Array<{ day: string, volume: number, used: boolean, reason: string | null }> }, left_out: { total: number, selected: number, reasons: Array<{ reason: string, vehicles: number, classes: Array<{ class_index: number, vehicles: number }> }> } | null, filter: { start_time: string | null, end_time: string | null, speed_min_mps: number, speed_max_mps: number, min_headway_s: number, classes: Array<number> | null, directions: Array<number> | null, lanes: Array<{ direction: number, lanes: Array<number> }>, time_exclusions: Array<{ days: Array<number>, from: string, to: string }>, exclusions: Array<{ id: string, name: string }> }, bad_data_periods: Array<{ rule: string, start_time: string, end_time: string, direction: number | null, lane: number | null }>, speed_limits: Array<{ effective_from: string, limit_mps: number }>, aadt: { method: string, variant: string, estimate: boolean, value: number | null, adt: number | null, whole_days: number, months: Array<number>, months_missing_weekdays: Array<number>, group: { id: string, name: string, version: string, monthly_factors: Array<number | null> | null, day_of_week_factors: Array<number | null> | null, monthly_factor: number | null, day_of_week_factor: number | null } | null } | null } };

export type FiltersetQueryVariables = Exact<{ [key: string]: never; }>;


export type FiltersetQuery = { filterset: { id: string, velocity_min: number, velocity_max: number, headway_min: number } };

export type UpdateFiltersetMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  headway?: InputMaybe<Scalars['Float']['input']>;
  max?: InputMaybe<Scalars['Float']['input']>;
  min?: InputMaybe<Scalars['Float']['input']>;
}>;


export type UpdateFiltersetMutation = { update_filterset: { id: string, velocity_min: number, velocity_max: number, headway_min: number } };

export type SiteDetailLeftOutQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  filter?: InputMaybe<FilterPayload>;
}>;


export type SiteDetailLeftOutQuery = { siteDetail: { site_id: string, leftOut: { total: number, selected: number, speedRange: number, classes: number, unclassified: number, directions: number, separation: number, lanes: number, badDataPeriods: number, exclusions: number, timeExclusions: number, speedRangeByClass: Array<{ classIndex: number, vehicles: number }> } | null } };

export type SiteAadtQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type SiteAadtQuery = { siteAadt: { site_id: string, method: string, reason: string | null, group_id: string | null, group_name: string | null, whole_days: number, adt: number | null, aadt: number | null, monthly_factor: number | null, day_of_week_factor: number | null, months: Array<number>, error_percent: number | null, error_samples: number } };

export type SiteDetailQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  filter?: InputMaybe<FilterPayload>;
  minutes?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SiteDetailQuery = { siteDetail: { site_id: string, site_name: string, site_type: string, latitude: number | null, longitude: number | null, time_zone: string, class_scheme: string, bins: import('@roadcount/domain').TimeBins, summary: { vehicles: number, wholeDays: number, adt: number | null, awdt: number | null, awedt: number | null, aadt: number | null, aadtIsEstimate: boolean, averageSpeedMps: number | null, speed85thMps: number | null, totalCommercial: number, percentCommercial: number | null, aadtMonthsMissingWeekdays: Array<number>, speed95thMps: number | null, amPeak: { hour: number, vehicles: number } | null, pmPeak: { hour: number, vehicles: number } | null, pace: { metric: { fromMps: number, toMps: number, vehicles: number, sharePercent: number }, imperial: { fromMps: number, toMps: number, vehicles: number, sharePercent: number } } | null, designHour: { volume: number, kFactor: number, dFactor: number | null } | null, peakHourFactor: { start: string, peakHourVolume: number, peakQuarterVolume: number, factor: number } | null }, classes: Array<{ classIndex: number, vehicles: number, sharePercent: number, averageSpeedMps: number | null, speed85thMps: number | null }>, speedByClass: { binWidthMps: number, bins: Array<{ fromMps: number, counts: Array<{ classIndex: number, vehicles: number }> }> }, headwayPercentiles: Array<{ percentile: number, value: number }> | null, gapPercentiles: Array<{ percentile: number, value: number }> | null, headwayGapMatrix: { edgesS: Array<number>, counts: Array<Array<number>> }, speeding: { vehicles: number, stepsMps: Array<number>, aboveLimit: { vehicles: number, sharePercent: number }, aboveFirstStep: { vehicles: number, sharePercent: number }, aboveSecondStep: { vehicles: number, sharePercent: number } } | null, virtualDay: Array<{ direction: number, vehicles: Array<number> }>, virtualWeek: Array<{ direction: number, vehicles: Array<number | null> }>, availability: Array<{ day: string, direction: number, lane: number, vehicles: number }> } };

export type SiteTasksQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type SiteTasksQuery = { siteTasks: Array<{ id: string, function_name: string, state: string, message: string, created_on: string, updated_at: string }> };

export type SiteTimeRangeQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type SiteTimeRangeQuery = { siteTimeRange: { site_id: string, time_zone: string, available_start: string | null, available_end: string | null, data_kinds: Array<string> } };

export type SiteSettingsQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SiteSettingsQuery = { site: { id: string, class_scheme: string, pedestrians_included: boolean } };

export type ChangeSiteSchemeMutationVariables = Exact<{
  siteId: Scalars['ID']['input'];
  scheme: Scalars['String']['input'];
  pedestrians: Scalars['Boolean']['input'];
}>;


export type ChangeSiteSchemeMutation = { changeSiteScheme: { id: string } };

export type RecalculateSiteDataQualityMutationVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type RecalculateSiteDataQualityMutation = { recalculateSiteDataQuality: { id: string } };

export type SpeedLimitsQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type SpeedLimitsQuery = { speedLimits: Array<{ effective_from: string, limit_mps: number }> };

export type SetSpeedLimitsMutationVariables = Exact<{
  siteId: Scalars['ID']['input'];
  limits: Array<SpeedLimitInput> | SpeedLimitInput;
}>;


export type SetSpeedLimitsMutation = { setSpeedLimits: Array<{ effective_from: string, limit_mps: number }> };

export type SiteGroupsQueryVariables = Exact<{ [key: string]: never; }>;


export type SiteGroupsQuery = { siteGroups: Array<{ id: string, name: string, site_count: number }> };

export type SiteGroupQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SiteGroupQuery = { siteGroup: { id: string, name: string, site_count: number, sites: Array<{ id: string, name: string }> } };

export type CreateSiteGroupMutationVariables = Exact<{
  name: Scalars['String']['input'];
  site_ids?: InputMaybe<Array<Scalars['ID']['input']> | Scalars['ID']['input']>;
}>;


export type CreateSiteGroupMutation = { createSiteGroup: { id: string } };

export type RenameSiteGroupMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  name: Scalars['String']['input'];
}>;


export type RenameSiteGroupMutation = { renameSiteGroup: { id: string } };

export type DeleteSiteGroupMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteSiteGroupMutation = { deleteSiteGroup: boolean };

export type AddSitesToGroupMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  site_ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type AddSitesToGroupMutation = { addSitesToGroup: { id: string } };

export type RemoveSitesFromGroupMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  site_ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
}>;


export type RemoveSitesFromGroupMutation = { removeSitesFromGroup: { id: string } };

export type MergeSitesMutationVariables = Exact<{
  target_id: Scalars['ID']['input'];
  source_ids: Array<Scalars['ID']['input']> | Scalars['ID']['input'];
  alignment?: InputMaybe<Array<DirectionAlignmentInput> | DirectionAlignmentInput>;
}>;


export type MergeSitesMutation = { mergeSites: { id: string, state: string } };

export type ImportSitesMutationVariables = Exact<{
  csv: Scalars['String']['input'];
}>;


export type ImportSitesMutation = { importSites: { imported: number, message: string | null, errors: Array<{ row: number | null, field: string | null, code: string, message: string, params: unknown }> } };

export type DeletedSitesQueryVariables = Exact<{ [key: string]: never; }>;


export type DeletedSitesQuery = { deletedSites: Array<{ id: string, name: string, site_type: string, deleted_at: string, files: number, permanent_deletion_pending: boolean }> };

export type DeletedSiteIdsQueryVariables = Exact<{ [key: string]: never; }>;


export type DeletedSiteIdsQuery = { deletedSites: Array<{ id: string }> };

export type DeleteSiteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteSiteMutation = { deleteSite: { id: string, state: string } };

export type RestoreSiteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RestoreSiteMutation = { restoreSite: string };

export type DeleteSitePermanentlyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteSitePermanentlyMutation = { deleteSitePermanently: { id: string, state: string } };

export type UpdateSiteMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: SiteInput;
}>;


export type UpdateSiteMutation = { updateSite: { id: string } };

export type SiteLanesQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
}>;


export type SiteLanesQuery = { siteLanes: Array<{ id: string, direction: string | null, position_id: number, lane_type: string, name: string }> };

export type SetSiteLanesMutationVariables = Exact<{
  siteId: Scalars['ID']['input'];
  lanes: Array<LaneInput> | LaneInput;
}>;


export type SetSiteLanesMutation = { setSiteLanes: Array<{ id: string }> };

export type SiteNameClashesQueryVariables = Exact<{
  siteId: Scalars['ID']['input'];
  name: Scalars['String']['input'];
}>;


export type SiteNameClashesQuery = { siteNameClashes: Array<string> };

export type StartStaffTaskMutationVariables = Exact<{
  kind: StaffTaskKind;
  siteId?: InputMaybe<Scalars['ID']['input']>;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
}>;


export type StartStaffTaskMutation = { startStaffTask: { id: string, state: string, message: string } };

export type StaffAuditLogQueryVariables = Exact<{
  limit?: InputMaybe<Scalars['Int']['input']>;
  organisationId?: InputMaybe<Scalars['ID']['input']>;
}>;


export type StaffAuditLogQuery = { staffAuditLog: Array<{ id: string, username: string, action: string, organisation_id: string | null, organisation_name: string | null, detail: string, created_on: string }> };

export type SurveysQueryVariables = Exact<{
  tab?: InputMaybe<Scalars['String']['input']>;
  search?: InputMaybe<Scalars['String']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
}>;


export type SurveysQuery = { surveys: { total: number, surveys: Array<{ id: string, name: string, state: string, scheduled_start: string, scheduled_end: string, completed_on: string | null, counter_model: string | null, sensor_spacing_m: number | null, assignee_user_id: string | null, assignee_name: string | null, contractor_name: string | null, contractor_email: string | null, notes: string | null, window_days: number, site_count: number, sites_with_data: number, sites_complete: number, overdue: boolean, deleted_on: string | null, site_list: { attribute: string, name_format: string, name_max_length: number | null, overrides: Array<{ site_id: string, name: string | null, attribute: string | null }> }, sites: Array<{ site_id: string, name: string, deleted: boolean, has_data: boolean, files: number, days: number, complete: boolean, quality_status: string | null }> }> } };

export type SurveyAssigneesQueryVariables = Exact<{ [key: string]: never; }>;


export type SurveyAssigneesQuery = { surveyAssignees: Array<{ id: string, username: string, first_name: string, last_name: string }> };

export type SurveySiteFileLinkQueryVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type SurveySiteFileLinkQuery = { surveySiteFileLink: { url: string } };

export type CreateSurveyMutationVariables = Exact<{
  input: SurveyInput;
}>;


export type CreateSurveyMutation = { createSurvey: { id: string, name: string } };

export type UpdateSurveyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  input: SurveyInput;
}>;


export type UpdateSurveyMutation = { updateSurvey: { id: string, name: string } };

export type DeleteSurveyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type DeleteSurveyMutation = { deleteSurvey: { id: string, state: string } };

export type RestoreSurveyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type RestoreSurveyMutation = { restoreSurvey: { id: string, state: string } };

export type ReopenSurveyMutationVariables = Exact<{
  id: Scalars['ID']['input'];
}>;


export type ReopenSurveyMutation = { reopenSurvey: { id: string, state: string } };

export type CreatePlannedSiteMutationVariables = Exact<{
  name: Scalars['String']['input'];
  latitude: Scalars['Float']['input'];
  longitude: Scalars['Float']['input'];
}>;


export type CreatePlannedSiteMutation = { createPlannedSite: { id: string, name: string } };

export type MapSitesQueryVariables = Exact<{
  filter: MapFilter;
}>;


export type MapSitesQuery = { mapSites: Array<{ id: string, name: string, site_type: string, realtime: boolean, contexts: Array<string>, time_span: string | null, latitude: number | null, longitude: number | null, owner_organisation_id: string, organisation_name: string, class_scheme: string, last_surveyed: string | null, survey_years: Array<number>, has_data: boolean, days: number, vehicles: number, adt: number | null, awdt: number | null, awedt: number | null, average_speed_mps: number | null, speed85_mps: number | null, speed95_mps: number | null, pace_kmh_from_mps: number | null, pace_mph_from_mps: number | null, speed_limit_mps: number | null, above_limit_percent: number | null, heavy_percent: number | null, heavy_vehicles: number, last_vehicle_at: string | null, today_vehicles: number | null, class_shares: Array<{ class_index: number, percent: number }> }> };

export type UpdateUserPreferenceMutationVariables = Exact<{
  userId: Scalars['ID']['input'];
  preference: Scalars['JSON']['input'];
}>;


export type UpdateUserPreferenceMutation = { update_user_preference: { id: string } };

export type SitesQueryVariables = Exact<{
  search?: InputMaybe<Scalars['String']['input']>;
  filters?: InputMaybe<Array<Scalars['String']['input']> | Scalars['String']['input']>;
  selected?: InputMaybe<Array<Scalars['ID']['input']> | Scalars['ID']['input']>;
  sort?: InputMaybe<Scalars['String']['input']>;
  direction?: InputMaybe<Scalars['String']['input']>;
  page?: InputMaybe<Scalars['Int']['input']>;
  size?: InputMaybe<Scalars['Int']['input']>;
  group?: InputMaybe<Scalars['ID']['input']>;
}>;


export type SitesQuery = { sites: { total: number, sites: Array<{ id: string, name: string, alternative_name: string | null, description: string | null, asset_management_id: string | null, latitude: number | null, longitude: number | null, heading: number | null, direction_one: string | null, direction_two: string | null, site_type: string, realtime: boolean, pedestrians_included: boolean, class_scheme: string, time_zone: string, notes: string | null, site_context: Array<string>, time_span: string | null, gps: boolean, last_surveyed: string | null, files: number, lane_count: number, owner_organisation_id: string }> } };

export type TaskEventFieldsFragment = { id: string, function_name: string, state: string, message: string, updated_at: string, file_id: string | null };

export type TaskTrackingUpdatedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type TaskTrackingUpdatedSubscription = { task_tracking_updated: { id: string, function_name: string, state: string, message: string, updated_at: string, file_id: string | null } };

export type RealtimeSiteUpdatedSubscriptionVariables = Exact<{ [key: string]: never; }>;


export type RealtimeSiteUpdatedSubscription = { realtime_site_updated: { site_id: string, updated_at: string } };

export class TypedDocumentString<TResult, TVariables>
  extends String
  implements DocumentTypeDecoration<TResult, TVariables>
{
  __apiType?: NonNullable<DocumentTypeDecoration<TResult, TVariables>['__apiType']>;
  private value: string;
  public __meta__?: Record<string, any> | undefined;

  constructor(value: string, __meta__?: Record<string, any> | undefined) {
    super(value);
    this.value = value;
    this.__meta__ = __meta__;
  }

  override toString(): string & DocumentTypeDecoration<TResult, TVariables> {
    return this.value;
  }
}
export const FileRowFragmentDoc = new TypedDocumentString(`
    fragment FileRow on TrafficDataFile {
  id
  file_name
  uploaded_on
  start_data_datetime
  end_data_datetime
  review_status
  logs {
    saved_vehicles
    data_qc_tests
    processing_error
    duplicate_of
  }
  site {
    id
    name
    organisation_name
  }
}
    `, {"fragmentName":"FileRow"}) as unknown as TypedDocumentString<FileRowFragment, unknown>;
export const MapNoteFieldsFragmentDoc = new TypedDocumentString(`
    fragment MapNoteFields on MapNote {
  id
  text
  longitude
  latitude
  group_id
  site_id
  site_name
  who
  when
}
    `, {"fragmentName":"MapNoteFields"}) as unknown as TypedDocumentString<MapNoteFieldsFragment, unknown>;
export const ModeFigureFieldsFragmentDoc = new TypedDocumentString(`
    fragment ModeFigureFields on ModeFigure {
  pedestrian
  bike
  vehicle
}
    `, {"fragmentName":"ModeFigureFields"}) as unknown as TypedDocumentString<ModeFigureFieldsFragment, unknown>;
export const CountDirectionFragmentDoc = new TypedDocumentString(`
    fragment CountDirection on DirectionCount {
  direction
  count
}
    `, {"fragmentName":"CountDirection"}) as unknown as TypedDocumentString<CountDirectionFragment, unknown>;
export const CountFiguresFieldsFragmentDoc = new TypedDocumentString(`
    fragment CountFiguresFields on CountFigures {
  awdt
  awedt
  amPeak {
    hour
    count
  }
  pmPeak {
    hour
    count
  }
  directions {
    ...CountDirection
  }
}
    fragment CountDirection on DirectionCount {
  direction
  count
}`, {"fragmentName":"CountFiguresFields"}) as unknown as TypedDocumentString<CountFiguresFieldsFragment, unknown>;
export const ExclusionFilterFieldsFragmentDoc = new TypedDocumentString(`
    fragment ExclusionFilterFields on VehicleExclusionFilter {
  id
  name
  description
  min_speed_mps
  max_speed_mps
  headway_greater_than_s
  classes
  start_time
  end_time
}
    `, {"fragmentName":"ExclusionFilterFields"}) as unknown as TypedDocumentString<ExclusionFilterFieldsFragment, unknown>;
export const TaskEventFieldsFragmentDoc = new TypedDocumentString(`
    fragment TaskEventFields on TaskTracking {
  id
  function_name
  state
  message
  updated_at
  file_id
}
    `, {"fragmentName":"TaskEventFields"}) as unknown as TypedDocumentString<TaskEventFieldsFragment, unknown>;
export const FactorGroupsDocument = new TypedDocumentString(`
    query FactorGroups {
  factorGroups {
    id
    name
    basis
    min_days_per_weekday
    factor_sites
    monthly_factors
    day_of_week_factors
    continuous_sites {
      site_id
      name
      site_type
      qualifying_months
      aadt
    }
    short_count_sites {
      site_id
      name
      site_type
    }
  }
  siteGroups {
    id
    name
    site_count
  }
}
    `) as unknown as TypedDocumentString<FactorGroupsQuery, FactorGroupsQueryVariables>;
export const ContinuousSitePatternsDocument = new TypedDocumentString(`
    query ContinuousSitePatterns($clusters: Int!) {
  continuousSitePatterns(clusters: $clusters) {
    site_id
    name
    qualifying_months
    aadt
    monthly_factors
    cluster
  }
}
    `) as unknown as TypedDocumentString<ContinuousSitePatternsQuery, ContinuousSitePatternsQueryVariables>;
export const SetFactorGroupBasisDocument = new TypedDocumentString(`
    mutation SetFactorGroupBasis($groupId: ID!, $basis: FactorGroupBasis) {
  setFactorGroupBasis(group_id: $groupId, basis: $basis)
}
    `) as unknown as TypedDocumentString<SetFactorGroupBasisMutation, SetFactorGroupBasisMutationVariables>;
export const FilesDocument = new TypedDocumentString(`
    query Files($search: String, $status: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  trafficDataFiles(
    search: $search
    status: $status
    sort: $sort
    direction: $direction
    page: $page
    page_size: $size
  ) {
    total
    files {
      ...FileRow
    }
  }
}
    fragment FileRow on TrafficDataFile {
  id
  file_name
  uploaded_on
  start_data_datetime
  end_data_datetime
  review_status
  logs {
    saved_vehicles
    data_qc_tests
    processing_error
    duplicate_of
  }
  site {
    id
    name
    organisation_name
  }
}`) as unknown as TypedDocumentString<FilesQuery, FilesQueryVariables>;
export const FileCountsDocument = new TypedDocumentString(`
    query FileCounts {
  LOAD: trafficDataFiles(status: "LOAD", page_size: 1) {
    total
  }
  WFR: trafficDataFiles(status: "WFR", page_size: 1) {
    total
  }
  ACC: trafficDataFiles(status: "ACC", page_size: 1) {
    total
  }
  REJ: trafficDataFiles(status: "REJ", page_size: 1) {
    total
  }
  PDC: trafficDataFiles(status: "PDC", page_size: 1) {
    total
  }
  NRE: trafficDataFiles(status: "NRE", page_size: 1) {
    total
  }
}
    `) as unknown as TypedDocumentString<FileCountsQuery, FileCountsQueryVariables>;
export const FileDownloadDocument = new TypedDocumentString(`
    query FileDownload($id: ID!) {
  s3TrafficDataFile(id: $id) {
    url
  }
}
    `) as unknown as TypedDocumentString<FileDownloadQuery, FileDownloadQueryVariables>;
export const ReviewFileDocument = new TypedDocumentString(`
    mutation ReviewFile($fileId: ID!, $status: String!, $review: JSON) {
  updateDataQcCheck(fileId: $fileId, status: $status, userReview: $review) {
    id
    review_status
  }
}
    `) as unknown as TypedDocumentString<ReviewFileMutation, ReviewFileMutationVariables>;
export const RequestQualityApprovalDocument = new TypedDocumentString(`
    mutation RequestQualityApproval($id: ID!) {
  requestQualityApproval(fileId: $id)
}
    `) as unknown as TypedDocumentString<RequestQualityApprovalMutation, RequestQualityApprovalMutationVariables>;
export const FileNotesDocument = new TypedDocumentString(`
    query FileNotes($id: ID!) {
  getFileNotes(fileId: $id) {
    content
    when
    who
  }
}
    `) as unknown as TypedDocumentString<FileNotesQuery, FileNotesQueryVariables>;
export const AddFileNoteDocument = new TypedDocumentString(`
    mutation AddFileNote($id: ID!, $content: String!) {
  appendTrafficDataFileNote(fileId: $id, content: $content) {
    content
  }
}
    `) as unknown as TypedDocumentString<AddFileNoteMutation, AddFileNoteMutationVariables>;
export const AddBulkFileNoteDocument = new TypedDocumentString(`
    mutation AddBulkFileNote($ids: [ID!]!, $content: String!) {
  appendTrafficDataFileNotes(fileIds: $ids, content: $content)
}
    `) as unknown as TypedDocumentString<AddBulkFileNoteMutation, AddBulkFileNoteMutationVariables>;
export const TaskStatesDocument = new TypedDocumentString(`
    query TaskStates($ids: [ID!]!) {
  task_tracking(ids: $ids) {
    ...TaskEventFields
  }
}
    fragment TaskEventFields on TaskTracking {
  id
  function_name
  state
  message
  updated_at
  file_id
}`) as unknown as TypedDocumentString<TaskStatesQuery, TaskStatesQueryVariables>;
export const RoadSectionSitesDocument = new TypedDocumentString(`
    query RoadSectionSites($search: String) {
  sites(search: $search, page: 0, page_size: 50, sort: "name", direction: "asc") {
    sites {
      id
      name
      latitude
      longitude
    }
  }
}
    `) as unknown as TypedDocumentString<RoadSectionSitesQuery, RoadSectionSitesQueryVariables>;
export const MapDesignFiguresDocument = new TypedDocumentString(`
    query MapDesignFigures {
  mapDesignFigures {
    id
    aadt
    aadt_method
    k_factor
    d_factor
    peak_hour_factor
  }
}
    `) as unknown as TypedDocumentString<MapDesignFiguresQuery, MapDesignFiguresQueryVariables>;
export const MapSiteVolumesDocument = new TypedDocumentString(`
    query MapSiteVolumes($siteId: ID!, $filter: MapFilter!) {
  mapSiteVolumes(siteId: $siteId, filter: $filter) {
    day
    vehicles
  }
}
    `) as unknown as TypedDocumentString<MapSiteVolumesQuery, MapSiteVolumesQueryVariables>;
export const MapSiteFreeFlowDocument = new TypedDocumentString(`
    query MapSiteFreeFlow($siteId: ID!, $filter: MapFilter!) {
  mapSiteFreeFlow(siteId: $siteId, filter: $filter) {
    headway_threshold_s
    vehicles
    speed85_mps
  }
}
    `) as unknown as TypedDocumentString<MapSiteFreeFlowQuery, MapSiteFreeFlowQueryVariables>;
export const MapNotesDocument = new TypedDocumentString(`
    query MapNotes {
  mapNotes {
    organisation_id
    hidden
    can_edit
    groups {
      id
      name
    }
    notes {
      ...MapNoteFields
    }
  }
}
    fragment MapNoteFields on MapNote {
  id
  text
  longitude
  latitude
  group_id
  site_id
  site_name
  who
  when
}`) as unknown as TypedDocumentString<MapNotesQuery, MapNotesQueryVariables>;
export const AddMapNoteDocument = new TypedDocumentString(`
    mutation AddMapNote($note: MapNoteInput!) {
  addMapNote(note: $note) {
    ...MapNoteFields
  }
}
    fragment MapNoteFields on MapNote {
  id
  text
  longitude
  latitude
  group_id
  site_id
  site_name
  who
  when
}`) as unknown as TypedDocumentString<AddMapNoteMutation, AddMapNoteMutationVariables>;
export const UpdateMapNoteDocument = new TypedDocumentString(`
    mutation UpdateMapNote($id: ID!, $change: MapNoteChange!) {
  updateMapNote(id: $id, change: $change) {
    ...MapNoteFields
  }
}
    fragment MapNoteFields on MapNote {
  id
  text
  longitude
  latitude
  group_id
  site_id
  site_name
  who
  when
}`) as unknown as TypedDocumentString<UpdateMapNoteMutation, UpdateMapNoteMutationVariables>;
export const DeleteMapNoteDocument = new TypedDocumentString(`
    mutation DeleteMapNote($id: ID!) {
  deleteMapNote(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteMapNoteMutation, DeleteMapNoteMutationVariables>;
export const CreateMapNoteGroupDocument = new TypedDocumentString(`
    mutation CreateMapNoteGroup($name: String!) {
  createMapNoteGroup(name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateMapNoteGroupMutation, CreateMapNoteGroupMutationVariables>;
export const RenameMapNoteGroupDocument = new TypedDocumentString(`
    mutation RenameMapNoteGroup($id: ID!, $name: String!) {
  renameMapNoteGroup(id: $id, name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<RenameMapNoteGroupMutation, RenameMapNoteGroupMutationVariables>;
export const DeleteMapNoteGroupDocument = new TypedDocumentString(`
    mutation DeleteMapNoteGroup($id: ID!) {
  deleteMapNoteGroup(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteMapNoteGroupMutation, DeleteMapNoteGroupMutationVariables>;
export const RecordOrganisationViewDocument = new TypedDocumentString(`
    mutation RecordOrganisationView($organisationId: ID!) {
  recordOrganisationView(organisationId: $organisationId) {
    organisation_id
    organisation_name
    token
  }
}
    `) as unknown as TypedDocumentString<RecordOrganisationViewMutation, RecordOrganisationViewMutationVariables>;
export const MyNotificationsDocument = new TypedDocumentString(`
    query MyNotifications {
  myNotifications(limit: 30) {
    unread
    items {
      id
      kind
      message
      created_on
      read
    }
  }
}
    `) as unknown as TypedDocumentString<MyNotificationsQuery, MyNotificationsQueryVariables>;
export const MarkNotificationsReadDocument = new TypedDocumentString(`
    mutation MarkNotificationsRead($ids: [ID!]) {
  markNotificationsRead(ids: $ids)
}
    `) as unknown as TypedDocumentString<MarkNotificationsReadMutation, MarkNotificationsReadMutationVariables>;
export const MyTasksDocument = new TypedDocumentString(`
    query MyTasks {
  myTasks(limit: 10) {
    id
    function_name
    state
    message
    created_on
    updated_at
    progress
  }
}
    `) as unknown as TypedDocumentString<MyTasksQuery, MyTasksQueryVariables>;
export const RetryTaskDocument = new TypedDocumentString(`
    mutation RetryTask($id: ID!) {
  retryTask(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<RetryTaskMutation, RetryTaskMutationVariables>;
export const ReportsDocument = new TypedDocumentString(`
    query Reports {
  reports {
    id
    report_type
    state
    message
    progress
    task_id
    file_name
    size_bytes
    site_count
    created_on
    completed_on
    expires_on
    expired
    downloadable
  }
}
    `) as unknown as TypedDocumentString<ReportsQuery, ReportsQueryVariables>;
export const RequestReportDocument = new TypedDocumentString(`
    mutation RequestReport($input: ReportRequestInput!) {
  requestReport(input: $input) {
    id
    task_id
    state
  }
}
    `) as unknown as TypedDocumentString<RequestReportMutation, RequestReportMutationVariables>;
export const ReportDownloadDocument = new TypedDocumentString(`
    query ReportDownload($id: ID!) {
  reportDownload(id: $id) {
    url
  }
}
    `) as unknown as TypedDocumentString<ReportDownloadQuery, ReportDownloadQueryVariables>;
export const DeleteReportDocument = new TypedDocumentString(`
    mutation DeleteReport($id: ID!) {
  deleteReport(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteReportMutation, DeleteReportMutationVariables>;
export const ReportSitesDocument = new TypedDocumentString(`
    query ReportSites($search: String) {
  sites(search: $search, page: 0, page_size: 100, sort: "name", direction: "asc") {
    total
    sites {
      id
      name
      site_type
      time_span
    }
  }
}
    `) as unknown as TypedDocumentString<ReportSitesQuery, ReportSitesQueryVariables>;
export const ReportSiteGroupsDocument = new TypedDocumentString(`
    query ReportSiteGroups {
  siteGroups {
    id
    name
    site_count
  }
}
    `) as unknown as TypedDocumentString<ReportSiteGroupsQuery, ReportSiteGroupsQueryVariables>;
export const ReportSurveysDocument = new TypedDocumentString(`
    query ReportSurveys {
  active: surveys(
    tab: "active"
    sort: "start"
    direction: "desc"
    page: 0
    page_size: 100
  ) {
    surveys {
      id
      name
      scheduled_start
      scheduled_end
      site_count
    }
  }
  completed: surveys(
    tab: "completed"
    sort: "start"
    direction: "desc"
    page: 0
    page_size: 100
  ) {
    surveys {
      id
      name
      scheduled_start
      scheduled_end
      site_count
    }
  }
}
    `) as unknown as TypedDocumentString<ReportSurveysQuery, ReportSurveysQueryVariables>;
export const YearInReviewDocument = new TypedDocumentString(`
    query YearInReview($year: Int!, $top: Int) {
  yearInReview(year: $year, top: $top) {
    year
    top
    site_count
    sites_left_out
    days_in_year
    tables {
      busiest {
        site_id
        site_name
        value
        previous
      }
      fastest {
        site_id
        site_name
        value
        previous
      }
      speeding {
        site_id
        site_name
        value
        previous
      }
      adt_change {
        site_id
        site_name
        value
        previous
      }
      availability {
        site_id
        site_name
        value
        previous
      }
    }
  }
}
    `) as unknown as TypedDocumentString<YearInReviewQuery, YearInReviewQueryVariables>;
export const ReportSitesByIdsDocument = new TypedDocumentString(`
    query ReportSitesByIds($ids: [ID!]) {
  sites(selected: $ids, filters: ["selected_only"], page: 0, page_size: 100) {
    sites {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<ReportSitesByIdsQuery, ReportSitesByIdsQueryVariables>;
export const SiteAvailabilityDocument = new TypedDocumentString(`
    query SiteAvailability($siteId: ID!) {
  siteAvailability(siteId: $siteId) {
    site_id
    first_day
    last_day
    days {
      day
      volume
    }
    missing_days
  }
}
    `) as unknown as TypedDocumentString<SiteAvailabilityQuery, SiteAvailabilityQueryVariables>;
export const BadDataPeriodsDocument = new TypedDocumentString(`
    query BadDataPeriods($siteId: ID!) {
  badDataPeriods(siteId: $siteId) {
    id
    rule
    direction
    lane
    start_time
    end_time
    value
    state
    reviewed_by
    reviewed_at
  }
}
    `) as unknown as TypedDocumentString<BadDataPeriodsQuery, BadDataPeriodsQueryVariables>;
export const ReviewBadDataPeriodDocument = new TypedDocumentString(`
    mutation ReviewBadDataPeriod($id: ID!, $decision: String!) {
  reviewBadDataPeriod(id: $id, decision: $decision) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<ReviewBadDataPeriodMutation, ReviewBadDataPeriodMutationVariables>;
export const DetectBadDataPeriodsDocument = new TypedDocumentString(`
    mutation DetectBadDataPeriods($siteId: ID!) {
  detectBadDataPeriods(siteId: $siteId) {
    id
  }
}
    `) as unknown as TypedDocumentString<DetectBadDataPeriodsMutation, DetectBadDataPeriodsMutationVariables>;
export const CountSummaryDocument = new TypedDocumentString(`
    query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  timeSeriesCountSummary(
    siteId: $siteId
    filter: $filter
    aggregation_minutes: $minutes
  ) {
    modes
    bins {
      start
      counts {
        pedestrian {
          ...CountDirection
        }
        bike {
          ...CountDirection
        }
        vehicle {
          ...CountDirection
        }
      }
    }
    totals {
      ...ModeFigureFields
    }
    wholeDays
    dailyAverage {
      ...ModeFigureFields
    }
    virtualDay {
      pedestrian
      bike
      vehicle
    }
    virtualWeek {
      pedestrian
      bike
      vehicle
    }
    figures {
      pedestrian {
        ...CountFiguresFields
      }
      bike {
        ...CountFiguresFields
      }
      vehicle {
        ...CountFiguresFields
      }
    }
  }
}
    fragment CountDirection on DirectionCount {
  direction
  count
}
fragment ModeFigureFields on ModeFigure {
  pedestrian
  bike
  vehicle
}
fragment CountFiguresFields on CountFigures {
  awdt
  awedt
  amPeak {
    hour
    count
  }
  pmPeak {
    hour
    count
  }
  directions {
    ...CountDirection
  }
}`) as unknown as TypedDocumentString<CountSummaryQuery, CountSummaryQueryVariables>;
export const VehicleExclusionFiltersDocument = new TypedDocumentString(`
    query VehicleExclusionFilters($siteId: ID) {
  vehicleExclusionFilters(siteId: $siteId) {
    ...ExclusionFilterFields
  }
}
    fragment ExclusionFilterFields on VehicleExclusionFilter {
  id
  name
  description
  min_speed_mps
  max_speed_mps
  headway_greater_than_s
  classes
  start_time
  end_time
}`) as unknown as TypedDocumentString<VehicleExclusionFiltersQuery, VehicleExclusionFiltersQueryVariables>;
export const UpdateVehicleExclusionFilterDocument = new TypedDocumentString(`
    mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {
  updateVehicleExclusionFilter(id: $id, filter: $filter) {
    ...ExclusionFilterFields
  }
}
    fragment ExclusionFilterFields on VehicleExclusionFilter {
  id
  name
  description
  min_speed_mps
  max_speed_mps
  headway_greater_than_s
  classes
  start_time
  end_time
}`) as unknown as TypedDocumentString<UpdateVehicleExclusionFilterMutation, UpdateVehicleExclusionFilterMutationVariables>;
export const CreateVehicleExclusionFilterDocument = new TypedDocumentString(`
    mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {
  createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {
    ...ExclusionFilterFields
  }
}
    fragment ExclusionFilterFields on VehicleExclusionFilter {
  id
  name
  description
  min_speed_mps
  max_speed_mps
  headway_greater_than_s
  classes
  start_time
  end_time
}`) as unknown as TypedDocumentString<CreateVehicleExclusionFilterMutation, CreateVehicleExclusionFilterMutationVariables>;
export const DeleteVehicleExclusionFilterDocument = new TypedDocumentString(`
    mutation DeleteVehicleExclusionFilter($id: ID!) {
  deleteVehicleExclusionFilter(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteVehicleExclusionFilterMutation, DeleteVehicleExclusionFilterMutationVariables>;
export const FigureExplanationDocument = new TypedDocumentString(`
    query FigureExplanation($siteId: ID!, $figure: ExplainedFigure!, $filter: FilterPayload) {
  figureExplanation(siteId: $siteId, figure: $figure, filter: $filter) {
    site_id
    site_name
    time_zone
    figure
    term
    day_rule
    scope
    files {
      id
      name
      kind
      first_record
      last_record
      vehicles
    }
    days {
      first_day
      last_day
      days_used
      days {
        day
        volume
        used
        reason
      }
    }
    left_out {
      total
      selected
      reasons {
        reason
        vehicles
        classes {
          class_index
          vehicles
        }
      }
    }
    filter {
      start_time
      end_time
      speed_min_mps
      speed_max_mps
      min_headway_s
      classes
      directions
      lanes {
        direction
        lanes
      }
      time_exclusions {
        days
        from
        to
      }
      exclusions {
        id
        name
      }
    }
    bad_data_periods {
      rule
      start_time
      end_time
      direction
      lane
    }
    speed_limits {
      effective_from
      limit_mps
    }
    aadt {
      method
      variant
      estimate
      value
      adt
      whole_days
      months
      months_missing_weekdays
      group {
        id
        name
        version
        monthly_factors
        day_of_week_factors
        monthly_factor
        day_of_week_factor
      }
    }
  }
}
    `) as unknown as TypedDocumentString<FigureExplanationQuery, FigureExplanationQueryVariables>;
export const FiltersetDocument = new TypedDocumentString(`
    query Filterset {
  filterset {
    id
    velocity_min
    velocity_max
    headway_min
  }
}
    `) as unknown as TypedDocumentString<FiltersetQuery, FiltersetQueryVariables>;
export const UpdateFiltersetDocument = new TypedDocumentString(`
    mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {
  update_filterset(
    id: $id
    headway_min: $headway
    velocity_max: $max
    velocity_min: $min
  ) {
    id
    velocity_min
    velocity_max
    headway_min
  }
}
    `) as unknown as TypedDocumentString<UpdateFiltersetMutation, UpdateFiltersetMutationVariables>;
export const SiteDetailLeftOutDocument = new TypedDocumentString(`
    query SiteDetailLeftOut($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter) {
    site_id
    leftOut {
      total
      selected
      speedRange
      speedRangeByClass {
        classIndex
        vehicles
      }
      classes
      unclassified
      directions
      separation
      lanes
      badDataPeriods
      exclusions
      timeExclusions
    }
  }
}
    `) as unknown as TypedDocumentString<SiteDetailLeftOutQuery, SiteDetailLeftOutQueryVariables>;
export const SiteAadtDocument = new TypedDocumentString(`
    query SiteAadt($siteId: ID!) {
  siteAadt(site_id: $siteId) {
    site_id
    method
    reason
    group_id
    group_name
    whole_days
    adt
    aadt
    monthly_factor
    day_of_week_factor
    months
    error_percent
    error_samples
  }
}
    `) as unknown as TypedDocumentString<SiteAadtQuery, SiteAadtQueryVariables>;
export const SiteDetailDocument = new TypedDocumentString(`
    query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    site_id
    site_name
    site_type
    latitude
    longitude
    time_zone
    class_scheme
    summary {
      vehicles
      wholeDays
      adt
      awdt
      awedt
      aadt
      aadtIsEstimate
      averageSpeedMps
      speed85thMps
      amPeak {
        hour
        vehicles
      }
      pmPeak {
        hour
        vehicles
      }
      totalCommercial
      percentCommercial
      aadtMonthsMissingWeekdays
      speed95thMps
      pace {
        metric {
          fromMps
          toMps
          vehicles
          sharePercent
        }
        imperial {
          fromMps
          toMps
          vehicles
          sharePercent
        }
      }
      designHour {
        volume
        kFactor
        dFactor
      }
      peakHourFactor {
        start
        peakHourVolume
        peakQuarterVolume
        factor
      }
    }
    bins
    classes {
      classIndex
      vehicles
      sharePercent
      averageSpeedMps
      speed85thMps
    }
    speedByClass {
      binWidthMps
      bins {
        fromMps
        counts {
          classIndex
          vehicles
        }
      }
    }
    headwayPercentiles {
      percentile
      value
    }
    gapPercentiles {
      percentile
      value
    }
    headwayGapMatrix {
      edgesS
      counts
    }
    speeding {
      vehicles
      stepsMps
      aboveLimit {
        vehicles
        sharePercent
      }
      aboveFirstStep {
        vehicles
        sharePercent
      }
      aboveSecondStep {
        vehicles
        sharePercent
      }
    }
    virtualDay {
      direction
      vehicles
    }
    virtualWeek {
      direction
      vehicles
    }
    availability {
      day
      direction
      lane
      vehicles
    }
  }
}
    `) as unknown as TypedDocumentString<SiteDetailQuery, SiteDetailQueryVariables>;
export const SiteTasksDocument = new TypedDocumentString(`
    query SiteTasks($siteId: ID!) {
  siteTasks(siteId: $siteId) {
    id
    function_name
    state
    message
    created_on
    updated_at
  }
}
    `) as unknown as TypedDocumentString<SiteTasksQuery, SiteTasksQueryVariables>;
export const SiteTimeRangeDocument = new TypedDocumentString(`
    query SiteTimeRange($siteId: ID!) {
  siteTimeRange(siteId: $siteId) {
    site_id
    time_zone
    available_start
    available_end
    data_kinds
  }
}
    `) as unknown as TypedDocumentString<SiteTimeRangeQuery, SiteTimeRangeQueryVariables>;
export const SiteSettingsDocument = new TypedDocumentString(`
    query SiteSettings($id: ID!) {
  site(id: $id) {
    id
    class_scheme
    pedestrians_included
  }
}
    `) as unknown as TypedDocumentString<SiteSettingsQuery, SiteSettingsQueryVariables>;
export const ChangeSiteSchemeDocument = new TypedDocumentString(`
    mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {
  changeSiteScheme(
    siteId: $siteId
    class_scheme: $scheme
    pedestrians_included: $pedestrians
  ) {
    id
  }
}
    `) as unknown as TypedDocumentString<ChangeSiteSchemeMutation, ChangeSiteSchemeMutationVariables>;
export const RecalculateSiteDataQualityDocument = new TypedDocumentString(`
    mutation RecalculateSiteDataQuality($siteId: ID!) {
  recalculateSiteDataQuality(siteId: $siteId) {
    id
  }
}
    `) as unknown as TypedDocumentString<RecalculateSiteDataQualityMutation, RecalculateSiteDataQualityMutationVariables>;
export const SpeedLimitsDocument = new TypedDocumentString(`
    query SpeedLimits($siteId: ID!) {
  speedLimits(siteId: $siteId) {
    effective_from
    limit_mps
  }
}
    `) as unknown as TypedDocumentString<SpeedLimitsQuery, SpeedLimitsQueryVariables>;
export const SetSpeedLimitsDocument = new TypedDocumentString(`
    mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {
  setSpeedLimits(siteId: $siteId, limits: $limits) {
    effective_from
    limit_mps
  }
}
    `) as unknown as TypedDocumentString<SetSpeedLimitsMutation, SetSpeedLimitsMutationVariables>;
export const SiteGroupsDocument = new TypedDocumentString(`
    query SiteGroups {
  siteGroups {
    id
    name
    site_count
  }
}
    `) as unknown as TypedDocumentString<SiteGroupsQuery, SiteGroupsQueryVariables>;
export const SiteGroupDocument = new TypedDocumentString(`
    query SiteGroup($id: ID!) {
  siteGroup(id: $id) {
    id
    name
    site_count
    sites {
      id
      name
    }
  }
}
    `) as unknown as TypedDocumentString<SiteGroupQuery, SiteGroupQueryVariables>;
export const CreateSiteGroupDocument = new TypedDocumentString(`
    mutation CreateSiteGroup($name: String!, $site_ids: [ID!]) {
  createSiteGroup(name: $name, site_ids: $site_ids) {
    id
  }
}
    `) as unknown as TypedDocumentString<CreateSiteGroupMutation, CreateSiteGroupMutationVariables>;
export const RenameSiteGroupDocument = new TypedDocumentString(`
    mutation RenameSiteGroup($id: ID!, $name: String!) {
  renameSiteGroup(id: $id, name: $name) {
    id
  }
}
    `) as unknown as TypedDocumentString<RenameSiteGroupMutation, RenameSiteGroupMutationVariables>;
export const DeleteSiteGroupDocument = new TypedDocumentString(`
    mutation DeleteSiteGroup($id: ID!) {
  deleteSiteGroup(id: $id)
}
    `) as unknown as TypedDocumentString<DeleteSiteGroupMutation, DeleteSiteGroupMutationVariables>;
export const AddSitesToGroupDocument = new TypedDocumentString(`
    mutation AddSitesToGroup($id: ID!, $site_ids: [ID!]!) {
  addSitesToGroup(id: $id, site_ids: $site_ids) {
    id
  }
}
    `) as unknown as TypedDocumentString<AddSitesToGroupMutation, AddSitesToGroupMutationVariables>;
export const RemoveSitesFromGroupDocument = new TypedDocumentString(`
    mutation RemoveSitesFromGroup($id: ID!, $site_ids: [ID!]!) {
  removeSitesFromGroup(id: $id, site_ids: $site_ids) {
    id
  }
}
    `) as unknown as TypedDocumentString<RemoveSitesFromGroupMutation, RemoveSitesFromGroupMutationVariables>;
export const MergeSitesDocument = new TypedDocumentString(`
    mutation MergeSites($target_id: ID!, $source_ids: [ID!]!, $alignment: [DirectionAlignmentInput!]) {
  mergeSites(
    target_id: $target_id
    source_ids: $source_ids
    alignment: $alignment
  ) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<MergeSitesMutation, MergeSitesMutationVariables>;
export const ImportSitesDocument = new TypedDocumentString(`
    mutation ImportSites($csv: String!) {
  importSites(csv: $csv) {
    imported
    message
    errors {
      row
      field
      code
      message
      params
    }
  }
}
    `) as unknown as TypedDocumentString<ImportSitesMutation, ImportSitesMutationVariables>;
export const DeletedSitesDocument = new TypedDocumentString(`
    query DeletedSites {
  deletedSites {
    id
    name
    site_type
    deleted_at
    files
    permanent_deletion_pending
  }
}
    `) as unknown as TypedDocumentString<DeletedSitesQuery, DeletedSitesQueryVariables>;
export const DeletedSiteIdsDocument = new TypedDocumentString(`
    query DeletedSiteIds {
  deletedSites {
    id
  }
}
    `) as unknown as TypedDocumentString<DeletedSiteIdsQuery, DeletedSiteIdsQueryVariables>;
export const DeleteSiteDocument = new TypedDocumentString(`
    mutation DeleteSite($id: ID!) {
  deleteSite(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<DeleteSiteMutation, DeleteSiteMutationVariables>;
export const RestoreSiteDocument = new TypedDocumentString(`
    mutation RestoreSite($id: ID!) {
  restoreSite(id: $id)
}
    `) as unknown as TypedDocumentString<RestoreSiteMutation, RestoreSiteMutationVariables>;
export const DeleteSitePermanentlyDocument = new TypedDocumentString(`
    mutation DeleteSitePermanently($id: ID!) {
  deleteSitePermanently(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<DeleteSitePermanentlyMutation, DeleteSitePermanentlyMutationVariables>;
export const UpdateSiteDocument = new TypedDocumentString(`
    mutation UpdateSite($id: ID!, $input: SiteInput!) {
  updateSite(id: $id, input: $input) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateSiteMutation, UpdateSiteMutationVariables>;
export const SiteLanesDocument = new TypedDocumentString(`
    query SiteLanes($siteId: ID!) {
  siteLanes(siteId: $siteId) {
    id
    direction
    position_id
    lane_type
    name
  }
}
    `) as unknown as TypedDocumentString<SiteLanesQuery, SiteLanesQueryVariables>;
export const SetSiteLanesDocument = new TypedDocumentString(`
    mutation SetSiteLanes($siteId: ID!, $lanes: [LaneInput!]!) {
  setSiteLanes(siteId: $siteId, lanes: $lanes) {
    id
  }
}
    `) as unknown as TypedDocumentString<SetSiteLanesMutation, SetSiteLanesMutationVariables>;
export const SiteNameClashesDocument = new TypedDocumentString(`
    query SiteNameClashes($siteId: ID!, $name: String!) {
  siteNameClashes(siteId: $siteId, name: $name)
}
    `) as unknown as TypedDocumentString<SiteNameClashesQuery, SiteNameClashesQueryVariables>;
export const StartStaffTaskDocument = new TypedDocumentString(`
    mutation StartStaffTask($kind: StaffTaskKind!, $siteId: ID, $organisationId: ID) {
  startStaffTask(kind: $kind, siteId: $siteId, organisationId: $organisationId) {
    id
    state
    message
  }
}
    `) as unknown as TypedDocumentString<StartStaffTaskMutation, StartStaffTaskMutationVariables>;
export const StaffAuditLogDocument = new TypedDocumentString(`
    query StaffAuditLog($limit: Int, $organisationId: ID) {
  staffAuditLog(limit: $limit, organisationId: $organisationId) {
    id
    username
    action
    organisation_id
    organisation_name
    detail
    created_on
  }
}
    `) as unknown as TypedDocumentString<StaffAuditLogQuery, StaffAuditLogQueryVariables>;
export const SurveysDocument = new TypedDocumentString(`
    query Surveys($tab: String, $search: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  surveys(
    tab: $tab
    search: $search
    sort: $sort
    direction: $direction
    page: $page
    page_size: $size
  ) {
    total
    surveys {
      id
      name
      state
      scheduled_start
      scheduled_end
      completed_on
      counter_model
      sensor_spacing_m
      assignee_user_id
      assignee_name
      contractor_name
      contractor_email
      notes
      window_days
      site_count
      sites_with_data
      sites_complete
      overdue
      deleted_on
      site_list {
        attribute
        name_format
        name_max_length
        overrides {
          site_id
          name
          attribute
        }
      }
      sites {
        site_id
        name
        deleted
        has_data
        files
        days
        complete
        quality_status
      }
    }
  }
}
    `) as unknown as TypedDocumentString<SurveysQuery, SurveysQueryVariables>;
export const SurveyAssigneesDocument = new TypedDocumentString(`
    query SurveyAssignees {
  surveyAssignees {
    id
    username
    first_name
    last_name
  }
}
    `) as unknown as TypedDocumentString<SurveyAssigneesQuery, SurveyAssigneesQueryVariables>;
export const SurveySiteFileLinkDocument = new TypedDocumentString(`
    query SurveySiteFileLink($id: ID!) {
  surveySiteFileLink(id: $id) {
    url
  }
}
    `) as unknown as TypedDocumentString<SurveySiteFileLinkQuery, SurveySiteFileLinkQueryVariables>;
export const CreateSurveyDocument = new TypedDocumentString(`
    mutation CreateSurvey($input: SurveyInput!) {
  createSurvey(input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreateSurveyMutation, CreateSurveyMutationVariables>;
export const UpdateSurveyDocument = new TypedDocumentString(`
    mutation UpdateSurvey($id: ID!, $input: SurveyInput!) {
  updateSurvey(id: $id, input: $input) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<UpdateSurveyMutation, UpdateSurveyMutationVariables>;
export const DeleteSurveyDocument = new TypedDocumentString(`
    mutation DeleteSurvey($id: ID!) {
  deleteSurvey(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<DeleteSurveyMutation, DeleteSurveyMutationVariables>;
export const RestoreSurveyDocument = new TypedDocumentString(`
    mutation RestoreSurvey($id: ID!) {
  restoreSurvey(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<RestoreSurveyMutation, RestoreSurveyMutationVariables>;
export const ReopenSurveyDocument = new TypedDocumentString(`
    mutation ReopenSurvey($id: ID!) {
  reopenSurvey(id: $id) {
    id
    state
  }
}
    `) as unknown as TypedDocumentString<ReopenSurveyMutation, ReopenSurveyMutationVariables>;
export const CreatePlannedSiteDocument = new TypedDocumentString(`
    mutation CreatePlannedSite($name: String!, $latitude: Float!, $longitude: Float!) {
  createPlannedSite(name: $name, latitude: $latitude, longitude: $longitude) {
    id
    name
  }
}
    `) as unknown as TypedDocumentString<CreatePlannedSiteMutation, CreatePlannedSiteMutationVariables>;
export const MapSitesDocument = new TypedDocumentString(`
    query MapSites($filter: MapFilter!) {
  mapSites(filter: $filter) {
    id
    name
    site_type
    realtime
    contexts
    time_span
    latitude
    longitude
    owner_organisation_id
    organisation_name
    class_scheme
    last_surveyed
    survey_years
    has_data
    days
    vehicles
    adt
    awdt
    awedt
    average_speed_mps
    speed85_mps
    speed95_mps
    pace_kmh_from_mps
    pace_mph_from_mps
    speed_limit_mps
    above_limit_percent
    heavy_percent
    heavy_vehicles
    class_shares {
      class_index
      percent
    }
    last_vehicle_at
    today_vehicles
  }
}
    `) as unknown as TypedDocumentString<MapSitesQuery, MapSitesQueryVariables>;
export const UpdateUserPreferenceDocument = new TypedDocumentString(`
    mutation UpdateUserPreference($userId: ID!, $preference: JSON!) {
  update_user_preference(userId: $userId, preference: $preference) {
    id
  }
}
    `) as unknown as TypedDocumentString<UpdateUserPreferenceMutation, UpdateUserPreferenceMutationVariables>;
export const SitesDocument = new TypedDocumentString(`
    query Sites($search: String, $filters: [String!], $selected: [ID!], $sort: String, $direction: String, $page: Int, $size: Int, $group: ID) {
  sites(
    search: $search
    filters: $filters
    selected: $selected
    sort: $sort
    direction: $direction
    page: $page
    page_size: $size
    group_id: $group
  ) {
    total
    sites {
      id
      name
      alternative_name
      description
      asset_management_id
      latitude
      longitude
      heading
      direction_one
      direction_two
      site_type
      realtime
      pedestrians_included
      class_scheme
      time_zone
      notes
      site_context
      time_span
      gps
      last_surveyed
      files
      lane_count
      owner_organisation_id
    }
  }
}
    `) as unknown as TypedDocumentString<SitesQuery, SitesQueryVariables>;
export const TaskTrackingUpdatedDocument = new TypedDocumentString(`
    subscription TaskTrackingUpdated {
  task_tracking_updated {
    ...TaskEventFields
  }
}
    fragment TaskEventFields on TaskTracking {
  id
  function_name
  state
  message
  updated_at
  file_id
}`) as unknown as TypedDocumentString<TaskTrackingUpdatedSubscription, TaskTrackingUpdatedSubscriptionVariables>;
export const RealtimeSiteUpdatedDocument = new TypedDocumentString(`
    subscription RealtimeSiteUpdated {
  realtime_site_updated {
    site_id
    updated_at
  }
}
    `) as unknown as TypedDocumentString<RealtimeSiteUpdatedSubscription, RealtimeSiteUpdatedSubscriptionVariables>;