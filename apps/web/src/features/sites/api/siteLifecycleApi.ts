import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SiteImportError } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import type { DeletedSitesQuery, ImportSitesMutation } from '@/generated/graphql.ts';
import { graphqlRequest, type Narrowed } from '@/lib/graphql.ts';

/** The schema's String code and JSON params of each error are the domain's SiteImportError. */
export type SiteImportResult = Narrowed<
  ImportSitesMutation['importSites'],
  { errors: SiteImportError[] }
>;

export type DeletedSite = DeletedSitesQuery['deletedSites'][number];

const IMPORT_SITES = graphql(`
  mutation ImportSites($csv: String!) {
    importSites(csv: $csv) {
      imported
      message
      errors {
        row
        field
        code
        message
        params
      }
    }
  }
`);

const DELETED_SITES = graphql(`
  query DeletedSites {
    deletedSites {
      id
      name
      site_type
      deleted_at
      files
      permanent_deletion_pending
    }
  }
`);

const DELETED_SITE_IDS = graphql(`
  query DeletedSiteIds {
    deletedSites {
      id
    }
  }
`);

const DELETE_SITE = graphql(`
  mutation DeleteSite($id: ID!) {
    deleteSite(id: $id) {
      id
      state
    }
  }
`);

const RESTORE_SITE = graphql(`
  mutation RestoreSite($id: ID!) {
    restoreSite(id: $id)
  }
`);

const DELETE_SITE_PERMANENTLY = graphql(`
  mutation DeleteSitePermanently($id: ID!) {
    deleteSitePermanently(id: $id) {
      id
      state
    }
  }
`);

/** Everything that shows sites or their files may have changed. */
async function refreshSites(queryClient: QueryClient) {
  await Promise.all(
    ['sites', 'deletedSites', 'mapSites', 'siteDetail', 'files'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}

export function useImportSites() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (csv: string) =>
      (await graphqlRequest(IMPORT_SITES, { csv })).importSites as SiteImportResult,
    onSuccess: async (result) => {
      if (result.imported > 0) await refreshSites(queryClient);
    },
  });
}

export function useDeletedSites(enabled: boolean) {
  return useQuery({
    queryKey: ['deletedSites'],
    enabled,
    queryFn: async () => (await graphqlRequest(DELETED_SITES)).deletedSites,
    // A queued deletion ends within moments; look again while one is pending.
    refetchInterval: (query) =>
      query.state.data?.some((site) => site.permanent_deletion_pending) ? 2000 : false,
  });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await graphqlRequest(DELETE_SITE, { id })).deleteSite,
    onSuccess: async (_task, id) => {
      await refreshSites(queryClient);
      void refreshWhenDeleted(queryClient, id).catch(() => undefined);
    },
  });
}

/** The deletion task runs on the server's worker; once the site is gone, show it gone. */
async function refreshWhenDeleted(queryClient: QueryClient, id: string) {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const { deletedSites } = await graphqlRequest(DELETED_SITE_IDS);
    if (deletedSites.some((site) => site.id === id)) {
      await refreshSites(queryClient);
      return;
    }
  }
}

export function useRestoreSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => graphqlRequest(RESTORE_SITE, { id }),
    onSuccess: () => refreshSites(queryClient),
  });
}

export function useDeleteSitePermanently() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await graphqlRequest(DELETE_SITE_PERMANENTLY, { id })).deleteSitePermanently,
    onSuccess: () => refreshSites(queryClient),
  });
}
