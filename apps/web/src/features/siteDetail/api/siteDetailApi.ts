import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';

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

/** The siteDetail answer: every figure of the page from one scan (speeds m/s, times s). */
export interface SiteDetail {
  site_id: string;
  site_name: string;
  site_type: string;
  latitude: number | null;
  longitude: number | null;
  time_zone: string;
  class_scheme: string;
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
  };
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
  virtualWeek: Record<string, number[]>;
  availability: { day: string; direction: number; lane: number; vehicles: number }[];
}

/** SPEC section 3: the filter request payload (speeds m/s, headway s, instants ISO 8601). */
export interface FilterPayload {
  start_time?: string;
  end_time?: string;
  velocity_min: number;
  velocity_max: number;
  active_classes?: number[];
  headway_min: number;
  active_directions?: number[];
  vehicle_exclusions?: string[];
  time_exclusions?: { days: number[]; from: string; to: string }[];
}

const SITE_DETAIL = `query SiteDetail($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    site_id site_name site_type latitude longitude time_zone class_scheme summary bins classes
    speedByClass headwayPercentiles gapPercentiles headwayGapMatrix speeding virtualDay
    virtualWeek availability
  }
}`;

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
      (
        await graphqlRequest<{ siteDetail: SiteDetail }>(SITE_DETAIL, {
          siteId,
          filter,
          minutes,
        })
      ).siteDetail,
    placeholderData: (previous, query) => (query?.queryKey[1] === siteId ? previous : undefined),
    retry: false,
  });
}
