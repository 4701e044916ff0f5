import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { AnalysisService, FilterPayload } from './analysis.service.ts';

export const analysisTypeDefs = /* GraphQL */ `
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
    units: JSON!
    summary: JSON!
    bins: JSON!
    classes: JSON!
    speedByClass: JSON!
    headwayPercentiles: JSON
    gapPercentiles: JSON
    headwayGapMatrix: JSON!
    speeding: JSON
    virtualDay: JSON!
    virtualWeek: JSON!
    availability: JSON!
  }

  extend type Query {
    siteDetail(siteId: ID!, filter: FilterPayload, aggregation_minutes: Int): SiteDetail!
  }
`;

export function analysisResolvers(service: AnalysisService): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      siteDetail: async (
        _root,
        args: {
          siteId: string;
          filter?: FilterPayload | null;
          aggregation_minutes?: number | null;
        },
        context,
      ) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() =>
          service.siteDetail(
            viewer,
            args.siteId,
            args.filter ?? {},
            args.aggregation_minutes ?? 60,
          ),
        );
      },
    },
  };
}
