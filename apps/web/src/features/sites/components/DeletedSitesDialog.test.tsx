import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { DeletedSitesDialog } from './DeletedSitesDialog.tsx';

const SITE_ID = '0b6f3d2a-9c4e-4f1a-8d7b-2e5c6a1f0d93';

describe('the deleted sites dialog', () => {
  it('restores a site, and deletes one permanently only after the confirmation', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('POST', '/gql/v1/graphql/', (request) => {
        const { query } = request.body as { query: string };
        if (query.includes('restoreSite')) return json({ data: { restoreSite: SITE_ID } });
        if (query.includes('deleteSitePermanently'))
          return json({ data: { deleteSitePermanently: { id: 't1', state: 'QD' } } });
        return json({
          data: {
            deletedSites: [
              {
                id: SITE_ID,
                name: 'Mill Lane',
                site_type: 'temporary',
                deleted_at: '2026-11-20T09:15:00.000Z',
                files: 3,
                permanent_deletion_pending: false,
              },
            ],
          },
        });
      }),
    );
    const mutations = () =>
      sent
        .map((request) => (request.body as { query: string }).query)
        .filter((query) => query.trimStart().startsWith('mutation'));
    renderWithApp(<DeletedSitesDialog onClose={() => undefined} />);
    expect(await screen.findByText('Mill Lane')).toBeTruthy();
    expect(screen.getByText(/files: 3/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Restore Mill Lane' }));
    expect(await screen.findByText('Mill Lane is restored.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Mill Lane permanently' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Mill Lane permanently?' });
    expect(mutations().some((query) => query.includes('deleteSitePermanently'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete permanently' }));
    await waitFor(() =>
      expect(mutations().filter((query) => query.includes('deleteSitePermanently'))).toHaveLength(
        1,
      ),
    );
  });
});
