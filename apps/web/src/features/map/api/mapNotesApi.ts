import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '@/generated/gql.ts';
import type { MapNoteFieldsFragment, MapNoteInput, MapNotesQuery } from '@/generated/graphql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';

/** A note at a point on the map; when is UTC, year-month-day hour:minute. */
export type MapNote = MapNoteFieldsFragment;
export type MapNotes = MapNotesQuery['mapNotes'];
export type MapNoteGroup = MapNotes['groups'][number];

// The fields of a note each operation below answers; codegen adds the fragment to their texts.
graphql(`
  fragment MapNoteFields on MapNote {
    id
    text
    longitude
    latitude
    group_id
    site_id
    site_name
    who
    when
  }
`);

const MAP_NOTES = graphql(`
  query MapNotes {
    mapNotes {
      organisation_id
      hidden
      can_edit
      groups {
        id
        name
      }
      notes {
        ...MapNoteFields
      }
    }
  }
`);

const ADD_MAP_NOTE = graphql(`
  mutation AddMapNote($note: MapNoteInput!) {
    addMapNote(note: $note) {
      ...MapNoteFields
    }
  }
`);

const UPDATE_MAP_NOTE = graphql(`
  mutation UpdateMapNote($id: ID!, $change: MapNoteChange!) {
    updateMapNote(id: $id, change: $change) {
      ...MapNoteFields
    }
  }
`);

const DELETE_MAP_NOTE = graphql(`
  mutation DeleteMapNote($id: ID!) {
    deleteMapNote(id: $id)
  }
`);

const CREATE_MAP_NOTE_GROUP = graphql(`
  mutation CreateMapNoteGroup($name: String!) {
    createMapNoteGroup(name: $name) {
      id
    }
  }
`);

const RENAME_MAP_NOTE_GROUP = graphql(`
  mutation RenameMapNoteGroup($id: ID!, $name: String!) {
    renameMapNoteGroup(id: $id, name: $name) {
      id
    }
  }
`);

const DELETE_MAP_NOTE_GROUP = graphql(`
  mutation DeleteMapNoteGroup($id: ID!) {
    deleteMapNoteGroup(id: $id)
  }
`);

export function useMapNotes(enabled: boolean) {
  return useQuery({
    queryKey: ['mapNotes'],
    queryFn: async () => (await graphqlRequest(MAP_NOTES)).mapNotes,
    enabled,
  });
}

/** Every change to notes and groups; each refreshes the notes the map shows. */
export function useMapNoteChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['mapNotes'] });
  return {
    add: useMutation({
      mutationFn: async (note: MapNoteInput) =>
        (await graphqlRequest(ADD_MAP_NOTE, { note })).addMapNote,
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
        (await graphqlRequest(UPDATE_MAP_NOTE, { id, change: { text, group_id } })).updateMapNote,
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => graphqlRequest(DELETE_MAP_NOTE, { id }),
      onSuccess: refresh,
    }),
    createGroup: useMutation({
      mutationFn: (name: string) => graphqlRequest(CREATE_MAP_NOTE_GROUP, { name }),
      onSuccess: refresh,
    }),
    renameGroup: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) =>
        graphqlRequest(RENAME_MAP_NOTE_GROUP, { id, name }),
      onSuccess: refresh,
    }),
    removeGroup: useMutation({
      mutationFn: (id: string) => graphqlRequest(DELETE_MAP_NOTE_GROUP, { id }),
      onSuccess: refresh,
    }),
  };
}

export type MapNoteChanges = ReturnType<typeof useMapNoteChanges>;
