import { LENGTH_BINS_M } from '@roadcount/domain';

/** Under the length scheme a vehicle's class is its length bin (1 to 4), whatever the counter said. */
export function lengthClass(lengthM: number): number {
  if (!Number.isFinite(lengthM) || lengthM <= 0) return 0;
  return 1 + LENGTH_BINS_M.filter((edge) => lengthM >= edge).length;
}
