import { SITE_DETAIL_PARTS, type SiteDetailPart } from '@roadcount/analytics';
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { RawJson } from '../../infra/graphql/rawJson.ts';
import type { AnalysisService, FilterPayload } from './analysis.service.ts';
import { createSiteDetailRequest, type SiteDetailRequest } from './siteDetailBudget.ts';
import {
  siteDetailAnswerResolvers,
  siteDetailAnswerTypeDefs,
  TimeBinsScalar,
} from './siteDetailAnswer.graphql.ts';

export const analysisTypeDefs = /* GraphQL */ `
  ${siteDetailAnswerTypeDefs}

  "SPEC section 3: the filter request payload. Speeds in m/s, headway in s, times ISO 8601."
  input FilterPayload {
    start_time: String
    end_time: String
    velocity_min: Float
    velocity_max: Float
    active_classes: [Int!]
    headway_min: Float
    active_directions: [Int!]
    active_lane_heading_1: [Int!]
    active_lane_heading_3: [Int!]
    active_lane_heading_5: [Int!]
    active_lane_heading_7: [Int!]
    "Ids of saved vehicle exclusion filters (of the site's organisation) whose vehicles are left out"
    vehicle_exclusions: [ID!]
    "Local days and times whose vehicles are left out"
    time_exclusions: [TimeExclusionInput!]
  }

  "SPEC section 3: a time exclusion. Days Monday 0 to Sunday 6; from and to HH:MM local time, to exclusive (00:00 or 24:00: the end of the day)."
  input TimeExclusionInput {
    days: [Int!]!
    from: String!
    to: String!
  }

  "Everything the site-detail page shows, from one scan of the site's vehicles."
  type SiteDetail {
    site_id: ID!
    site_name: String!
    site_type: String!
    latitude: Float
    longitude: Float
    time_zone: String!
    class_scheme: String!
    "The unit of every figure: speeds in m/s, headway and gap in s."
    units: SiteDetailUnits!
    summary: SiteSummary!
    "Time bins as columns: starts (local, ISO without offset) and per direction one vehicles, averageSpeedMps, speed85thMps and speedingPercent entry per start (speeds and percentages to 5 decimal places)."
    bins: TimeBins!
    classes: [ClassMetrics!]!
    speedByClass: SpeedByClass!
    "Speed percentiles of all vehicles, m/s."
    speedPercentiles: [Percentile!]
    headwayPercentiles: [Percentile!]
    gapPercentiles: [Percentile!]
    headwayGapMatrix: HeadwayGapCounts!
    speeding: SpeedingFigures
    virtualDay: [DirectionDayProfile!]!
    virtualWeek: [DirectionWeekProfile!]!
    availability: [AvailabilityDay!]!
    "The vehicles of the time range (total), those counted (selected), and how many each filter left out: speedRange (and speedRangeByClass: of those, the vehicles of each class), classes (of which unclassified), directions, separation, lanes, exclusions, timeExclusions. Each vehicle counts under the first filter it fails."
    leftOut: LeftOutCounts
  }

  "The time series of the site-detail page: volume, average and 85th percentile speed, speeding."
  type TimeSeriesSummary {
    site_id: ID!
    units: SiteDetailUnits!
    summary: SiteSummary!
    "As SiteDetail.bins: starts, and per direction one figure per start."
    bins: TimeBins!
  }

  "Headway and gap percentiles, and the headway–gap matrix (edges in s)."
  type HeadwayGapMatrix {
    site_id: ID!
    units: SiteDetailUnits!
    headwayGapMatrix: HeadwayGapCounts!
    speedPercentiles: [Percentile!]
    headwayPercentiles: [Percentile!]
    gapPercentiles: [Percentile!]
  }

  "Per-class count, share, average and 85th percentile speed, and speeds stacked by class."
  type ClassSpeedMetrics {
    site_id: ID!
    units: SiteDetailUnits!
    class_scheme: String!
    classes: [ClassMetrics!]!
    speedByClass: SpeedByClass!
  }

  "Vehicles above the limit in force, and above it by the two steps of the user's units."
  type SpeedingTable {
    site_id: ID!
    units: SiteDetailUnits!
    speeding: SpeedingFigures
  }

  "Pedestrian and bike volumes from interval counts, per bin, mode and direction."
  type TimeSeriesCountSummary {
    site_id: ID!
    units: CountUnits!
    "The modes counted, in the order pedestrian, bike, vehicle."
    modes: [CountMode!]!
    "Counts per bin by mode and direction; a count belongs to the bin its interval starts in."
    bins: [CountBin!]!
    totals: ModeFigure!
    "Local days strictly between the first and the last day with counts."
    wholeDays: Int!
    "Counted per whole day, by mode; null without whole days."
    dailyAverage: ModeFigure!
    virtualDay: ModeDayProfile!
    "Average per local weekday (Monday first) over the whole days of each, by mode; null for a weekday with none."
    virtualWeek: ModeWeekProfile!
    "Per mode: awdt, awedt, amPeak and pmPeak ({ hour, count }), directions (count per direction code) and the peak hour factor."
    figures: ModeCountFigures!
  }

  "SPEC section 3 time range: the site's zone and the span of its data (ISO 8601 UTC)."
  type SiteTimeRange {
    site_id: ID!
    time_zone: String!
    available_start: String
    available_end: String
    "What joined the site: vehicles (per-vehicle records) and/or intervals (counts per interval)."
    data_kinds: [String!]!
  }

  "A local day's volume: vehicles, or bicycles and people for a count site."
  type DayVolume {
    day: String!
    volume: Int!
  }

  "The site's volume on each local day of its whole history, and the days without data between its first and last."
  type SiteAvailability {
    site_id: ID!
    first_day: String
    last_day: String
    days: [DayVolume!]!
    missing_days: [String!]!
  }

  extend type Query {
    siteTimeRange(siteId: ID!): SiteTimeRange!
    siteAvailability(siteId: ID!): SiteAvailability!
    siteDetail(siteId: ID!, filter: FilterPayload, aggregation_minutes: Int): SiteDetail!
    timeSeriesSummary(
      siteId: ID!
      filter: FilterPayload
      aggregation_minutes: Int
    ): TimeSeriesSummary!
    getHeadwayGapMatrix(siteId: ID!, filter: FilterPayload): HeadwayGapMatrix!
    class_speed_individual_metrics(siteId: ID!, filter: FilterPayload): ClassSpeedMetrics!
    get_speeding_table_for_site(siteId: ID!, filter: FilterPayload): SpeedingTable!
    timeSeriesCountSummary(
      siteId: ID!
      filter: FilterPayload
      aggregation_minutes: Int
    ): TimeSeriesCountSummary!
  }
`;

/** The parts of the site-detail answer a query selects (through fragments too). */
export function selectedParts(info: GraphQLResolveInfo): SiteDetailPart[] {
  const names = new Set<string>();
  const visit = (selectionSet: SelectionSetNode | undefined) => {
    for (const selection of selectionSet?.selections ?? []) {
      if (selection.kind === Kind.FIELD) names.add(selection.name.value);
      else if (selection.kind === Kind.INLINE_FRAGMENT) visit(selection.selectionSet);
      else visit(info.fragments[selection.name.value]?.selectionSet);
    }
  };
  for (const node of info.fieldNodes) visit(node.selectionSet);
  return SITE_DETAIL_PARTS.filter((part) => names.has(part));
}

interface SiteQueryArgs {
  siteId: string;
  filter?: FilterPayload | null;
  aggregation_minutes?: number | null;
}

export function analysisResolvers(service: AnalysisService): IResolvers<unknown, GraphqlContext> {
  // One budget per request (its context), shared by its aliased site-detail fields.
  const requests = new WeakMap<GraphqlContext, SiteDetailRequest>();
  const requestOf = (context: GraphqlContext) => {
    let request = requests.get(context);
    if (!request) {
      request = createSiteDetailRequest();
      requests.set(context, request);
    }
    return request;
  };
  /**
   * The named parts of the site-detail answer are read off the same one-scan answer; its time
   * bins come as JSON text from the analysis thread and go out as they are.
   */
  const detail = (args: SiteQueryArgs, context: GraphqlContext, info: GraphQLResolveInfo) => {
    const viewer = requireViewer(context);
    return withHttpErrors(async () => {
      const answer = await service.siteDetailWithJsonBins(
        viewer,
        {
          siteId: args.siteId,
          payload: args.filter ?? {},
          aggregationMinutes: args.aggregation_minutes ?? 60,
          parts: selectedParts(info),
          request: requestOf(context),
        },
        context.signal,
      );
      return { ...answer, bins: new RawJson(answer.bins) };
    });
  };
  return {
    ...siteDetailAnswerResolvers,
    TimeBins: TimeBinsScalar as never,
    Query: {
      timeSeriesSummary: (_root, args: SiteQueryArgs, context, info) => detail(args, context, info),
      getHeadwayGapMatrix: (_root, args: SiteQueryArgs, context, info) =>
        detail(args, context, info),
      class_speed_individual_metrics: (_root, args: SiteQueryArgs, context, info) =>
        detail(args, context, info),
      get_speeding_table_for_site: (_root, args: SiteQueryArgs, context, info) =>
        detail(args, context, info),
      timeSeriesCountSummary: (_root, args: SiteQueryArgs, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() =>
          service.countSummary(
            viewer,
            args.siteId,
            args.filter ?? {},
            args.aggregation_minutes ?? 60,
          ),
        );
      },
      siteTimeRange: (_root, args: { siteId: string }, context) =>
        withHttpErrors(() => service.siteTimeRange(requireViewer(context), args.siteId)),
      siteAvailability: (_root, args: { siteId: string }, context) =>
        withHttpErrors(() => service.siteAvailability(requireViewer(context), args.siteId)),
      siteDetail: (_root, args: SiteQueryArgs, context, info) => detail(args, context, info),
    },
  };
}
