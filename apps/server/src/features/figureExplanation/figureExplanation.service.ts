import {
  wholeDaysOf,
  type AadtFigure,
  type DayCoverage,
  type LeftOutCounts,
} from '@roadcount/analytics';
import {
  explainDays,
  figureTerm,
  FIGURE_DAY_RULES,
  isExplainedFigure,
  EXPLAINED_FIGURES,
  type ExplainedAadt,
  type ExplainedFigure,
  type ExplainedFilter,
  type ExplainedLeftOutReason,
  DEFAULT_SPEED_MAX_MPS,
  DEFAULT_SPEED_MIN_MPS,
  serverMessage,
  type FigureExplanation,
} from '@roadcount/domain';
import type { Access } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { FigureExplanationRepository } from './figureExplanation.repository.ts';

const DAY_MS = 86_400_000;
const dayNumber = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / DAY_MS;
const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** The page's filter (SPEC section 3 payload) as the explanation reads it. */
export interface ExplainPayload {
  start_time?: string | null;
  end_time?: string | null;
  velocity_min?: number | null;
  velocity_max?: number | null;
  active_classes?: number[] | null;
  headway_min?: number | null;
  active_directions?: number[] | null;
  active_lane_heading_1?: number[] | null;
  active_lane_heading_3?: number[] | null;
  active_lane_heading_5?: number[] | null;
  active_lane_heading_7?: number[] | null;
  vehicle_exclusions?: string[] | null;
  time_exclusions?: { days: number[]; from: string; to: string }[] | null;
}

/** What the explanation reads the figures from: the same services the figures come from. */
export interface FigureExplanationDeps {
  access: Access;
  repository: FigureExplanationRepository;
  /** The site-detail answer (the one scan every figure of the page comes from). */
  siteDetail: (
    viewer: Viewer,
    query: {
      siteId: string;
      payload: ExplainPayload;
      aggregationMinutes: number;
      parts: ('summary' | 'availability' | 'leftOut' | 'speeding')[];
    },
  ) => Promise<{
    summary: { vehicles: number; wholeDays: number };
    availability: { day: string; vehicles: number }[];
    leftOut?: LeftOutCounts | undefined;
    speeding: { vehicles: number } | null;
  }>;
  /** The count-site summary (interval counts), as the count page reads it. */
  countSummary: (
    viewer: Viewer,
    siteId: string,
    payload: ExplainPayload,
    aggregationMinutes: number,
  ) => Promise<{
    wholeDays: number;
    bins: { start: string; counts: Partial<Record<string, Record<number, number>>> }[];
  }>;
  dataKinds: (siteId: string) => Promise<('vehicles' | 'intervals')[]>;
  /** The site's volume per local day over its whole record (what its AADT is made from). */
  dailyVolumes: (
    siteId: string,
  ) => Promise<{ day: string; volume: number; coverage: DayCoverage }[]>;
  /** The one AADT decision (`siteAadt`), with the factor group's factors and version. */
  siteAadt: (site: { id: string; siteType: string }) => Promise<AadtFigure>;
  speedLimits: (siteId: string) => Promise<{ effective_from: string; limit_mps: number }[]>;
}

function explainedFilter(
  payload: ExplainPayload,
  exclusions: { id: string; name: string }[],
): ExplainedFilter {
  return {
    start_time: payload.start_time ?? null,
    end_time: payload.end_time ?? null,
    speed_min_mps: payload.velocity_min ?? DEFAULT_SPEED_MIN_MPS,
    speed_max_mps: payload.velocity_max ?? DEFAULT_SPEED_MAX_MPS,
    min_headway_s: payload.headway_min ?? 0,
    classes: payload.active_classes ?? null,
    directions: payload.active_directions ?? null,
    lanes: ([1, 3, 5, 7] as const).flatMap((direction) => {
      const lanes = payload[`active_lane_heading_${direction}`];
      return lanes && lanes.length > 0 ? [{ direction, lanes }] : [];
    }),
    time_exclusions: payload.time_exclusions ?? [],
    exclusions,
  };
}

/** Why the vehicles of the range were left out, as `countLeftOut` counted them. */
function leftOutReasons(counts: LeftOutCounts): ExplainedLeftOutReason[] {
  const byClass = (entries: Record<number, number>) =>
    Object.entries(entries)
      .map(([classIndex, vehicles]) => ({ class_index: Number(classIndex), vehicles }))
      .filter((entry) => entry.vehicles > 0)
      .sort((a, b) => a.class_index - b.class_index);
  const reasons: ExplainedLeftOutReason[] = [
    {
      reason: 'speedRange',
      vehicles: counts.speedRange,
      classes: byClass(counts.speedRangeByClass),
    },
    {
      reason: 'classes',
      vehicles: counts.classes,
      classes: byClass(counts.unclassified > 0 ? { 0: counts.unclassified } : {}),
    },
    { reason: 'directions', vehicles: counts.directions, classes: [] },
    { reason: 'separation', vehicles: counts.separation, classes: [] },
    { reason: 'lanes', vehicles: counts.lanes, classes: [] },
    { reason: 'badDataPeriods', vehicles: counts.badDataPeriods, classes: [] },
    { reason: 'exclusions', vehicles: counts.exclusions, classes: [] },
    { reason: 'timeExclusions', vehicles: counts.timeExclusions, classes: [] },
  ];
  return reasons.filter((reason) => reason.vehicles > 0);
}

/**
 * Every local day from the first to the last with data, those without data at 0, and the whole
 * ones by the rule the figures count by (`wholeDaysOf`: interval counts by their coverage).
 */
function dayRange(volumes: Map<number, number>, coverage: Map<number, DayCoverage>) {
  const withData = [...volumes.keys()].filter((day) => (volumes.get(day) ?? 0) > 0);
  if (withData.length === 0) return { days: [], whole: new Set<string>() };
  const first = Math.min(...withData);
  const last = Math.max(...withData);
  const days: { day: string; volume: number }[] = [];
  for (let day = first; day <= last; day += 1)
    days.push({ day: isoDay(day), volume: volumes.get(day) ?? 0 });
  const covered = withData.map((day) => ({ day, coverage: coverage.get(day) ?? 'records' }));
  return { days, whole: new Set(wholeDaysOf(covered).map(isoDay)) };
}

function explainedAadt(aadt: AadtFigure): ExplainedAadt {
  return {
    method: aadt.method,
    variant: aadt.variant,
    estimate: aadt.estimate,
    value: aadt.value,
    adt: aadt.adt,
    whole_days: aadt.wholeDays,
    months: aadt.months,
    months_missing_weekdays: aadt.monthsMissingWeekdays,
    group: aadt.group
      ? {
          id: aadt.group.id,
          name: aadt.group.name,
          version: aadt.group.version,
          monthly_factors: aadt.factors?.monthly ?? null,
          day_of_week_factors: aadt.factors?.dayOfWeek ?? null,
          monthly_factor: aadt.factors?.monthlyFactor ?? null,
          day_of_week_factor: aadt.factors?.dayOfWeekFactor ?? null,
        }
      : null,
  };
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Issue 36: how a figure of a site was made, read from the same functions that make it (the
 * site-detail scan with its left-out counts, the count summary, the one AADT decision): its
 * formula's Definitions term, the files and days behind it, what the filters, exclusions,
 * bad-data periods and speed limits left out, and for AADT the method, variant and factor group
 * with its factors and their version.
 */
export function createFigureExplanationService(deps: FigureExplanationDeps) {
  async function explain(
    viewer: Viewer,
    siteId: string,
    figures: readonly ExplainedFigure[],
    payload: ExplainPayload,
  ): Promise<FigureExplanation[]> {
    for (const figure of figures)
      if (!isExplainedFigure(figure))
        throw new HttpError(
          400,
          serverMessage('figureNotExplained', {
            figure: String(figure),
            figures: EXPLAINED_FIGURES.join(', '),
          }),
        );
    const site = await deps.access.site(viewer, 'sites.read', siteId);
    const window = {
      startMs: payload.start_time ? Date.parse(payload.start_time) : Number.NEGATIVE_INFINITY,
      endMs: payload.end_time ? Date.parse(payload.end_time) : Number.POSITIVE_INFINITY,
    };
    if (Number.isNaN(window.startMs))
      throw new HttpError(
        400,
        serverMessage('fieldNotDateTime', { field: 'start_time', value: payload.start_time ?? '' }),
      );
    if (Number.isNaN(window.endMs))
      throw new HttpError(
        400,
        serverMessage('fieldNotDateTime', { field: 'end_time', value: payload.end_time ?? '' }),
      );
    const [files, periods, exclusions, kinds, limits] = await Promise.all([
      deps.repository.joinedFiles(site.id),
      deps.repository.excludedPeriods(site.id),
      deps.repository.exclusionNames(site.ownerOrganisationId, payload.vehicle_exclusions ?? []),
      deps.dataKinds(site.id),
      deps.speedLimits(site.id),
    ]);
    const countSite = kinds.length === 1 && kinds[0] === 'intervals';
    const filtered = figures.some((figure) => figure !== 'aadt');
    const wantsAadt = figures.includes('aadt');

    // The filtered figures' days and left-out vehicles, from the answer that makes them.
    const perDay = new Map<number, number>();
    let leftOut: LeftOutCounts | undefined;
    let speedingVehicles: number | null = null;
    let selected = 0;
    if (filtered && countSite) {
      const counts = await deps.countSummary(viewer, site.id, payload, 1440);
      for (const bin of counts.bins) {
        const day = dayNumber(bin.start.slice(0, 10));
        let sum = 0;
        for (const byDirection of Object.values(bin.counts))
          for (const count of Object.values(byDirection ?? {})) sum += count;
        perDay.set(day, (perDay.get(day) ?? 0) + sum);
      }
    } else if (filtered) {
      const detail = await deps.siteDetail(viewer, {
        siteId: site.id,
        payload,
        aggregationMinutes: 1440,
        parts: ['summary', 'availability', 'leftOut', 'speeding'],
      });
      for (const entry of detail.availability) {
        const day = dayNumber(entry.day);
        perDay.set(day, (perDay.get(day) ?? 0) + entry.vehicles);
      }
      leftOut = detail.leftOut;
      selected = detail.summary.vehicles;
      speedingVehicles = detail.speeding?.vehicles ?? 0;
    }
    // The rolled-up days say how their data covers each (interval counts); ADT and AADT count
    // whole days by it.
    const wholeRecord = new Map<number, number>();
    const coverage = new Map<number, DayCoverage>();
    let aadt: AadtFigure | null = null;
    if (wantsAadt || countSite) {
      const [rows, figure] = await Promise.all([
        deps.dailyVolumes(site.id),
        wantsAadt ? deps.siteAadt({ id: site.id, siteType: site.siteType }) : null,
      ]);
      for (const row of rows) {
        const day = dayNumber(row.day);
        wholeRecord.set(day, (wholeRecord.get(day) ?? 0) + row.volume);
        coverage.set(day, row.coverage);
      }
      aadt = figure;
    }
    const filteredDays = dayRange(perDay, coverage);
    const recordDays = dayRange(wholeRecord, coverage);
    const filter = explainedFilter(payload, exclusions);

    return figures.map((figure): FigureExplanation => {
      const rule = FIGURE_DAY_RULES[figure];
      const whole = figure === 'aadt';
      const range = whole ? recordDays : filteredDays;
      const inWindow = (startMs: number | null, endMs: number | null) =>
        whole || ((startMs ?? -Infinity) < window.endMs && (endMs ?? Infinity) >= window.startMs);
      let reasons = leftOut ? leftOutReasons(leftOut) : [];
      if (figure === 'speeding' && leftOut && speedingVehicles !== null) {
        const unmeasured = selected - speedingVehicles;
        if (unmeasured > 0)
          reasons = [...reasons, { reason: 'noSpeedLimit', vehicles: unmeasured, classes: [] }];
      }
      return {
        site_id: site.id,
        site_name: site.name,
        time_zone: site.timeZone,
        figure,
        term: figureTerm(figure, aadt?.method),
        day_rule: rule,
        scope: whole ? 'wholeRecord' : 'filters',
        files: files
          .filter((file) => inWindow(file.startMs, file.endMs))
          .map((file) => ({
            id: file.id,
            name: file.name,
            kind: file.kind,
            first_record: iso(file.startMs),
            last_record: iso(file.endMs),
            vehicles: file.vehicles,
          })),
        days: explainDays(
          rule,
          range.days,
          (day) => range.whole.has(day),
          whole && aadt?.method === 'aashto',
        ),
        left_out:
          whole || !leftOut
            ? null
            : {
                total: leftOut.total,
                selected:
                  figure === 'speeding' && speedingVehicles !== null
                    ? speedingVehicles
                    : leftOut.selected,
                reasons,
              },
        filter,
        bad_data_periods: periods
          .filter((period) => inWindow(period.start.getTime(), period.end.getTime() - 1))
          .map((period) => ({
            rule: period.rule,
            start_time: period.start.toISOString(),
            end_time: period.end.toISOString(),
            direction: period.direction,
            lane: period.lane,
          })),
        speed_limits: limits,
        aadt: whole && aadt ? explainedAadt(aadt) : null,
      };
    });
  }

  return {
    /** How one figure of a readable site was made, under the page's filter. */
    async figureExplanation(
      viewer: Viewer,
      siteId: string,
      figure: ExplainedFigure,
      payload: ExplainPayload,
    ) {
      const [explanation] = await explain(viewer, siteId, [figure], payload);
      if (!explanation) throw new HttpError(500, serverMessage('figureNotExplainedHere'));
      return explanation;
    },
    /** Several figures of a site at once, from one read of its figures (the reports' sheet). */
    explainFigures: explain,
  };
}

export type FigureExplanationService = ReturnType<typeof createFigureExplanationService>;
