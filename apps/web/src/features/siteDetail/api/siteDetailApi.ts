import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FilterPayload, SiteDetailQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

export type { FilterPayload };

/** The siteDetail answer, as the schema types it. */
export type SiteDetail = SiteDetailQuery['siteDetail'];
export type SiteSummary = SiteDetail['summary'];
/** A direction's figures over the time bins (the TimeBins scalar, typed in @roadcount/domain). */
export type { DirectionColumns } from '@roadcount/domain';

const SITE_DETAIL = graphql(`
  query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
    siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
      site_id
      site_name
      site_type
      latitude
      longitude
      time_zone
      class_scheme
      summary {
        vehicles
        wholeDays
        adt
        awdt
        awedt
        aadt
        aadtIsEstimate
        averageSpeedMps
        speed85thMps
        amPeak {
          hour
          vehicles
        }
        pmPeak {
          hour
          vehicles
        }
        totalCommercial
        percentCommercial
        aadtMonthsMissingWeekdays
        speed95thMps
        pace {
          metric {
            fromMps
            toMps
            vehicles
            sharePercent
          }
          imperial {
            fromMps
            toMps
            vehicles
            sharePercent
          }
        }
        designHour {
          volume
          kFactor
          dFactor
        }
        peakHourFactor {
          start
          peakHourVolume
          peakQuarterVolume
          factor
        }
      }
      bins
      classes {
        classIndex
        vehicles
        sharePercent
        averageSpeedMps
        speed85thMps
      }
      speedByClass {
        binWidthMps
        bins {
          fromMps
          counts {
            classIndex
            vehicles
          }
        }
      }
      headwayPercentiles {
        percentile
        value
      }
      gapPercentiles {
        percentile
        value
      }
      headwayGapMatrix {
        edgesS
        counts
      }
      speeding {
        vehicles
        stepsMps
        aboveLimit {
          vehicles
          sharePercent
        }
        aboveFirstStep {
          vehicles
          sharePercent
        }
        aboveSecondStep {
          vehicles
          sharePercent
        }
      }
      virtualDay {
        direction
        vehicles
      }
      virtualWeek {
        direction
        vehicles
      }
      availability {
        day
        direction
        lane
        vehicles
      }
    }
  }
`);

export function useSiteDetail(
  siteId: string,
  filter: FilterPayload,
  minutes: number,
  enabled = true,
) {
  return useQuery({
    enabled,
    queryKey: ['siteDetail', siteId, filter, minutes],
    queryFn: async () =>
      (await graphqlRequest(SITE_DETAIL, { siteId, filter, minutes })).siteDetail,
    placeholderData: (previous, query) => (query?.queryKey[1] === siteId ? previous : undefined),
    retry: false,
  });
}
