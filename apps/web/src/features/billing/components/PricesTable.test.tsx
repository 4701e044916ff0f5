import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import type { LevelPrice } from '../api/billingApi.ts';
import { PricesTable } from './PricesTable.tsx';
import { poundsToPence } from './PriceDialog.tsx';

const standard: LevelPrice = {
  level: 'standard',
  monthly_fee_pence: 40_000,
  per_active_user_pence: 1_000,
  per_survey_site_pence: 300,
  updated_at: '2026-11-01T10:00:00.000Z',
  updated_by: null,
};

describe('the price list', () => {
  it('edits a level’s prices in pounds and saves them in pence after a confirmation', async () => {
    signInAs(ADMIN_ID, 'admin');
    const sent = fakeServer(
      on('PATCH', '/bill/prices/standard', () =>
        json({ ...standard, per_active_user_pence: 1_250 }),
      ),
    );
    renderWithApp(<PricesTable prices={[standard]} />);
    // £400.00 monthly, £10.00 per user and £3.00 per site, as the table shows pence in pounds.
    const row = screen.getByRole('row', { name: /Standard/ });
    expect(within(row).getByText('£400.00')).toBeTruthy();
    expect(within(row).getByText('£10.00')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit the Standard prices' }));
    const perUser = screen.getByLabelText('Per active user');
    fireEvent.change(perUser, { target: { value: '12.3456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    expect(screen.getByText(/Enter an amount in pounds and pence/)).toBeTruthy();

    fireEvent.change(perUser, { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Review' }));
    const confirm = await screen.findByRole('dialog', { name: 'Change the Standard prices?' });
    expect(within(confirm).getByText(/£12\.50 per active user/)).toBeTruthy();
    expect(sent.filter((request) => request.method === 'PATCH')).toHaveLength(0);

    fireEvent.click(within(confirm).getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText('Standard prices saved')).toBeTruthy();
    // £12.50 is 1,250 pence; the other two are sent as they were.
    expect(sent.find((request) => request.method === 'PATCH')?.body).toEqual({
      monthly_fee_pence: 40_000,
      per_active_user_pence: 1_250,
      per_survey_site_pence: 300,
    });
  });

  it('reads pounds as typed, with a point or a comma, and refuses the rest', () => {
    expect(poundsToPence('15')).toBe(1_500);
    expect(poundsToPence('15,5')).toBe(1_550);
    expect(poundsToPence(' 0.07 ')).toBe(7);
    // £100,000.00 is the most (10,000,000 pence); a penny more is refused.
    expect(poundsToPence('100000')).toBe(10_000_000);
    expect(poundsToPence('100000.01')).toBeNull();
    expect(poundsToPence('-1')).toBeNull();
    expect(poundsToPence('1.234')).toBeNull();
    expect(poundsToPence('')).toBeNull();
  });
});
