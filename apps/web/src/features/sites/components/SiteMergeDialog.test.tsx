import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import type { Site } from '@/lib/sites.ts';
import { SiteMergeDialog } from './SiteMergeDialog.tsx';

const site = (
  id: string,
  name: string,
  directions: [Site['direction_one'], Site['direction_two']],
  scheme = 'arx',
): Site =>
  ({
    id,
    name,
    class_scheme: scheme,
    direction_one: directions[0],
    direction_two: directions[1],
    files: 2,
  }) as Site;

const MILL = site('11111111-1111-4111-8111-111111111111', 'Mill Lane', ['N', 'S']);
const KINGS = site('22222222-2222-4222-8222-222222222222', 'Kings Road', ['N', 'S']);
const QUAY = site('33333333-3333-4333-8333-333333333333', 'Quay Street', ['E', 'W']);

const choose = (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
};

describe('the merge dialog', () => {
  it('refuses sites whose class schemes differ, naming each scheme', () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer();
    renderWithApp(
      <SiteMergeDialog
        sites={[
          MILL,
          site('44444444-4444-4444-8444-444444444444', 'Hill Road', ['N', 'S'], 'fhwa13'),
        ]}
        onClose={() => undefined}
        onQueued={() => undefined}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Sites with inconsistent class schemes cannot be merged.');
    expect(alert.textContent).toContain('Mill Lane: Austroads (ARX)');
    expect(alert.textContent).toContain('Hill Road: FHWA 13');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Merge' }).disabled).toBe(true);
    expect(sent).toEqual([]);
  });

  it('asks how to align more than two directions, then queues the merge with that alignment', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('POST', '/gql/v1/graphql/', () =>
        json({ data: { mergeSites: { id: '99999999-9999-4999-8999-999999999999', state: 'QD' } } }),
      ),
    );
    const onQueued = vi.fn();
    renderWithApp(
      <SiteMergeDialog sites={[MILL, KINGS, QUAY]} onClose={() => undefined} onQueued={onQueued} />,
    );
    expect(screen.getByRole('radio', { name: /Mill Lane/ })).toHaveProperty('checked', true);
    expect(screen.getByText('Align directions to Mill Lane')).toBeTruthy();
    // Kings Road's directions are Mill Lane's own and count as themselves.
    expect(screen.getByRole('combobox', { name: 'Kings Road: North' }).textContent).toBe(
      'Counts as North',
    );
    const merge = screen.getByRole<HTMLButtonElement>('button', { name: 'Merge' });
    expect(merge.disabled).toBe(true);

    choose('Quay Street: East', 'Counts as North');
    choose('Quay Street: West', 'Counts as North');
    expect(
      screen.getByText("A site's two directions must count as different directions."),
    ).toBeTruthy();
    expect(merge.disabled).toBe(true);
    choose('Quay Street: West', 'Counts as South');
    expect(merge.disabled).toBe(false);

    fireEvent.click(merge);
    await waitFor(() => expect(onQueued).toHaveBeenCalled());
    const variables = (sent[0]?.body as { variables: Record<string, unknown> }).variables;
    expect(variables.target_id).toBe(MILL.id);
    expect(variables.source_ids).toEqual([KINGS.id, QUAY.id]);
    expect(variables.alignment).toEqual(
      expect.arrayContaining([
        { site_id: QUAY.id, from: 'E', to: 'N' },
        { site_id: QUAY.id, from: 'W', to: 'S' },
        { site_id: KINGS.id, from: 'N', to: 'N' },
        { site_id: KINGS.id, from: 'S', to: 'S' },
      ]),
    );
    expect(
      await screen.findByText('Merge queued: you will get an email when Mill Lane is ready.'),
    ).toBeTruthy();
  }, 30_000);

  it('merges two sites of the same directions without asking, into the site chosen to keep', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = fakeServer(
      on('POST', '/gql/v1/graphql/', () =>
        json(
          { errors: [{ message: 'Sites with inconsistent class schemes cannot be merged (x)' }] },
          400,
        ),
      ),
    );
    renderWithApp(
      <SiteMergeDialog
        sites={[MILL, KINGS]}
        onClose={() => undefined}
        onQueued={() => undefined}
      />,
    );
    expect(screen.queryByText(/Align directions/)).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: /Kings Road/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Merge' }));
    // What the server refuses is shown in the dialog.
    expect(
      await screen.findByText('Sites with inconsistent class schemes cannot be merged (x)'),
    ).toBeTruthy();
    const variables = (sent[0]?.body as { variables: Record<string, unknown> }).variables;
    expect(variables).toEqual({ target_id: KINGS.id, source_ids: [MILL.id], alignment: [] });
  });
});
