import { skipToken, useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import type { MapDates } from '@/lib/map/mapSites.ts';

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
