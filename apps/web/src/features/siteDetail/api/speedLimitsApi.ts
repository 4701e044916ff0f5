import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { SpeedLimitsQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

export type SpeedLimit = SpeedLimitsQuery['speedLimits'][number];

const SPEED_LIMITS = graphql(`
  query SpeedLimits($siteId: ID!) {
    speedLimits(siteId: $siteId) {
      effective_from
      limit_mps
    }
  }
`);

const SET_SPEED_LIMITS = graphql(`
  mutation SetSpeedLimits($siteId: ID!, $limits: [SpeedLimitInput!]!) {
    setSpeedLimits(siteId: $siteId, limits: $limits) {
      effective_from
      limit_mps
    }
  }
`);

export function useSpeedLimits(siteId: string) {
  return useQuery({
    queryKey: ['speedLimits', siteId],
    queryFn: async () => (await graphqlRequest(SPEED_LIMITS, { siteId })).speedLimits,
  });
}

export function useSetSpeedLimits(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: SpeedLimit[]) => graphqlRequest(SET_SPEED_LIMITS, { siteId, limits }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['speedLimits', siteId] });
      await queryClient.invalidateQueries({ queryKey: ['siteDetail', siteId] });
      await queryClient.invalidateQueries({ queryKey: ['mapSites'] });
    },
  });
}
