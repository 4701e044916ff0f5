import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';

/** SPEC section 3: the profile's stored filterset (speeds m/s, headway s). */
export interface Filterset {
  id: string;
  velocity_min: number;
  velocity_max: number;
  headway_min: number;
}

export function useFilterset() {
  return useQuery({
    queryKey: ['filterset'],
    queryFn: async () =>
      (
        await graphqlRequest<{ filterset: Filterset }>(
          '{ filterset { id velocity_min velocity_max headway_min } }',
        )
      ).filterset,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** SPEC section 7: update a filterset by id, setting headway_min, velocity_max and velocity_min. */
export async function updateFilterset(filterset: Filterset): Promise<Filterset> {
  return (
    await graphqlRequest<{ update_filterset: Filterset }>(
      `mutation($id: ID!, $headway: Float, $max: Float, $min: Float) {
        update_filterset(id: $id, headway_min: $headway, velocity_max: $max, velocity_min: $min) {
          id velocity_min velocity_max headway_min
        }
      }`,
      {
        id: filterset.id,
        headway: filterset.headway_min,
        max: filterset.velocity_max,
        min: filterset.velocity_min,
      },
    )
  ).update_filterset;
}
