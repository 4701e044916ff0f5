import type { IResolvers } from 'mercurius';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { MapNoteChange, MapNoteInput, MapNotesService } from './mapNotes.service.ts';

export const mapNotesTypeDefs = /* GraphQL */ `
  "A named group of map notes."
  type MapNoteGroup {
    id: ID!
    name: String!
  }

  "A note at a point on the map; when and updated are UTC, year-month-day hour:minute."
  type MapNote {
    id: ID!
    text: String!
    longitude: Float!
    latitude: Float!
    group_id: ID
    site_id: ID
    site_name: String
    who: String!
    when: String!
    updated: String!
  }

  "An organisation's map notes; empty and hidden when its hidden.mapNotes preference is set."
  type MapNotes {
    organisation_id: ID!
    hidden: Boolean!
    "Whether you may add, edit and delete notes and groups."
    can_edit: Boolean!
    groups: [MapNoteGroup!]!
    notes: [MapNote!]!
  }

  input MapNoteInput {
    text: String!
    longitude: Float!
    latitude: Float!
    group_id: ID
    site_id: ID
    "Platform admins only: the organisation to add to; others add to their own."
    organisation_id: ID
  }

  input MapNoteChange {
    text: String
    longitude: Float
    latitude: Float
    "Null takes the note out of its group."
    group_id: ID
  }

  extend type Query {
    "Your organisation's map notes and note groups (platform admins may name an organisation)."
    mapNotes(organisationId: ID): MapNotes!
  }

  extend type Mutation {
    addMapNote(note: MapNoteInput!): MapNote!
    updateMapNote(id: ID!, change: MapNoteChange!): MapNote!
    deleteMapNote(id: ID!): Boolean!
    createMapNoteGroup(name: String!, organisationId: ID): MapNoteGroup!
    renameMapNoteGroup(id: ID!, name: String!): MapNoteGroup!
    "Deletes the group; its notes stay on the map without a group."
    deleteMapNoteGroup(id: ID!): Boolean!
  }
`;

export function mapNotesResolvers(service: MapNotesService): IResolvers<unknown, GraphqlContext> {
  return {
    Query: {
      mapNotes: (_root, args: { organisationId?: string | null }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.list(viewer, args.organisationId));
      },
    },
    Mutation: {
      addMapNote: (_root, args: { note: MapNoteInput }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.add(viewer, args.note));
      },
      updateMapNote: (_root, args: { id: string; change: MapNoteChange }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.update(viewer, args.id, args.change));
      },
      deleteMapNote: (_root, args: { id: string }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.remove(viewer, args.id));
      },
      createMapNoteGroup: (
        _root,
        args: { name: string; organisationId?: string | null },
        context,
      ) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.createGroup(viewer, args.name, args.organisationId));
      },
      renameMapNoteGroup: (_root, args: { id: string; name: string }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.renameGroup(viewer, args.id, args.name));
      },
      deleteMapNoteGroup: (_root, args: { id: string }, context) => {
        const viewer = requireViewer(context);
        return withHttpErrors(() => service.removeGroup(viewer, args.id));
      },
    },
  };
}
