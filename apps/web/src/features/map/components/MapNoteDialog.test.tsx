import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  INITIAL_MAP_NOTE_STATE,
  mapNoteReducer,
  type MapNoteAction,
  type MapNoteState,
} from '@roadcount/domain';
import { useReducer } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/i18n/i18n.ts';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  renderWithApp,
  signInAs,
  type SentRequest,
} from '@/test/fakeServer.tsx';
import { useMapNoteChanges, type MapNote } from '../api/mapNotesApi.ts';
import { MapNoteDialog } from './MapNoteDialog.tsx';

const GROUPS = [{ id: 'g-schools', name: 'Schools' }];
const STORED: MapNote = {
  id: 'n-1',
  text: 'Roadworks until June',
  longitude: -0.9612,
  latitude: 51.4521,
  group_id: 'g-schools',
  site_id: null,
  site_name: null,
  who: 'ada',
  when: '2026-11-20 09:15',
};

function Harness({ start, canEdit }: { start: MapNoteAction; canEdit: boolean }) {
  const [state, dispatch] = useReducer(
    mapNoteReducer,
    mapNoteReducer(INITIAL_MAP_NOTE_STATE, start),
  );
  const changes = useMapNoteChanges();
  return (
    <>
      <MapNoteDialog
        state={state}
        dispatch={dispatch}
        note={state.noteId === STORED.id ? STORED : undefined}
        groups={GROUPS}
        canEdit={canEdit}
        changes={changes}
      />
      <output data-testid="state">{JSON.stringify(state satisfies MapNoteState)}</output>
    </>
  );
}

const graphqlCalls = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.url.endsWith('/gql/v1/graphql/'))
    .map((request) => request.body as { query: string; variables: Record<string, unknown> });

function notesServer() {
  return fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query, variables } = request.body as {
        query: string;
        variables: Record<string, Record<string, unknown>>;
      };
      if (query.includes('addMapNote'))
        return json({
          data: { addMapNote: { ...STORED, id: 'n-2', ...variables.note, who: 'ada' } },
        });
      if (query.includes('updateMapNote'))
        return json({ data: { updateMapNote: { ...STORED, ...variables.change } } });
      if (query.includes('deleteMapNote')) return json({ data: { deleteMapNote: true } });
      return json({ data: { mapNotes: null } });
    }),
  );
}

describe('the map note dialog', () => {
  beforeEach(() => signInAs(ADMIN_ID, 'org_admin'));
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLocale('en-GB');
  });

  it('opens a new note for editing, refuses empty text and saves it at its point', async () => {
    const sent = notesServer();
    const user = userEvent.setup();
    renderWithApp(
      <Harness start={{ type: 'new', lng: -0.97, lat: 51.45, siteId: null }} canEdit />,
    );
    expect(screen.getByRole('heading', { name: 'New map note' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Note text must not be empty')).toBeTruthy();
    expect(graphqlCalls(sent)).toEqual([]);

    await user.type(screen.getByLabelText('Note'), 'Cones on the verge');
    await user.click(screen.getByLabelText('Group'));
    await user.click(screen.getByRole('option', { name: 'Schools' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Map note' })).toBeTruthy();
    expect(screen.getByText('Cones on the verge')).toBeTruthy();
    expect(graphqlCalls(sent)[0]?.variables).toEqual({
      note: {
        text: 'Cones on the verge',
        longitude: -0.97,
        latitude: 51.45,
        group_id: 'g-schools',
        site_id: null,
      },
    });
  });

  it('shows the empty-text rule in the user’s language', async () => {
    notesServer();
    await changeLocale('fr');
    const user = userEvent.setup();
    renderWithApp(<Harness start={{ type: 'new', lng: 0, lat: 0 }} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByText('Le texte de la note ne doit pas être vide')).toBeTruthy();
  });

  it('loads a stored note for viewing; a viewer gets no edit or delete', () => {
    notesServer();
    renderWithApp(<Harness start={{ type: 'view', note: STORED }} canEdit={false} />);
    expect(screen.getByRole('heading', { name: 'Map note' })).toBeTruthy();
    expect(screen.getByText('Roadworks until June')).toBeTruthy();
    expect(screen.getByText('Schools')).toBeTruthy();
    expect(screen.getByText('Added by ada, 2026-11-20 09:15 UTC')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('edits a stored note, then deletes it after confirmation and resets the state', async () => {
    const sent = notesServer();
    const user = userEvent.setup();
    renderWithApp(<Harness start={{ type: 'view', note: STORED }} canEdit />);
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const text = screen.getByLabelText('Note');
    await user.clear(text);
    await user.type(text, 'Roadworks until July');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Roadworks until July')).toBeTruthy();
    expect(graphqlCalls(sent)[0]?.variables).toEqual({
      id: 'n-1',
      change: { text: 'Roadworks until July', group_id: 'g-schools' },
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(graphqlCalls(sent)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Confirm delete' }));
    await vi.waitFor(() =>
      expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual(
        INITIAL_MAP_NOTE_STATE,
      ),
    );
    expect(graphqlCalls(sent)[1]?.variables).toEqual({ id: 'n-1' });
  });
});
