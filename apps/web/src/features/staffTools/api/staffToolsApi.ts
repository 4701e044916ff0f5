import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { StaffTaskKind } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

const START_STAFF_TASK = graphql(`
  mutation StartStaffTask($kind: StaffTaskKind!, $siteId: ID, $organisationId: ID) {
    startStaffTask(kind: $kind, siteId: $siteId, organisationId: $organisationId) {
      id
      state
      message
    }
  }
`);

const STAFF_AUDIT_LOG = graphql(`
  query StaffAuditLog($limit: Int, $organisationId: ID) {
    staffAuditLog(limit: $limit, organisationId: $organisationId) {
      id
      username
      action
      organisation_id
      organisation_name
      detail
      created_on
    }
  }
`);

export type { StaffTaskKind };

export interface StaffTaskTarget {
  kind: StaffTaskKind;
  siteId?: string;
  organisationId?: string;
}

/** Platform staff queue a staff task; its progress then shows on their profile. */
export function useStartStaffTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: StaffTaskTarget) =>
      (await graphqlRequest(START_STAFF_TASK, target)).startStaffTask,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['myTasks'] }),
        queryClient.invalidateQueries({ queryKey: ['staffAuditLog'] }),
      ]),
  });
}

/** What platform staff did, newest first. */
export function useStaffAuditLog(organisationId: string | null) {
  return useQuery({
    queryKey: ['staffAuditLog', organisationId],
    queryFn: async () =>
      (
        await graphqlRequest(STAFF_AUDIT_LOG, {
          limit: 200,
          organisationId,
        })
      ).staffAuditLog,
  });
}
