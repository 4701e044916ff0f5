import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FiltersetQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

/** SPEC section 3: the profile's stored filterset (speeds m/s, headway s). */
export type Filterset = FiltersetQuery['filterset'];

const FILTERSET = graphql(`
  query Filterset {
    filterset {
      id
      velocity_min
      velocity_max
      headway_min
    }
  }
`);

const UPDATE_FILTERSET = graphql(`
  mutation UpdateFilterset($id: ID!, $headway: Float, $max: Float, $min: Float) {
    update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {
      id
      velocity_min
      velocity_max
      headway_min
    }
  }
`);

export function useFilterset() {
  return useQuery({
    queryKey: ['filterset'],
    queryFn: async () => (await graphqlRequest(FILTERSET)).filterset,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** SPEC section 7: update a filterset by id, setting headway_min, velocity_max and velocity_min. */
export async function updateFilterset(filterset: Filterset): Promise<Filterset> {
  return (
    await graphqlRequest(UPDATE_FILTERSET, {
      id: filterset.id,
      headway: filterset.headway_min,
      max: filterset.velocity_max,
      min: filterset.velocity_min,
    })
  ).update_filterset;
}
