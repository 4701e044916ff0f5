import { useQuery } from '@tanstack/react-query';
import type { DayRange } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { MapDesignFiguresQuery, MapFilter, MapSitesQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '../graphql.ts';

/** A site on the map with its figures over the chosen days (speeds in m/s). */
export type MapSite = MapSitesQuery['mapSites'][number] & {
  /** Its design figures, joined in while a design layer is shown. */
  design?: DesignFigures | undefined;
};

/** The map's days, always with a day range (the schema leaves it out for every day). */
export type MapDates = Narrowed<MapFilter, { day_range: DayRange }>;

/** A site's design figures over its whole record (the AADT, K, D and peak hour factor layers). */
export type DesignFigures = MapDesignFiguresQuery['mapDesignFigures'][number];

const MAP_SITES = graphql(`
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
`);

export function useMapSites(dates: MapDates) {
  return useQuery({
    queryKey: ['mapSites', dates],
    queryFn: async (): Promise<MapSite[]> =>
      (await graphqlRequest(MAP_SITES, { filter: dates })).mapSites,
    placeholderData: (previous) => previous,
  });
}
