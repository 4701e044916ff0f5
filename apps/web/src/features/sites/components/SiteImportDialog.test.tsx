import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { SiteImportDialog } from './SiteImportDialog.tsx';

const CSV = 'name,latitude,longitude,site_type,class_scheme,time_zone\nA,95,-1,temporary,arx,UTC\n';

function choose(text: string) {
  const input = screen.getByLabelText('CSV file of sites');
  fireEvent.change(input, {
    target: { files: [new File([text], 'sites.csv', { type: 'text/csv' })] },
  });
}

describe('the sites import dialog', () => {
  it('lists every bad row’s errors by row and field under the CSV problem message', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('POST', '/gql/v1/graphql/', () =>
        json({
          data: {
            importSites: {
              imported: 0,
              message: 'problem with the CSV data, check your file',
              errors: [
                { row: 2, field: 'latitude', code: 'latitude', message: 'x', params: {} },
                { row: 4, field: 'name', code: 'duplicateName', message: 'x', params: { row: 2 } },
                { row: 4, field: 'time_zone', code: 'required', message: 'x', params: {} },
              ],
            },
          },
        }),
      ),
    );
    const onClose = vi.fn();
    renderWithApp(<SiteImportDialog onClose={onClose} />);
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);
    choose(CSV);
    expect(screen.getByText('sites.csv')).toBeTruthy();
    fireEvent.click(importButton);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Problem with the CSV data, check your file')).toBeTruthy();
    const rows = within(within(alert).getByRole('list', { name: 'Problems by row' }))
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.getAttribute('aria-label') === 'Problems by row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Row 2Latitude: This value must be from -90 to 90.',
      'Row 4Name: This name is repeated in the file (first on row 2).Time zone: This is required.',
    ]);
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(JSON.stringify(sent.at(-1)?.body)).toContain(JSON.stringify(CSV).slice(1, -1)),
    );
  });

  it('closes with the count once a good file is imported', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    fakeServer(
      on('POST', '/gql/v1/graphql/', () =>
        json({ data: { importSites: { imported: 2, message: null, errors: [] } } }),
      ),
    );
    const onClose = vi.fn();
    renderWithApp(<SiteImportDialog onClose={onClose} />);
    choose(CSV);
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('Sites imported: 2')).toBeTruthy();
  });
});
