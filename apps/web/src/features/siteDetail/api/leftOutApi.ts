import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FilterPayload, SiteDetailLeftOutQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

/**
 * The vehicles of the time range, those the filters keep, and how many each filter left out
 * (each vehicle under the first filter it fails, so the reasons add up).
 */
export type LeftOutCounts = NonNullable<SiteDetailLeftOutQuery['siteDetail']['leftOut']>;

const LEFT_OUT = graphql(`
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
`);

export function useLeftOut(siteId: string, filter: FilterPayload) {
  return useQuery({
    queryKey: ['siteDetailLeftOut', siteId, filter],
    queryFn: async () => (await graphqlRequest(LEFT_OUT, { siteId, filter })).siteDetail.leftOut,
    retry: false,
  });
}
