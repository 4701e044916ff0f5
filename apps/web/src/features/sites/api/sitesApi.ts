import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompassLetter, LaneInput, LaneType, SiteUpdate } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { SiteLanesQuery } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';

const UPDATE_SITE = graphql(`
  mutation UpdateSite($id: ID!, $input: SiteInput!) {
    updateSite(id: $id, input: $input) {
      id
    }
  }
`);

const SITE_LANES = graphql(`
  query SiteLanes($siteId: ID!) {
    siteLanes(siteId: $siteId) {
      id
      direction
      position_id
      lane_type
      name
    }
  }
`);

const SET_SITE_LANES = graphql(`
  mutation SetSiteLanes($siteId: ID!, $lanes: [LaneInput!]!) {
    setSiteLanes(siteId: $siteId, lanes: $lanes) {
      id
    }
  }
`);

const SITE_NAME_CLASHES = graphql(`
  query SiteNameClashes($siteId: ID!, $name: String!) {
    siteNameClashes(siteId: $siteId, name: $name)
  }
`);

export function useUpdateSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: SiteUpdate }) =>
      graphqlRequest(UPDATE_SITE, { id, input }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['sites'] });
      await queryClient.invalidateQueries({ queryKey: ['mapSites'] });
      await queryClient.invalidateQueries({ queryKey: ['siteDetail'] });
    },
  });
}

/** A saved lane; the schema's String direction and lane type are a compass letter and a LaneType. */
export type Lane = Narrowed<
  SiteLanesQuery['siteLanes'][number],
  { direction: CompassLetter | null; lane_type: LaneType }
>;

export function useSiteLanes(siteId: string) {
  return useQuery({
    queryKey: ['siteLanes', siteId],
    queryFn: async () => (await graphqlRequest(SITE_LANES, { siteId })).siteLanes as Lane[],
  });
}

export function useSetSiteLanes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ siteId, lanes }: { siteId: string; lanes: LaneInput[] }) =>
      graphqlRequest(SET_SITE_LANES, { siteId, lanes }),
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
      (await graphqlRequest(SITE_NAME_CLASHES, { siteId, name })).siteNameClashes,
    enabled: name.trim() !== '',
    placeholderData: keepPreviousData,
  });
}
