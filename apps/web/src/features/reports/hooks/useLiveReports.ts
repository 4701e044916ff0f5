import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useFlash } from '@/ui/flash/useFlash.ts';
import { listenToTasks } from '@/lib/tasks/liveTasks.ts';
import { REPORTS_KEY, useReports, type Report } from '../api/reportsApi.ts';

/** The task functions that make reports. */
const REPORT_TASKS = new Set(['generate_site_reports', 'custom_report', 'zip_download_eco_files']);
/** While a report is being made, the list is read again this often, in case the socket missed its events. */
const CHECK_MS = 4_000;

/** The flash topic of a report's news: that it is ready replaces that it was queued. */
export const reportTopic = (reportId: string) => `report:${reportId}`;

export const isRunning = (report: Pick<Report, 'state'>) =>
  report.state === 'QD' || report.state === 'PR';

/**
 * The user's reports, kept live: each report task event reads the list again (its progress
 * moves), and a report that becomes ready or fails while the screen is open is told in a flash.
 */
export function useLiveReports() {
  const { t } = useTranslation();
  const flash = useFlash();
  const queryClient = useQueryClient();
  const reports = useReports();
  const known = useRef<Map<string, string> | null>(null);
  /** When the newest report the screen first listed was made (ms). */
  const firstNewest = useRef(0);

  useEffect(
    () =>
      listenToTasks(
        (event) => {
          if (REPORT_TASKS.has(event.function_name))
            void queryClient.invalidateQueries({ queryKey: REPORTS_KEY });
        },
        () => void queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
      ),
    [queryClient],
  );

  const running = (reports.data ?? []).some(isRunning);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: REPORTS_KEY }),
      CHECK_MS,
    );
    return () => clearInterval(timer);
  }, [running, queryClient]);

  useEffect(() => {
    if (!reports.data) return;
    const previous = known.current;
    known.current = new Map(reports.data.map((report) => [report.id, report.state]));
    const newest = Math.max(0, ...reports.data.map((report) => Date.parse(report.created_on)));
    if (!previous) {
      firstNewest.current = newest;
      return;
    }
    for (const report of reports.data) {
      const before = previous.get(report.id);
      // A report requested since the screen opened may be ready before the list first shows it
      // (a small one takes a second): its news is told all the same. One the list shows again
      // (another was deleted) is older than those the screen first had, and is not news.
      const isNew = before === undefined && Date.parse(report.created_on) > firstNewest.current;
      if (before === report.state || (before === undefined && !isNew)) continue;
      const name = t(`reports.types.${report.report_type}`, { defaultValue: report.report_type });
      const topic = reportTopic(report.id);
      if (report.state === 'CM')
        flash({ message: t('reports.flash.ready', { name }), severity: 'success', topic });
      else if (report.state === 'ER')
        flash({ message: t('reports.flash.failed', { name }), severity: 'error', topic });
    }
  }, [reports.data, flash, t]);

  return reports;
}
