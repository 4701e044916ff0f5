import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import type { RequestBody } from '@/lib/openapi.ts';
import type { TokenPair } from '@/lib/session/tokenStorage.ts';
import { useSession } from '@/lib/session/useSession.ts';

/** Changing the email needs the current password. */
export type OwnProfileChanges = RequestBody<'/core/api/config/users/me/', 'patch'>;

export type PasswordChange = RequestBody<'/core/api/config/password/change/', 'post'>;

export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: OwnProfileChanges) =>
      http.patchJson<unknown>('/core/api/config/users/me/', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

/** Answers a new token pair: the server ends every other session of the user. */
export function useChangePassword() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (change: PasswordChange) =>
      http.postJson<TokenPair>('/core/api/config/password/change/', change),
    onSuccess: (pair) => signIn(pair),
  });
}
