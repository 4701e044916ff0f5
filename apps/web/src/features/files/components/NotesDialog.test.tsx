import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import type { TrafficDataFile } from '../api/filesApi.ts';
import { NotesDialog } from './NotesDialog.tsx';

const file = {
  id: '11111111-2222-4333-8444-555555555555',
  file_name: 'tubes.csv',
} as TrafficDataFile;

describe('the notes dialog', () => {
  it('lists the notes with their UTC time and author, and adds a note only when it has text', async () => {
    signInAs(ADMIN_ID, 'admin');
    const notes = [{ content: 'Tube moved', when: '2026-11-20 09:15', who: 'staff' }];
    const sent = fakeServer(
      on('POST', '/gql/v1/graphql/', (request) => {
        const { query, variables } = request.body as {
          query: string;
          variables: { content?: string };
        };
        if (query.includes('appendTrafficDataFileNote')) {
          notes.push({ content: variables.content ?? '', when: '2026-11-22 10:00', who: 'staff' });
          return json({ data: { appendTrafficDataFileNote: notes } });
        }
        return json({ data: { getFileNotes: notes } });
      }),
    );
    renderWithApp(<NotesDialog file={file} onClose={() => undefined} />);
    expect(await screen.findByText('Tube moved')).toBeTruthy();
    expect(screen.getByText('2026-11-20 09:15 UTC · staff')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add note' });
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: '   ' } });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Checked on site' } });
    fireEvent.click(add);
    expect(await screen.findByText('Checked on site')).toBeTruthy();
    await waitFor(() =>
      expect(sent.some((request) => JSON.stringify(request.body).includes('Checked on site'))).toBe(
        true,
      ),
    );
  });
});
