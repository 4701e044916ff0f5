import {
  DEFAULT_ORGANISATION_SETTINGS,
  MAP_NOTE_MESSAGES,
  can,
  mapNoteGroupNameProblem,
  mapNotePointSchema,
  mapNoteTextSchema,
  type Action,
} from '@roadcount/domain';
import type { z } from 'zod';
import { authorize, type Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { MapNoteGroupRow, MapNoteRow, MapNotesRepository } from './mapNotes.repository.ts';

export interface MapNoteInput {
  text: string;
  longitude: number;
  latitude: number;
  group_id?: string | null;
  site_id?: string | null;
  organisation_id?: string | null;
}

export interface MapNoteChange {
  text?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  /** Null takes the note out of its group; absent leaves it. */
  group_id?: string | null;
}

/** UTC, year-month-day hour:minute (SPEC section 9). */
const noteTime = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(400, result.error.issues[0]?.message ?? 'invalid');
  return result.data;
}

function toNote(row: MapNoteRow, siteName: string | null) {
  return {
    id: row.id,
    text: row.text,
    longitude: row.longitude,
    latitude: row.latitude,
    group_id: row.groupId,
    site_id: row.siteId,
    site_name: siteName,
    who: row.username,
    when: noteTime(row.createdOn),
    updated: noteTime(row.updatedAt),
  };
}

const toGroup = (row: MapNoteGroupRow) => ({ id: row.id, name: row.name });

/**
 * Map notes (SPEC sections 2 to 6): everyone in the organisation reads them; admins and org
 * admins write them; the organisation's hidden.mapNotes preference hides them from everyone.
 */
export function createMapNotesService(repository: MapNotesRepository) {
  /** The organisation a call is about: the viewer's own; platform admins may name another. */
  function organisationOf(viewer: Viewer, requested: string | null | undefined): string {
    const organisationId =
      viewer.role === 'admin' ? (requested ?? viewer.organisationId) : viewer.organisationId;
    if (requested && requested !== organisationId) throw new HttpError(403);
    if (!organisationId) throw new HttpError(400, 'Choose the organisation of the map notes.');
    return organisationId;
  }

  async function hidden(organisationId: string): Promise<boolean> {
    const preferences = await repository.organisationPreferences(organisationId);
    if (!preferences) throw new HttpError(404);
    const stored = preferences.hidden as { mapNotes?: unknown } | undefined;
    return (stored?.mapNotes ?? DEFAULT_ORGANISATION_SETTINGS.hidden.mapNotes) === true;
  }

  /** Refuses other organisations and, for changes, hidden notes. */
  async function allow(viewer: Viewer, action: Action, organisationId: string) {
    authorize(viewer, action, { organisationId });
    if (action === 'mapNotes.write' && (await hidden(organisationId)))
      throw new HttpError(403, MAP_NOTE_MESSAGES.hidden);
  }

  /** A stored note the viewer may change; a missing one is refused like another's (403). */
  async function writableNote(viewer: Viewer, id: string) {
    authorize(viewer, 'mapNotes.write');
    const note = await repository.findNote(id);
    if (!note) throw new HttpError(viewer.role === 'admin' ? 404 : 403);
    await allow(viewer, 'mapNotes.write', note.organisationId);
    return note;
  }

  async function writableGroup(viewer: Viewer, id: string) {
    authorize(viewer, 'mapNotes.write');
    const group = await repository.findGroup(id);
    if (!group) throw new HttpError(viewer.role === 'admin' ? 404 : 403);
    await allow(viewer, 'mapNotes.write', group.organisationId);
    return group;
  }

  async function groupIn(organisationId: string, groupId: string | null | undefined) {
    if (!groupId) return null;
    const group = await repository.findGroup(groupId);
    if (!group || group.organisationId !== organisationId)
      throw new HttpError(400, 'That note group does not exist.');
    return group.id;
  }

  async function checkedGroupName(organisationId: string, name: string, renamingId?: string) {
    const problem = mapNoteGroupNameProblem(
      name,
      await repository.groups(organisationId),
      renamingId,
    );
    if (problem) throw new HttpError(400, problem);
    return name.trim();
  }

  return {
    async list(viewer: Viewer, requested?: string | null) {
      authorize(viewer, 'mapNotes.read');
      const organisationId = organisationOf(viewer, requested);
      await allow(viewer, 'mapNotes.read', organisationId);
      if (await hidden(organisationId))
        return {
          organisation_id: organisationId,
          hidden: true,
          can_edit: false,
          groups: [],
          notes: [],
        };
      const [groups, notes] = await Promise.all([
        repository.groups(organisationId),
        repository.notes(organisationId),
      ]);
      return {
        organisation_id: organisationId,
        hidden: false,
        can_edit: can(viewer, 'mapNotes.write', { organisationId }),
        groups: groups.map(toGroup),
        notes: notes.map(({ note, siteName }) => toNote(note, siteName)),
      };
    },

    async add(viewer: Viewer, input: MapNoteInput) {
      authorize(viewer, 'mapNotes.write');
      const organisationId = organisationOf(viewer, input.organisation_id);
      await allow(viewer, 'mapNotes.write', organisationId);
      const text = parsed(mapNoteTextSchema, input.text);
      const point = parsed(mapNotePointSchema, input);
      const groupId = await groupIn(organisationId, input.group_id);
      let site: { id: string; name: string } | null = null;
      if (input.site_id) {
        const found = await repository.findSite(input.site_id);
        if (!found || found.organisationId !== organisationId)
          throw new HttpError(400, "We couldn't find that site. It may have been deleted");
        site = found;
      }
      const row = await repository.insertNote({
        organisationId,
        groupId,
        siteId: site?.id ?? null,
        longitude: point.longitude,
        latitude: point.latitude,
        text,
        userId: viewer.userId,
        username: viewer.row.username,
      });
      return toNote(row, site?.name ?? null);
    },

    async update(viewer: Viewer, id: string, change: MapNoteChange) {
      const note = await writableNote(viewer, id);
      const values: Parameters<MapNotesRepository['updateNote']>[1] = {};
      if (change.text !== undefined && change.text !== null)
        values.text = parsed(mapNoteTextSchema, change.text);
      if (change.group_id !== undefined)
        values.groupId = await groupIn(note.organisationId, change.group_id);
      if (change.longitude != null || change.latitude != null) {
        const point = parsed(mapNotePointSchema, {
          longitude: change.longitude ?? note.longitude,
          latitude: change.latitude ?? note.latitude,
        });
        values.longitude = point.longitude;
        values.latitude = point.latitude;
      }
      const row = await repository.updateNote(note.id, values);
      const site = row.siteId ? await repository.findSite(row.siteId) : undefined;
      return toNote(row, site?.name ?? null);
    },

    async remove(viewer: Viewer, id: string) {
      const note = await writableNote(viewer, id);
      await repository.deleteNote(note.id);
      return true;
    },

    async createGroup(viewer: Viewer, name: string, requested?: string | null) {
      authorize(viewer, 'mapNotes.write');
      const organisationId = organisationOf(viewer, requested);
      await allow(viewer, 'mapNotes.write', organisationId);
      return toGroup(
        await repository.insertGroup(organisationId, await checkedGroupName(organisationId, name)),
      );
    },

    async renameGroup(viewer: Viewer, id: string, name: string) {
      const group = await writableGroup(viewer, id);
      const checked = await checkedGroupName(group.organisationId, name, group.id);
      return toGroup(await repository.renameGroup(group.id, checked));
    },

    async removeGroup(viewer: Viewer, id: string) {
      const group = await writableGroup(viewer, id);
      await repository.deleteGroup(group.id);
      return true;
    },
  };
}

export type MapNotesService = ReturnType<typeof createMapNotesService>;
