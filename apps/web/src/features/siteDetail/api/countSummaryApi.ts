import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { CountSummaryQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';
import type { FilterPayload } from './siteDetailApi.ts';

export type CountMode = 'pedestrian' | 'bike' | 'vehicle';

/** timeSeriesCountSummary: counts of the site's interval counters, per bin, mode and direction. */
export type CountSummary = Narrowed<
  CountSummaryQuery['timeSeriesCountSummary'],
  {
    modes: CountMode[];
    bins: { start: string; counts: Partial<Record<CountMode, Record<string, number>>> }[];
    totals: Partial<Record<CountMode, number>>;
    dailyAverage: Partial<Record<CountMode, number | null>>;
    virtualDay: Partial<Record<CountMode, number[]>>;
    virtualWeek: Partial<Record<CountMode, (number | null)[]>>;
    figures: Partial<Record<CountMode, CountFigures>>;
  }
>;

/** Per mode: weekday and weekend averages, peak hours, and counts per direction code. */
export interface CountFigures {
  awdt: number | null;
  awedt: number | null;
  amPeak: { hour: number; count: number } | null;
  pmPeak: { hour: number; count: number } | null;
  directions: Record<string, number>;
}

const COUNT_SUMMARY = graphql(`
  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
      modes
      bins
      totals
      wholeDays
      dailyAverage
      virtualDay
      virtualWeek
      figures
    }
  }
`);

export function useCountSummary(
  siteId: string,
  filter: FilterPayload,
  minutes: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: ['timeSeriesCountSummary', siteId, filter, minutes],
    queryFn: async () =>
      (await graphqlRequest(COUNT_SUMMARY, { siteId, filter, minutes }))
        .timeSeriesCountSummary as CountSummary,
    placeholderData: (previous, query) => (query?.queryKey[1] === siteId ? previous : undefined),
    retry: false,
  });
}
