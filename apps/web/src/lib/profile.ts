import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Locale } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import { demoPreferences, keepDemoPreferences, markDemoAccount } from './demoChanges.ts';
import { graphqlRequest } from './graphql.ts';
import { http } from './http.ts';
import type { ResponseBody } from './openapi.ts';
import { useSession } from './session/useSession.ts';

export interface UserPreferences {
  locale?: Locale;
  tourShown?: boolean;
  [key: string]: unknown;
}

type ProfileAnswer = ResponseBody<'/core/api/config/users/{id}', 'get'>;

/**
 * GET /core/api/config/users/{id}: the profile a client loads after sign-in (SPEC section 3), as
 * the OpenAPI document has it; the user's free-form preferences read with the keys the web sets.
 */
export type Profile = Omit<ProfileAnswer, 'profile'> & {
  profile: Omit<ProfileAnswer['profile'], 'preferences'> & { preferences: UserPreferences };
};

const UPDATE_USER_PREFERENCE = graphql(`
  mutation UpdateUserPreference($userId: ID!, $preference: JSON!) {
    update_user_preference(userId: $userId, preference: $preference) {
      id
    }
  }
`);

export const profileKeys = {
  detail: (userId: string) => ['profile', userId] as const,
};

/** The profile, with the preferences this browser keeps for the shared demo account over it. */
function withDemoChanges(profile: Profile): Profile {
  if (!profile.is_demo) return profile;
  markDemoAccount(profile.id);
  const preferences = { ...profile.profile.preferences, ...demoPreferences(profile.id) };
  return { ...profile, profile: { ...profile.profile, preferences } };
}

/** The signed-in user's profile. */
export function useProfile() {
  const { claims } = useSession();
  const userId = claims?.user_id;
  return useQuery({
    queryKey: profileKeys.detail(userId ?? ''),
    queryFn: async () =>
      withDemoChanges(
        await http.get('/core/api/config/users/{id}', { path: { id: userId ?? '' } }),
      ),
    enabled: Boolean(userId),
  });
}

/**
 * Merges keys into the signed-in user's stored preferences (map profiles, quick filters); the
 * demo account's, into those this browser keeps for it.
 */
export function useUpdateUserPreference() {
  const profile = useProfile();
  const queryClient = useQueryClient();
  const userId = profile.data?.id;
  return useMutation({
    mutationFn: (preference: UserPreferences) => {
      // Screens offer a change once the profile, whose preferences it merges into, is loaded.
      if (userId === undefined) throw new Error('The profile is not loaded yet.');
      if (profile.data?.is_demo) {
        keepDemoPreferences(userId, preference);
        return Promise.resolve(null);
      }
      return graphqlRequest(UPDATE_USER_PREFERENCE, { userId, preference });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
