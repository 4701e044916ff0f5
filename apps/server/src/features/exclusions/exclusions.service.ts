import {
  badDataExclusions,
  type ExcludedWindow,
  type TimeExclusion,
  type VehicleExclusion,
  type Weekday,
} from '@roadcount/analytics';
import {
  EXCLUSION_MESSAGES,
  EXCLUSIONS_MAX,
  timeExclusionListSchema,
  vehicleExclusionFilterSchema,
  type Action,
} from '@roadcount/domain';
import { z } from 'zod';
import type { Access } from '../../infra/access/access.ts';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { HttpError } from '../../infra/errors.ts';
import type { ExclusionFilterRow, ExclusionsRepository } from './exclusions.repository.ts';

/** A saved vehicle exclusion filter as the API gives it (speeds m/s, headway s, ISO instants). */
export function toExclusionFilter(row: ExclusionFilterRow) {
  return {
    id: row.id,
    organisation_id: row.organisationId,
    name: row.name,
    description: row.description,
    min_speed_mps: row.minSpeedMps,
    max_speed_mps: row.maxSpeedMps,
    headway_greater_than_s: row.headwayGreaterThanS,
    classes: row.classes,
    start_time: row.startTime?.toISOString() ?? null,
    end_time: row.endTime?.toISOString() ?? null,
    created_on: row.createdOn.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The kernel's form of a saved filter: a condition left empty is no condition. */
export function toVehicleExclusion(row: ExclusionFilterRow): VehicleExclusion {
  const exclusion: VehicleExclusion = {};
  if (row.minSpeedMps !== null) exclusion.minSpeedMps = row.minSpeedMps;
  if (row.maxSpeedMps !== null) exclusion.maxSpeedMps = row.maxSpeedMps;
  if (row.headwayGreaterThanS !== null) exclusion.headwayGreaterThanS = row.headwayGreaterThanS;
  if (row.classes !== null && row.classes.length > 0) exclusion.classes = row.classes;
  if (row.startTime) exclusion.startMs = row.startTime.getTime();
  if (row.endTime) exclusion.endMs = row.endTime.getTime();
  return exclusion;
}

/** The first problem of a failed parse, with where it is: `field: message`. */
function problem(error: z.ZodError, prefix = ''): HttpError {
  const issue = error.issues[0];
  const path = [prefix, ...(issue?.path ?? []).map(String)].filter(Boolean).join('.');
  return new HttpError(400, `${path ? `${path}: ` : ''}${issue?.message ?? 'invalid input'}`);
}

const isUniqueViolation = (error: unknown): boolean => {
  const { code, cause } = (error ?? {}) as { code?: string; cause?: unknown };
  return code === '23505' || (cause !== undefined && isUniqueViolation(cause));
};

const idListSchema = z.array(z.string()).max(EXCLUSIONS_MAX, `at most ${EXCLUSIONS_MAX}`);

/**
 * The exclusions of a site's organisation: its saved vehicle exclusion filters, and (issue 25)
 * the site's excluded bad-data periods, read through `excludedWindows`.
 */
export function createExclusionsService(
  repository: ExclusionsRepository,
  access: Access,
  excludedWindows: (siteId: string) => Promise<ExcludedWindow[]>,
) {
  /** The organisation whose filters a call concerns: the site's, or else the viewer's own. */
  async function organisationFor(viewer: Viewer, action: Action, siteId?: string | null) {
    if (siteId) return (await access.site(viewer, action, siteId)).ownerOrganisationId;
    authorize(viewer, action, { organisationId: viewer.organisationId });
    if (!viewer.organisationId)
      throw new HttpError(400, 'siteId: say which site the filters are for');
    return viewer.organisationId;
  }

  function validated(input: unknown) {
    const parsed = vehicleExclusionFilterSchema.safeParse(input);
    if (!parsed.success) throw problem(parsed.error);
    return parsed.data;
  }

  async function saving<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new HttpError(409, EXCLUSION_MESSAGES.duplicateName);
      throw error;
    }
  }

  return {
    async list(viewer: Viewer, siteId?: string | null) {
      const organisationId = await organisationFor(viewer, 'exclusionFilters.read', siteId);
      return (await repository.listForOrganisation(organisationId)).map(toExclusionFilter);
    },

    async create(viewer: Viewer, input: unknown, siteId?: string | null) {
      const organisationId = await organisationFor(viewer, 'exclusionFilters.manage', siteId);
      const values = validated(input);
      if (await repository.nameTaken(organisationId, values.name))
        throw new HttpError(409, EXCLUSION_MESSAGES.duplicateName);
      return toExclusionFilter(
        await saving(() => repository.insert(organisationId, viewer.userId, values)),
      );
    },

    async update(viewer: Viewer, id: string, input: unknown) {
      const row = await access.exclusionFilter(viewer, 'exclusionFilters.manage', id);
      const values = validated(input);
      if (await repository.nameTaken(row.organisationId, values.name, row.id))
        throw new HttpError(409, EXCLUSION_MESSAGES.duplicateName);
      return toExclusionFilter(await saving(() => repository.update(row.id, values)));
    },

    async remove(viewer: Viewer, id: string) {
      const row = await access.exclusionFilter(viewer, 'exclusionFilters.manage', id);
      await repository.remove(row.id);
      return row.id;
    },

    /**
     * The site's excluded bad-data periods as time-window exclusions (of one direction or lane
     * where the period was found on one): every figure of the site leaves their vehicles out,
     * whatever the request asks.
     */
    async excludedPeriods(siteId: string): Promise<VehicleExclusion[]> {
      return badDataExclusions(await excludedWindows(siteId));
    },

    /**
     * The kernel exclusions of a filter payload's `vehicle_exclusions` ids: each must be a saved
     * filter of the site's organisation (400 otherwise, naming the id).
     */
    async vehicleExclusions(organisationId: string, ids: unknown): Promise<VehicleExclusion[]> {
      if (ids === undefined || ids === null) return [];
      const parsed = idListSchema.safeParse(ids);
      if (!parsed.success) throw problem(parsed.error, 'vehicle_exclusions');
      const wanted = [...new Set(parsed.data)];
      const found = await repository.findOfOrganisation(organisationId, wanted.filter(isUuid));
      const missing = wanted.find((id) => !found.some((row) => row.id === id));
      if (missing !== undefined)
        throw new HttpError(
          400,
          `vehicle_exclusions: '${missing}' is not a saved exclusion filter of this site's organisation`,
        );
      return found.map(toVehicleExclusion);
    },
  };
}

/** The kernel time exclusions of a filter payload's `time_exclusions` (SPEC section 3). */
export function timeExclusions(input: unknown): TimeExclusion[] {
  if (input === undefined || input === null) return [];
  const parsed = timeExclusionListSchema.safeParse(input);
  if (!parsed.success) throw problem(parsed.error, 'time_exclusions');
  return parsed.data.map((rule) => ({ ...rule, days: rule.days as Weekday[] }));
}

export type ExclusionsService = ReturnType<typeof createExclusionsService>;
