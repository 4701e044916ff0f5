import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';

/** SPEC section 3: a task tracking record. */
export interface TaskTracking {
  id: string;
  function_name: string;
  state: 'QD' | 'PR' | 'ER' | 'CM';
  message: string;
  created_on: string;
  updated_at: string;
}

const TASK_FIELDS = 'id function_name state message created_on updated_at';
export const RUNNING_STATES = ['QD', 'PR'];

/** The site's latest reprocess and data-quality tasks, polled while one is queued or running. */
export function useSiteTasks(siteId: string, enabled = true) {
  return useQuery({
    queryKey: ['siteTasks', siteId],
    queryFn: async () =>
      (
        await graphqlRequest<{ siteTasks: TaskTracking[] }>(
          `query($siteId: ID!) { siteTasks(siteId: $siteId) { ${TASK_FIELDS} } }`,
          { siteId },
        )
      ).siteTasks,
    enabled,
    refetchInterval: (query) =>
      query.state.data?.some((task) => RUNNING_STATES.includes(task.state)) ? 2000 : false,
  });
}

/** The site's time zone and the span of its data: what relative time ranges count back from. */
export interface SiteTimeRange {
  site_id: string;
  time_zone: string;
  available_start: string | null;
  available_end: string | null;
}

export function useSiteTimeRange(siteId: string) {
  return useQuery({
    queryKey: ['siteTimeRange', siteId],
    queryFn: async () =>
      (
        await graphqlRequest<{ siteTimeRange: SiteTimeRange }>(
          `query($siteId: ID!) { siteTimeRange(siteId: $siteId) { site_id time_zone available_start available_end } }`,
          { siteId },
        )
      ).siteTimeRange,
    retry: false,
  });
}

export function useSiteSettings(siteId: string) {
  return useQuery({
    queryKey: ['siteSettings', siteId],
    queryFn: async () =>
      (
        await graphqlRequest<{
          site: { id: string; class_scheme: string; pedestrians_included: boolean };
        }>(`query($id: ID!) { site(id: $id) { id class_scheme pedestrians_included } }`, {
          id: siteId,
        })
      ).site,
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
      graphqlRequest(
        `mutation($siteId: ID!, $scheme: String!, $pedestrians: Boolean!) {
          changeSiteScheme(siteId: $siteId, class_scheme: $scheme, pedestrians_included: $pedestrians) { id }
        }`,
        { siteId, scheme: change.class_scheme, pedestrians: change.pedestrians_included },
      ),
    onSuccess: refresh,
  });
  const recalculate = useMutation({
    mutationFn: () =>
      graphqlRequest(
        `mutation($siteId: ID!) { recalculateSiteDataQuality(siteId: $siteId) { id } }`,
        { siteId },
      ),
    onSuccess: refresh,
  });
  return { changeScheme, recalculate };
}
