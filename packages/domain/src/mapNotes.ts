import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, plainText } from './plainText.ts';

export const MAP_NOTE_LIMITS = { textMax: 2000, groupNameMax: 40 } as const;

/** English messages, shared by server and web; the web shows them through MAP_NOTE_MESSAGE_KEYS. */
export const MAP_NOTE_MESSAGES = {
  empty: 'Note text must not be empty',
  tooLong: `A note is at most ${MAP_NOTE_LIMITS.textMax} characters`,
  groupName: `A note group name is 1 to ${MAP_NOTE_LIMITS.groupNameMax} characters`,
  groupDuplicate: 'That note group name already exists',
  hidden: "Map notes are hidden in this organisation's preferences",
  latitude: 'Latitude is a number from -90 to 90',
  longitude: 'Longitude is a number from -180 to 180',
  controlCharacters: `Text ${CONTROL_CHARACTERS_MESSAGE}`,
} as const;

/** The i18n key of each message, so that the web shows them in the user's language. */
export const MAP_NOTE_MESSAGE_KEYS: Record<string, string> = {
  [MAP_NOTE_MESSAGES.empty]: 'mapNotes.errors.empty',
  [MAP_NOTE_MESSAGES.tooLong]: 'mapNotes.errors.tooLong',
  [MAP_NOTE_MESSAGES.groupName]: 'mapNotes.errors.groupName',
  [MAP_NOTE_MESSAGES.groupDuplicate]: 'mapNotes.errors.groupDuplicate',
  [MAP_NOTE_MESSAGES.hidden]: 'mapNotes.errors.hidden',
  [MAP_NOTE_MESSAGES.controlCharacters]: 'mapNotes.errors.controlCharacters',
};

/** SPEC section 5: note text must be non-empty to be added. */
export const mapNoteTextSchema = plainText({ message: MAP_NOTE_MESSAGES.controlCharacters })
  .trim()
  .min(1, MAP_NOTE_MESSAGES.empty)
  .max(MAP_NOTE_LIMITS.textMax, MAP_NOTE_MESSAGES.tooLong);

export const mapNoteGroupNameSchema = plainText({ message: MAP_NOTE_MESSAGES.controlCharacters })
  .trim()
  .min(1, MAP_NOTE_MESSAGES.groupName)
  .max(MAP_NOTE_LIMITS.groupNameMax, MAP_NOTE_MESSAGES.groupName);

export const mapNotePointSchema = z.object({
  latitude: z.number().min(-90, MAP_NOTE_MESSAGES.latitude).max(90, MAP_NOTE_MESSAGES.latitude),
  longitude: z
    .number()
    .min(-180, MAP_NOTE_MESSAGES.longitude)
    .max(180, MAP_NOTE_MESSAGES.longitude),
});

/** Why the text cannot be saved as a note, or undefined when it can. */
export function mapNoteTextProblem(text: string): string | undefined {
  return mapNoteTextSchema.safeParse(text).error?.issues[0]?.message;
}

/** Why a group cannot take this name, or undefined when it can. */
export function mapNoteGroupNameProblem(
  name: string,
  groups: { id: string; name: string }[],
  renamingId?: string,
): string | undefined {
  const problem = mapNoteGroupNameSchema.safeParse(name).error?.issues[0]?.message;
  if (problem) return problem;
  const wanted = name.trim().toLocaleLowerCase();
  return groups.some(
    (group) => group.id !== renamingId && group.name.toLocaleLowerCase() === wanted,
  )
    ? MAP_NOTE_MESSAGES.groupDuplicate
    : undefined;
}

/** SPEC section 3: the map note state, plus the id of the note it shows. */
export interface MapNoteState {
  isOpen: boolean;
  isEditing: boolean;
  isNew: boolean;
  noteId: string | null;
  lng: number | null;
  lat: number | null;
  groupId: string | null;
  siteId: string | null;
  draftText: string;
}

export const INITIAL_MAP_NOTE_STATE: MapNoteState = {
  isOpen: false,
  isEditing: false,
  isNew: false,
  noteId: null,
  lng: null,
  lat: null,
  groupId: null,
  siteId: null,
  draftText: '',
};

export interface StoredMapNote {
  id: string;
  text: string;
  longitude: number;
  latitude: number;
  group_id: string | null;
  site_id: string | null;
}

export type MapNoteAction =
  | { type: 'new'; lng: number; lat: number; siteId?: string | null; groupId?: string | null }
  | { type: 'view'; note: StoredMapNote }
  | { type: 'edit' }
  | { type: 'draft'; text: string }
  | { type: 'group'; groupId: string | null }
  | { type: 'cancel' }
  | { type: 'saved'; note: StoredMapNote }
  | { type: 'close' }
  | { type: 'deleted' };

/**
 * SPEC section 4: a new note goes to editing; an existing note is loaded for viewing; delete
 * resets the note state. Cancelling an edit of a stored note goes back to viewing it.
 */
export function mapNoteReducer(state: MapNoteState, action: MapNoteAction): MapNoteState {
  switch (action.type) {
    case 'new':
      return {
        ...INITIAL_MAP_NOTE_STATE,
        isOpen: true,
        isEditing: true,
        isNew: true,
        lng: action.lng,
        lat: action.lat,
        siteId: action.siteId ?? null,
        groupId: action.groupId ?? null,
      };
    case 'view':
    case 'saved':
      return {
        isOpen: true,
        isEditing: false,
        isNew: false,
        noteId: action.note.id,
        lng: action.note.longitude,
        lat: action.note.latitude,
        groupId: action.note.group_id,
        siteId: action.note.site_id,
        draftText: action.note.text,
      };
    case 'edit':
      return state.isOpen && !state.isNew ? { ...state, isEditing: true } : state;
    case 'draft':
      return { ...state, draftText: action.text };
    case 'group':
      return { ...state, groupId: action.groupId };
    case 'cancel':
      return state.isNew ? INITIAL_MAP_NOTE_STATE : { ...state, isEditing: false };
    case 'close':
    case 'deleted':
      return INITIAL_MAP_NOTE_STATE;
  }
}
