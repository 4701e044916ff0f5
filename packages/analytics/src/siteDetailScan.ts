// The site-detail scan: a plan (`scanPlan.ts`) says what a scan of the window will count and
// where; one row loop (`scanRows.ts`) counts each piece of it into a part's counts
// (`scanCounts.ts`); per-bin figures are read off the selected speed codes (`slotFigures.ts`);
// parts merge, and the finish (`scanFinish.ts`) turns counts into the answer.
import type { LocalClock, VehicleFilter } from './filters.ts';
import type { PreparedColumns } from './preparedColumns.ts';
import { emptyPartialScan, type PartialScan } from './scanCounts.ts';
import { finishSiteDetail } from './scanFinish.ts';
import { leastCodeAbove, planSiteDetailScan, type ScanPlan } from './scanPlan.ts';
import { scanRows } from './scanRows.ts';
import { ScanScratch } from './scanScratch.ts';
import { rowRanges } from './scanWindow.ts';
import type { SiteDetail, SiteDetailOptions } from './siteDetailShape.ts';
import { slotFigures } from './slotFigures.ts';
import type { ScanColumns } from './vehicleColumns.ts';

/**
 * Scans the vehicles of times `startMs..endMs` (within the plan's window) and works out the
 * 85th percentile of each bin met. Parts on either side of a bin boundary add up to the whole
 * scan (see `mergePartialScans`).
 */
export function scanPart(
  plan: ScanPlan,
  startMs: number,
  endMs: number,
  scratch: ScanScratch = new ScanScratch(),
): PartialScan {
  const pieces = [0];
  return scanClaimedParts(plan, [startMs, endMs], () => pieces.shift() ?? -1, scratch);
}

/**
 * Scans, as one part, the pieces of the window `claim` hands out one after another: piece `i`
 * is the times `bounds[i]..bounds[i + 1]`, and -1 means none is left. Threads that share a
 * window claim its pieces from one counter, so that one that is slowed down scans fewer of
 * them; pieces cut at bin starts (see `splitTimes`) keep every bin in one part.
 */
export function scanClaimedParts(
  plan: ScanPlan,
  bounds: readonly number[],
  claim: () => number,
  scratch: ScanScratch = new ScanScratch(),
): PartialScan {
  const { prepared, layout, compiled, speedValues } = plan;
  const counts = emptyPartialScan(plan);
  if (plan.empty) return counts;
  for (let piece = claim(); piece >= 0; piece = claim()) {
    const from = Math.max(plan.from, bounds[piece] as number);
    const to = Math.min(plan.to, bounds[piece + 1] as number);
    if (!(from < to)) continue;
    const ranges = rowRanges(prepared, from, to);
    if (layout.countBins)
      scratch.ensure(
        counts.vehicles + ranges.reduce((rows, range) => rows + range.end - range.start, 0),
        counts.vehicles,
      );
    for (const { batchIndex, start, end, checkTime } of ranges)
      scanRows(
        counts,
        scratch,
        layout,
        compiled,
        prepared.batches[batchIndex] as ScanColumns,
        start,
        end,
        plan.speedMeasure.codes[batchIndex] as Uint16Array,
        plan.headwayMeasure.codes[batchIndex] as Uint16Array,
        plan.gapMeasure.codes[batchIndex] as Uint16Array,
        from,
        to,
        checkTime,
      );
  }

  const limit = plan.fixedLimit;
  const speedingBySlot =
    limit !== null && limit === limit
      ? { leastCode: leastCodeAbove(speedValues, limit), out: counts.slotSpeeding }
      : null;
  // Vehicles, speed sums and 85th percentile per bin and direction.
  if (counts.vehicles > 0 && layout.countBins)
    slotFigures(counts, scratch, speedValues, speedingBySlot);
  return counts;
}

/**
 * The site-detail answer from one scan of the selected vehicles into flat counters, with exact
 * percentiles read off code histograms (per bin by selection, or a counting sort when the bins
 * did not come in order). Null when the site's measures could not be coded exactly; the caller
 * then uses the sorting path. Only the parts in `options.parts` are worked out.
 */
export function scanSiteDetail(
  prepared: PreparedColumns,
  filter: VehicleFilter,
  clock: LocalClock,
  options: SiteDetailOptions,
  scratch: ScanScratch = new ScanScratch(),
): SiteDetail | null {
  const plan = planSiteDetailScan(prepared, filter, clock, options);
  if (!plan) return null;
  return finishSiteDetail(
    plan,
    scanPart(plan, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY, scratch),
  );
}
