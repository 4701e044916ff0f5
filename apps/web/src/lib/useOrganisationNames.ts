import { useMemo } from 'react';
import { useOrganisations } from './organisations.ts';

/** Platform staff: each organisation's name by id (an empty map for everyone else). */
export function useOrganisationNames(enabled: boolean): ReadonlyMap<string, string> {
  const organisations = useOrganisations(enabled);
  return useMemo(
    () =>
      new Map(
        (organisations.data ?? []).map((organisation) => [organisation.id, organisation.name]),
      ),
    [organisations.data],
  );
}
