import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FiltersetQuery } from '@/generated/graphql.ts';
import { demoPreferences, isDemoAccount, keepDemoPreferences } from '@/lib/demoChanges.ts';
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

/** Where this browser keeps the demo account's filterset, among its kept preferences. */
const DEMO_FILTERSET = 'filterset';

export function useFilterset() {
  return useQuery({
    queryKey: ['filterset'],
    queryFn: async () => {
      const { filterset } = await graphqlRequest(FILTERSET);
      // Its id is the user's: the shared demo account's is kept in this browser.
      const kept = demoPreferences(filterset.id)[DEMO_FILTERSET] as Filterset | undefined;
      return kept ? { ...filterset, ...kept, id: filterset.id } : filterset;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * SPEC section 7: update a filterset by id, setting headway_min, velocity_max and velocity_min;
 * the shared demo account's is kept in this browser.
 */
export async function updateFilterset(filterset: Filterset): Promise<Filterset> {
  if (isDemoAccount(filterset.id)) {
    keepDemoPreferences(filterset.id, { [DEMO_FILTERSET]: filterset });
    return filterset;
  }
  return (
    await graphqlRequest(UPDATE_FILTERSET, {
      id: filterset.id,
      headway: filterset.headway_min,
      max: filterset.velocity_max,
      min: filterset.velocity_min,
    })
  ).update_filterset;
}
