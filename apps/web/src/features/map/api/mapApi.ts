import { useQuery } from '@tanstack/react-query';
import type { DayRange } from '@roadcount/domain';
import { graphqlRequest } from '../../../lib/graphql.ts';
import { http } from '../../../lib/http.ts';

/** A site on the map with its figures over the chosen days (speeds in m/s). */
export interface MapSite {
  id: string;
  name: string;
  site_type: string;
  realtime: boolean;
  contexts: string[];
  time_span: string | null;
  latitude: number | null;
  longitude: number | null;
  owner_organisation_id: string;
  organisation_name: string;
  class_scheme: string;
  last_surveyed: string | null;
  survey_years: number[];
  has_data: boolean;
  days: number;
  vehicles: number;
  adt: number | null;
  average_speed_mps: number | null;
  speed85_mps: number | null;
  speed_limit_mps: number | null;
  above_limit_percent: number | null;
  heavy_percent: number | null;
  class_shares: Record<string, number>;
}

export interface MapDates {
  start_date: string;
  end_date: string;
  day_range: DayRange;
}

export interface MapConfig {
  styleUrl: string | null;
  tileUrl: string;
  tileAttribution: string;
  satelliteUrl: string;
  satelliteAttribution: string;
}

const MAP_SITES = `query MapSites($filter: MapFilter!) {
  mapSites(filter: $filter) {
    id name site_type realtime contexts time_span latitude longitude owner_organisation_id
    organisation_name class_scheme last_surveyed survey_years has_data days vehicles adt
    average_speed_mps speed85_mps speed_limit_mps above_limit_percent heavy_percent class_shares
  }
}`;

const SITE_VOLUMES = `query MapSiteVolumes($siteId: ID!, $filter: MapFilter!) {
  mapSiteVolumes(siteId: $siteId, filter: $filter) { day vehicles }
}`;

export function useMapSites(dates: MapDates) {
  return useQuery({
    queryKey: ['mapSites', dates],
    queryFn: async () =>
      (await graphqlRequest<{ mapSites: MapSite[] }>(MAP_SITES, { filter: dates })).mapSites,
    placeholderData: (previous) => previous,
  });
}

export function useSiteVolumes(siteId: string | undefined, dates: MapDates) {
  return useQuery({
    queryKey: ['mapSiteVolumes', siteId, dates],
    queryFn: async () =>
      (
        await graphqlRequest<{ mapSiteVolumes: { day: string; vehicles: number }[] }>(
          SITE_VOLUMES,
          { siteId, filter: dates },
        )
      ).mapSiteVolumes,
    enabled: siteId !== undefined,
  });
}

export function useMapConfig() {
  return useQuery({
    queryKey: ['mapConfig'],
    queryFn: () => http.get<MapConfig>('/api/map/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
