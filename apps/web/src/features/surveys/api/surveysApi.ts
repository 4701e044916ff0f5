import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SurveyProblem } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { SurveyInput, SurveysQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import { RequestError } from '@/lib/http.ts';

export type Survey = SurveysQuery['surveys']['surveys'][number];
export type SurveyTab = 'active' | 'completed' | 'deleted';

export interface SurveyListQuery {
  tab: SurveyTab;
  search: string;
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const SURVEYS = graphql(`
  query Surveys(
    $tab: String
    $search: String
    $sort: String
    $direction: String
    $page: Int
    $size: Int
  ) {
    surveys(
      tab: $tab
      search: $search
      sort: $sort
      direction: $direction
      page: $page
      page_size: $size
    ) {
      total
      surveys {
        id
        name
        state
        scheduled_start
        scheduled_end
        completed_on
        counter_model
        sensor_spacing_m
        assignee_user_id
        assignee_name
        contractor_name
        contractor_email
        notes
        window_days
        site_count
        sites_with_data
        sites_complete
        overdue
        deleted_on
        site_list {
          attribute
          name_format
          name_max_length
          overrides {
            site_id
            name
            attribute
          }
        }
        sites {
          site_id
          name
          deleted
          has_data
          files
          days
          complete
          quality_status
        }
      }
    }
  }
`);

const SURVEY_ASSIGNEES = graphql(`
  query SurveyAssignees {
    surveyAssignees {
      id
      username
      first_name
      last_name
    }
  }
`);

const SITE_FILE_LINK = graphql(`
  query SurveySiteFileLink($id: ID!) {
    surveySiteFileLink(id: $id) {
      url
    }
  }
`);

const CREATE_SURVEY = graphql(`
  mutation CreateSurvey($input: SurveyInput!) {
    createSurvey(input: $input) {
      id
      name
    }
  }
`);

const UPDATE_SURVEY = graphql(`
  mutation UpdateSurvey($id: ID!, $input: SurveyInput!) {
    updateSurvey(id: $id, input: $input) {
      id
      name
    }
  }
`);

const DELETE_SURVEY = graphql(`
  mutation DeleteSurvey($id: ID!) {
    deleteSurvey(id: $id) {
      id
      state
    }
  }
`);

const RESTORE_SURVEY = graphql(`
  mutation RestoreSurvey($id: ID!) {
    restoreSurvey(id: $id) {
      id
      state
    }
  }
`);

const REOPEN_SURVEY = graphql(`
  mutation ReopenSurvey($id: ID!) {
    reopenSurvey(id: $id) {
      id
      state
    }
  }
`);

const CREATE_PLANNED_SITE = graphql(`
  mutation CreatePlannedSite($name: String!, $latitude: Float!, $longitude: Float!) {
    createPlannedSite(name: $name, latitude: $latitude, longitude: $longitude) {
      id
      name
    }
  }
`);

/** A new planned site placed on the map; the site lists and the map learn of it. */
export function useCreatePlannedSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (variables: { name: string; latitude: number; longitude: number }) =>
      (await graphqlRequest(CREATE_PLANNED_SITE, variables)).createPlannedSite,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
      await queryClient.invalidateQueries({ queryKey: ['mapSites'] });
    },
  });
}

export function useSurveys(query: SurveyListQuery) {
  return useQuery({
    queryKey: ['surveys', query],
    queryFn: async () =>
      (
        await graphqlRequest(SURVEYS, {
          tab: query.tab,
          search: query.search || null,
          sort: query.sort,
          direction: query.direction,
          page: query.page,
          size: query.pageSize,
        })
      ).surveys,
    placeholderData: keepPreviousData,
    // Progress changes as files are processed in the background.
    refetchInterval: 10_000,
  });
}

export function useSurveyAssignees(enabled: boolean) {
  return useQuery({
    queryKey: ['surveyAssignees'],
    queryFn: async () => (await graphqlRequest(SURVEY_ASSIGNEES)).surveyAssignees,
    enabled,
  });
}

/** The problems a refused survey came back with, for the wizard to translate. */
export function problemsOf(error: unknown): SurveyProblem[] {
  if (!(error instanceof RequestError)) return [];
  const body = error.body as
    { errors?: { extensions?: { problems?: SurveyProblem[] } }[] } | undefined;
  return body?.errors?.[0]?.extensions?.problems ?? [];
}

function useSurveyMutation<Variables, Answer>(run: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['surveys'] }),
  });
}

export const useCreateSurvey = () =>
  useSurveyMutation(
    async (input: SurveyInput) => (await graphqlRequest(CREATE_SURVEY, { input })).createSurvey,
  );
export const useUpdateSurvey = () =>
  useSurveyMutation(
    async (variables: { id: string; input: SurveyInput }) =>
      (await graphqlRequest(UPDATE_SURVEY, variables)).updateSurvey,
  );
export const useDeleteSurvey = () =>
  useSurveyMutation((id: string) => graphqlRequest(DELETE_SURVEY, { id }));
export const useRestoreSurvey = () =>
  useSurveyMutation((id: string) => graphqlRequest(RESTORE_SURVEY, { id }));
export const useReopenSurvey = () =>
  useSurveyMutation((id: string) => graphqlRequest(REOPEN_SURVEY, { id }));

/** Downloads the survey's site file through a short-lived link (docs/formats.md, section 6). */
export async function downloadSurveySiteFile(id: string) {
  const { url } = (await graphqlRequest(SITE_FILE_LINK, { id })).surveySiteFileLink;
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
