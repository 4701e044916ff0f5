import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganisationSettings } from '@roadcount/domain';
import { http } from '../../../lib/http.ts';
import type { RequestBody } from '../../../lib/openapi.ts';

const BASE = '/core/api/config/organisations/';

// The OpenAPI document describes no answers yet: the two below are what the routes answer.
export interface OrganisationSummary {
  id: string;
  name: string;
  max_active_users: number;
  max_sites: number;
  /** Present in a platform admin's list. */
  active_users?: number;
  preferences: OrganisationSettings;
  created_on: string;
}

export interface Organisation {
  id: string;
  name: string;
  max_active_users: number;
  max_sites: number;
  preferences: OrganisationSettings;
}

export const organisationKeys = {
  all: ['organisations'] as const,
  list: () => [...organisationKeys.all, 'list'] as const,
  detail: (id: string) => [...organisationKeys.all, 'detail', id] as const,
};

/** Every organisation for platform admins; for everyone else, their own. */
export function useOrganisations(enabled = true) {
  return useQuery({
    queryKey: organisationKeys.list(),
    queryFn: () => http.get<OrganisationSummary[]>(BASE),
    enabled,
  });
}

export function useOrganisation(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.detail(id ?? ''),
    queryFn: () => http.get<Organisation>(`${BASE}${id}`),
    enabled: Boolean(id),
  });
}

export function useUpdateOrganisationSettings(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: RequestBody<'/core/api/config/organisations/{id}', 'patch'>) =>
      http.patchJson<Organisation>(`${BASE}${id}`, changes),
    onSuccess: (updated) => {
      queryClient.setQueryData(organisationKeys.detail(id), updated);
      void queryClient.invalidateQueries({ queryKey: organisationKeys.list() });
    },
  });
}
