import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSavingIndicator } from '@/ui/saving/useSavingIndicator.ts';
import { updateFilterset, useFilterset, type Filterset } from '../api/filtersetApi.ts';
import {
  filterProblems,
  filtersFromSearch,
  searchFromFilters,
  speedIn,
  type SiteDetailFilters,
  type Units,
} from '../siteDetailFilters.ts';

/** SPEC section 4: the queries a stored filter change refetches (those this page runs). */
export const FILTERSET_REFETCHED = [['siteDetail']] as const;

const SAVE_DELAY_MS = 300;
const round = (value: number) => Math.round(value * 10) / 10;

/**
 * The profile's stored filterset on the site detail page: a visit whose link names no speed
 * range or separation starts from it, and changes to them are written back to it (with the
 * saving indicator) before the page's queries are refetched.
 */
export function useProfileFilterset(options: {
  search: URLSearchParams;
  units: Units;
  /** Units are known (the profile has loaded). */
  enabled: boolean;
  applySearch: (next: URLSearchParams) => void;
}) {
  const { search, units, enabled, applySearch } = options;
  const filterset = useFilterset();
  const saving = useSavingIndicator();
  const queryClient = useQueryClient();
  const [seeded, setSeeded] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (seeded || !enabled || (!filterset.data && !filterset.isError)) return;
    // Once, when the profile has loaded: the page's queries wait for this seed of the link.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setSeeded(true);
    if (!filterset.data || ['vmin', 'vmax', 'hmin'].some((name) => search.has(name))) return;
    const stored = {
      speedMin: round(speedIn(units, filterset.data.velocity_min)),
      speedMax: round(speedIn(units, filterset.data.velocity_max)),
      headwayMin: filterset.data.headway_min,
    };
    const next = searchFromFilters({ ...filtersFromSearch(search, units), ...stored }, units);
    if (next.toString() !== search.toString()) applySearch(next);
  }, [seeded, enabled, filterset.data, filterset.isError, search, units, applySearch]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const { track } = saving;
  /** Writes a changed speed range or separation to the profile, once typing pauses. */
  const save = useCallback(
    (previous: SiteDetailFilters, next: SiteDetailFilters) => {
      const stored = filterset.data;
      if (!stored || filterProblems(next).length > 0) return;
      if (
        previous.speedMin === next.speedMin &&
        previous.speedMax === next.speedMax &&
        previous.headwayMin === next.headwayMin
      )
        return;
      const factor = speedIn(units, 1);
      const change: Filterset = {
        id: stored.id,
        velocity_min: next.speedMin / factor,
        velocity_max: next.speedMax / factor,
        headway_min: next.headwayMin,
      };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        void track(
          updateFilterset(change).then(async (saved) => {
            queryClient.setQueryData(['filterset'], saved);
            await Promise.all(
              FILTERSET_REFETCHED.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
            );
          }),
        ).catch(() => undefined);
      }, SAVE_DELAY_MS);
    },
    [filterset.data, units, track, queryClient],
  );

  return { ready: seeded, savingState: saving.state, save };
}
