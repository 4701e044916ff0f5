import { mapDirections } from '@roadcount/analytics';

/**
 * A file's direction map (logs.direction_map): direction codes in its stored columns → the codes
 * they count as on its site. Set when a merge aligns a site's directions to its target's; the
 * columns themselves never change (ARCHITECTURE.md).
 */
export type DirectionMap = Record<string, number>;

export function directionMapOf(logs: Record<string, unknown>): DirectionMap | undefined {
  const map = logs.direction_map;
  if (!map || typeof map !== 'object') return undefined;
  const entries = Object.entries(map as Record<string, unknown>).filter(
    (entry): entry is [string, number] => typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The map that applies `earlier`, then `later`; identities are left out. */
export function composeDirectionMaps(
  earlier: DirectionMap | undefined,
  later: DirectionMap | undefined,
): DirectionMap {
  const composed: DirectionMap = {};
  for (const code of new Set([...Object.keys(earlier ?? {}), ...Object.keys(later ?? {})])) {
    const middle = earlier?.[code] ?? Number(code);
    const final = later?.[String(middle)] ?? middle;
    if (final !== Number(code)) composed[code] = final;
  }
  return composed;
}

/** The columns with their directions mapped; the same object when there is nothing to map. */
export function withMappedDirections<T extends { direction: Uint8Array }>(
  columns: T,
  map: DirectionMap | undefined,
): T {
  if (!map) return columns;
  const direction = mapDirections(columns.direction, map, new Uint8Array(columns.direction.length));
  return { ...columns, direction };
}
