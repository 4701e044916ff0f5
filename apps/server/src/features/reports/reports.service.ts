import type { Readable } from 'node:stream';
import {
  isRole,
  REPORT_FILES,
  REPORT_TASK,
  reportRequestSchema,
  type ReportParameters,
  type ReportType,
  serverMessage,
} from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import { authorize, demoSessionOf, type UserSource, type Viewer } from '../../infra/auth/viewer.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import type { SiteDetailSource } from './siteDetailSource.ts';
import type { ReportsRepository, ReportWithTask } from './reports.repository.ts';
import { yearInReview } from './yearInReview.ts';

/** The most reports the downloads list shows. */
const LIST_LIMIT = 200;

/** How long a demo visitor's report is kept: the length of a visit, not the week others get. */
export const DEMO_REPORT_TTL_MS = 3_600_000;

/** A report as the API shows it. */
export function reportView({ report, taskState, taskMessage }: ReportWithTask, now = new Date()) {
  const parameters = report.parameters as Partial<ReportParameters>;
  const expired = report.expiresAt !== null && report.expiresAt <= now;
  return {
    id: report.id,
    report_type: report.reportType,
    state: taskState ?? 'ER',
    message: taskMessage ?? '',
    progress: report.progress,
    task_id: report.taskId,
    file_name: report.fileName,
    size_bytes: report.sizeBytes,
    site_count: parameters.siteIds?.length ?? 0,
    // Stored as the validated request; a list the request left out is an empty one.
    parameters: {
      ...parameters,
      siteIds: parameters.siteIds ?? [],
      filter: parameters.filter ?? {},
    },
    created_on: report.createdOn.toISOString(),
    completed_on: report.completedAt?.toISOString() ?? null,
    expires_on: report.expiresAt?.toISOString() ?? null,
    expired,
    downloadable: taskState === 'CM' && report.blobKey !== null && !expired,
  };
}

/** The link token's subject: a report, never mistaken for a raw file's id. */
const linkSubject = (reportId: string) => `report:${reportId}`;

export function createReportsService(deps: {
  reports: ReportsRepository;
  access: Access;
  queue: TaskQueue;
  blobs: BlobStore;
  tokens: TokenService;
  users: UserSource;
  onQueued: (task: TaskRow) => Promise<void> | void;
  /** The analysis service's site-detail answer (year in review reads it live). */
  siteDetail: SiteDetailSource;
  /** The clock by which a report has expired; the machine's by default. */
  now?: () => Date;
}) {
  const { reports, access, queue, blobs } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * Deletes the files of reports past their expiry; the rows stay, listed as expired. A demo
   * visitor's report goes whole: no later visitor lists it.
   */
  async function removeExpiredFiles(at = now()) {
    for (const report of await reports.expiredOfDemoVisitors(at)) {
      if (report.blobKey) await blobs.delete(report.blobKey).catch(() => undefined);
      await reports.delete(report.id);
    }
    for (const report of await reports.expiredWithFiles(at)) {
      if (report.blobKey) await blobs.delete(report.blobKey).catch(() => undefined);
      await reports.forgetFile(report.id);
    }
  }

  /** The report, if the viewer may take the action on it (its requester, or an admin). */
  async function reachable(
    viewer: Viewer | null,
    reportId: string,
    action: 'reports.read' | 'reports.delete' = 'reports.read',
  ) {
    await access.report(viewer, action, reportId);
    const found = await reports.find(reportId);
    if (!found) throw new HttpError(404, serverMessage('reportMissing'));
    return found;
  }

  return {
    removeExpiredFiles,

    yearInReview: (viewer: Viewer, args: { year: number; top: number }) =>
      yearInReview({ reports, siteDetail: deps.siteDetail }, viewer, args),

    /**
     * Checks the request (a report cannot be asked for without what it needs), resolves a site
     * group or a survey to its live sites, checks the viewer may read every site, and queues the
     * report.
     */
    async request(viewer: Viewer, input: unknown) {
      const parsed = reportRequestSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
        throw new HttpError(400, `${where}${issue?.message ?? 'the report request is not valid'}`);
      }
      const request = parsed.data;
      let siteIds = request.siteIds;
      if (request.siteGroupId) {
        const group = await access.siteGroup(viewer, 'sites.read', request.siteGroupId);
        siteIds = await reports.groupSiteIds(group.id);
        if (siteIds.length === 0) throw new HttpError(400, serverMessage('reportGroupEmpty'));
      }
      if (request.surveyId) {
        const survey = await access.survey(viewer, 'surveys.read', request.surveyId, 'live');
        siteIds = await reports.surveySiteIds(survey.id);
        if (siteIds.length === 0) throw new HttpError(400, serverMessage('reportSurveyEmpty'));
      }
      const sites = await access.sites(viewer, 'sites.read', siteIds);
      const organisationId = sites[0]?.ownerOrganisationId;
      if (!organisationId || sites.some((site) => site.ownerOrganisationId !== organisationId))
        throw new HttpError(400, serverMessage('reportOneOrganisation'));
      // Saved exclusion filters are the sites' organisation's: another's is refused now, not
      // when the task runs.
      const wanted = request.filter.vehicle_exclusions ?? [];
      const saved = await reports.savedExclusionIds(organisationId, wanted);
      const foreign = wanted.find((id) => !saved.includes(id));
      if (foreign !== undefined)
        throw new HttpError(400, serverMessage('reportExclusionElsewhere', { id: foreign }));
      const parameters: ReportParameters = { ...request, siteIds: [...new Set(siteIds)] };
      // A demo visitor's report is theirs alone, and kept an hour at most (issue 38).
      const demoSession = demoSessionOf(viewer);
      const report = await reports.insert({
        organisationId,
        userId: viewer.userId,
        reportType: request.type,
        parameters,
        ...(demoSession
          ? { demoSession, expiresAt: new Date(now().getTime() + DEMO_REPORT_TTL_MS) }
          : {}),
      });
      const task = await queue.enqueue({
        functionName: REPORT_TASK[request.type],
        organisationId,
        userId: viewer.userId,
        payload: { reportId: report.id, ...(demoSession ? { demoSession } : {}) },
        message: serverMessage('taskQueued'),
      });
      await reports.setTask(report.id, task.id);
      await deps.onQueued(task);
      const found = await reports.find(report.id);
      if (!found) throw new Error('the report just made is gone');
      return reportView(found, now());
    },

    /** The viewer's own reports, newest first; files past their expiry are removed first. */
    async list(viewer: Viewer) {
      authorize(viewer, 'sites.read');
      await removeExpiredFiles();
      const demoSession = viewer.isDemo ? (viewer.demoSession ?? '') : null;
      return (await reports.listForUser(viewer.userId, LIST_LIMIT, demoSession)).map((row) =>
        reportView(row, now()),
      );
    },

    async find(viewer: Viewer, reportId: string) {
      return reportView(await reachable(viewer, reportId), now());
    },

    /** A link that downloads the report's file for a few minutes, without the bearer header. */
    async downloadLink(viewer: Viewer, reportId: string) {
      const found = await reachable(viewer, reportId);
      const view = reportView(found, now());
      if (view.expired) throw new HttpError(410, serverMessage('reportExpired'));
      if (!view.downloadable) throw new HttpError(409, serverMessage('reportNotReady'));
      const token = await deps.tokens.signDownload(
        linkSubject(reportId),
        viewer.userId,
        viewer.demoSession,
      );
      return { url: `/api/reports/${reportId}/download?token=${encodeURIComponent(token)}` };
    },

    async delete(viewer: Viewer, reportId: string) {
      const found = await reachable(viewer, reportId, 'reports.delete');
      if (found.report.blobKey) await blobs.delete(found.report.blobKey).catch(() => undefined);
      await reports.delete(reportId);
      return true;
    },

    /** The file behind a link token: the user it names must still be allowed to read the report. */
    async download(
      token: string | undefined,
      reportId: string,
    ): Promise<{
      stream: Readable;
      fileName: string;
      mediaType: string;
      sizeBytes: number | null;
    }> {
      const claims = token ? await deps.tokens.verifyDownload(token) : null;
      if (!claims || claims.fileId !== linkSubject(reportId)) throw new HttpError(401);
      const user = await deps.users.findById(claims.userId);
      if (!user?.isActive || !isRole(user.role)) throw new HttpError(401);
      const viewer: Viewer = {
        userId: user.id,
        role: user.role,
        organisationId: user.organisationId,
        isDemo: user.isDemo,
        ...(user.isDemo && claims.demoSession ? { demoSession: claims.demoSession } : {}),
        row: user,
      };
      const found = await reachable(viewer, reportId);
      const view = reportView(found, now());
      if (view.expired) throw new HttpError(410, serverMessage('reportExpired'));
      if (!view.downloadable || !found.report.blobKey)
        throw new HttpError(409, serverMessage('reportNotReady'));
      const type = found.report.reportType as ReportType;
      return {
        stream: await blobs.getStream(found.report.blobKey),
        fileName: found.report.fileName ?? `report.${REPORT_FILES[type]?.extension ?? 'bin'}`,
        mediaType: REPORT_FILES[type]?.mediaType ?? 'application/octet-stream',
        sizeBytes: found.report.sizeBytes,
      };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
