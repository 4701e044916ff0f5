import { useQuery } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { FilterPayload, SiteDetailQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';
import type { DesignFigures } from '../components/DesignFigureCards.tsx';

export type { FilterPayload };

/** A direction's figures over the time bins: one entry per bin start (0 and nulls where it had none). */
export interface DirectionColumns {
  vehicles: number[];
  averageSpeedMps: (number | null)[];
  speed85thMps: (number | null)[];
  speedingPercent: (number | null)[];
}

export interface PeakHour {
  hour: number;
  vehicles: number;
}

/**
 * What the siteDetail answer's JSON fields hold, which the schema cannot say (speeds m/s, times
 * s): the figures of the page from one scan.
 */
interface SiteDetailFigures {
  summary: {
    vehicles: number;
    wholeDays: number;
    adt: number | null;
    awdt: number | null;
    awedt: number | null;
    aadt: number | null;
    aadtIsEstimate: boolean;
    averageSpeedMps: number | null;
    speed85thMps: number | null;
    amPeak: PeakHour | null;
    pmPeak: PeakHour | null;
    totalCommercial: number;
    percentCommercial: number | null;
    /** Calendar months (0–11) whose AADT value averaged fewer than 7 weekdays. */
    aadtMonthsMissingWeekdays?: number[];
  } & DesignFigures;
  /** The time bins as columns: each bin's local start, and each direction's figures per bin. */
  bins: { starts: string[]; directions: Record<string, DirectionColumns> };
  classes: {
    classIndex: number;
    vehicles: number;
    sharePercent: number;
    averageSpeedMps: number | null;
    speed85thMps: number | null;
  }[];
  speedByClass: {
    binWidthMps: number;
    bins: { fromMps: number; counts: Record<string, number> }[];
  };
  headwayPercentiles: Record<string, number> | null;
  gapPercentiles: Record<string, number> | null;
  headwayGapMatrix: { edgesS: number[]; counts: number[][] };
  speeding: {
    vehicles: number;
    stepsMps: [number, number];
    aboveLimit: { vehicles: number; sharePercent: number };
    aboveFirstStep: { vehicles: number; sharePercent: number };
    aboveSecondStep: { vehicles: number; sharePercent: number };
  } | null;
  virtualDay: Record<string, number[]>;
  /** Null for a weekday without a whole day (no data, not a quiet day). */
  virtualWeek: Record<string, (number | null)[]>;
  availability: { day: string; direction: number; lane: number; vehicles: number }[];
}

/** The siteDetail answer, its JSON fields read as what they hold. */
export type SiteDetail = Narrowed<SiteDetailQuery['siteDetail'], SiteDetailFigures>;

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
      summary
      bins
      classes
      speedByClass
      headwayPercentiles
      gapPercentiles
      headwayGapMatrix
      speeding
      virtualDay
      virtualWeek
      availability
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
      (await graphqlRequest(SITE_DETAIL, { siteId, filter, minutes })).siteDetail as SiteDetail,
    placeholderData: (previous, query) => (query?.queryKey[1] === siteId ? previous : undefined),
    retry: false,
  });
}
