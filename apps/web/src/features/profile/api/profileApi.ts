import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isDemoAccount } from '@/lib/demoChanges.ts';
import { http } from '@/lib/http.ts';
import type { RequestBody } from '@/lib/openapi.ts';
import { useSession } from '@/lib/session/useSession.ts';

/** Changing the email needs the current password. */
export type OwnProfileChanges = RequestBody<'/core/api/config/users/me/', 'patch'>;

export type PasswordChange = RequestBody<'/core/api/config/password/change/', 'post'>;

export function useUpdateOwnProfile() {
  const queryClient = useQueryClient();
  const { claims } = useSession();
  return useMutation({
    mutationFn: (changes: OwnProfileChanges) =>
      // The demo account's language stays in this browser (i18n keeps it); the server keeps the
      // shared account as it is, and refuses its email and password with a reason.
      isDemoAccount(claims?.user_id) &&
      changes.email === undefined &&
      changes.password === undefined
        ? Promise.resolve(null)
        : http.patch('/core/api/config/users/me/', changes),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}

/** Answers a new token pair: the server ends every other session of the user. */
export function useChangePassword() {
  const { signIn } = useSession();
  return useMutation({
    mutationFn: (change: PasswordChange) => http.post('/core/api/config/password/change/', change),
    onSuccess: (pair) => signIn(pair),
  });
}
