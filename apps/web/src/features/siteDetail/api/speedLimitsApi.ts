import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';

export interface SpeedLimit {
  effective_from: string;
  limit_mps: number;
}

export function useSpeedLimits(siteId: string) {
  return useQuery({
    queryKey: ['speedLimits', siteId],
    queryFn: async () =>
      (
        await graphqlRequest<{ speedLimits: SpeedLimit[] }>(
          `query($siteId: ID!) { speedLimits(siteId: $siteId) { effective_from limit_mps } }`,
          { siteId },
        )
      ).speedLimits,
  });
}

export function useSetSpeedLimits(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (limits: SpeedLimit[]) =>
      graphqlRequest(
        `mutation($siteId: ID!, $limits: [SpeedLimitInput!]!) {
          setSpeedLimits(siteId: $siteId, limits: $limits) { effective_from limit_mps }
        }`,
        { siteId, limits },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['speedLimits', siteId] });
      await queryClient.invalidateQueries({ queryKey: ['siteDetail', siteId] });
      await queryClient.invalidateQueries({ queryKey: ['mapSites'] });
    },
  });
}
