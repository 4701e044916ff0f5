import type { AnalysisService } from './features/analysis/analysis.service.ts';
import type { SiteDesignFigures } from './features/map/map.service.ts';
import type { Viewer } from './infra/auth/viewer.ts';

/**
 * A site's design figures for the map, from its site detail over the whole record with no filter:
 * its AADT (the one `siteAadt` decision the summary carries, as on the AADT card and in every
 * report) and K, D and the peak hour factor (counted by quarter hour whatever the bins).
 */
export async function siteDesignFigures(
  deps: { analysis: AnalysisService },
  viewer: Viewer,
  site: { id: string },
): Promise<SiteDesignFigures> {
  const { summary } = await deps.analysis.siteDetail(viewer, {
    siteId: site.id,
    payload: {},
    aggregationMinutes: 1440,
    parts: ['summary'],
  });
  return {
    aadt: summary.aadt,
    // Asked with the summary, the site detail always carries the AADT's method and variant.
    aadtMethod: summary.aadtMethod ?? 'unadjusted',
    aadtVariant: summary.aadtVariant ?? 'unadjustedNoGroup',
    kFactor: summary.designHour?.kFactor ?? null,
    dFactor: summary.designHour?.dFactor ?? null,
    peakHourFactor: summary.peakHourFactor?.factor ?? null,
  };
}
