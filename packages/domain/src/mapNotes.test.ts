import { describe, expect, it } from 'vitest';
import {
  INITIAL_MAP_NOTE_STATE,
  mapNoteGroupNameProblem,
  mapNoteReducer,
  mapNoteTextProblem,
} from './mapNotes.ts';

const stored = {
  id: 'n1',
  text: 'Roadworks until June',
  longitude: -0.97,
  latitude: 51.45,
  group_id: 'g1',
  site_id: null,
};

describe('map note text', () => {
  it('must be non-empty to be added', () => {
    expect(mapNoteTextProblem('')).toBe('Note text must not be empty');
    expect(mapNoteTextProblem('   ')).toBe('Note text must not be empty');
    expect(mapNoteTextProblem('Cones on the verge')).toBeUndefined();
    expect(mapNoteTextProblem('x'.repeat(2001))).toBe('A note is at most 2000 characters');
  });
});

describe('note group names', () => {
  const groups = [{ id: 'g1', name: 'Roadworks' }];
  it('are 1 to 40 characters and unique regardless of case', () => {
    expect(mapNoteGroupNameProblem(' ', groups)).toBe('A note group name is 1 to 40 characters');
    expect(mapNoteGroupNameProblem('roadworks', groups)).toBe(
      'That note group name already exists',
    );
    expect(mapNoteGroupNameProblem('Roadworks', groups, 'g1')).toBeUndefined();
    expect(mapNoteGroupNameProblem('Schools', groups)).toBeUndefined();
  });
});

describe('map note state (SPEC sections 3 and 4)', () => {
  it('sends a new note to editing at its point', () => {
    const state = mapNoteReducer(INITIAL_MAP_NOTE_STATE, {
      type: 'new',
      lng: 1,
      lat: 2,
      siteId: 's1',
    });
    expect(state).toMatchObject({
      isOpen: true,
      isEditing: true,
      isNew: true,
      lng: 1,
      lat: 2,
      siteId: 's1',
      draftText: '',
    });
  });

  it('loads an existing note for viewing, and edits it on request', () => {
    const viewing = mapNoteReducer(INITIAL_MAP_NOTE_STATE, { type: 'view', note: stored });
    expect(viewing).toMatchObject({
      isOpen: true,
      isEditing: false,
      isNew: false,
      noteId: 'n1',
      groupId: 'g1',
      draftText: 'Roadworks until June',
    });
    const editing = mapNoteReducer(viewing, { type: 'edit' });
    expect(editing.isEditing).toBe(true);
    const cancelled = mapNoteReducer(mapNoteReducer(editing, { type: 'draft', text: 'x' }), {
      type: 'cancel',
    });
    expect(cancelled.isEditing).toBe(false);
    expect(cancelled.isOpen).toBe(true);
  });

  it('resets on delete, and cancelling a new note closes it', () => {
    const viewing = mapNoteReducer(INITIAL_MAP_NOTE_STATE, { type: 'view', note: stored });
    expect(mapNoteReducer(viewing, { type: 'deleted' })).toEqual(INITIAL_MAP_NOTE_STATE);
    const fresh = mapNoteReducer(INITIAL_MAP_NOTE_STATE, { type: 'new', lng: 0, lat: 0 });
    expect(mapNoteReducer(fresh, { type: 'cancel' })).toEqual(INITIAL_MAP_NOTE_STATE);
  });
});
