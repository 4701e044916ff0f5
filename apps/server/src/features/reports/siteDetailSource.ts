import type { SiteDetailPart } from '@roadcount/analytics';
import type { ReportParameters } from '@roadcount/domain';
import type { Viewer } from '../../infra/auth/viewer.ts';
import type { SiteFigures } from './reportFigures.ts';

/** A site's figures for a filter: the analysis service's site-detail answer (one kernel). */
export type SiteDetailSource = (
  viewer: Viewer,
  query: {
    siteId: string;
    payload: ReportParameters['filter'] & { start_time: string; end_time: string };
    aggregationMinutes: number;
    /** The parts of the answer to work out; all when absent. */
    parts?: SiteDetailPart[];
  },
) => Promise<SiteFigures>;
