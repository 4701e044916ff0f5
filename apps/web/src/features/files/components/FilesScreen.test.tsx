import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import type { TrafficDataFile } from '../api/filesApi.ts';
import { FilesScreen } from './FilesScreen.tsx';

// The screen renders many MUI parts: give it time on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

// The screen listens to task events; here no socket is opened.
vi.mock('@/lib/tasks/liveTasks.ts', () => ({ listenToTasks: () => () => undefined }));

function file(index: number, status = 'PDC'): TrafficDataFile {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    file_name: `count-${index}.csv`,
    uploaded_on: '2026-11-01T10:00:00Z',
    start_data_datetime: '2026-10-01T00:00:00Z',
    end_data_datetime: null,
    review_status: status,
    logs: {
      saved_vehicles: 100 + index,
      data_qc_tests: null,
      processing_error: null,
      duplicate_of: null,
    },
    site: { id: `site-${index}`, name: `Road ${index}`, organisation_name: 'County Roads' },
  };
}

const FILES = Array.from({ length: 7 }, (_, index) => file(index + 1, index === 0 ? 'WFR' : 'PDC'));

function serve(requireApproval: boolean) {
  const profile = orgAdminProfile();
  profile.organisation.preferences = { request_user_approve_quality: requireApproval };
  return fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () => json(profile)),
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query, variables } = request.body as {
        query: string;
        variables: { status?: string | null };
      };
      if (query.includes('FileCounts')) {
        const total = (status: string) => ({
          total: FILES.filter((one) => one.review_status === status).length,
        });
        return json({
          data: {
            LOAD: total('LOAD'),
            WFR: total('WFR'),
            ACC: total('ACC'),
            REJ: total('REJ'),
            PDC: total('PDC'),
            NRE: total('NRE'),
          },
        });
      }
      const files = variables.status
        ? FILES.filter((one) => one.review_status === variables.status)
        : FILES;
      return json({ data: { trafficDataFiles: { total: files.length, files } } });
    }),
  );
}

describe('the files screen', { timeout: 30_000 }, () => {
  it('selects files into a panel of 5 rows a page with a count, and deselects them all', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    serve(false);
    renderWithApp(<FilesScreen />);
    const all = await screen.findByRole('table', { name: 'Files' });
    expect(await screen.findByText('All files: 7')).toBeTruthy();
    expect(screen.getByText('Selected files: 0')).toBeTruthy();
    expect(screen.queryByText(/Files for review/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add a note to the selected files' })).toBeNull();

    fireEvent.click(within(all).getByRole('checkbox', { name: 'Select the files on this page' }));
    expect(await screen.findByText('Selected files: 7')).toBeTruthy();
    const selected = screen.getByRole('table', { name: 'Selected files' });
    expect(within(selected).getAllByRole('row')).toHaveLength(1 + 5);
    expect(screen.getByText('1–5 of 7')).toBeTruthy();

    fireEvent.click(within(all).getByRole('checkbox', { name: 'Select count-3.csv' }));
    expect(await screen.findByText('Selected files: 6')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deselect all' }));
    expect(await screen.findByText('Selected files: 0')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Selected files' })).toBeNull();
  });

  it('shows the files for review when the organisation asks users to approve quality', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    serve(true);
    renderWithApp(<FilesScreen />);
    expect(await screen.findByText('Files for review: 1')).toBeTruthy();
    const review = screen.getByRole('table', { name: 'Files for review' });
    await waitFor(() => expect(within(review).getByText('count-1.csv')).toBeTruthy());
    expect(within(review).queryByText('count-2.csv')).toBeNull();
  });

  it('offers platform admins a note for the selected files and the notes column', async () => {
    signInAs(ADMIN_ID, 'admin');
    serve(false);
    renderWithApp(<FilesScreen />);
    const all = await screen.findByRole('table', { name: 'Files' });
    expect(within(all).getByRole('columnheader', { name: 'Notes' })).toBeTruthy();
    const bulk = screen.getByRole('button', { name: 'Add a note to the selected files' });
    expect((bulk as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(all).getByRole('checkbox', { name: 'Select count-2.csv' }));
    await waitFor(() => expect((bulk as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(bulk);
    expect(
      await screen.findByRole('dialog', { name: 'Add a note to the selected files (1)' }),
    ).toBeTruthy();
  });
});
