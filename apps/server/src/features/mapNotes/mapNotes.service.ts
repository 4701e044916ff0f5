import {
  DEFAULT_ORGANISATION_SETTINGS,
  MAP_NOTE_MESSAGES,
  can,
  mapNoteGroupNameProblem,
  mapNotePointSchema,
  mapNoteTextSchema,
  type Action,
  serverMessage,
} from '@roadcount/domain';
import type { z } from 'zod';
import { organisationScope, type Access } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
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
export function createMapNotesService(repository: MapNotesRepository, access: Access) {
  /** The organisation a call is about: the viewer's own; platform admins may name another. */
  function organisationOf(
    viewer: Viewer,
    action: Action,
    requested: string | null | undefined,
  ): string {
    const scope = organisationScope(viewer, action, requested);
    // Staff who name no organisation work in their own, if they have one.
    const organisationId = scope.all ? viewer.organisationId : scope.organisationId;
    if (!organisationId) throw new HttpError(400, serverMessage('mapNotesOrganisation'));
    return organisationId;
  }

  async function hidden(organisationId: string): Promise<boolean> {
    const preferences = await repository.organisationPreferences(organisationId);
    if (!preferences) throw new HttpError(404);
    const stored = preferences.hidden as { mapNotes?: unknown } | undefined;
    return (stored?.mapNotes ?? DEFAULT_ORGANISATION_SETTINGS.hidden.mapNotes) === true;
  }

  /** Notes an organisation hides are not changed either. */
  async function refuseHidden(organisationId: string) {
    if (await hidden(organisationId)) throw new HttpError(403, MAP_NOTE_MESSAGES.hidden);
  }

  /** A stored note the viewer may change; a missing one is refused like another's (403). */
  async function writableNote(viewer: Viewer, id: string) {
    const note = await access.mapNote(viewer, 'mapNotes.write', id);
    await refuseHidden(note.organisationId);
    return note;
  }

  async function writableGroup(viewer: Viewer, id: string) {
    const group = await access.mapNoteGroup(viewer, 'mapNotes.write', id);
    await refuseHidden(group.organisationId);
    return group;
  }

  async function groupIn(organisationId: string, groupId: string | null | undefined) {
    if (!groupId) return null;
    const group = await repository.findGroup(groupId);
    if (!group || group.organisationId !== organisationId)
      throw new HttpError(400, serverMessage('noteGroupMissing'));
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
      const organisationId = organisationOf(viewer, 'mapNotes.read', requested);
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
      const organisationId = organisationOf(viewer, 'mapNotes.write', input.organisation_id);
      await refuseHidden(organisationId);
      const text = parsed(mapNoteTextSchema, input.text);
      const point = parsed(mapNotePointSchema, input);
      const groupId = await groupIn(organisationId, input.group_id);
      let site: { id: string; name: string } | null = null;
      if (input.site_id) {
        const found = await repository.findSite(input.site_id);
        if (!found || found.organisationId !== organisationId)
          throw new HttpError(400, serverMessage('siteNotFound'));
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
      const organisationId = organisationOf(viewer, 'mapNotes.write', requested);
      await refuseHidden(organisationId);
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
