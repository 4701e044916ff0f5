import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageForStatus, type CompassLetter } from '@roadcount/domain';
import { graphqlRequest } from '../../../lib/graphql.ts';
import { RequestError } from '../../../lib/http.ts';
import { readTokens } from '../../session/tokenStorage.ts';

export interface SiteGroup {
  id: string;
  name: string;
  site_count: number;
}

export interface SiteGroupWithSites extends SiteGroup {
  sites: { id: string; name: string }[];
}

export function useSiteGroups() {
  return useQuery({
    queryKey: ['siteGroups'],
    queryFn: async () =>
      (
        await graphqlRequest<{ siteGroups: SiteGroup[] }>(
          `query SiteGroups { siteGroups { id name site_count } }`,
        )
      ).siteGroups,
  });
}

export function useSiteGroup(id: string | null) {
  return useQuery({
    queryKey: ['siteGroups', id],
    enabled: id !== null,
    queryFn: async () =>
      (
        await graphqlRequest<{ siteGroup: SiteGroupWithSites }>(
          `query SiteGroup($id: ID!) { siteGroup(id: $id) { id name site_count sites { id name } } }`,
          { id },
        )
      ).siteGroup,
  });
}

/** Every change to groups refreshes the groups and the sites table (it may filter by group). */
function useGroupMutation<Variables>(query: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) =>
      graphqlRequest<Record<string, unknown>>(query, variables as Record<string, unknown>),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['siteGroups'] });
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}

export const useCreateSiteGroup = () =>
  useGroupMutation<{ name: string; site_ids: string[] }>(
    `mutation($name: String!, $site_ids: [ID!]) { createSiteGroup(name: $name, site_ids: $site_ids) { id } }`,
  );
export const useRenameSiteGroup = () =>
  useGroupMutation<{ id: string; name: string }>(
    `mutation($id: ID!, $name: String!) { renameSiteGroup(id: $id, name: $name) { id } }`,
  );
export const useDeleteSiteGroup = () =>
  useGroupMutation<{ id: string }>(`mutation($id: ID!) { deleteSiteGroup(id: $id) }`);
export const useAddSitesToGroup = () =>
  useGroupMutation<{ id: string; site_ids: string[] }>(
    `mutation($id: ID!, $site_ids: [ID!]!) { addSitesToGroup(id: $id, site_ids: $site_ids) { id } }`,
  );
export const useRemoveSitesFromGroup = () =>
  useGroupMutation<{ id: string; site_ids: string[] }>(
    `mutation($id: ID!, $site_ids: [ID!]!) { removeSitesFromGroup(id: $id, site_ids: $site_ids) { id } }`,
  );

export interface AlignmentEntry {
  site_id: string;
  from: CompassLetter;
  to: CompassLetter;
}

export function useMergeSites() {
  return useMutation({
    mutationFn: (variables: {
      target_id: string;
      source_ids: string[];
      alignment: AlignmentEntry[];
    }) =>
      graphqlRequest<{ mergeSites: { id: string; state: string } }>(
        `mutation($target_id: ID!, $source_ids: [ID!]!, $alignment: [DirectionAlignmentInput!]) {
          mergeSites(target_id: $target_id, source_ids: $source_ids, alignment: $alignment) { id state }
        }`,
        variables,
      ),
  });
}

/** Saves the site list for counter software of the chosen sites (docs/formats.md, section 6). */
export async function downloadSiteList(siteIds: string[]) {
  const access = readTokens()?.access;
  const response = await fetch(`/api/sites/site-list.csv?ids=${siteIds.join(',')}`, {
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (!response.ok) throw new RequestError(response.status, messageForStatus(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `roadcount-site-list-${new Date().toISOString().slice(0, 10)}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
