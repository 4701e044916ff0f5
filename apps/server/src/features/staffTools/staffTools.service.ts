import { serverMessage, type TaskFunction } from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { StaffAudit } from '../../infra/audit/staffAudit.repository.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';

/** The task kinds platform staff start from the staff tools, and what each names. */
export const STAFF_TASKS = {
  move_site_organisation: 'siteAndOrganisation',
  clean_lanes: 'site',
  empty_vehicles_reupload: 'site',
  assume_coordinates: 'organisation',
  clean_empty_files: 'organisation',
  reset_demo_account: 'none',
} as const satisfies Partial<Record<TaskFunction, string>>;
export type StaffTask = keyof typeof STAFF_TASKS;

export const AUDIT_LIMIT_MAX = 500;

/**
 * The staff tools (issue 26): platform staff queue the staff task kinds, each recorded in the
 * audit log with who, what, when and which organisation; staff read that log.
 */
export function createStaffToolsService(deps: {
  access: Access;
  queue: TaskQueue;
  audit: StaffAudit;
  tokens: Pick<TokenService, 'signOrganisationView'>;
  /** Tells subscribers and wakes the in-process worker. */
  onQueued: (task: TaskRow) => Promise<void>;
}) {
  const badRequest = () => new HttpError(400, serverMessage('badRequest'));

  return {
    async start(
      viewer: Viewer | null,
      kind: StaffTask,
      target: { siteId?: string | null; organisationId?: string | null },
    ): Promise<TaskRow> {
      const staff = authorize(viewer, 'staff.tools');
      const needs = STAFF_TASKS[kind];
      let organisationId: string | null = null;
      let detail: Record<string, unknown> = {};
      let payload: Record<string, unknown> = {};
      let message = '';
      if (needs === 'site' || needs === 'siteAndOrganisation') {
        if (!target.siteId) throw badRequest();
        const site = await deps.access.site(staff, 'staff.tools', target.siteId);
        organisationId = site.ownerOrganisationId;
        payload = { siteId: site.id };
        detail = { siteId: site.id, siteName: site.name };
        message = `Queued for ${site.name}`;
        if (needs === 'siteAndOrganisation') {
          if (!target.organisationId) throw badRequest();
          const receiving = await deps.access.organisation(
            staff,
            'staff.tools',
            target.organisationId,
          );
          payload = { ...payload, organisationId: receiving.id };
          detail = {
            ...detail,
            toOrganisationId: receiving.id,
            toOrganisationName: receiving.name,
          };
          message = `Queued: move ${site.name} to ${receiving.name}`;
        }
      } else if (needs === 'organisation') {
        if (!target.organisationId) throw badRequest();
        const organisation = await deps.access.organisation(
          staff,
          'staff.tools',
          target.organisationId,
        );
        organisationId = organisation.id;
        payload = { organisationId: organisation.id };
        message = `Queued for ${organisation.name}`;
      }
      const task = await deps.queue.enqueue({
        functionName: kind,
        organisationId,
        userId: staff.userId,
        // Checked against the kind's schema by the worker that claims it.
        payload: payload as never,
        message,
      });
      await deps.audit.record({
        userId: staff.userId,
        username: staff.row.username,
        action: kind,
        organisationId,
        detail: { ...detail, taskId: task.id },
      });
      await deps.onQueued(task);
      return task;
    },

    /**
     * Switches platform staff into an organisation's view, read-only: records the switch in the
     * audit log and gives the view token the app sends with its requests while viewing.
     */
    async viewOrganisation(viewer: Viewer | null, organisationId: string) {
      const staff = authorize(viewer, 'staff.tools');
      const organisation = await deps.access.organisation(staff, 'staff.tools', organisationId);
      const audit = await deps.audit.record({
        userId: staff.userId,
        username: staff.row.username,
        action: 'view_organisation',
        organisationId: organisation.id,
      });
      const token = await deps.tokens.signOrganisationView(staff.userId, organisation.id);
      return { organisation, audit, token };
    },

    async auditLog(viewer: Viewer | null, limit: number, organisationId?: string | null) {
      authorize(viewer, 'staff.tools');
      return deps.audit.list({
        limit: Math.min(Math.max(1, limit), AUDIT_LIMIT_MAX),
        organisationId: organisationId ?? null,
      });
    },
  };
}

export type StaffToolsService = ReturnType<typeof createStaffToolsService>;
