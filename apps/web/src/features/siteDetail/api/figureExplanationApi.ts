import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { ExplainedFigure, FilterPayload } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

const FIGURE_EXPLANATION = graphql(`
  query FigureExplanation($siteId: ID!, $figure: ExplainedFigure!, $filter: FilterPayload) {
    figureExplanation(siteId: $siteId, figure: $figure, filter: $filter) {
      site_id
      site_name
      time_zone
      figure
      term
      day_rule
      scope
      files {
        id
        name
        kind
        first_record
        last_record
        vehicles
      }
      days {
        first_day
        last_day
        days_used
        days {
          day
          volume
          used
          reason
        }
      }
      left_out {
        total
        selected
        reasons {
          reason
          vehicles
          classes {
            class_index
            vehicles
          }
        }
      }
      filter {
        start_time
        end_time
        speed_min_mps
        speed_max_mps
        min_headway_s
        classes
        directions
        lanes {
          direction
          lanes
        }
        time_exclusions {
          days
          from
          to
        }
        exclusions {
          id
          name
        }
      }
      bad_data_periods {
        rule
        start_time
        end_time
        direction
        lane
      }
      speed_limits {
        effective_from
        limit_mps
      }
      aadt {
        method
        variant
        estimate
        value
        adt
        whole_days
        months
        months_missing_weekdays
        group {
          id
          name
          version
          monthly_factors
          day_of_week_factors
          monthly_factor
          day_of_week_factor
        }
      }
    }
  }
`);

/** How one figure of the site was made under the page's filter (issue 36), once asked for. */
export function useFigureExplanation(
  siteId: string,
  figure: ExplainedFigure,
  filter: FilterPayload,
  enabled: boolean,
) {
  return useQuery({
    queryKey: ['figureExplanation', siteId, figure, filter],
    queryFn: async () =>
      (await graphqlRequest(FIGURE_EXPLANATION, { siteId, figure, filter })).figureExplanation,
    enabled,
    retry: false,
  });
}

export type FigureExplanationAnswer = NonNullable<ReturnType<typeof useFigureExplanation>['data']>;
