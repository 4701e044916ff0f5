import {
  compassLetter,
  DEFAULT_SITE_LIST_OPTIONS,
  NOT_FOUND_MESSAGES,
  siteListEntryText,
  siteListOptionsSchema,
  surveyProblemMessage,
  surveyProblems,
  surveyWindowDays,
  type SiteListOptions,
  type SurveyProblem,
  type SurveySort,
  type SurveyState,
  serverMessage,
} from '@roadcount/domain';
import { siteListCsv } from '@roadcount/formats';
import { organisationScope, scopedOrganisationId, type Access } from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import type { TokenService } from '../../infra/auth/tokens.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { mailBody, mailLocale, mailText } from '../../infra/mail/mailText.ts';
import type {
  SurveyRow,
  SurveySiteProgressRow,
  SurveysRepository,
  SurveyTab,
  SurveyValues,
} from './surveys.repository.ts';

export interface SurveyInput {
  name: string;
  scheduled_start: string;
  scheduled_end: string;
  site_ids: string[];
  counter_model?: string | null;
  sensor_spacing_m?: number | null;
  assignee_user_id?: string | null;
  contractor_name?: string | null;
  contractor_email?: string | null;
  notes?: string | null;
  site_list?: SiteListOptions | null;
}

/** A survey's rule broken: 400 with every problem, which the web app translates. */
export class SurveyInputError extends HttpError {
  constructor(readonly problems: SurveyProblem[]) {
    super(400, problems.map(surveyProblemMessage).join('. '), problems);
  }
}

/** Review statuses whose data has joined the site (its rollups count them). */
const ACCEPTED = new Set(['PDC', 'ACC']);

/**
 * The quality status a survey shows for one site: accepted when any file in the window passed or
 * was accepted; else waiting for review, processing, or rejected; null when nothing arrived.
 */
export function siteQualityStatus(statuses: readonly string[]): string | null {
  const effective = statuses.map((entry) => {
    const [status, saved] = entry.split(':');
    if (!saved || saved === '-1') return 'LOAD';
    return status || 'NRE';
  });
  for (const status of ['ACC', 'PDC', 'WFR', 'LOAD', 'NRE', 'REJ'])
    if (effective.includes(status)) return status;
  return null;
}

export interface SurveySiteView {
  site_id: string;
  name: string;
  deleted: boolean;
  has_data: boolean;
  files: number;
  days: number;
  complete: boolean;
  quality_status: string | null;
}

export function siteProgress(row: SurveySiteProgressRow, windowDays: number): SurveySiteView {
  const quality = siteQualityStatus(row.statuses);
  return {
    site_id: row.siteId,
    name: row.name,
    deleted: row.deleted,
    has_data: row.files > 0,
    files: row.files,
    days: row.days,
    // Accepted data on every local day of the window.
    complete: row.days >= windowDays && quality !== null && ACCEPTED.has(quality),
    quality_status: quality,
  };
}

/** Every live site complete (and at least one live site): the survey is done. */
export function allSitesComplete(sites: readonly SurveySiteView[]): boolean {
  const live = sites.filter((site) => !site.deleted);
  return live.length > 0 && live.every((site) => site.complete);
}

const today = () => new Date().toISOString().slice(0, 10);

function stateOf(survey: SurveyRow): SurveyState {
  if (survey.deletedAt) return 'deleted';
  return survey.status === 'completed' ? 'completed' : 'active';
}

export function readSiteListOptions(stored: Record<string, unknown>): SiteListOptions {
  const parsed = siteListOptionsSchema.safeParse({ ...DEFAULT_SITE_LIST_OPTIONS, ...stored });
  return parsed.success ? parsed.data : DEFAULT_SITE_LIST_OPTIONS;
}

function toView(
  found: { survey: SurveyRow; siteCount: number; assigneeName: string | null },
  progress: readonly SurveySiteProgressRow[],
) {
  const { survey } = found;
  const windowDays = surveyWindowDays(survey.scheduledStart, survey.scheduledEnd);
  const sites = progress
    .filter((row) => row.surveyId === survey.id)
    .map((row) => siteProgress(row, windowDays));
  const state = stateOf(survey);
  return {
    id: survey.id,
    organisation_id: survey.organisationId,
    name: survey.name,
    scheduled_start: survey.scheduledStart,
    scheduled_end: survey.scheduledEnd,
    state,
    completed_on: survey.completedOn?.toISOString() ?? null,
    counter_model: survey.counterModel,
    sensor_spacing_m: survey.sensorSpacingM,
    assignee_user_id: survey.assigneeUserId,
    assignee_name: found.assigneeName,
    contractor_name: survey.contractorName,
    contractor_email: survey.contractorEmail,
    notes: survey.notes,
    site_list: readSiteListOptions(survey.siteListOptions),
    created_on: survey.createdOn.toISOString(),
    deleted_on: survey.deletedAt?.toISOString() ?? null,
    window_days: windowDays,
    site_count: Number(found.siteCount),
    sites_with_data: sites.filter((site) => site.has_data).length,
    sites_complete: sites.filter((site) => site.complete).length,
    // SPEC: overdue when the end has passed and data is still missing.
    overdue: state === 'active' && survey.scheduledEnd < today(),
    sites,
  };
}

export type SurveyView = ReturnType<typeof toView>;

const blank = (text: string | null | undefined) => {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
};

/**
 * Progress as data arrives (SPEC section 4): after a site's accepted data changed, each live
 * active survey holding it whose every site now has accepted data over its window is completed.
 * Needs only the database, so that the worker runs it after a site's rollups are rebuilt.
 */
export function createSurveyProgress(surveys: SurveysRepository) {
  /** Completes the survey when it is active and every site is covered; says whether it did. */
  async function completeIfCovered(id: string) {
    const found = await surveys.find(id);
    if (!found) return false;
    const current = toView(found, await surveys.progress([id]));
    if (current.state !== 'active' || !allSitesComplete(current.sites)) return false;
    await surveys.update(id, { status: 'completed', completedOn: new Date() });
    return true;
  }
  return {
    completeIfCovered,
    async siteDataChanged(siteId: string) {
      const completed: string[] = [];
      for (const { id } of await surveys.activeSurveysOfSite(siteId))
        if (await completeIfCovered(id)) completed.push(id);
      return completed;
    },
  };
}

export type SurveyProgress = ReturnType<typeof createSurveyProgress>;

/** SPEC sections 2 to 4: surveys, their site file, and their progress as data arrives. */
export function createSurveysService(deps: {
  surveys: SurveysRepository;
  access: Access;
  mailer: Mailer;
  tokens: TokenService;
  publicUrl: string;
}) {
  const { surveys, access } = deps;
  const progress = createSurveyProgress(surveys);

  async function view(id: string) {
    const found = await surveys.find(id);
    if (!found) throw new HttpError(404, NOT_FOUND_MESSAGES.survey);
    return toView(found, await surveys.progress([id]));
  }

  /** The sites, all live and of the organisation; else 404 naming none of another's. */
  async function sitesOf(organisationId: string, siteIds: readonly string[]) {
    const unique = [...new Set(siteIds)];
    const found = await surveys.liveSites(unique);
    const owned = found.filter((site) => site.ownerOrganisationId === organisationId);
    if (owned.length !== unique.length) throw new HttpError(404, NOT_FOUND_MESSAGES.site);
    return unique;
  }

  /** The subscription's survey-site limit over the organisation's live active surveys. */
  async function checkLimit(organisationId: string, siteIds: readonly string[], exceptId?: string) {
    const limit = await surveys.organisationLimit(organisationId);
    const others = await surveys.activeSurveySiteIds(organisationId, exceptId);
    const requested = new Set([...others, ...siteIds]).size;
    if (requested > limit)
      throw new SurveyInputError([
        { field: 'site_ids', code: 'overSubscription', limit, requested },
      ]);
  }

  /** Checked input as stored values; nothing is saved when any rule fails. */
  async function valuesOf(organisationId: string, input: SurveyInput) {
    const siteList = input.site_list ?? DEFAULT_SITE_LIST_OPTIONS;
    const problems = surveyProblems({ ...input, site_list: siteList });
    if (problems.length > 0) throw new SurveyInputError(problems);
    const siteIds = await sitesOf(organisationId, input.site_ids);
    if (input.assignee_user_id) {
      const user = await surveys.organisationUser(organisationId, input.assignee_user_id);
      if (!user) throw new SurveyInputError([{ field: 'assignee', code: 'assigneeUnknown' }]);
    }
    const values: SurveyValues = {
      name: input.name.trim(),
      scheduledStart: input.scheduled_start,
      scheduledEnd: input.scheduled_end,
      counterModel: blank(input.counter_model),
      sensorSpacingM: input.sensor_spacing_m ?? null,
      assigneeUserId: input.assignee_user_id ?? null,
      contractorName: blank(input.contractor_name),
      contractorEmail: blank(input.contractor_email)?.toLowerCase() ?? null,
      notes: blank(input.notes),
      siteListOptions: {
        ...siteList,
        overrides: siteList.overrides.filter(
          (item) => siteIds.includes(item.site_id) && (blank(item.name) || blank(item.attribute)),
        ),
      },
    };
    return { values, siteIds };
  }

  async function siteFile(survey: SurveyRow) {
    const found = await surveys.sitesForList(survey.id);
    const laneRows = await surveys.lanesOf(found.map((site) => site.id));
    const options = readSiteListOptions(survey.siteListOptions);
    const text = siteListCsv(
      found.map((site) => {
        const shaped = siteListEntryText(site, options, survey.name);
        return {
          id: site.id,
          name: shaped.name,
          attribute: shaped.attribute,
          latitude: site.latitude,
          longitude: site.longitude,
          directionOne: compassLetter(site.directionOne),
          directionTwo: compassLetter(site.directionTwo),
          lanes: laneRows
            .filter((lane) => lane.siteId === site.id)
            .map((lane) => ({ direction: compassLetter(lane.direction), type: lane.laneType })),
          timeZone: site.timeZone,
        };
      }),
    );
    const slug = survey.name.replace(/[^\w-]+/g, '-').replace(/^-+|-+$/g, '') || 'survey';
    return { fileName: `roadcount-survey-${slug}-site-list.csv`, text };
  }

  /**
   * The assignee's email: the schedule in the text, the site file attached. In the assignee's
   * language; a contractor without an account reads the language of whoever assigned them.
   */
  async function mailAssignee(survey: SurveyRow, assigner: Viewer) {
    let to = survey.contractorEmail;
    let name = survey.contractorName;
    let locale = mailLocale(assigner.row.preferences);
    if (survey.assigneeUserId) {
      const user = await surveys.organisationUser(survey.organisationId, survey.assigneeUserId);
      to = user?.email ?? null;
      name = user ? (blank(`${user.firstName} ${user.lastName}`) ?? user.username) : null;
      if (user) locale = mailLocale(user.preferences);
    }
    if (!to) return;
    const file = await siteFile(survey);
    const sites = await surveys.sitesForList(survey.id);
    const link = `${deps.publicUrl}/ui/surveys`;
    const say = (key: string, params: Record<string, string | number> = {}) =>
      mailText(locale, `surveyAssigned.${key}`, params);
    const dates = { start: survey.scheduledStart, end: survey.scheduledEnd };
    const details = [
      say('schedule', {
        ...dates,
        days: surveyWindowDays(survey.scheduledStart, survey.scheduledEnd),
      }),
      ...(survey.counterModel ? [say('counter', { model: survey.counterModel })] : []),
      ...(survey.sensorSpacingM ? [say('spacing', { metres: survey.sensorSpacingM })] : []),
      say('sites', { count: sites.length }),
      ...sites.map((site) => `  - ${site.name}`),
    ];
    await deps.mailer.send({
      to,
      subject: say('subject', { survey: survey.name, ...dates }),
      text: mailBody(locale, name, [
        say('assigned', { survey: survey.name }),
        details.join('\n'),
        ...(survey.notes ? [say('notes', { notes: survey.notes })] : []),
        say('siteFile', { file: file.fileName }),
        say('link', { link }),
      ]),
      link,
      attachments: [{ filename: file.fileName, content: file.text, contentType: 'text/csv' }],
    });
  }

  const assigneeOf = (survey: SurveyRow) =>
    `${survey.assigneeUserId ?? ''}|${survey.contractorEmail ?? ''}`;

  return {
    async list(
      viewer: Viewer,
      options: {
        tab: SurveyTab;
        search?: string;
        sort: SurveySort;
        direction: 'asc' | 'desc';
        page: number;
        pageSize: number;
        orgId?: string | null;
      },
    ) {
      const scope = organisationScope(viewer, 'surveys.read', options.orgId);
      const organisationId = scopedOrganisationId(scope);
      if (!scope.all && organisationId === null) return { total: 0, surveys: [] };
      const { total, rows } = await surveys.list({
        organisationId,
        tab: options.tab,
        search: options.search,
        sort: options.sort,
        direction: options.direction,
        offset: options.page * options.pageSize,
        limit: options.pageSize,
      });
      const progress = await surveys.progress(rows.map((row) => row.survey.id));
      return { total, surveys: rows.map((row) => toView(row, progress)) };
    },

    async find(viewer: Viewer, id: string) {
      const survey = await access.survey(viewer, 'surveys.read', id);
      return view(survey.id);
    },

    async create(viewer: Viewer, input: SurveyInput) {
      authorize(viewer, 'surveys.write');
      // Platform staff without an organisation plan for the organisation of the sites chosen.
      let organisationId = viewer.organisationId;
      if (!organisationId) {
        const [first] = await surveys.liveSites(input.site_ids.slice(0, 1));
        if (!first) throw new SurveyInputError([{ field: 'site_ids', code: 'noSites' }]);
        organisationId = first.ownerOrganisationId;
      }
      authorize(viewer, 'surveys.write', { organisationId });
      const { values, siteIds } = await valuesOf(organisationId, input);
      await checkLimit(organisationId, siteIds);
      const created = await surveys.insert(organisationId, viewer.userId, values, siteIds);
      await mailAssignee(created, viewer);
      // Sites whose data already covers the window (a survey planned after the count).
      await progress.completeIfCovered(created.id);
      return view(created.id);
    },

    async update(viewer: Viewer, id: string, input: SurveyInput) {
      const survey = await access.survey(viewer, 'surveys.write', id, 'live');
      const { values, siteIds } = await valuesOf(survey.organisationId, input);
      if (survey.status === 'active') await checkLimit(survey.organisationId, siteIds, survey.id);
      await surveys.update(survey.id, values, siteIds);
      const changed = await access.survey(viewer, 'surveys.write', id, 'live');
      if (assigneeOf(changed) !== assigneeOf(survey)) await mailAssignee(changed, viewer);
      await progress.completeIfCovered(survey.id);
      return view(survey.id);
    },

    async delete(viewer: Viewer, id: string) {
      const survey = await access.survey(viewer, 'surveys.write', id, 'live');
      await surveys.setDeleted(survey.id, new Date());
      return view(survey.id);
    },

    async restore(viewer: Viewer, id: string) {
      const survey = await access.survey(viewer, 'surveys.write', id, 'deleted');
      if (survey.status === 'active')
        await checkLimit(survey.organisationId, await surveys.siteIdsOf(survey.id), survey.id);
      await surveys.setDeleted(survey.id, null);
      return view(survey.id);
    },

    /** A completed survey becomes active again (more counting); it completes again with data. */
    async reopen(viewer: Viewer, id: string) {
      const survey = await access.survey(viewer, 'surveys.write', id, 'live');
      if (survey.status !== 'completed')
        throw new HttpError(409, serverMessage('surveyReopenCompleted'));
      await checkLimit(survey.organisationId, await surveys.siteIdsOf(survey.id), survey.id);
      await surveys.update(survey.id, { status: 'active', completedOn: null });
      return view(survey.id);
    },

    /**
     * A new planned site placed on the map in the wizard: named uniquely, within the
     * subscription's site limit, with the organisation's time zone.
     */
    async createPlannedSite(
      viewer: Viewer,
      input: { name: string; latitude: number; longitude: number },
    ) {
      authorize(viewer, 'surveys.write');
      authorize(viewer, 'sites.import');
      const organisationId = viewer.organisationId;
      if (!organisationId) throw new HttpError(400, serverMessage('surveyStaffPlanning'));
      const name = input.name.trim();
      if (!name || name.length > 200)
        throw new SurveyInputError([{ field: 'planned_site', code: 'plannedName' }]);
      if (!(Math.abs(input.latitude) <= 90) || !(Math.abs(input.longitude) <= 180))
        throw new SurveyInputError([{ field: 'planned_site', code: 'plannedPlace' }]);
      if (await surveys.siteNameTaken(organisationId, name))
        throw new SurveyInputError([{ field: 'planned_site', code: 'plannedNameTaken', name }]);
      const limit = await surveys.organisationLimit(organisationId);
      if ((await surveys.liveSiteCount(organisationId)) >= limit)
        throw new SurveyInputError([{ field: 'planned_site', code: 'siteLimit', limit }]);
      return surveys.insertPlannedSite({
        organisationId,
        name,
        latitude: input.latitude,
        longitude: input.longitude,
        timeZone: (await surveys.organisationTimeZone(organisationId)) ?? 'UTC',
      });
    },

    /** The users of the survey's organisation it may be assigned to. */
    async assignees(viewer: Viewer) {
      authorize(viewer, 'surveys.write');
      if (!viewer.organisationId) return [];
      return surveys.organisationUsers(viewer.organisationId);
    },

    /** The survey's site file (docs/formats.md, section 6), for a viewer who may read it. */
    async siteFile(viewer: Viewer, id: string) {
      const survey = await access.survey(viewer, 'surveys.read', id);
      return siteFile(survey);
    },

    /** A link that downloads the site file in a new window for a few minutes. */
    async siteFileLink(viewer: Viewer, id: string) {
      const survey = await access.survey(viewer, 'surveys.read', id);
      const token = await deps.tokens.signDownload(survey.id, viewer.userId);
      return { url: `/api/surveys/${survey.id}/site-file.csv?token=${encodeURIComponent(token)}` };
    },

    /** Overdue surveys (end passed, data missing) told to their organisations' admins. */
    notifyOverdue: () => surveys.notifyOverdue(today()),

    mostRecentSurveyYears: (siteIds: readonly string[]) => surveys.mostRecentSurveyYears(siteIds),
  };
}

export type SurveysService = ReturnType<typeof createSurveysService>;
