import type { ReadSummary } from './types.ts';

/** Widens the summary's first and last times to include an observation at `ms`. */
export function includeTime(summary: ReadSummary, ms: number): void {
  summary.firstMs = summary.firstMs === null ? ms : Math.min(summary.firstMs, ms);
  summary.lastMs = summary.lastMs === null ? ms : Math.max(summary.lastMs, ms);
}
