import { EXPLAINED_FIGURES, type ExplainedFigure } from '@roadcount/domain';
import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { ExplainPayload, FigureExplanationService } from './figureExplanation.service.ts';

export const figureExplanationTypeDefs = /* GraphQL */ `
  "A figure of the site detail page (a card or a chart) that can say how it was made."
  enum ExplainedFigure {
    ${EXPLAINED_FIGURES.join('\n    ')}
  }

  "A file whose data is behind a figure. Times ISO 8601 UTC."
  type ExplainedFile {
    id: ID!
    name: String!
    "vehicles (one record per vehicle) or intervals (counts per interval)."
    kind: String!
    first_record: String
    last_record: String
    "Vehicles the file saved."
    vehicles: Float
  }

  "A local day with data (or between two with data) and whether the figure counted it."
  type ExplainedDay {
    day: String!
    "Vehicles (or counts) of the day that the filters kept."
    volume: Float!
    used: Boolean!
    "partial (the first or last day of the data), notWeekday (AWDT), notWeekend (AWEDT), noVehicles (AASHTO: a whole day without a vehicle is missing data)."
    reason: String
  }

  type ExplainedDays {
    first_day: String
    last_day: String
    "The days the figure averages over."
    days_used: Int!
    days: [ExplainedDay!]!
  }

  type ExplainedClassVehicles {
    class_index: Int!
    vehicles: Float!
  }

  "Vehicles left out for one reason: speedRange, classes, directions, separation, lanes, badDataPeriods, exclusions, timeExclusions, noSpeedLimit."
  type ExplainedLeftOutReason {
    reason: String!
    vehicles: Float!
    "Of those, the vehicles of each class (speed range: which classes fell outside it)."
    classes: [ExplainedClassVehicles!]!
  }

  "The vehicles of the time range, those the figure counts, and why the others were left out."
  type ExplainedLeftOut {
    total: Float!
    selected: Float!
    reasons: [ExplainedLeftOutReason!]!
  }

  type ExplainedLanes {
    direction: Int!
    lanes: [Int!]!
  }

  type ExplainedTimeExclusion {
    days: [Int!]!
    from: String!
    to: String!
  }

  type ExplainedExclusion {
    id: ID!
    name: String!
  }

  "The filter the figure was made under (speeds m/s, headway s); null lists mean all."
  type ExplainedFilter {
    start_time: String
    end_time: String
    speed_min_mps: Float!
    speed_max_mps: Float!
    min_headway_s: Float!
    classes: [Int!]
    directions: [Int!]
    lanes: [ExplainedLanes!]!
    time_exclusions: [ExplainedTimeExclusion!]!
    exclusions: [ExplainedExclusion!]!
  }

  "An excluded bad-data period of the site: its vehicles count in no figure."
  type ExplainedBadDataPeriod {
    rule: String!
    start_time: String!
    end_time: String!
    direction: Int
    lane: Int
  }

  type ExplainedSpeedLimit {
    effective_from: String!
    limit_mps: Float!
  }

  "The factor group an AADT was made with, its factors and their version."
  type ExplainedFactorGroup {
    id: ID!
    name: String!
    "Identifies the factors: AADTs made with other factors carry another version."
    version: String!
    monthly_factors: [Float]
    day_of_week_factors: [Float]
    monthly_factor: Float
    day_of_week_factor: Float
  }

  "How the site's AADT was found (the one siteAadt decision)."
  type ExplainedAadt {
    method: String!
    variant: String!
    estimate: Boolean!
    value: Float
    adt: Float
    whole_days: Int!
    months: [Int!]!
    months_missing_weekdays: [Int!]!
    group: ExplainedFactorGroup
  }

  "Issue 36: how a figure of a site was made."
  type FigureExplanation {
    site_id: ID!
    site_name: String!
    time_zone: String!
    figure: ExplainedFigure!
    "The Definitions term whose formula the figure follows."
    term: String!
    "wholeDays, weekdays, weekendDays, everyVehicle or wholeRecord."
    day_rule: String!
    "filters (follows the page's filters) or wholeRecord (AADT: the site's whole record)."
    scope: String!
    files: [ExplainedFile!]!
    days: ExplainedDays!
    "Null for a whole-record figure or a count site."
    left_out: ExplainedLeftOut
    filter: ExplainedFilter!
    bad_data_periods: [ExplainedBadDataPeriod!]!
    speed_limits: [ExplainedSpeedLimit!]!
    "For AADT: its method, variant and factor group."
    aadt: ExplainedAadt
  }

  extend type Query {
    "How a figure of a site was made under the page's filter: formula, files, days, what was left out and why."
    figureExplanation(
      siteId: ID!
      figure: ExplainedFigure!
      filter: FilterPayload
    ): FigureExplanation!
  }
`;

export function figureExplanationResolvers(
  service: FigureExplanationService,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      figureExplanation: (
        _root,
        args: { siteId: string; figure: ExplainedFigure; filter?: ExplainPayload | null },
        context,
      ) =>
        withHttpErrors(() =>
          service.figureExplanation(
            requireViewer(context),
            args.siteId,
            args.figure,
            args.filter ?? {},
          ),
        ),
    },
  };
}
