import { fireEvent, screen, waitFor } from '@testing-library/react';
import { findClassScheme, selectableClasses } from '@roadcount/domain';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { ExclusionFilterDialog } from './ExclusionFilterDialog.tsx';

const SITE_ID = '11111111-2222-4333-8444-555555555555';
const classes = selectableClasses(findClassScheme('arx'));

function renderDialog(onClose: () => void = () => undefined) {
  return renderWithApp(
    <ExclusionFilterDialog
      siteId={SITE_ID}
      units="metric"
      classes={classes}
      timeZone="Europe/London"
      onClose={onClose}
    />,
  );
}

// MUI forms render slowly on a busy machine: a generous budget, not a timing check.
describe('the vehicle exclusion filter dialog', { timeout: 30_000 }, () => {
  it('shows the rules translated and sends nothing until they hold', async () => {
    signInAs(ADMIN_ID, 'org_user');
    const sent = fakeServer(on('POST', '/gql/v1/graphql/', () => json({ data: {} })));
    renderDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A name is required.')).toBeTruthy();
    expect(
      screen.getByText('Give at least one condition, or the filter would leave out every vehicle.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Queues' } });
    fireEvent.change(screen.getByLabelText('Minimum speed (km/h)'), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText('Maximum speed (km/h)'), { target: { value: '40' } });
    expect(screen.getByText('The minimum speed must not be above the maximum speed.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2025-06-02T00:00' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2025-06-01T00:00' } });
    expect(screen.getByText('The start must not be later than the end.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    expect(sent.filter((request) => request.url.includes('graphql'))).toHaveLength(0);
  });

  it('saves speeds in m/s and the time range as the site’s local time', async () => {
    signInAs(ADMIN_ID, 'org_user');
    let variables: { siteId?: string; filter?: Record<string, unknown> } = {};
    fakeServer(
      on('POST', '/gql/v1/graphql/', (request) => {
        const body = request.body as { query: string; variables: typeof variables };
        if (body.query.includes('createVehicleExclusionFilter')) {
          variables = body.variables;
          return json({
            data: { createVehicleExclusionFilter: { id: 'x', ...body.variables.filter } },
          });
        }
        return json({ data: { vehicleExclusionFilters: [] } });
      }),
    );
    let closed = false;
    renderDialog(() => {
      closed = true;
    });
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Slow lorries' } });
    fireEvent.change(screen.getByLabelText('Maximum speed (km/h)'), { target: { value: '36' } });
    fireEvent.change(screen.getByLabelText('Headway greater than (s)'), {
      target: { value: '2.5' },
    });
    // BST in June: local midnight is 23:00 UTC the day before.
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2025-06-02T00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(variables.siteId).toBe(SITE_ID);
    expect(variables.filter).toMatchObject({
      name: 'Slow lorries',
      min_speed_mps: null,
      headway_greater_than_s: 2.5,
      classes: null,
      start_time: '2025-06-01T23:00:00.000Z',
      end_time: null,
    });
    expect(variables.filter?.max_speed_mps).toBeCloseTo(10, 9);
  });

  it('shows the server’s refusal of a duplicate name translated', async () => {
    signInAs(ADMIN_ID, 'org_user');
    fakeServer(
      on('POST', '/gql/v1/graphql/', () =>
        json({ errors: [{ message: 'An exclusion filter with that name already exists' }] }, 409),
      ),
    );
    renderDialog();
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Queues' } });
    fireEvent.change(screen.getByLabelText('Maximum speed (km/h)'), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('An exclusion filter with that name already exists.'),
    ).toBeTruthy();
  });
});
