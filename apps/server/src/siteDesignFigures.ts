import { aadtLabel } from '@roadcount/domain';
import type { AnalysisService } from './features/analysis/analysis.service.ts';
import type { FactorGroupsService } from './features/factorGroups/factorGroups.service.ts';
import type { SiteDesignFigures } from './features/map/map.service.ts';
import type { Viewer } from './infra/auth/viewer.ts';

/**
 * A site's design figures for the map, from the two places the site detail takes them: the
 * analysis summary over the whole record with no filter (its peak hour factor is counted by
 * quarter hour whatever the bins) and the factor groups' AADT, labelled by `aadtLabel` as the
 * AADT card labels it.
 */
export async function siteDesignFigures(
  deps: { analysis: AnalysisService; factorGroups: FactorGroupsService },
  viewer: Viewer,
  site: { id: string; siteType: string },
): Promise<SiteDesignFigures> {
  const [figures, adjustment] = await Promise.all([
    deps.analysis.siteDetail(viewer, {
      siteId: site.id,
      payload: {},
      aggregationMinutes: 1440,
      parts: ['summary'],
    }),
    deps.factorGroups.aadtOfSite(site),
  ]);
  const { summary } = figures;
  const label = aadtLabel(adjustment, summary);
  return {
    aadt: label.value,
    aadtMethod: label.name,
    kFactor: summary.designHour?.kFactor ?? null,
    dFactor: summary.designHour?.dFactor ?? null,
    peakHourFactor: summary.peakHourFactor?.factor ?? null,
  };
}
