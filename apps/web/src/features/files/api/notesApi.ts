import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';

export interface FileNote {
  content: string;
  when: string;
  who: string;
}

/** A file's notes, always fetched afresh (SPEC section 7: without cache). */
export function useFileNotes(fileId: string) {
  return useQuery({
    queryKey: ['fileNotes', fileId],
    queryFn: async () =>
      (
        await graphqlRequest<{ getFileNotes: FileNote[] }>(
          `query($id: ID!) { getFileNotes(fileId: $id) { content when who } }`,
          { id: fileId },
        )
      ).getFileNotes,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAddFileNote(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      graphqlRequest(
        `mutation($id: ID!, $content: String!) { appendTrafficDataFileNote(fileId: $id, content: $content) { content } }`,
        { id: fileId, content },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fileNotes', fileId] }),
  });
}

/** One note added to each of several files at once (platform admins). */
export function useAddBulkFileNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileIds, content }: { fileIds: string[]; content: string }) =>
      (
        await graphqlRequest<{ appendTrafficDataFileNotes: number }>(
          `mutation($ids: [ID!]!, $content: String!) { appendTrafficDataFileNotes(fileIds: $ids, content: $content) }`,
          { ids: fileIds, content },
        )
      ).appendTrafficDataFileNotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fileNotes'] }),
  });
}
