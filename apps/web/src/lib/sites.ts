import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CompassLetter } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { SitesQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from './graphql.ts';

/** A row of the sites table; the schema's String directions are compass letters. */
export type Site = Narrowed<
  SitesQuery['sites']['sites'][number],
  { direction_one: CompassLetter | null; direction_two: CompassLetter | null }
>;

export interface SiteQuery {
  search: string;
  filters: string[];
  /** Ids of the selected sites, for the selected_only filter. */
  selected: string[];
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Only the sites of this site group. */
  groupId?: string | null;
}

const SITES = graphql(`
  query Sites(
    $search: String
    $filters: [String!]
    $selected: [ID!]
    $sort: String
    $direction: String
    $page: Int
    $size: Int
    $group: ID
  ) {
    sites(
      search: $search
      filters: $filters
      selected: $selected
      sort: $sort
      direction: $direction
      page: $page
      page_size: $size
      group_id: $group
    ) {
      total
      sites {
        id
        name
        alternative_name
        description
        asset_management_id
        latitude
        longitude
        heading
        direction_one
        direction_two
        site_type
        realtime
        pedestrians_included
        class_scheme
        time_zone
        notes
        site_context
        time_span
        gps
        last_surveyed
        files
        lane_count
        owner_organisation_id
      }
    }
  }
`);

export function useSites(query: SiteQuery) {
  return useQuery({
    queryKey: ['sites', query],
    queryFn: async () =>
      (
        await graphqlRequest(SITES, {
          search: query.search || null,
          filters: query.filters,
          selected: query.selected,
          sort: query.sort,
          direction: query.direction,
          page: query.page,
          size: query.pageSize,
          group: query.groupId ?? null,
        })
      ).sites as { total: number; sites: Site[] },
    placeholderData: keepPreviousData,
  });
}
