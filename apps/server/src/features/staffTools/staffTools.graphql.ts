import type { IResolvers } from 'mercurius';
import { withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import { toTaskTracking } from '../../infra/queue/taskTracking.ts';
import type { StaffTask, StaffToolsService } from './staffTools.service.ts';

export const staffToolsTypeDefs = /* GraphQL */ `
  "The task kinds platform staff start from the staff tools (SPEC section 4)."
  enum StaffTaskKind {
    move_site_organisation
    clean_lanes
    empty_vehicles_reupload
    assume_coordinates
    clean_empty_files
    reset_demo_account
  }

  "One action platform staff took: who, what, when, on which organisation."
  type StaffAuditEntry {
    id: ID!
    user_id: ID
    username: String!
    action: String!
    organisation_id: ID
    organisation_name: String
    "What it was done to, as JSON (the site, the receiving organisation, the task)."
    detail: String!
    created_on: String!
  }

  "A staff member's read-only view of an organisation (issue 26)."
  type OrganisationView {
    organisation_id: ID!
    organisation_name: String!
    "Sent as the x-roadcount-organisation-view header: reads then answer as the organisation's admins see it, and every write is refused."
    token: String!
    "The switch as the audit log records it."
    audit: StaffAuditEntry!
  }

  extend type Query {
    "Platform staff: the audit log of staff actions, newest first (at most 500)."
    staffAuditLog(limit: Int = 100, organisationId: ID): [StaffAuditEntry!]!
  }

  extend type Mutation {
    """
    Platform staff: queues a staff task. move_site_organisation names the site and the receiving
    organisation; clean_lanes and empty_vehicles_reupload the site; assume_coordinates and
    clean_empty_files the organisation; reset_demo_account nothing.
    """
    startStaffTask(kind: StaffTaskKind!, siteId: ID, organisationId: ID): TaskTracking!
    "Platform staff: switch into an organisation's view, read-only; recorded in the audit log."
    recordOrganisationView(organisationId: ID!): OrganisationView!
  }
`;

type AuditRow = Awaited<ReturnType<StaffToolsService['auditLog']>>[number];
const toEntry = (row: AuditRow) => ({
  id: row.id,
  user_id: row.userId,
  username: row.username,
  action: row.action,
  organisation_id: row.organisationId,
  organisation_name: row.organisationName,
  detail: JSON.stringify(row.detail),
  created_on: row.createdOn.toISOString(),
});

export function staffToolsResolvers(
  service: StaffToolsService,
): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      staffAuditLog: (
        _root,
        args: { limit?: number | null; organisationId?: string | null },
        context,
      ) =>
        withHttpErrors(async () =>
          (await service.auditLog(context.viewer, args.limit ?? 100, args.organisationId)).map(
            toEntry,
          ),
        ),
    },
    Mutation: {
      startStaffTask: (
        _root,
        args: { kind: StaffTask; siteId?: string | null; organisationId?: string | null },
        context,
      ) =>
        withHttpErrors(async () =>
          toTaskTracking(
            await service.start(context.viewer, args.kind, {
              siteId: args.siteId ?? null,
              organisationId: args.organisationId ?? null,
            }),
          ),
        ),
      recordOrganisationView: (_root, args: { organisationId: string }, context) =>
        withHttpErrors(async () => {
          const view = await service.viewOrganisation(context.viewer, args.organisationId);
          return {
            organisation_id: view.organisation.id,
            organisation_name: view.organisation.name,
            token: view.token,
            audit: toEntry(view.audit),
          };
        }),
    },
  };
}
