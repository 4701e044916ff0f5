import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SiteUpdate } from '@roadcount/domain';
import { graphqlRequest } from '../../../lib/graphql.ts';

export interface Site {
  id: string;
  name: string;
  alternative_name: string | null;
  description: string | null;
  asset_management_id: string | null;
  latitude: number | null;
  longitude: number | null;
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
}

export interface SiteQuery {
  search: string;
  filters: string[];
  sort: string;
  direction: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Only the sites of this site group. */
  groupId?: string | null;
}

const FIELDS = `id name alternative_name description asset_management_id latitude longitude
  direction_one direction_two site_type realtime pedestrians_included class_scheme time_zone notes
  site_context time_span gps last_surveyed files`;

export function useSites(query: SiteQuery) {
  return useQuery({
    queryKey: ['sites', query],
    queryFn: async () =>
      (
        await graphqlRequest<{ sites: { total: number; sites: Site[] } }>(
          `query Sites($search: String, $filters: [String!], $sort: String, $direction: String, $page: Int, $size: Int, $group: ID) {
            sites(search: $search, filters: $filters, sort: $sort, direction: $direction, page: $page, page_size: $size, group_id: $group) {
              total sites { ${FIELDS} }
            }
          }`,
          {
            search: query.search || null,
            filters: query.filters,
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
