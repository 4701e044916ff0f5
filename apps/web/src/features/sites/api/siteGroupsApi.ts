import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageForStatus } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type {
  DirectionAlignmentInput,
  SiteGroupsQuery,
  TypedDocumentString,
} from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import { RequestError } from '@/lib/http.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';

export type SiteGroup = SiteGroupsQuery['siteGroups'][number];

const SITE_GROUPS = graphql(`
  query SiteGroups {
    siteGroups {
      id
      name
      site_count
    }
  }
`);

const SITE_GROUP = graphql(`
  query SiteGroup($id: ID!) {
    siteGroup(id: $id) {
      id
      name
      site_count
      sites {
        id
        name
      }
    }
  }
`);

const CREATE_SITE_GROUP = graphql(`
  mutation CreateSiteGroup($name: String!, $site_ids: [ID!]) {
    createSiteGroup(name: $name, site_ids: $site_ids) {
      id
    }
  }
`);

const RENAME_SITE_GROUP = graphql(`
  mutation RenameSiteGroup($id: ID!, $name: String!) {
    renameSiteGroup(id: $id, name: $name) {
      id
    }
  }
`);

const DELETE_SITE_GROUP = graphql(`
  mutation DeleteSiteGroup($id: ID!) {
    deleteSiteGroup(id: $id)
  }
`);

const ADD_SITES_TO_GROUP = graphql(`
  mutation AddSitesToGroup($id: ID!, $site_ids: [ID!]!) {
    addSitesToGroup(id: $id, site_ids: $site_ids) {
      id
    }
  }
`);

const REMOVE_SITES_FROM_GROUP = graphql(`
  mutation RemoveSitesFromGroup($id: ID!, $site_ids: [ID!]!) {
    removeSitesFromGroup(id: $id, site_ids: $site_ids) {
      id
    }
  }
`);

const MERGE_SITES = graphql(`
  mutation MergeSites(
    $target_id: ID!
    $source_ids: [ID!]!
    $alignment: [DirectionAlignmentInput!]
  ) {
    mergeSites(target_id: $target_id, source_ids: $source_ids, alignment: $alignment) {
      id
      state
    }
  }
`);

export function useSiteGroups() {
  return useQuery({
    queryKey: ['siteGroups'],
    queryFn: async () => (await graphqlRequest(SITE_GROUPS)).siteGroups,
  });
}

export function useSiteGroup(id: string | null) {
  return useQuery({
    queryKey: ['siteGroups', id],
    queryFn:
      id === null ? skipToken : async () => (await graphqlRequest(SITE_GROUP, { id })).siteGroup,
  });
}

/** Every change to groups refreshes the groups and the sites table (it may filter by group). */
function useGroupMutation<Result, Variables>(document: TypedDocumentString<Result, Variables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => graphqlRequest(document, variables),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['siteGroups'] });
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
    },
  });
}

export const useCreateSiteGroup = () => useGroupMutation(CREATE_SITE_GROUP);
export const useRenameSiteGroup = () => useGroupMutation(RENAME_SITE_GROUP);
export const useDeleteSiteGroup = () => useGroupMutation(DELETE_SITE_GROUP);
export const useAddSitesToGroup = () => useGroupMutation(ADD_SITES_TO_GROUP);
export const useRemoveSitesFromGroup = () => useGroupMutation(REMOVE_SITES_FROM_GROUP);

export type AlignmentEntry = DirectionAlignmentInput;

export function useMergeSites() {
  return useMutation({
    mutationFn: (variables: {
      target_id: string;
      source_ids: string[];
      alignment: AlignmentEntry[];
    }) => graphqlRequest(MERGE_SITES, variables),
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
