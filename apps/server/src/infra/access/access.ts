import {
  can,
  ERROR_CATALOGUE,
  NOT_FOUND_MESSAGES,
  serverMessage,
  type Action,
} from '@roadcount/domain';
import { authorize, type Viewer } from '../auth/viewer.ts';
import type { Database } from '../db/database.ts';
import { HttpError } from '../errors.ts';
import {
  createAccessRepository,
  type BadDataPeriodRow,
  type DeviceArrayRow,
  type DeviceMappingRow,
  type DeviceRow,
  type GpsLocationRow,
  type RoadSectionRow,
  type ExclusionFilterRow,
  type FileRow,
  type ImageRow,
  type MapNoteGroupRow,
  type MapNoteRow,
  type OrganisationRow,
  type ReportRow,
  type SiteGroupRow,
  type SiteRow,
  type SurveyRow,
  type UserRow,
} from './access.repository.ts';

export type {
  BadDataPeriodRow,
  DeviceArrayRow,
  DeviceMappingRow,
  DeviceRow,
  GpsLocationRow,
  RoadSectionRow,
  ExclusionFilterRow,
  FileRow,
  ImageRow,
  MapNoteGroupRow,
  MapNoteRow,
  OrganisationRow,
  ReportRow,
  SiteGroupRow,
  SiteRow,
  SurveyRow,
  UserRow,
};

const NO_EXCLUSION_FILTER = 'There is no such vehicle exclusion filter';
const NO_REPORT = 'There is no such report';

/** Which sites an action may reach: live ones (the default), deleted ones (restore), or either. */
export type SiteState = 'live' | 'deleted' | 'any';

/**
 * The organisations a listing covers: every one (platform staff who name none), or one; a viewer
 * of no organisation who may not see all has an organisation id of null, which matches nothing.
 */
export type OrganisationScope = { all: true } | { all: false; organisationId: string | null };

/**
 * The one door to an organisation's resources (STYLE.md, in the spirit of Immich's
 * requireAccess): each helper loads the resource, checks `can(viewer, action, resource)` and
 * answers 401 without a session, 403 for an action the role may not take or another
 * organisation's resource, and the catalogue's not-found for one that does not exist. Users,
 * organisations and map notes are not to be probed across organisations: a missing one is 403,
 * as another organisation's is, to whoever may reach only their own organisation.
 */
export function createAccess(db: Database) {
  const rows = createAccessRepository(db);

  /**
   * The resource if the viewer may act on it; `missing` says it does not exist (for them), or
   * with `hideMissing`, 403 to those who may not reach every organisation.
   */
  function check<Row>(
    viewer: Viewer | null,
    action: Action,
    row: Row | undefined,
    organisationOf: (row: Row) => string | null,
    missing: string,
    hideMissing = false,
  ): Row {
    const actor = authorize(viewer, action);
    if (row === undefined) {
      if (hideMissing && !can(actor, 'organisations.all')) throw new HttpError(403);
      throw new HttpError(404, missing);
    }
    authorize(actor, action, { organisationId: organisationOf(row) });
    return row;
  }

  const inState = (site: SiteRow | undefined, state: SiteState) =>
    site &&
    (state === 'any' || (state === 'live' ? site.deletedAt === null : site.deletedAt !== null))
      ? site
      : undefined;

  return {
    async site(
      viewer: Viewer | null,
      action: Action,
      siteId: string,
      state: SiteState = 'live',
    ): Promise<SiteRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        inState(await rows.site(siteId), state),
        (site) => site.ownerOrganisationId,
        NOT_FOUND_MESSAGES.site,
      );
    },

    /** Every one of the sites, in no particular order; not-found when any is missing. */
    async sites(
      viewer: Viewer | null,
      action: Action,
      siteIds: readonly string[],
      state: SiteState = 'live',
    ): Promise<SiteRow[]> {
      authorize(viewer, action);
      const unique = [...new Set(siteIds)];
      const found = (await rows.sites(unique)).filter((site) => inState(site, state));
      if (found.length !== unique.length) throw new HttpError(404, NOT_FOUND_MESSAGES.site);
      for (const site of found)
        check(viewer, action, site, (row) => row.ownerOrganisationId, NOT_FOUND_MESSAGES.site);
      return found;
    },

    async file(viewer: Viewer | null, action: Action, fileId: string): Promise<FileRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.file(fileId),
        (file) => file.organisationId,
        NOT_FOUND_MESSAGES.file,
      );
    },

    /** Every one of the files; not-found when any is missing. */
    async files(
      viewer: Viewer | null,
      action: Action,
      fileIds: readonly string[],
    ): Promise<FileRow[]> {
      authorize(viewer, action);
      const unique = [...new Set(fileIds)];
      const found = await rows.files(unique);
      if (found.length !== unique.length) throw new HttpError(404, NOT_FOUND_MESSAGES.file);
      for (const file of found)
        check(viewer, action, file, (row) => row.organisationId, NOT_FOUND_MESSAGES.file);
      return found;
    },

    async siteGroup(viewer: Viewer | null, action: Action, groupId: string): Promise<SiteGroupRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.siteGroup(groupId),
        (group) => group.organisationId,
        NOT_FOUND_MESSAGES.siteGroup,
      );
    },

    /**
     * A survey of the viewer's organisation: live ones by default, deleted ones for restore (or
     * either); another organisation's is 403, as every resource's is.
     */
    async survey(
      viewer: Viewer | null,
      action: Action,
      surveyId: string,
      state: SiteState = 'any',
    ): Promise<SurveyRow> {
      authorize(viewer, action);
      const found = await rows.survey(surveyId);
      const inWantedState =
        found &&
        (state === 'any' ||
          (state === 'live' ? found.deletedAt === null : found.deletedAt !== null))
          ? found
          : undefined;
      return check(
        viewer,
        action,
        inWantedState,
        (survey) => survey.organisationId,
        NOT_FOUND_MESSAGES.survey,
      );
    },

    async mapNote(viewer: Viewer | null, action: Action, noteId: string): Promise<MapNoteRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.mapNote(noteId),
        (note) => note.organisationId,
        NOT_FOUND_MESSAGES.mapNote,
        true,
      );
    },

    async mapNoteGroup(
      viewer: Viewer | null,
      action: Action,
      groupId: string,
    ): Promise<MapNoteGroupRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.mapNoteGroup(groupId),
        (group) => group.organisationId,
        NOT_FOUND_MESSAGES.mapNote,
        true,
      );
    },

    /** A stored user: an organisation's, or platform staff (no organisation: staff only). */
    async user(viewer: Viewer | null, action: Action, userId: string): Promise<UserRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.user(userId),
        (user) => user.organisationId,
        ERROR_CATALOGUE[404],
        true,
      );
    },

    async organisation(
      viewer: Viewer | null,
      action: Action,
      organisationId: string,
    ): Promise<OrganisationRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.organisation(organisationId),
        (organisation) => organisation.id,
        ERROR_CATALOGUE[404],
        true,
      );
    },

    async image(viewer: Viewer | null, action: Action, imageId: string): Promise<ImageRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.image(imageId),
        (image) => image.organisationId,
        ERROR_CATALOGUE[404],
      );
    },

    async exclusionFilter(
      viewer: Viewer | null,
      action: Action,
      filterId: string,
    ): Promise<ExclusionFilterRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.exclusionFilter(filterId),
        (filter) => filter.organisationId,
        NO_EXCLUSION_FILTER,
      );
    },

    /** A flagged bad-data period (issue 25): its site's organisation's, on a live site. */
    async badDataPeriod(
      viewer: Viewer | null,
      action: Action,
      periodId: string,
    ): Promise<BadDataPeriodRow> {
      authorize(viewer, action);
      const row = await rows.badDataPeriod(periodId);
      return check(
        viewer,
        action,
        row && !row.siteDeleted ? row : undefined,
        (period) => period.organisationId,
        serverMessage('badDataPeriodMissing'),
      );
    },

    /**
     * A requested report (issue 21): its requester's, and its organisation's admins' (issue 38);
     * another user's is 403, as another organisation's is.
     */
    async report(viewer: Viewer | null, action: Action, reportId: string): Promise<ReportRow> {
      authorize(viewer, action);
      const report = check(
        viewer,
        action,
        await rows.report(reportId),
        (row) => row.organisationId,
        NO_REPORT,
      );
      authorize(viewer, action, { organisationId: report.organisationId, ownerId: report.userId });
      // One demo visitor's report is no other visitor's, though all sign in as the same user.
      if (viewer?.isDemo && report.demoSession !== (viewer.demoSession ?? null))
        throw new HttpError(404, NO_REPORT);
      return report;
    },

    /** Issue 27: an organisation's hardware, one helper per kind, each its organisation's. */
    async device(viewer: Viewer | null, action: Action, deviceId: string): Promise<DeviceRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.device(deviceId),
        (row) => row.organisationId,
        NOT_FOUND_MESSAGES.device,
      );
    },

    async deviceArray(
      viewer: Viewer | null,
      action: Action,
      arrayId: string,
    ): Promise<DeviceArrayRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.deviceArray(arrayId),
        (row) => row.organisationId,
        NOT_FOUND_MESSAGES.deviceArray,
      );
    },

    async deviceMapping(
      viewer: Viewer | null,
      action: Action,
      mappingId: string,
    ): Promise<DeviceMappingRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.deviceMapping(mappingId),
        (row) => row.organisationId,
        ERROR_CATALOGUE[404],
      );
    },

    async gpsLocation(
      viewer: Viewer | null,
      action: Action,
      locationId: string,
    ): Promise<GpsLocationRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.gpsLocation(locationId),
        (row) => row.organisationId,
        ERROR_CATALOGUE[404],
      );
    },

    async roadSection(
      viewer: Viewer | null,
      action: Action,
      sectionId: string,
    ): Promise<RoadSectionRow> {
      authorize(viewer, action);
      return check(
        viewer,
        action,
        await rows.roadSection(sectionId),
        (row) => row.organisationId,
        ERROR_CATALOGUE[404],
      );
    },
  };
}

export type Access = ReturnType<typeof createAccess>;

/**
 * The organisations a listing covers, decided by `can`: platform staff see every organisation
 * or the one they name; everyone else their own, and naming another is refused (403).
 */
export function organisationScope(
  viewer: Viewer,
  action: Action,
  requested?: string | null,
): OrganisationScope {
  authorize(viewer, action);
  if (can(viewer, 'organisations.all'))
    return requested ? { all: false, organisationId: requested } : { all: true };
  if (requested && requested !== viewer.organisationId)
    authorize(viewer, action, { organisationId: requested });
  return { all: false, organisationId: viewer.organisationId };
}

/** The organisation id a repository filters on: null for every organisation. */
export function scopedOrganisationId(scope: OrganisationScope): string | null {
  return scope.all ? null : scope.organisationId;
}
