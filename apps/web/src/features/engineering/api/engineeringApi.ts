import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FactorGroupBasis } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

export type { FactorGroupBasis };

const FACTOR_GROUPS = graphql(`
  query FactorGroups {
    factorGroups {
      id
      name
      basis
      min_days_per_weekday
      factor_sites
      monthly_factors
      day_of_week_factors
      continuous_sites {
        site_id
        name
        site_type
        qualifying_months
        aadt
      }
      short_count_sites {
        site_id
        name
        site_type
      }
    }
    siteGroups {
      id
      name
      site_count
    }
  }
`);

/** The organisation's factor groups, and every site group (any can become a factor group). */
export function useFactorGroups() {
  return useQuery({
    queryKey: ['factorGroups'],
    queryFn: () => graphqlRequest(FACTOR_GROUPS),
  });
}

const PATTERNS = graphql(`
  query ContinuousSitePatterns($clusters: Int!) {
    continuousSitePatterns(clusters: $clusters) {
      site_id
      name
      qualifying_months
      aadt
      monthly_factors
      cluster
    }
  }
`);

/** The continuous sites clustered by monthly pattern. */
export function useContinuousPatterns(clusters: number) {
  return useQuery({
    queryKey: ['continuousSitePatterns', clusters],
    queryFn: async () => (await graphqlRequest(PATTERNS, { clusters })).continuousSitePatterns,
  });
}

const SET_BASIS = graphql(`
  mutation SetFactorGroupBasis($groupId: ID!, $basis: FactorGroupBasis) {
    setFactorGroupBasis(group_id: $groupId, basis: $basis)
  }
`);

/** Makes a site group a factor group (or, basis null, not one). */
export function useSetFactorGroupBasis() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (variables: { groupId: string; basis: FactorGroupBasis | null }) =>
      graphqlRequest(SET_BASIS, variables),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['factorGroups'] });
      await client.invalidateQueries({ queryKey: ['siteAadt'] });
    },
  });
}
