import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphqlRequest } from '../../../lib/graphql.ts';

/** A note at a point on the map; when is UTC, year-month-day hour:minute. */
export interface MapNote {
  id: string;
  text: string;
  longitude: number;
  latitude: number;
  group_id: string | null;
  site_id: string | null;
  site_name: string | null;
  who: string;
  when: string;
}

export interface MapNoteGroup {
  id: string;
  name: string;
}

export interface MapNotes {
  organisation_id: string;
  hidden: boolean;
  can_edit: boolean;
  groups: MapNoteGroup[];
  notes: MapNote[];
}

const NOTE_FIELDS = 'id text longitude latitude group_id site_id site_name who when';

const MAP_NOTES = `query MapNotes { mapNotes {
  organisation_id hidden can_edit groups { id name } notes { ${NOTE_FIELDS} }
} }`;

export function useMapNotes(enabled: boolean) {
  return useQuery({
    queryKey: ['mapNotes'],
    queryFn: async () => (await graphqlRequest<{ mapNotes: MapNotes }>(MAP_NOTES)).mapNotes,
    enabled,
  });
}

export interface NewMapNote {
  text: string;
  longitude: number;
  latitude: number;
  group_id: string | null;
  site_id: string | null;
}

/** Every change to notes and groups; each refreshes the notes the map shows. */
export function useMapNoteChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mapNotes'] });
  return {
    add: useMutation({
      mutationFn: async (note: NewMapNote) =>
        (
          await graphqlRequest<{ addMapNote: MapNote }>(
            `mutation($note: MapNoteInput!) { addMapNote(note: $note) { ${NOTE_FIELDS} } }`,
            { note },
          )
        ).addMapNote,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({
        id,
        text,
        group_id,
      }: {
        id: string;
        text: string;
        group_id: string | null;
      }) =>
        (
          await graphqlRequest<{ updateMapNote: MapNote }>(
            `mutation($id: ID!, $change: MapNoteChange!) { updateMapNote(id: $id, change: $change) { ${NOTE_FIELDS} } }`,
            { id, change: { text, group_id } },
          )
        ).updateMapNote,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) =>
        graphqlRequest(`mutation($id: ID!) { deleteMapNote(id: $id) }`, { id }),
      onSuccess: refresh,
    }),
    createGroup: useMutation({
      mutationFn: (name: string) =>
        graphqlRequest(`mutation($name: String!) { createMapNoteGroup(name: $name) { id } }`, {
          name,
        }),
      onSuccess: refresh,
    }),
    renameGroup: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        graphqlRequest(
          `mutation($id: ID!, $name: String!) { renameMapNoteGroup(id: $id, name: $name) { id } }`,
          { id, name },
        ),
      onSuccess: refresh,
    }),
    removeGroup: useMutation({
      mutationFn: (id: string) =>
        graphqlRequest(`mutation($id: ID!) { deleteMapNoteGroup(id: $id) }`, { id }),
      onSuccess: refresh,
    }),
  };
}

export type MapNoteChanges = ReturnType<typeof useMapNoteChanges>;
