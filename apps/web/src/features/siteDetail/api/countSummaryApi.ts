import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { CountMode, CountSummaryQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import type { FilterPayload } from './siteDetailApi.ts';

export type { CountMode };

/** timeSeriesCountSummary: counts of the site's interval counters, per bin, mode and direction. */
export type CountSummary = CountSummaryQuery['timeSeriesCountSummary'];
/** Per mode: weekday and weekend averages, peak hours, and counts per direction code. */
export type CountFigures = NonNullable<CountSummary['figures'][CountMode]>;

const COUNT_SUMMARY = graphql(`
  query CountSummary($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
    timeSeriesCountSummary(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
      modes
      bins {
        start
        counts {
          pedestrian {
            ...CountDirection
          }
          bike {
            ...CountDirection
          }
          vehicle {
            ...CountDirection
          }
        }
      }
      totals {
        ...ModeFigureFields
      }
      wholeDays
      dailyAverage {
        ...ModeFigureFields
      }
      virtualDay {
        pedestrian
        bike
        vehicle
      }
      virtualWeek {
        pedestrian
        bike
        vehicle
      }
      figures {
        pedestrian {
          ...CountFiguresFields
        }
        bike {
          ...CountFiguresFields
        }
        vehicle {
          ...CountFiguresFields
        }
      }
    }
  }

  fragment CountDirection on DirectionCount {
    direction
    count
  }

  fragment ModeFigureFields on ModeFigure {
    pedestrian
    bike
    vehicle
  }

  fragment CountFiguresFields on CountFigures {
    awdt
    awedt
    amPeak {
      hour
      count
    }
    pmPeak {
      hour
      count
    }
    directions {
      ...CountDirection
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
      (await graphqlRequest(COUNT_SUMMARY, { siteId, filter, minutes })).timeSeriesCountSummary,
    placeholderData: (previous, query) => (query?.queryKey[1] === siteId ? previous : undefined),
    retry: false,
  });
}
