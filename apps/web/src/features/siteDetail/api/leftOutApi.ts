import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FilterPayload } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

/**
 * The vehicles of the time range, those the filters keep, and how many each filter left out
 * (each vehicle under the first filter it fails, so the reasons add up).
 */
export interface LeftOutCounts {
  total: number;
  selected: number;
  speedRange: number;
  /** Of `speedRange`, the vehicles of each class (class number to vehicles). */
  speedRangeByClass?: Record<string, number>;
  classes: number;
  unclassified: number;
  directions: number;
  separation: number;
  lanes: number;
  /** In an excluded bad-data period of the site (issue 25). */
  badDataPeriods: number;
  exclusions: number;
  timeExclusions: number;
}

const LEFT_OUT = graphql(`
  query SiteDetailLeftOut($siteId: ID!, $filter: FilterPayload) {
    siteDetail(siteId: $siteId, filter: $filter) {
      site_id
      leftOut
    }
  }
`);

export function useLeftOut(siteId: string, filter: FilterPayload) {
  return useQuery({
    queryKey: ['siteDetailLeftOut', siteId, filter],
    queryFn: async () =>
      (await graphqlRequest(LEFT_OUT, { siteId, filter })).siteDetail
        .leftOut as LeftOutCounts | null,
    retry: false,
  });
}
