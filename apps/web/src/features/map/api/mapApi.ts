import { skipToken, useQuery } from '@tanstack/react-query';
import type { DayRange } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { MapDesignFiguresQuery, MapFilter, MapSitesQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';
import { http } from '@/lib/http.ts';
import type { ResponseBody } from '@/lib/openapi.ts';

/** A site on the map with its figures over the chosen days (speeds in m/s). */
export type MapSite = Narrowed<
  MapSitesQuery['mapSites'][number],
  { class_shares: Record<string, number> }
> & {
  /** Its design figures, joined in while a design layer is shown. */
  design?: DesignFigures | undefined;
};

/** The map's days, always with a day range (the schema leaves it out for every day). */
export type MapDates = Narrowed<MapFilter, { day_range: DayRange }>;

/** GET /api/map/config: the base map's style and tiles, as the server is configured. */
export type MapConfig = ResponseBody<'/api/map/config', 'get'>;

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
      class_shares
      last_vehicle_at
      today_vehicles
    }
  }
`);

const MAP_DESIGN_FIGURES = graphql(`
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
`);

/** A site's design figures over its whole record (the AADT, K, D and peak hour factor layers). */
export type DesignFigures = MapDesignFiguresQuery['mapDesignFigures'][number];

/** The sites' design figures by site id, asked only while a design layer is shown. */
export function useMapDesignFigures(enabled: boolean) {
  return useQuery({
    queryKey: ['mapDesignFigures'],
    queryFn: async () =>
      new Map(
        (await graphqlRequest(MAP_DESIGN_FIGURES, {})).mapDesignFigures.map((site) => [
          site.id,
          site,
        ]),
      ),
    enabled,
    staleTime: 60_000,
  });
}

const SITE_VOLUMES = graphql(`
  query MapSiteVolumes($siteId: ID!, $filter: MapFilter!) {
    mapSiteVolumes(siteId: $siteId, filter: $filter) {
      day
      vehicles
    }
  }
`);

export function useMapSites(dates: MapDates) {
  return useQuery({
    queryKey: ['mapSites', dates],
    queryFn: async () => (await graphqlRequest(MAP_SITES, { filter: dates })).mapSites as MapSite[],
    placeholderData: (previous) => previous,
  });
}

export function useSiteVolumes(siteId: string | undefined, dates: MapDates) {
  return useQuery({
    queryKey: ['mapSiteVolumes', siteId, dates],
    queryFn:
      siteId === undefined
        ? skipToken
        : async () =>
            (await graphqlRequest(SITE_VOLUMES, { siteId, filter: dates })).mapSiteVolumes,
  });
}

const SITE_FREE_FLOW = graphql(`
  query MapSiteFreeFlow($siteId: ID!, $filter: MapFilter!) {
    mapSiteFreeFlow(siteId: $siteId, filter: $filter) {
      headway_threshold_s
      vehicles
      speed85_mps
    }
  }
`);

/** A site's free-flow speed: vehicles whose headway is above the organisation's threshold. */
export function useSiteFreeFlow(siteId: string | undefined, dates: MapDates) {
  return useQuery({
    queryKey: ['mapSiteFreeFlow', siteId, dates],
    queryFn:
      siteId === undefined
        ? skipToken
        : async () =>
            (await graphqlRequest(SITE_FREE_FLOW, { siteId, filter: dates })).mapSiteFreeFlow,
  });
}

export function useMapConfig() {
  return useQuery({
    queryKey: ['mapConfig'],
    queryFn: () => http.get<MapConfig>('/api/map/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
