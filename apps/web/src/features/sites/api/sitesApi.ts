import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LaneInput, LaneType, SiteUpdate } from '@roadcount/domain';
import { graphqlRequest } from '../../../lib/graphql.ts';

export interface Site {
  id: string;
  name: string;
  alternative_name: string | null;
  description: string | null;
  asset_management_id: string | null;
  latitude: number | null;
  longitude: number | null;
  heading: number | null;
  direction_one: 'N' | 'E' | 'S' | 'W' | null;
  direction_two: 'N' | 'E' | 'S' | 'W' | null;
  site_type: string;
  realtime: boolean;
  pedestrians_included: boolean;
  class_scheme: string;
  time_zone: string;
  notes: string | null;
  site_context: string[];
  time_span: string | null;
  gps: boolean;
  last_surveyed: string | null;
  files: number;
  lane_count: number;
}

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

const FIELDS = `id name alternative_name description asset_management_id latitude longitude heading
  direction_one direction_two site_type realtime pedestrians_included class_scheme time_zone notes
  site_context time_span gps last_surveyed files lane_count`;

export function useSites(query: SiteQuery) {
  return useQuery({
    queryKey: ['sites', query],
    queryFn: async () =>
      (
        await graphqlRequest<{ sites: { total: number; sites: Site[] } }>(
          `query Sites($search: String, $filters: [String!], $selected: [ID!], $sort: String, $direction: String, $page: Int, $size: Int, $group: ID) {
            sites(search: $search, filters: $filters, selected: $selected, sort: $sort, direction: $direction, page: $page, page_size: $size, group_id: $group) {
              total sites { ${FIELDS} }
            }
          }`,
          {
            search: query.search || null,
            filters: query.filters,
            selected: query.selected,
            sort: query.sort,
            direction: query.direction,
            page: query.page,
            size: query.pageSize,
            group: query.groupId ?? null,
          },
        )
      ).sites,
    placeholderData: keepPreviousData,
  });
}

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SiteUpdate }) =>
      graphqlRequest(
        `mutation($id: ID!, $input: SiteInput!) { updateSite(id: $id, input: $input) { id } }`,
        {
          id,
          input,
        },
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
      await queryClient.invalidateQueries({ queryKey: ['mapSites'] });
      await queryClient.invalidateQueries({ queryKey: ['siteDetail'] });
    },
  });
}

export interface Lane {
  id: string;
  direction: 'N' | 'E' | 'S' | 'W' | null;
  position_id: number;
  lane_type: LaneType;
  name: string;
}

export function useSiteLanes(siteId: string) {
  return useQuery({
    queryKey: ['siteLanes', siteId],
    queryFn: async () =>
      (
        await graphqlRequest<{ siteLanes: Lane[] }>(
          `query($siteId: ID!) { siteLanes(siteId: $siteId) { id direction position_id lane_type name } }`,
          { siteId },
        )
      ).siteLanes,
  });
}

export function useSetSiteLanes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, lanes }: { siteId: string; lanes: LaneInput[] }) =>
      graphqlRequest(
        `mutation($siteId: ID!, $lanes: [LaneInput!]!) { setSiteLanes(siteId: $siteId, lanes: $lanes) { id } }`,
        { siteId, lanes },
      ),
    onSuccess: async (_answer, { siteId }) => {
      await queryClient.invalidateQueries({ queryKey: ['siteLanes', siteId] });
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}

/** The organisation's site names that `name` would clash with (names are unique in any case). */
export function useNameClashes(siteId: string, name: string) {
  return useQuery({
    queryKey: ['siteNameClashes', siteId, name],
    queryFn: async () =>
      (
        await graphqlRequest<{ siteNameClashes: string[] }>(
          `query($siteId: ID!, $name: String!) { siteNameClashes(siteId: $siteId, name: $name) }`,
          { siteId, name },
        )
      ).siteNameClashes,
    enabled: name.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
