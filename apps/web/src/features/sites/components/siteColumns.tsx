import { Link } from '@mui/material';
import type { SiteTableColumn } from '@roadcount/domain';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CLASS_SCHEMES } from '@roadcount/domain';
import type { Site } from '@/lib/sites.ts';

/** The server's sort key of each sortable column. */
export const SORT_KEYS: Partial<Record<SiteTableColumn, string>> = {
  name: 'name',
  alternativeName: 'alternative_name',
  type: 'site_type',
  lastSurveyed: 'last_surveyed',
  files: 'files',
  lanes: 'lane_count',
  assetManagementId: 'asset_management_id',
  timeZone: 'time_zone',
  classScheme: 'class_scheme',
};

export const NUMERIC_COLUMNS: ReadonlySet<SiteTableColumn> = new Set(['files', 'lanes']);

/** Column headings: the sites table's own, and the ones the columns setting added. */
export function columnLabel(t: TFunction, column: SiteTableColumn): string {
  return t(
    ['alternativeName', 'lanes', 'assetManagementId', 'timeZone', 'classScheme'].includes(column)
      ? `siteEdit.columns.${column}`
      : `sites.columns.${column}`,
  );
}

/** What a site shows in each column. */
export function cellOf(
  column: SiteTableColumn,
  site: Site,
  t: TFunction,
  language: string,
): ReactNode {
  switch (column) {
    case 'name':
      return (
        <Link component={RouterLink} to={`/ui/analysis/site-detail/${site.id}`}>
          {site.name}
        </Link>
      );
    case 'alternativeName':
      return site.alternative_name ?? '—';
    case 'type':
      return t(`map.siteTypes.${site.site_type}`, { defaultValue: site.site_type });
    case 'contexts':
      return site.site_context
        .map((context) => t(`map.contexts.${context}`, { defaultValue: context }))
        .join(', ');
    case 'lastSurveyed':
      return site.last_surveyed ?? '—';
    case 'files':
      return site.files.toLocaleString(language);
    case 'location':
      return site.gps
        ? `${site.latitude?.toFixed(5)}, ${site.longitude?.toFixed(5)}`
        : t('sites.noLocation');
    case 'directions':
      return [site.direction_one, site.direction_two].filter(Boolean).join(' / ') || '—';
    case 'lanes':
      return site.lane_count.toLocaleString(language);
    case 'assetManagementId':
      return site.asset_management_id ?? '—';
    case 'timeZone':
      return site.time_zone;
    case 'classScheme':
      return (
        CLASS_SCHEMES.find((scheme) => scheme.id === site.class_scheme)?.name ?? site.class_scheme
      );
  }
}
