import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';
import type { RequestBody } from '@/lib/openapi.ts';
import { organisationKeys } from '@/lib/organisations.ts';

export type NewOrganisation = RequestBody<'/core/api/config/organisations/', 'post'>;

/** Platform admins open an organisation with its subscription level. */
export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organisation: NewOrganisation) =>
      http.post('/core/api/config/organisations/', organisation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.list() }),
  });
}
