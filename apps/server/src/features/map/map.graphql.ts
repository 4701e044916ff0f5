import type { IResolvers } from 'mercurius';
import { DAY_RANGES } from '@roadcount/domain';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { HttpError } from '../../infra/errors.ts';
import type { MapFilter, MapService } from './map.service.ts';

export const mapTypeDefs = /* GraphQL */ `
  "A class's share of a site's classified vehicles, percent."
  type ClassShare {
    class_index: Int!
    percent: Float!
  }

  "The map's date range (local dates, both included) and dot day range."
  input MapFilter {
    start_date: String!
    end_date: String!
    "wholeWeek (default), weekdays or weekend."
    day_range: String
  }

  "A site on the map with its figures over the filter's days. Speeds in m/s, volumes in vehicles."
  type MapSite {
    id: ID!
    name: String!
    site_type: String!
    realtime: Boolean!
    contexts: [String!]!
    time_span: String
    latitude: Float
    longitude: Float
    owner_organisation_id: ID!
    organisation_name: String!
    class_scheme: String!
    last_surveyed: String
    survey_years: [Int!]!
    has_data: Boolean!
    days: Int!
    vehicles: Float!
    "ADT: vehicles in the whole days of the range over those days (a day is whole when its data covers it: interval counts from 00:00 to 24:00; vehicle records between their first and last day, which are partial), only the weekdays or weekend days for those day ranges; the site detail's figure for the same days."
    adt: Float
    "AWDT: the ADT of the range's weekdays (Monday to Friday), whatever the day range."
    awdt: Float
    "AWEDT: the ADT of the range's weekend days."
    awedt: Float
    average_speed_mps: Float
    speed85_mps: Float
    "95th percentile speed, m/s, from the same 1 km/h speed bins as the 85th."
    speed95_mps: Float
    "Where the pace (the 10 km/h band holding the most vehicles) starts, m/s, from the 1 km/h speed bins."
    pace_kmh_from_mps: Float
    "Where the 10 mph pace starts, m/s, from the 1 km/h speed bins (each bin at its lower bound)."
    pace_mph_from_mps: Float
    speed_limit_mps: Float
    above_limit_percent: Float
    heavy_percent: Float
    "Classified vehicles of the scheme's heavy (commercial) classes in the range."
    heavy_vehicles: Float!
    "Percent of classified vehicles per class index, by class index."
    class_shares: [ClassShare!]!
    "Realtime sites: when the latest vehicle passed."
    last_vehicle_at: String
    "Realtime sites: the vehicles of today so far (the site's local day), whatever the range."
    today_vehicles: Float
  }

  type DailyVolume {
    day: String!
    vehicles: Float!
  }

  "A site's free-flowing vehicles: those whose headway is above the organisation's threshold."
  type FreeFlowSpeed {
    "The headway threshold the figures were made with, in seconds (organisation settings)."
    headway_threshold_s: Float!
    vehicles: Float!
    "The 85th percentile speed of the free-flowing vehicles, m/s (from 1 km/h bins)."
    speed85_mps: Float
  }

  "A site's design figures over its whole record, as its site detail gives them with no filter (15-minute bins)."
  type MapDesignFigures {
    id: ID!
    "The site's AADT over its whole record, as its AADT card and every report give it: AASHTO (continuous counts), factored by its factor group, or its unadjusted ADT."
    aadt: Float
    "aashto, factored or unadjusted."
    aadt_method: String!
    "The method's variant, as siteAadt's variant."
    aadt_variant: String!
    "K factor: the 30th highest hour over the AADT (0–1); only with a year of data."
    k_factor: Float
    "D factor: the peak direction's share of the design hour (0–1)."
    d_factor: Float
    "Peak hour factor: the peak hour's volume over four times its busiest quarter hour."
    peak_hour_factor: Float
  }

  extend type Query {
    mapSites(filter: MapFilter!): [MapSite!]!
    "The design figures of the sites with data (the map's AADT, K, D and peak hour factor layers)."
    mapDesignFigures: [MapDesignFigures!]!
    mapSiteVolumes(siteId: ID!, filter: MapFilter!): [DailyVolume!]!
    "The site's free-flow speed over the filter's days, from its summary statistics."
    mapSiteFreeFlow(siteId: ID!, filter: MapFilter!): FreeFlowSpeed!
  }
`;

interface MapFilterInput {
  start_date: string;
  end_date: string;
  day_range?: string | null;
}

function toFilter(input: MapFilterInput): MapFilter {
  const dayRange = DAY_RANGES.find((range) => range === (input.day_range ?? 'wholeWeek'));
  if (!dayRange) throw new HttpError(400, `day_range must be one of ${DAY_RANGES.join(', ')}`);
  return {
    start_date: input.start_date,
    end_date: input.end_date,
    day_range: dayRange,
  };
}

export function mapResolvers(service: MapService): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      mapSites: (_root, args: { filter: MapFilterInput }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.sites(viewer, toFilter(args.filter)));
      },
      mapDesignFigures: async (_root, _args, context) => {
        const viewer = requireViewer(context);
        const figures = await withHttpErrors(() => service.designFigures(viewer));
        return figures.map((site) => ({
          id: site.id,
          aadt: site.aadt,
          aadt_method: site.aadtMethod,
          aadt_variant: site.aadtVariant,
          k_factor: site.kFactor,
          d_factor: site.dFactor,
          peak_hour_factor: site.peakHourFactor,
        }));
      },
      mapSiteVolumes: (_root, args: { siteId: string; filter: MapFilterInput }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() =>
          service.siteVolumes(viewer, args.siteId, toFilter(args.filter)),
        );
      },
      mapSiteFreeFlow: (_root, args: { siteId: string; filter: MapFilterInput }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() =>
          service.siteFreeFlow(viewer, args.siteId, toFilter(args.filter)),
        );
      },
    },
  };
}
