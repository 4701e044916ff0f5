import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BadDataDecision, BadDataRule, BadDataState } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { BadDataPeriodsQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';

/** A flagged bad-data period; the schema's String rule and state are the domain's. */
export type BadDataPeriod = Narrowed<
  BadDataPeriodsQuery['badDataPeriods'][number],
  { rule: BadDataRule; state: BadDataState }
>;

const BAD_DATA_PERIODS = graphql(`
  query BadDataPeriods($siteId: ID!) {
    badDataPeriods(siteId: $siteId) {
      id
      rule
      direction
      lane
      start_time
      end_time
      value
      state
      reviewed_by
      reviewed_at
    }
  }
`);

const REVIEW_BAD_DATA_PERIOD = graphql(`
  mutation ReviewBadDataPeriod($id: ID!, $decision: String!) {
    reviewBadDataPeriod(id: $id, decision: $decision) {
      id
      state
    }
  }
`);

const DETECT_BAD_DATA_PERIODS = graphql(`
  mutation DetectBadDataPeriods($siteId: ID!) {
    detectBadDataPeriods(siteId: $siteId) {
      id
    }
  }
`);

/** The site's flagged bad-data periods, reviewed or not, in time order. */
export function useBadDataPeriods(siteId: string) {
  return useQuery({
    queryKey: ['badDataPeriods', siteId],
    queryFn: async () =>
      (await graphqlRequest(BAD_DATA_PERIODS, { siteId })).badDataPeriods as BadDataPeriod[],
  });
}

/**
 * Records a decision on a period; every figure of the site is read again, since an excluded
 * period leaves them all.
 */
export function useReviewBadDataPeriod(siteId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; decision: BadDataDecision }) =>
      graphqlRequest(REVIEW_BAD_DATA_PERIOD, input),
    onSuccess: () =>
      client.invalidateQueries({ predicate: (query) => query.queryKey.includes(siteId) }),
  });
}

/**
 * Applies the rules to the site's stored data again (a site whose data came before them): queues
 * its rollup rebuild, whose end refreshes the list.
 */
export function useDetectBadDataPeriods(siteId: string) {
  return useMutation({
    mutationFn: () => graphqlRequest(DETECT_BAD_DATA_PERIODS, { siteId }),
  });
}
