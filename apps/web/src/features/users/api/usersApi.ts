import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import type { RequestBody, ResponseBody } from '@/lib/openapi.ts';
import { organisationKeys } from '@/lib/organisations.ts';

export type UserSummary = ResponseBody<'/core/api/config/create_user/', 'post'>;

export type UsersList = ResponseBody<'/core/api/config/users/', 'get'>;

export type Group = ResponseBody<'/core/api/config/groups/', 'get'>[number];

/** Platform admins choose the organisation_id; the server uses an org admin's own. */
export type NewUser = RequestBody<'/core/api/config/create_user/', 'post'>;

export const userKeys = {
  all: ['users'] as const,
  list: (organisationId: string) => [...userKeys.all, 'list', organisationId] as const,
  groups: ['groups'] as const,
};

export function useUsers(organisationId: string | undefined) {
  return useQuery({
    queryKey: userKeys.list(organisationId ?? ''),
    queryFn: () =>
      http.get('/core/api/config/users/', {
        query: { organisation_id: organisationId ?? '' },
      }),
    enabled: Boolean(organisationId),
  });
}

/** The roles the viewer may give. */
export function useGroups() {
  return useQuery({
    queryKey: userKeys.groups,
    queryFn: () => http.get('/core/api/config/groups/'),
    staleTime: Infinity,
  });
}

function useUsersMutation<Input, Result>(send: (input: Input) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: organisationKeys.list() }),
      ]);
    },
  });
}

export function useCreateUser() {
  return useUsersMutation((user: NewUser) => http.post('/core/api/config/create_user/', user));
}

export function useDeleteUser() {
  return useUsersMutation((userId: string) =>
    http.post('/core/api/config/delete_user/', {
      user_id: userId,
    } satisfies RequestBody<'/core/api/config/delete_user/', 'post'>),
  );
}

/** The user is emailed a link to choose a new password; nothing listed changes. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (userId: string) =>
      http.post('/core/api/config/reset_and_resend_password/', {
        user_id: userId,
      } satisfies RequestBody<'/core/api/config/reset_and_resend_password/', 'post'>),
  });
}
