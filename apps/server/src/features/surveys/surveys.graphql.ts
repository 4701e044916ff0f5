import mercurius, { type IResolvers } from 'mercurius';
import { SURVEY_SORTS, type SurveySort } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';
import { graphqlError, requireViewer, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { SurveyTab } from './surveys.repository.ts';
import { SurveyInputError, type SurveyInput, type SurveysService } from './surveys.service.ts';

export const surveysTypeDefs = /* GraphQL */ `
  "SPEC sections 2 to 4: a survey plans the counting of chosen sites between two local dates."
  type Survey {
    id: ID!
    organisation_id: ID!
    name: String!
    "YYYY-MM-DD, local to each site; both days are counted."
    scheduled_start: String!
    scheduled_end: String!
    "active, completed or deleted"
    state: String!
    completed_on: String
    counter_model: String
    sensor_spacing_m: Float
    assignee_user_id: ID
    assignee_name: String
    contractor_name: String
    contractor_email: String
    notes: String
    site_list: SiteListOptions!
    created_on: String!
    deleted_on: String
    "Days from start to end, both counted."
    window_days: Int!
    site_count: Int!
    "Sites with a file whose data overlaps the window."
    sites_with_data: Int!
    "Sites with accepted data on every day of the window."
    sites_complete: Int!
    "Active, the end date passed, and data still missing."
    overdue: Boolean!
    sites: [SurveySite!]!
  }

  "One site of a survey and what has arrived for it inside the survey's window."
  type SurveySite {
    site_id: ID!
    name: String!
    deleted: Boolean!
    has_data: Boolean!
    "Files whose data overlaps the window."
    files: Int!
    "Days of the window with accepted data."
    days: Int!
    complete: Boolean!
    "The best review status of those files (ACC, PDC, WFR, LOAD, NRE, REJ), or null."
    quality_status: String
  }

  "How the survey's site file names each site and what its attribute holds."
  type SiteListOptions {
    "sid, sid_asset_id or sid_survey"
    attribute: String!
    "name, alternative_name or asset_id_name"
    name_format: String!
    name_max_length: Int
    overrides: [SiteListOverride!]!
  }

  type SiteListOverride {
    site_id: ID!
    name: String
    attribute: String
  }

  type SurveyPage {
    total: Int!
    surveys: [Survey!]!
  }

  type SurveyAssignee {
    id: ID!
    username: String!
    first_name: String!
    last_name: String!
  }

  "A site created for a survey before any data: its id and name."
  type PlannedSite {
    id: ID!
    name: String!
  }

  type SurveySiteFileLink {
    url: String!
  }

  input SiteListOverrideInput {
    site_id: ID!
    name: String
    attribute: String
  }

  input SiteListOptionsInput {
    attribute: String!
    name_format: String!
    name_max_length: Int
    overrides: [SiteListOverrideInput!]
  }

  input SurveyInput {
    name: String!
    scheduled_start: String!
    scheduled_end: String!
    site_ids: [ID!]!
    counter_model: String
    sensor_spacing_m: Float
    "An internal user, or else a contractor by name and email."
    assignee_user_id: ID
    contractor_name: String
    contractor_email: String
    notes: String
    site_list: SiteListOptionsInput
  }

  extend type Site {
    "Year of the latest completed survey of the site (SPEC section 3)."
    most_recent_survey_year: Int
  }

  extend type Query {
    "One tab of the organisation's surveys (active, completed or deleted), searched, sorted and paged."
    surveys(
      tab: String
      search: String
      "name, start, end (default), created or sites"
      sort: String
      direction: String
      page: Int
      page_size: Int
      orgId: ID
    ): SurveyPage!
    survey(id: ID!): Survey!
    "The organisation's users a survey may be assigned to (organisation admins)."
    surveyAssignees: [SurveyAssignee!]!
    "A link that downloads the survey's site file for a few minutes."
    surveySiteFileLink(id: ID!): SurveySiteFileLink!
  }

  extend type Mutation {
    "Plans a survey; the assignee is emailed the schedule and the site file (organisation admins)."
    createSurvey(input: SurveyInput!): Survey!
    updateSurvey(id: ID!, input: SurveyInput!): Survey!
    "Moves the survey to the deleted tab, from which it can be restored."
    deleteSurvey(id: ID!): Survey!
    restoreSurvey(id: ID!): Survey!
    "A completed survey becomes active again."
    reopenSurvey(id: ID!): Survey!
    "A new planned site placed on the map in the survey wizard (organisation admins)."
    createPlannedSite(name: String!, latitude: Float!, longitude: Float!): PlannedSite!
  }
`;

/** Runs the work; a broken survey rule is answered with its problems for the web to translate. */
async function answer<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SurveyInputError)
      throw new mercurius.ErrorWithProps(
        error.message,
        { code: 'BAD_REQUEST', problems: error.problems },
        400,
      );
    if (error instanceof HttpError) throw graphqlError(error);
    throw error;
  }
}

const TABS: readonly SurveyTab[] = ['active', 'completed', 'deleted'];
const PAGE_SIZES = [5, 10, 25, 50, 100];

function listOptions(args: {
  tab?: string | null;
  search?: string | null;
  sort?: string | null;
  direction?: string | null;
  page?: number | null;
  page_size?: number | null;
  orgId?: string | null;
}) {
  const tab = args.tab ?? 'active';
  if (!TABS.includes(tab as SurveyTab))
    throw new HttpError(400, `tab must be active, completed or deleted, not '${tab}'`);
  const sort = args.sort ?? 'end';
  if (!(SURVEY_SORTS as readonly string[]).includes(sort))
    throw new HttpError(400, `sort must be one of ${SURVEY_SORTS.join(', ')}, not '${sort}'`);
  const pageSize = args.page_size ?? 10;
  if (!PAGE_SIZES.includes(pageSize))
    throw new HttpError(400, `page_size must be one of ${PAGE_SIZES.join(', ')}`);
  return {
    tab: tab as SurveyTab,
    search: args.search?.trim() || undefined,
    sort: sort as SurveySort,
    direction: args.direction === 'desc' ? ('desc' as const) : ('asc' as const),
    page: Math.max(0, args.page ?? 0),
    pageSize,
    orgId: args.orgId ?? null,
  };
}

export function surveysResolvers(service: SurveysService): IResolvers<unknown, GraphqlContext> {
  return {
    Site: {
      most_recent_survey_year: async (site: unknown) => {
        const { id } = site as { id: string };
        return (await service.mostRecentSurveyYears([id])).get(id) ?? null;
      },
    },
    Query: {
      surveys: (_root, args: Parameters<typeof listOptions>[0], context) =>
        answer(() => service.list(requireViewer(context), listOptions(args))),
      survey: (_root, args: { id: string }, context) =>
        answer(() => service.find(requireViewer(context), args.id)),
      surveyAssignees: (_root, _args, context) =>
        answer(async () =>
          (await service.assignees(requireViewer(context))).map((user) => ({
            id: user.id,
            username: user.username,
            first_name: user.firstName,
            last_name: user.lastName,
          })),
        ),
      surveySiteFileLink: (_root, args: { id: string }, context) =>
        answer(() => service.siteFileLink(requireViewer(context), args.id)),
    },
    Mutation: {
      createSurvey: (_root, args: { input: SurveyInput }, context) =>
        answer(() => service.create(requireViewer(context), normalised(args.input))),
      updateSurvey: (_root, args: { id: string; input: SurveyInput }, context) =>
        answer(() => service.update(requireViewer(context), args.id, normalised(args.input))),
      deleteSurvey: (_root, args: { id: string }, context) =>
        answer(() => service.delete(requireViewer(context), args.id)),
      restoreSurvey: (_root, args: { id: string }, context) =>
        answer(() => service.restore(requireViewer(context), args.id)),
      reopenSurvey: (_root, args: { id: string }, context) =>
        answer(() => service.reopen(requireViewer(context), args.id)),
      createPlannedSite: (
        _root,
        args: { name: string; latitude: number; longitude: number },
        context,
      ) => answer(() => service.createPlannedSite(requireViewer(context), args)),
    },
  };
}

/** The input's site-list options checked for their closed sets of values. */
function normalised(input: SurveyInput): SurveyInput {
  const list = input.site_list as
    | (Omit<NonNullable<SurveyInput['site_list']>, 'overrides'> & {
        overrides?: NonNullable<SurveyInput['site_list']>['overrides'] | null;
      })
    | null
    | undefined;
  if (!list) return input;
  if (!['sid', 'sid_asset_id', 'sid_survey'].includes(list.attribute))
    throw new HttpError(400, 'site_list.attribute must be sid, sid_asset_id or sid_survey');
  if (!['name', 'alternative_name', 'asset_id_name'].includes(list.name_format))
    throw new HttpError(
      400,
      'site_list.name_format must be name, alternative_name or asset_id_name',
    );
  return {
    ...input,
    site_list: {
      attribute: list.attribute,
      name_format: list.name_format,
      name_max_length: list.name_max_length ?? null,
      overrides: list.overrides ?? [],
    },
  };
}
