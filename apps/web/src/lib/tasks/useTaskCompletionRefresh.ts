import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { listenToTasks } from './liveTasks.ts';

const SITES = ['sites', 'deletedSites', 'mapSites', 'siteDetail', 'siteTimeRange', 'siteGroups'];
// A site's data changed: its rollups are rebuilt, with its availability, AADT and bad-data periods.
const DATA = [
  'files',
  'mapSites',
  'siteDetail',
  'siteTimeRange',
  'timeSeriesCountSummary',
  'siteAvailability',
  'siteAadt',
  'badDataPeriods',
];

/**
 * The queries whose answers a finished task of each kind may change. Kinds not listed change
 * nothing a screen shows but the user's own tasks and notifications.
 */
export const REFRESHED_BY_TASK: Readonly<Record<string, readonly string[]>> = {
  merge_sites: [...SITES, 'files'],
  delete_site: [...SITES, 'files'],
  site_change_scheme: ['sites', 'siteDetail', 'mapSites'],
  recalculate_data_quality: ['files', 'siteDetail'],
  process_file: [...DATA, 'sites'],
  process_national_platform_file: [...DATA, 'sites'],
  process_file_after_review: [...DATA, 'sites'],
  refresh_site_rollups: DATA,
  move_site_organisation: [...SITES, 'files'],
  clean_lanes: ['sites', 'siteLanes', 'siteDetail'],
  empty_vehicles_reupload: [...DATA, 'sites'],
  assume_coordinates: ['sites', 'mapSites'],
  clean_empty_files: ['files'],
  reset_demo_account: [...SITES, 'files'],
  recorrelate_sensor_events: DATA,
};
const ALWAYS = ['myTasks', 'notifications'];
/** What a realtime site's new vehicles change, by the site's id: its site detail's figures. */
export const REFRESHED_BY_REALTIME = ['siteDetail', 'siteTimeRange', 'timeSeriesCountSummary'];

/**
 * Every queued change a user starts (merge, delete, reprocess...) refreshes what the open screen
 * shows when its task ends, for whoever has the screen open: no reload, no polling; so does a
 * realtime site's new data as it comes.
 */
export function useTaskCompletionRefresh(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return undefined;
    const ended = new Set<string>();
    // A realtime site's new vehicles: the map and the site's open detail fetch them again.
    const realtimeChanged = (siteId: string) =>
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: ['mapSites'] }),
        ...REFRESHED_BY_REALTIME.map((key) =>
          queryClient.invalidateQueries({ queryKey: [key, siteId] }),
        ),
      ]);
    return listenToTasks(
      (event) => {
        if (event.state !== 'CM' && event.state !== 'ER') {
          void Promise.all(ALWAYS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })));
          return;
        }
        // A task's end arrives once per socket, but a reconnection may send it again.
        if (ended.has(event.id)) return;
        ended.add(event.id);
        const keys = new Set([...(REFRESHED_BY_TASK[event.function_name] ?? []), ...ALWAYS]);
        void Promise.all(
          [...keys].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
        );
      },
      undefined,
      realtimeChanged,
    );
  }, [enabled, queryClient]);
}
