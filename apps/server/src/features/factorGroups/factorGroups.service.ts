import { createHash } from 'node:crypto';
import {
  MIN_DAYS_PER_WEEKDAY,
  adjustmentError,
  clusterByMonthlyPattern,
  groupFactors,
  siteAadt,
  siteFactors,
  wholeDaysOfTotals,
  type AadtFigure,
  type DailyTotal,
  type DayCoverage,
  type GroupFactors,
} from '@roadcount/analytics';
import { NOT_FOUND_MESSAGES } from '@roadcount/domain';
import { organisationScope, scopedOrganisationId, type Access } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { FactorGroupRow, FactorGroupsRepository } from './factorGroups.repository.ts';

const DAY_MS = 86_400_000;
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;

export const FACTOR_GROUP_BASES = ['roadClass', 'area', 'pattern'] as const;
export type FactorGroupBasis = (typeof FACTOR_GROUP_BASES)[number];

/** What the service reads a site's daily volumes through (`siteData.dailyVolumes`). */
export type DailyVolumesOf = (
  siteId: string,
) => Promise<{ day: string; volume: number; coverage: DayCoverage }[]>;

/** How a site's AADT was found (`siteAadt`), with what a reader needs to check it. */
export interface SiteAadt extends AadtFigure {
  siteId: string;
  /** Why a short count is unadjusted: no factor group, or the group has no factors for it. */
  reason: 'noGroup' | 'noFactors' | null;
  groupId: string | null;
  groupName: string | null;
  /** The version of the group's factors the AADT was made with (`factorsVersion`). */
  groupVersion: string | null;
  /** The figure (`value`), under the name the AADT card and reports read. */
  aadt: number | null;
  monthlyFactor: number | null;
  dayOfWeekFactor: number | null;
  /** Mean absolute error of the method on the group's continuous sites, percent. */
  errorPercent: number | null;
  errorSamples: number;
}

/**
 * A set of group factors' version: a digest of the factors themselves, so an AADT says which
 * factors made it and changes version exactly when they change.
 */
export function factorsVersion(factors: GroupFactors): string {
  return createHash('sha256')
    .update(JSON.stringify([factors.sites, factors.monthly, factors.dayOfWeek]))
    .digest('hex')
    .slice(0, 12);
}

/** The whole days with data (`wholeDaysOf`: partial ones left out). */
function innerDays(rows: { day: string; volume: number; coverage: DayCoverage }[]): DailyTotal[] {
  const days = rows.map((row) => ({
    day: dayNumber(row.day),
    vehicles: row.volume,
    coverage: row.coverage,
  }));
  const whole = new Set(wholeDaysOfTotals(days));
  return days
    .filter((entry) => whole.has(entry.day))
    .map(({ day, vehicles }) => ({ day, vehicles }));
}

/** Issue 25: factor groups (TMG 2022), their factors and the AADT of a short count. */
export function createFactorGroupsService(deps: {
  repository: FactorGroupsRepository;
  access: Access;
  dailyVolumes: DailyVolumesOf;
}) {
  const { repository, access } = deps;

  /** Each continuous site's days and factors. */
  async function continuousFactors(siteIds: string[]) {
    return Promise.all(
      siteIds.map(async (siteId) => {
        const days = innerDays(await deps.dailyVolumes(siteId));
        return { siteId, days, factors: siteFactors(days) };
      }),
    );
  }

  async function describe(groups: FactorGroupRow[]) {
    const members = await repository.members(groups.map((group) => group.id));
    return Promise.all(
      groups.map(async (group) => {
        const sites = members.filter((member) => member.groupId === group.id);
        const continuous = sites.filter((site) => site.siteType === 'continuous');
        const measured = await continuousFactors(continuous.map((site) => site.siteId));
        const factors = groupFactors(measured.map((site) => site.factors));
        return {
          group,
          factors,
          continuous: continuous.map((site, index) => ({
            ...site,
            qualifyingMonths: measured[index]?.factors.qualifyingMonths ?? [],
            aadt: measured[index]?.factors.aadt ?? null,
          })),
          shortCounts: sites.filter((site) => site.siteType !== 'continuous'),
        };
      }),
    );
  }

  /** The factors of a site's factor group (the first by name when it is in several). */
  async function factorsForSite(siteId: string) {
    const [group] = await repository.groupsOfSite(siteId);
    if (!group) return null;
    const members = await repository.members([group.id]);
    const measured = await continuousFactors(
      members.filter((site) => site.siteType === 'continuous').map((site) => site.siteId),
    );
    return { group, factors: groupFactors(measured.map((site) => site.factors)), measured };
  }

  return {
    minDaysPerWeekday: MIN_DAYS_PER_WEEKDAY,

    /** The viewer's organisation's factor groups with their sites and factors. */
    async list(viewer: Viewer) {
      const scope = organisationScope(viewer, 'sites.read');
      const organisationId = scopedOrganisationId(scope);
      if (!scope.all && organisationId === null) return [];
      return describe(await repository.list(organisationId));
    },

    /**
     * The organisation's continuous sites clustered by their monthly factors (k-means, at most
     * `clusters` groups): the grouping an organisation can copy into factor groups.
     */
    async patterns(viewer: Viewer, clusters: number) {
      const scope = organisationScope(viewer, 'sites.read');
      const organisationId = scopedOrganisationId(scope);
      if (!scope.all && organisationId === null) return [];
      const sites = await repository.continuousSites(organisationId);
      const measured = await continuousFactors(sites.map((site) => site.siteId));
      const withFactors = measured.filter((site) => site.factors.aadt !== null);
      const assignment = clusterByMonthlyPattern(
        withFactors.map((site) => site.factors.monthly as number[]),
        Math.max(1, Math.min(6, Math.floor(clusters))),
      );
      return sites.map((site, index) => {
        const factors = measured[index]?.factors;
        const at = withFactors.findIndex((entry) => entry.siteId === site.siteId);
        return {
          siteId: site.siteId,
          name: site.name,
          qualifyingMonths: factors?.qualifyingMonths ?? [],
          aadt: factors?.aadt ?? null,
          monthly: factors?.monthly ?? [],
          cluster: at < 0 ? null : (assignment[at] ?? null),
        };
      });
    },

    /** Makes a site group a factor group on a basis, or (null) an ordinary group again. */
    async setBasis(viewer: Viewer, groupId: string, basis: FactorGroupBasis | null) {
      const group = await access.siteGroup(viewer, 'sites.update', groupId);
      await repository.setBasis(group.id, basis);
      return group;
    },

    /** One factor group as `list` gives it; 404 when the group is not one. */
    async find(viewer: Viewer, groupId: string) {
      const group = await access.siteGroup(viewer, 'sites.read', groupId);
      const found = (await repository.list(group.organisationId)).find(
        (row) => row.id === group.id,
      );
      if (!found) throw new HttpError(404, NOT_FOUND_MESSAGES.siteGroup);
      const [described] = await describe([found]);
      return described;
    },

    /** A readable site's AADT, as `aadtOfSite`. */
    async siteAadt(viewer: Viewer, siteId: string): Promise<SiteAadt> {
      const site = await access.site(viewer, 'sites.read', siteId);
      return this.aadtOfSite(site);
    },

    /**
     * A site's AADT by the one decision (`siteAadt`), over its whole record with no filter: a
     * continuous site's AASHTO AADT; a short count adjusted by its factor group's monthly and
     * day-of-week factors (TMG 2022), with the method's error on the group's continuous sites over
     * runs of the same length; without a group or factors its ADT, unadjusted. For callers that
     * have already checked access (site detail, map, reports).
     */
    async aadtOfSite(site: { id: string; siteType: string }): Promise<SiteAadt> {
      const rows = await deps.dailyVolumes(site.id);
      const days = rows.map((row) => ({
        day: dayNumber(row.day),
        vehicles: row.volume,
        coverage: row.coverage,
      }));
      const continuous = site.siteType === 'continuous';
      const found = await factorsForSite(site.id);
      const figure = siteAadt({
        continuous,
        days,
        group: found
          ? {
              id: found.group.id,
              name: found.group.name,
              factors: found.factors,
              version: factorsVersion(found.factors),
            }
          : null,
      });
      const error =
        figure.method === 'factored' && found
          ? adjustmentError(
              found.measured.map((entry) => ({ days: entry.days, aadt: entry.factors.aadt })),
              found.factors,
              figure.wholeDays,
            )
          : null;
      return {
        ...figure,
        siteId: site.id,
        reason:
          figure.variant === 'unadjustedNoGroup'
            ? 'noGroup'
            : figure.variant === 'unadjustedNoFactors'
              ? 'noFactors'
              : null,
        groupId: figure.group?.id ?? null,
        groupName: figure.group?.name ?? null,
        groupVersion: figure.group?.version ?? null,
        aadt: figure.value,
        monthlyFactor: figure.factors?.monthlyFactor ?? null,
        dayOfWeekFactor: figure.factors?.dayOfWeekFactor ?? null,
        errorPercent: error?.meanAbsolutePercent ?? null,
        errorSamples: error?.samples ?? 0,
      };
    },
  };
}

export type FactorGroupsService = ReturnType<typeof createFactorGroupsService>;
