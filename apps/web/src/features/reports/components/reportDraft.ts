import {
  REPORT_MESSAGES,
  reportRequestSchema,
  type ReportRequestInput as DomainRequest,
} from '@roadcount/domain';
import type { ReportRequestInput, ReportType, ReportUnits } from '@/generated/graphql.ts';
import type { FilterDraft } from './ReportFilters.tsx';
import type { SiteChoice } from './SitePicker.tsx';

/** What the Insights form holds. Dates are local calendar days, the end day included. */
export interface ReportDraft {
  type: ReportType;
  choice: SiteChoice;
  startDate: string;
  endDate: string;
  units: ReportUnits;
  aggregationMinutes: number;
  filters: FilterDraft;
}

export const AGGREGATIONS = [5, 10, 15, 20, 30, 60, 1440, 10080];
const SPEED_TO_MPS = { metric: 1 / 3.6, imperial: 0.44704 };

const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A year back from today, daily figures: what most reports to a council cover. */
export function initialDraft(now = new Date()): ReportDraft {
  const start = new Date(now);
  start.setDate(start.getDate() - 364);
  return {
    type: 'standard_spreadsheet',
    choice: { scope: 'sites', sites: [], groupId: '', surveyId: '' },
    startDate: isoDay(start),
    endDate: isoDay(now),
    units: 'metric',
    aggregationMinutes: 60,
    filters: { speedMin: '', speedMax: '', headwayMin: '', directions: [], classes: '' },
  };
}

/** Local midnight of a calendar day as an ISO instant; `nextDay` for the end of an included day. */
function localMidnight(day: string, nextDay = false): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return '';
  return new Date(year, month - 1, date + (nextDay ? 1 : 0)).toISOString();
}

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The request the server is sent, speeds in m/s. */
export function toRequest(draft: ReportDraft): ReportRequestInput {
  const toMps = SPEED_TO_MPS[draft.units];
  const speedMin = numberOrNull(draft.filters.speedMin);
  const speedMax = numberOrNull(draft.filters.speedMax);
  const classes = draft.filters.classes
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  return {
    type: draft.type,
    site_ids: draft.choice.scope === 'sites' ? draft.choice.sites.map((site) => site.id) : [],
    site_group_id: draft.choice.scope === 'group' ? draft.choice.groupId || null : null,
    survey_id: draft.choice.scope === 'survey' ? draft.choice.surveyId || null : null,
    start: draft.startDate ? localMidnight(draft.startDate) : '',
    end: draft.endDate ? localMidnight(draft.endDate, true) : '',
    units: draft.units,
    aggregation_minutes: draft.aggregationMinutes,
    filter: {
      velocity_min: speedMin === null ? null : speedMin * toMps,
      velocity_max: speedMax === null ? null : speedMax * toMps,
      headway_min: numberOrNull(draft.filters.headwayMin),
      active_directions: draft.filters.directions.length > 0 ? draft.filters.directions : null,
      active_classes: classes.length > 0 ? classes : null,
    },
  };
}

/** What is missing or wrong in a draft, as the server would say it. */
export type DraftProblem = keyof typeof REPORT_MESSAGES | 'classes' | 'chooseSurvey';

/** The translation key of a problem: the report sources' own, or the reports' errors. */
export function problemKey(problem: DraftProblem): string {
  return problem === 'chooseSurvey' || problem === 'surveyAndOthers'
    ? `reportSources.errors.${problem}`
    : `reports.errors.${problem}`;
}

/** What is missing or wrong in the draft, or null when it may be sent. */
export function draftProblem(draft: ReportDraft): DraftProblem | null {
  if (draft.choice.scope === 'survey' && !draft.choice.surveyId) return 'chooseSurvey';
  const request = toRequest(draft);
  if (request.filter?.active_classes?.some((value) => !Number.isInteger(value) || value < 0))
    return 'classes';
  const candidate: DomainRequest = {
    type: request.type,
    siteIds: request.site_ids ?? [],
    siteGroupId: request.site_group_id ?? null,
    surveyId: request.survey_id ?? null,
    start: request.start,
    end: request.end,
    units: request.units,
    aggregationMinutes: request.aggregation_minutes,
  };
  const parsed = reportRequestSchema.safeParse(candidate);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message;
  const key = (Object.keys(REPORT_MESSAGES) as (keyof typeof REPORT_MESSAGES)[]).find(
    (name) => REPORT_MESSAGES[name] === message,
  );
  return key ?? 'sites';
}
