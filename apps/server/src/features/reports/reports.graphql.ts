import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { ReportsService } from './reports.service.ts';

export const reportsTypeDefs = /* GraphQL */ `
  "SPEC section 9: the report types and report functions of the Insights screen."
  enum ReportType {
    standard_spreadsheet
    universal_csv
    state_funding
    site_summary_pdf
    gis_geojson
    gis_shapefile
    gis_geopackage
    overspeed
    raw_files
    individual_vehicles
    vehicle_flow
    event_count
    event_list
    sign_file
  }

  enum ReportUnits {
    metric
    imperial
  }

  "A report request: sites (or a site group, or a survey's sites), the period, the site-detail filters, units and time aggregation."
  input ReportRequestInput {
    type: ReportType!
    site_ids: [ID!]
    site_group_id: ID
    "A survey of the organisation: the report covers its sites. Alone, without site_ids or site_group_id."
    survey_id: ID
    "ISO 8601 instants; the period is required."
    start: String!
    end: String!
    "The site-detail filters; start_time and end_time are ignored (the period is start and end)."
    filter: FilterPayload
    units: ReportUnits!
    "5, 10, 15, 20, 30, 60 (hourly), 1440 (daily) or 10080 (weekly)."
    aggregation_minutes: Int!
  }

  "A report's site-detail filters as stored (speeds m/s, headway s); null where none was set."
  type ReportFilter {
    velocity_min: Float
    velocity_max: Float
    active_classes: [Int!]
    headway_min: Float
    active_directions: [Int!]
    active_lane_heading_1: [Int!]
    active_lane_heading_3: [Int!]
    active_lane_heading_5: [Int!]
    active_lane_heading_7: [Int!]
    vehicle_exclusions: [ID!]
    time_exclusions: [ReportTimeExclusion!]
  }

  "Days Monday 0 to Sunday 6; from and to HH:MM local time, to exclusive."
  type ReportTimeExclusion {
    days: [Int!]!
    from: String!
    to: String!
  }

  "A report request as validated and stored, its sites resolved (a group's or a survey's)."
  type ReportParameters {
    type: ReportType!
    siteIds: [ID!]!
    siteGroupId: ID
    surveyId: ID
    "ISO 8601 instants."
    start: String!
    end: String!
    filter: ReportFilter!
    units: ReportUnits!
    aggregationMinutes: Int!
  }

  "A requested report or export, on the Downloads screen until it expires."
  type Report {
    id: ID!
    report_type: String!
    "The state of the task that makes it: QD queued, PR in progress, CM completed, ER error."
    state: String!
    message: String!
    "Percent done, 0 to 100."
    progress: Int!
    task_id: ID
    file_name: String
    size_bytes: Float
    site_count: Int!
    "The request as validated, the sites resolved."
    parameters: ReportParameters!
    created_on: String!
    completed_on: String
    expires_on: String
    expired: Boolean!
    downloadable: Boolean!
  }

  type ReportDownload {
    "A link that downloads the report for a few minutes, to open in a new window."
    url: String!
  }

  "A site in a year-in-review table, with its figure (and the year before's, for the ADT change)."
  type YearInReviewRow {
    site_id: ID!
    site_name: String!
    value: Float!
    previous: Float
  }

  "Top-N tables of the organisation's sites for a year; speeds in m/s, shares and changes in %."
  type YearInReviewTables {
    "By ADT (vehicles per day)."
    busiest: [YearInReviewRow!]!
    "By 85th percentile speed (m/s)."
    fastest: [YearInReviewRow!]!
    "By share of vehicles above the speed limit (%)."
    speeding: [YearInReviewRow!]!
    "By change in ADT against the year before (%), largest either way; previous is that year's ADT."
    adt_change: [YearInReviewRow!]!
    "By days with data."
    availability: [YearInReviewRow!]!
  }

  type YearInReview {
    year: Int!
    top: Int!
    site_count: Int!
    "Sites beyond the most a year in review reads (200), left out."
    sites_left_out: Int!
    days_in_year: Int!
    tables: YearInReviewTables!
  }

  extend type Query {
    "The signed-in user's reports, newest first."
    reports: [Report!]!
    "Year in review: top-N tables (top: 1 to 50, default 10) of the organisation's sites for a year."
    yearInReview(year: Int!, top: Int): YearInReview!
    "A report: your own, or, for the organisation's admins, any of its users'."
    report(id: ID!): Report!
    "A link to a report's file, valid a few minutes: your own report's, or an admin's of the organisation."
    reportDownload(id: ID!): ReportDownload!
  }

  extend type Mutation {
    "Queues a report (a generate_site_reports task); it is ready when its state is CM."
    requestReport(input: ReportRequestInput!): Report!
    "Deletes a report and its file: your own, or, for the organisation's admins, any of its users'."
    deleteReport(id: ID!): Boolean!
  }
`;

interface ReportRequestArgs {
  input: {
    type: string;
    site_ids?: string[] | null;
    site_group_id?: string | null;
    survey_id?: string | null;
    start: string;
    end: string;
    filter?: Record<string, unknown> | null;
    units: string;
    aggregation_minutes: number;
  };
}

export function reportsResolvers(service: ReportsService): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      reports: (_root, _args, context) =>
        withHttpErrors(() => service.list(requireViewer(context))),
      report: (_root, args: { id: string }, context) =>
        withHttpErrors(() => service.find(requireViewer(context), args.id)),
      yearInReview: (_root, args: { year: number; top?: number | null }, context) =>
        withHttpErrors(() =>
          service.yearInReview(requireViewer(context), { year: args.year, top: args.top ?? 10 }),
        ),
      reportDownload: (_root, args: { id: string }, context) =>
        withHttpErrors(() => service.downloadLink(requireViewer(context), args.id)),
    },
    Mutation: {
      requestReport: (_root, { input }: ReportRequestArgs, context) =>
        withHttpErrors(() => {
          // The period is the request's start and end, not the filter's.
          const filter = Object.entries(input.filter ?? {}).filter(
            ([name, value]) =>
              name !== 'start_time' && name !== 'end_time' && value !== null && value !== undefined,
          );
          return service.request(requireViewer(context), {
            type: input.type,
            siteIds: input.site_ids ?? [],
            siteGroupId: input.site_group_id ?? null,
            surveyId: input.survey_id ?? null,
            start: input.start,
            end: input.end,
            filter: Object.fromEntries(filter),
            units: input.units,
            aggregationMinutes: input.aggregation_minutes,
          });
        }),
      deleteReport: (_root, args: { id: string }, context) =>
        withHttpErrors(() => service.delete(requireViewer(context), args.id)),
    },
  };
}
