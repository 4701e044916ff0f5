import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleExclusionFilterInput } from '@roadcount/domain';
import { graphqlRequest } from '../../../lib/graphql.ts';

/** A saved vehicle exclusion filter (speeds m/s, headway s, ISO instants; null: any). */
export interface VehicleExclusionFilter {
  id: string;
  name: string;
  description: string | null;
  min_speed_mps: number | null;
  max_speed_mps: number | null;
  headway_greater_than_s: number | null;
  classes: number[] | null;
  start_time: string | null;
  end_time: string | null;
}

const FIELDS = `id name description min_speed_mps max_speed_mps headway_greater_than_s classes
  start_time end_time`;

export const exclusionFiltersKey = (siteId: string) => ['vehicleExclusionFilters', siteId];

/** The saved exclusion filters of the site's organisation. */
export function useVehicleExclusionFilters(siteId: string) {
  return useQuery({
    queryKey: exclusionFiltersKey(siteId),
    queryFn: async () =>
      (
        await graphqlRequest<{ vehicleExclusionFilters: VehicleExclusionFilter[] }>(
          `query($siteId: ID) { vehicleExclusionFilters(siteId: $siteId) { ${FIELDS} } }`,
          { siteId },
        )
      ).vehicleExclusionFilters,
  });
}

/** Creates a filter (no id) or replaces one; the figures that use it are fetched again. */
export function useSaveExclusionFilter(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, filter }: { id?: string; filter: VehicleExclusionFilterInput }) =>
      id
        ? (
            await graphqlRequest<{ updateVehicleExclusionFilter: VehicleExclusionFilter }>(
              `mutation($id: ID!, $filter: VehicleExclusionFilterInput!) {
                updateVehicleExclusionFilter(id: $id, filter: $filter) { ${FIELDS} }
              }`,
              { id, filter },
            )
          ).updateVehicleExclusionFilter
        : (
            await graphqlRequest<{ createVehicleExclusionFilter: VehicleExclusionFilter }>(
              `mutation($siteId: ID, $filter: VehicleExclusionFilterInput!) {
                createVehicleExclusionFilter(siteId: $siteId, filter: $filter) { ${FIELDS} }
              }`,
              { siteId, filter },
            )
          ).createVehicleExclusionFilter,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: exclusionFiltersKey(siteId) });
      await queryClient.invalidateQueries({ queryKey: ['siteDetail', siteId] });
    },
  });
}

export function useDeleteExclusionFilter(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      graphqlRequest(`mutation($id: ID!) { deleteVehicleExclusionFilter(id: $id) }`, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exclusionFiltersKey(siteId) }),
  });
}
