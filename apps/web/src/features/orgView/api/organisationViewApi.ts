import { useMutation, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import { writeOrganisationView } from '@/lib/session/organisationView.ts';

const RECORD_ORGANISATION_VIEW = graphql(`
  mutation RecordOrganisationView($organisationId: ID!) {
    recordOrganisationView(organisationId: $organisationId) {
      organisation_id
      organisation_name
      token
    }
  }
`);

/**
 * Platform staff switch into an organisation's view, read-only: the server records the switch
 * in the audit log; what was cached as staff is dropped, so every screen reads as the
 * organisation's.
 */
export function useStartOrganisationView() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (organisationId: string) =>
      (await graphqlRequest(RECORD_ORGANISATION_VIEW, { organisationId })).recordOrganisationView,
    onSuccess: (view) => {
      queryClient.clear();
      writeOrganisationView({
        organisationId: view.organisation_id,
        organisationName: view.organisation_name,
        token: view.token,
      });
    },
  });
}

/** Back to the staff member's own view. */
export function useEndOrganisationView() {
  const queryClient = useQueryClient();
  return () => {
    queryClient.clear();
    writeOrganisationView(null);
  };
}
