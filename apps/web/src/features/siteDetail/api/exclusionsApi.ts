import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VehicleExclusionFilterInput } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { ExclusionFilterFieldsFragment } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

/** A saved vehicle exclusion filter (speeds m/s, headway s, ISO instants; null: any). */
export type VehicleExclusionFilter = ExclusionFilterFieldsFragment;

// The fields each operation below selects; codegen adds the fragment to each of their texts.
graphql(`
  fragment ExclusionFilterFields on VehicleExclusionFilter {
    id
    name
    description
    min_speed_mps
    max_speed_mps
    headway_greater_than_s
    classes
    start_time
    end_time
  }
`);

const VEHICLE_EXCLUSION_FILTERS = graphql(`
  query VehicleExclusionFilters($siteId: ID) {
    vehicleExclusionFilters(siteId: $siteId) {
      ...ExclusionFilterFields
    }
  }
`);

const UPDATE_EXCLUSION_FILTER = graphql(`
  mutation UpdateVehicleExclusionFilter($id: ID!, $filter: VehicleExclusionFilterInput!) {
    updateVehicleExclusionFilter(id: $id, filter: $filter) {
      ...ExclusionFilterFields
    }
  }
`);

const CREATE_EXCLUSION_FILTER = graphql(`
  mutation CreateVehicleExclusionFilter($siteId: ID, $filter: VehicleExclusionFilterInput!) {
    createVehicleExclusionFilter(siteId: $siteId, filter: $filter) {
      ...ExclusionFilterFields
    }
  }
`);

const DELETE_EXCLUSION_FILTER = graphql(`
  mutation DeleteVehicleExclusionFilter($id: ID!) {
    deleteVehicleExclusionFilter(id: $id)
  }
`);

export const exclusionFiltersKey = (siteId: string) => ['vehicleExclusionFilters', siteId];

/** The saved exclusion filters of the site's organisation. */
export function useVehicleExclusionFilters(siteId: string) {
  return useQuery({
    queryKey: exclusionFiltersKey(siteId),
    queryFn: async () =>
      (await graphqlRequest(VEHICLE_EXCLUSION_FILTERS, { siteId })).vehicleExclusionFilters,
  });
}

/** Creates a filter (no id) or replaces one; the figures that use it are fetched again. */
export function useSaveExclusionFilter(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, filter }: { id?: string; filter: VehicleExclusionFilterInput }) =>
      id
        ? (await graphqlRequest(UPDATE_EXCLUSION_FILTER, { id, filter }))
            .updateVehicleExclusionFilter
        : (await graphqlRequest(CREATE_EXCLUSION_FILTER, { siteId, filter }))
            .createVehicleExclusionFilter,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: exclusionFiltersKey(siteId) });
      await queryClient.invalidateQueries({ queryKey: ['siteDetail', siteId] });
    },
  });
}

export function useDeleteExclusionFilter(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlRequest(DELETE_EXCLUSION_FILTER, { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exclusionFiltersKey(siteId) }),
  });
}
