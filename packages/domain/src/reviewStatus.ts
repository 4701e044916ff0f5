/** SPEC section 4: a traffic data file's review status. LOAD is derived, never stored. */
export const STORED_REVIEW_STATUSES = ['WFR', 'ACC', 'REJ', 'PDC', 'NRE'] as const;
export type StoredReviewStatus = (typeof STORED_REVIEW_STATUSES)[number];
export type ReviewStatus = StoredReviewStatus | 'LOAD';

/** A file is still processing (LOAD) while its saved vehicle count is -1 or absent. */
export function effectiveReviewStatus(
  stored: StoredReviewStatus | null | undefined,
  savedVehicles: number | null | undefined,
): ReviewStatus {
  if (savedVehicles === undefined || savedVehicles === null || savedVehicles === -1) return 'LOAD';
  return stored ?? 'NRE';
}
