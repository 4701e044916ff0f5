import { z } from 'zod';
import { plainText } from './plainText.ts';

/**
 * SPEC sections 2 to 4: a survey plans the counting of chosen sites between two dates, by an
 * internal user or a contractor; it is active, completed (every site has accepted data covering
 * its window) or deleted, and a deleted survey can be restored.
 */
export const SURVEY_STATES = ['active', 'completed', 'deleted'] as const;
export type SurveyState = (typeof SURVEY_STATES)[number];

export const SURVEY_SORTS = ['name', 'start', 'end', 'created', 'sites'] as const;
export type SurveySort = (typeof SURVEY_SORTS)[number];

export const SURVEY_NAME_MAX = 120;
export const SURVEY_NOTES_MAX = 2000;
/** The most sites one survey holds: a bounded site file and progress query. */
export const SURVEY_SITES_MAX = 500;

/** What the site file's `attribute` column holds; each keeps `SID:<site id>`, which uploads match. */
export const SITE_LIST_ATTRIBUTES = ['sid', 'sid_asset_id', 'sid_survey'] as const;
export type SiteListAttribute = (typeof SITE_LIST_ATTRIBUTES)[number];

/** What the site file's `name` column holds: the counter's site name. */
export const SITE_LIST_NAME_FORMATS = ['name', 'alternative_name', 'asset_id_name'] as const;
export type SiteListNameFormat = (typeof SITE_LIST_NAME_FORMATS)[number];

export interface SiteListOverride {
  site_id: string;
  name?: string | null;
  attribute?: string | null;
}

export interface SiteListOptions {
  attribute: SiteListAttribute;
  name_format: SiteListNameFormat;
  /** Counters with a short site-name field: names cut to this many characters (null: whole). */
  name_max_length: number | null;
  overrides: SiteListOverride[];
}

export const DEFAULT_SITE_LIST_OPTIONS: SiteListOptions = {
  attribute: 'sid',
  name_format: 'name',
  name_max_length: null,
  overrides: [],
};

/** Why a survey cannot be saved; the web app translates each by `surveys.problems.<code>`. */
export type SurveyProblem =
  | { field: 'name'; code: 'nameRequired' | 'nameTooLong' }
  | { field: 'scheduled_start' | 'scheduled_end'; code: 'dateInvalid' }
  | { field: 'scheduled_end'; code: 'endBeforeStart' }
  | { field: 'site_ids'; code: 'noSites' }
  | { field: 'site_ids'; code: 'tooManySites'; limit: number; requested: number }
  | { field: 'site_ids'; code: 'overSubscription'; limit: number; requested: number }
  | { field: 'contractor_email'; code: 'contractorEmail' }
  | { field: 'contractor_name'; code: 'contractorName' }
  | { field: 'assignee'; code: 'assigneeBoth' }
  | { field: 'sensor_spacing_m'; code: 'sensorSpacing' }
  | { field: 'notes'; code: 'notesTooLong' }
  | { field: 'site_list'; code: 'nameMaxLength' }
  | { field: 'site_list'; code: 'overrideSid'; site_id: string }
  | { field: 'assignee'; code: 'assigneeUnknown' }
  | { field: 'planned_site'; code: 'plannedName' | 'plannedPlace' }
  | { field: 'planned_site'; code: 'plannedNameTaken'; name: string }
  | { field: 'planned_site'; code: 'siteLimit'; limit: number };

/** The English message of a problem: what the server answers and the web's fallback. */
export function surveyProblemMessage(problem: SurveyProblem): string {
  switch (problem.code) {
    case 'nameRequired':
      return 'Give the survey a name';
    case 'nameTooLong':
      return `A survey name is at most ${SURVEY_NAME_MAX} characters`;
    case 'dateInvalid':
      return `The ${problem.field === 'scheduled_start' ? 'start' : 'end'} date must be a date (YYYY-MM-DD)`;
    case 'endBeforeStart':
      return 'The end date is before the start date';
    case 'noSites':
      return 'Choose at least one site for the survey';
    case 'tooManySites':
      return `A survey holds at most ${problem.limit} sites; ${problem.requested} are chosen`;
    case 'overSubscription':
      return `The subscription allows ${problem.limit} survey sites; with this survey the organisation's active surveys would count ${problem.requested}. Choose fewer sites, complete or delete a survey, or ask for a larger subscription`;
    case 'contractorEmail':
      return "The contractor's email is not an email address";
    case 'contractorName':
      return "Give the contractor's name as well as their email";
    case 'assigneeBoth':
      return 'Assign the survey to a user or to a contractor, not both';
    case 'sensorSpacing':
      return 'The sensor spacing is a distance in metres greater than 0 and at most 100';
    case 'notesTooLong':
      return `Notes are at most ${SURVEY_NOTES_MAX} characters`;
    case 'nameMaxLength':
      return 'The longest counter site name is from 4 to 200 characters';
    case 'overrideSid':
      return `The attribute of site ${problem.site_id} must keep SID:${problem.site_id}, or files from its counter will not match it`;
    case 'assigneeUnknown':
      return 'The assignee is not an active user of the organisation';
    case 'plannedName':
      return 'A site name is from 1 to 200 characters';
    case 'plannedPlace':
      return 'Place the site on the map';
    case 'plannedNameTaken':
      return `A site named ${problem.name} already exists`;
    case 'siteLimit':
      return `The subscription allows ${problem.limit} sites and all are in use; delete a site or ask for a larger subscription`;
  }
}

/** A local calendar date, YYYY-MM-DD, that exists. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** Days from start to end, both counted: 2025-06-02 to 2025-06-04 is 3 days. */
export function surveyWindowDays(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

export interface SurveyDraft {
  name: string;
  scheduled_start: string;
  scheduled_end: string;
  site_ids: readonly string[];
  assignee_user_id?: string | null;
  contractor_name?: string | null;
  contractor_email?: string | null;
  sensor_spacing_m?: number | null;
  notes?: string | null;
  site_list?: SiteListOptions | null;
}

const emailCheck = z.email();

/** Every rule a survey breaks, in the order the wizard asks for them (none: it may be saved). */
export function surveyProblems(draft: SurveyDraft): SurveyProblem[] {
  const problems: SurveyProblem[] = [];
  const name = draft.name.trim();
  if (!name) problems.push({ field: 'name', code: 'nameRequired' });
  else if (name.length > SURVEY_NAME_MAX) problems.push({ field: 'name', code: 'nameTooLong' });
  const startValid = isCalendarDate(draft.scheduled_start);
  const endValid = isCalendarDate(draft.scheduled_end);
  if (!startValid) problems.push({ field: 'scheduled_start', code: 'dateInvalid' });
  if (!endValid) problems.push({ field: 'scheduled_end', code: 'dateInvalid' });
  if (startValid && endValid && draft.scheduled_end < draft.scheduled_start)
    problems.push({ field: 'scheduled_end', code: 'endBeforeStart' });
  const sites = new Set(draft.site_ids).size;
  if (sites === 0) problems.push({ field: 'site_ids', code: 'noSites' });
  else if (sites > SURVEY_SITES_MAX)
    problems.push({
      field: 'site_ids',
      code: 'tooManySites',
      limit: SURVEY_SITES_MAX,
      requested: sites,
    });
  const contractorName = draft.contractor_name?.trim() ?? '';
  const contractorEmail = draft.contractor_email?.trim() ?? '';
  if (draft.assignee_user_id && (contractorName || contractorEmail))
    problems.push({ field: 'assignee', code: 'assigneeBoth' });
  if (contractorEmail && !emailCheck.safeParse(contractorEmail).success)
    problems.push({ field: 'contractor_email', code: 'contractorEmail' });
  if (contractorEmail && !contractorName)
    problems.push({ field: 'contractor_name', code: 'contractorName' });
  const spacing = draft.sensor_spacing_m;
  if (spacing !== null && spacing !== undefined && !(spacing > 0 && spacing <= 100))
    problems.push({ field: 'sensor_spacing_m', code: 'sensorSpacing' });
  if ((draft.notes?.length ?? 0) > SURVEY_NOTES_MAX)
    problems.push({ field: 'notes', code: 'notesTooLong' });
  const maxLength = draft.site_list?.name_max_length;
  if (maxLength !== null && maxLength !== undefined && !(maxLength >= 4 && maxLength <= 200))
    problems.push({ field: 'site_list', code: 'nameMaxLength' });
  for (const override of draft.site_list?.overrides ?? []) {
    const attribute = override.attribute?.trim();
    if (attribute && !attribute.includes(`SID:${override.site_id}`))
      problems.push({ field: 'site_list', code: 'overrideSid', site_id: override.site_id });
  }
  return problems;
}

export const siteListOptionsSchema = z.object({
  attribute: z.enum(SITE_LIST_ATTRIBUTES),
  name_format: z.enum(SITE_LIST_NAME_FORMATS),
  name_max_length: z.number().int().nullable(),
  overrides: z.array(
    z.object({
      site_id: z.string(),
      name: plainText().max(200).nullish(),
      attribute: plainText().max(300).nullish(),
    }),
  ),
});

/** What one site of a survey gives the site file, before the survey's options shape it. */
export interface SurveySiteForList {
  id: string;
  name: string;
  alternativeName: string | null;
  assetManagementId: string | null;
}

/** The counter's site name and attribute of one site, by the survey's site-list options. */
export function siteListEntryText(
  site: SurveySiteForList,
  options: SiteListOptions,
  surveyName: string,
): { name: string; attribute: string } {
  const override = options.overrides.find((item) => item.site_id === site.id);
  const sid = `SID:${site.id}`;
  const attribute =
    override?.attribute?.trim() ||
    (options.attribute === 'sid_asset_id' && site.assetManagementId
      ? `${sid} ${site.assetManagementId}`
      : options.attribute === 'sid_survey'
        ? `${sid} ${surveyName}`
        : sid);
  const formatted =
    options.name_format === 'alternative_name'
      ? site.alternativeName?.trim() || site.name
      : options.name_format === 'asset_id_name' && site.assetManagementId
        ? `${site.assetManagementId} ${site.name}`
        : site.name;
  const name = override?.name?.trim() || formatted;
  return {
    name: options.name_max_length ? name.slice(0, options.name_max_length) : name,
    attribute,
  };
}
