import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TaskState } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { SiteTasksQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';

/** SPEC section 3: a task tracking record; the schema's String state is one of TASK_STATES. */
export type TaskTracking = Narrowed<SiteTasksQuery['siteTasks'][number], { state: TaskState }>;

export const RUNNING_STATES = ['QD', 'PR'];

const SITE_TASKS = graphql(`
  query SiteTasks($siteId: ID!) {
    siteTasks(siteId: $siteId) {
      id
      function_name
      state
      message
      created_on
      updated_at
    }
  }
`);

const SITE_TIME_RANGE = graphql(`
  query SiteTimeRange($siteId: ID!) {
    siteTimeRange(siteId: $siteId) {
      site_id
      time_zone
      available_start
      available_end
      data_kinds
    }
  }
`);

const SITE_SETTINGS = graphql(`
  query SiteSettings($id: ID!) {
    site(id: $id) {
      id
      class_scheme
      pedestrians_included
    }
  }
`);

const CHANGE_SITE_SCHEME = graphql(`
  mutation ChangeSiteScheme($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {
    changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) {
      id
    }
  }
`);

const RECALCULATE_SITE_DATA_QUALITY = graphql(`
  mutation RecalculateSiteDataQuality($siteId: ID!) {
    recalculateSiteDataQuality(siteId: $siteId) {
      id
    }
  }
`);

/** The site's latest reprocess and data-quality tasks, polled while one is queued or running. */
export function useSiteTasks(siteId: string, enabled = true) {
  return useQuery({
    queryKey: ['siteTasks', siteId],
    queryFn: async () => (await graphqlRequest(SITE_TASKS, { siteId })).siteTasks as TaskTracking[],
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((task) => RUNNING_STATES.includes(task.state)) ? 2000 : false,
  });
}

/** The site's time zone and the span of its data: what relative time ranges count back from. */
export function useSiteTimeRange(siteId: string) {
  return useQuery({
    queryKey: ['siteTimeRange', siteId],
    queryFn: async () => (await graphqlRequest(SITE_TIME_RANGE, { siteId })).siteTimeRange,
    retry: false,
  });
}

export function useSiteSettings(siteId: string) {
  return useQuery({
    queryKey: ['siteSettings', siteId],
    queryFn: async () => (await graphqlRequest(SITE_SETTINGS, { id: siteId })).site,
  });
}

/** Queues the reprocess (site_change_scheme) or the data-quality recalculation of a site. */
export function useSiteToolMutations(siteId: string) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['siteTasks', siteId] });
    await queryClient.invalidateQueries({ queryKey: ['siteSettings', siteId] });
  };
  const changeScheme = useMutation({
    mutationFn: (change: { class_scheme: string; pedestrians_included: boolean }) =>
      graphqlRequest(CHANGE_SITE_SCHEME, {
        siteId,
        scheme: change.class_scheme,
        pedestrians: change.pedestrians_included,
      }),
    onSuccess: refresh,
  });
  const recalculate = useMutation({
    mutationFn: () => graphqlRequest(RECALCULATE_SITE_DATA_QUALITY, { siteId }),
    onSuccess: refresh,
  });
  return { changeScheme, recalculate };
}
