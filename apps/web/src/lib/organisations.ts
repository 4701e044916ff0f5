import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from './http.ts';
import type { RequestBody, ResponseBody } from './openapi.ts';

/** An organisation as the list answers it (active users in a platform admin's list). */
export type OrganisationSummary = ResponseBody<'/core/api/config/organisations/', 'get'>[number];

/** An organisation's settings as GET and PATCH answer them. */
export type Organisation = ResponseBody<'/core/api/config/organisations/{id}', 'get'>;

export const organisationKeys = {
  all: ['organisations'] as const,
  list: () => [...organisationKeys.all, 'list'] as const,
  detail: (id: string) => [...organisationKeys.all, 'detail', id] as const,
};

/** Every organisation for platform admins; for everyone else, their own. */
export function useOrganisations(enabled = true) {
  return useQuery({
    queryKey: organisationKeys.list(),
    queryFn: () => http.get('/core/api/config/organisations/'),
    enabled,
  });
}

export function useOrganisation(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.detail(id ?? ''),
    queryFn: () => http.get('/core/api/config/organisations/{id}', { path: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

export function useUpdateOrganisationSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: RequestBody<'/core/api/config/organisations/{id}', 'patch'>) =>
      http.patch('/core/api/config/organisations/{id}', changes, { path: { id } }),
    onSuccess: (updated) => {
      queryClient.setQueryData(organisationKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.list() });
    },
  });
}
