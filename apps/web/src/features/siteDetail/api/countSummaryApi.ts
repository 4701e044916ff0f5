import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';
import type { FilterPayload } from './siteDetailApi.ts';

export type CountMode = 'pedestrian' | 'bike' | 'vehicle';

/** timeSeriesCountSummary: counts of the site's interval counters, per bin, mode and direction. */
export interface CountSummary {
  modes: CountMode[];
  bins: { start: string; counts: Partial<Record<CountMode, Record<string, number>>> }[];
  totals: Partial<Record<CountMode, number>>;
  wholeDays: number;
  dailyAverage: Partial<Record<CountMode, number | null>>;
}

const COUNT_SUMMARY = `query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    modes bins totals wholeDays dailyAverage
  }
}`;

export function useCountSummary(siteId: string, filter: FilterPayload, minutes: number) {
  return useQuery({
    queryKey: ['timeSeriesCountSummary', siteId, filter, minutes],
    queryFn: async () =>
      (
        await graphqlRequest<{ timeSeriesCountSummary: CountSummary }>(COUNT_SUMMARY, {
          siteId,
          filter,
          minutes,
        })
      ).timeSeriesCountSummary,
    placeholderData: (previous, query) => (query?.queryKey[1] === siteId ? previous : undefined),
    retry: false,
  });
}
