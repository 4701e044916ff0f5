import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_ID,
  fakeServer,
  json,
  on,
  orgAdminProfile,
  renderWithApp,
  signInAs,
} from '@/test/fakeServer.tsx';
import { BadDataPeriodsPanel } from './BadDataPeriodsPanel.tsx';

const SITE_ID = '11111111-2222-4333-8444-555555555555';

const silent = {
  id: 'p1',
  rule: 'silent',
  direction: null,
  lane: null,
  start_time: '2025-01-07T10:00:00.000Z',
  end_time: '2025-01-07T13:00:00.000Z',
  value: 3,
  state: 'flagged',
  reviewed_by: null,
  reviewed_at: null,
};
const weak = {
  ...silent,
  id: 'p2',
  rule: 'direction_share',
  direction: 5,
  start_time: '2025-01-06T00:00:00.000Z',
  end_time: '2025-01-07T00:00:00.000Z',
  value: 1 / 3,
};

/** A server holding the two periods; a review changes the period's state as the API does. */
function serve(role: 'org_admin' | 'org_user') {
  const periods = [weak, silent].map((period) => ({ ...period }));
  const reviews: unknown[] = [];
  fakeServer(
    on('GET', `/core/api/config/users/${ADMIN_ID}`, () =>
      json({ ...orgAdminProfile(), role, group: role }),
    ),
    on('POST', '/gql/v1/graphql/', (request) => {
      const body = request.body as { query: string; variables: { id: string; decision: string } };
      if (body.query.includes('detectBadDataPeriods')) {
        reviews.push({ detect: body.variables });
        return json({ data: { detectBadDataPeriods: { id: 'task-1' } } });
      }
      if (body.query.includes('reviewBadDataPeriod')) {
        reviews.push(body.variables);
        const period = periods.find((item) => item.id === body.variables.id);
        if (period)
          Object.assign(period, {
            state: body.variables.decision,
            reviewed_by: 'admin',
            reviewed_at: '2025-02-01T09:00:00.000Z',
          });
        return json({ data: { reviewBadDataPeriod: { id: body.variables.id, state: 'x' } } });
      }
      return json({ data: { badDataPeriods: periods } });
    }),
  );
  return reviews;
}

describe('the bad-data periods panel', { timeout: 30_000 }, () => {
  it('lets an organisation admin exclude a period and shows who did', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const reviews = serve('org_admin');
    renderWithApp(<BadDataPeriodsPanel siteId={SITE_ID} timeZone="Europe/London" />);
    // 48 of 144 southbound: 33.3% of the two-way total; the thresholds are shown.
    const [first, second] = await screen.findAllByTestId('bad-data-period');
    expect(first?.textContent).toContain(
      'Weak direction: Southbound carried 33.3% of the two-way total',
    );
    expect(second?.textContent).toContain('Silent counter: no vehicles for 3 daytime hours');
    expect(screen.getByText(/under 40% of a whole day's two-way total/)).toBeTruthy();
    expect(screen.getByText(/more than 2,400 vehicles an hour in one lane/)).toBeTruthy();
    // A real zero is offered for the silent stretch only.
    expect(within(first as HTMLElement).queryByRole('button', { name: 'Real zero' })).toBeNull();
    expect(within(second as HTMLElement).getByRole('button', { name: 'Real zero' })).toBeTruthy();

    fireEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Exclude' }));
    await waitFor(() => expect(reviews).toEqual([{ id: 'p2', decision: 'excluded' }]));
    await waitFor(() =>
      expect(screen.getAllByTestId('bad-data-period')[0]?.textContent).toContain(
        'reviewed by admin',
      ),
    );
    const updated = screen.getAllByTestId('bad-data-period')[0] as HTMLElement;
    expect(within(updated).getAllByText('Excluded').length).toBeGreaterThan(0);

    fireEvent.click(screen.getByRole('button', { name: 'Check the data again' }));
    await screen.findByRole('button', { name: 'Checking: the list follows' });
    expect(reviews).toContainEqual({ detect: { siteId: SITE_ID } });
  });

  it('shows a viewer the periods without review buttons', async () => {
    signInAs(ADMIN_ID, 'org_user');
    serve('org_user');
    renderWithApp(<BadDataPeriodsPanel siteId={SITE_ID} timeZone="Europe/London" />);
    expect(await screen.findAllByTestId('bad-data-period')).toHaveLength(2);
    expect(screen.getAllByText('To review')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Exclude' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Keep' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check the data again' })).toBeNull();
  });
});
