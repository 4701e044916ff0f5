import type { TFunction } from 'i18next';
import type { Report } from '../api/reportsApi.ts';

/** "Standard spreadsheet · 2 sites", as the lists name a report. */
export function reportTitle(
  t: TFunction,
  report: Pick<Report, 'report_type' | 'site_count'>,
): string {
  return t('reports.title_with_sites', {
    type: t(`reports.types.${report.report_type}`, { defaultValue: report.report_type }),
    count: report.site_count,
  });
}
