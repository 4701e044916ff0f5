import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

const FILE_NOTES = graphql(`
  query FileNotes($id: ID!) {
    getFileNotes(fileId: $id) {
      content
      when
      who
    }
  }
`);

const ADD_FILE_NOTE = graphql(`
  mutation AddFileNote($id: ID!, $content: String!) {
    appendTrafficDataFileNote(fileId: $id, content: $content) {
      content
    }
  }
`);

const ADD_BULK_FILE_NOTE = graphql(`
  mutation AddBulkFileNote($ids: [ID!]!, $content: String!) {
    appendTrafficDataFileNotes(fileIds: $ids, content: $content)
  }
`);

/** A file's notes, always fetched afresh (SPEC section 7: without cache). */
export function useFileNotes(fileId: string) {
  return useQuery({
    queryKey: ['fileNotes', fileId],
    queryFn: async () => (await graphqlRequest(FILE_NOTES, { id: fileId })).getFileNotes,
    staleTime: 0,
    gcTime: 0,
  });
}

export function useAddFileNote(fileId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => graphqlRequest(ADD_FILE_NOTE, { id: fileId, content }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fileNotes', fileId] }),
  });
}

/** One note added to each of several files at once (platform admins). */
export function useAddBulkFileNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ fileIds, content }: { fileIds: string[]; content: string }) =>
      (await graphqlRequest(ADD_BULK_FILE_NOTE, { ids: fileIds, content }))
        .appendTrafficDataFileNotes,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['fileNotes'] }),
  });
}
