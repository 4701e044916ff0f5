import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { SiteImportError } from '@roadcount/domain';
import { graphqlRequest } from '../../../lib/graphql.ts';

export interface SiteImportResult {
  imported: number;
  message: string | null;
  errors: SiteImportError[];
}

export interface DeletedSite {
  id: string;
  name: string;
  site_type: string;
  deleted_at: string;
  files: number;
  permanent_deletion_pending: boolean;
}

interface QueuedTask {
  id: string;
  state: string;
}

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
      (
        await graphqlRequest<{ importSites: SiteImportResult }>(
          `mutation($csv: String!) {
            importSites(csv: $csv) { imported message errors { row field code message params } }
          }`,
          { csv },
        )
      ).importSites,
    onSuccess: async (result) => {
      if (result.imported > 0) await refreshSites(queryClient);
    },
  });
}

export function useDeletedSites(enabled: boolean) {
  return useQuery({
    queryKey: ['deletedSites'],
    enabled,
    queryFn: async () =>
      (
        await graphqlRequest<{ deletedSites: DeletedSite[] }>(
          `{ deletedSites { id name site_type deleted_at files permanent_deletion_pending } }`,
        )
      ).deletedSites,
    // A queued deletion ends within moments; look again while one is pending.
    refetchInterval: (query) =>
      query.state.data?.some((site) => site.permanent_deletion_pending) ? 2000 : false,
  });
}

export function useDeleteSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await graphqlRequest<{ deleteSite: QueuedTask }>(
          `mutation($id: ID!) { deleteSite(id: $id) { id state } }`,
          { id },
        )
      ).deleteSite,
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
    const { deletedSites } = await graphqlRequest<{ deletedSites: { id: string }[] }>(
      `{ deletedSites { id } }`,
    );
    if (deletedSites.some((site) => site.id === id)) {
      await refreshSites(queryClient);
      return;
    }
  }
}

export function useRestoreSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      graphqlRequest<{ restoreSite: string }>(`mutation($id: ID!) { restoreSite(id: $id) }`, {
        id,
      }),
    onSuccess: () => refreshSites(queryClient),
  });
}

export function useDeleteSitePermanently() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await graphqlRequest<{ deleteSitePermanently: QueuedTask }>(
          `mutation($id: ID!) { deleteSitePermanently(id: $id) { id state } }`,
          { id },
        )
      ).deleteSitePermanently,
    onSuccess: () => refreshSites(queryClient),
  });
}
