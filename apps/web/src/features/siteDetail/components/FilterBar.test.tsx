import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { useProfileFilterset } from '../hooks/useProfileFilterset.ts';
import { filtersFromSearch, searchFromFilters, toPayload } from '../siteDetailFilters.ts';
import { FilterBar } from './FilterBar.tsx';
import { dateInput } from '@/test/dateInput.ts';

/** The filter bar wired to the URL and the stored filterset as the site detail page wires it. */
function Page({ today = '2025-06-07' }: { today?: string }) {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search, 'metric');
  const apply = useCallback(
    (next: URLSearchParams) => setSearch(next, { replace: true }),
    [setSearch],
  );
  const stored = useProfileFilterset({
    search,
    units: 'metric',
    enabled: true,
    applySearch: apply,
  });
  if (!stored.ready) return null;
  return (
    <>
      <FilterBar
        filters={filters}
        onChange={(change) => {
          const next = { ...filters, ...change };
          apply(searchFromFilters(next, 'metric'));
          stored.save(filters, next);
        }}
        units="metric"
        classes={[]}
        directions={[1, 5]}
        siteId="site-1"
        timeZone="UTC"
        anchorDay="2025-06-07"
        today={today}
        savingState={stored.savingState}
      />
      <output data-testid="link">{search.toString()}</output>
    </>
  );
}

const FILTERSET = { id: ADMIN_ID, velocity_min: 1 / 3.6, velocity_max: 50, headway_min: 0 };

function graphqlServer(filterset = FILTERSET) {
  return fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query, variables } = request.body as {
        query: string;
        variables: Record<string, number>;
      };
      if (query.includes('vehicleExclusionFilters'))
        return json({ data: { vehicleExclusionFilters: [] } });
      if (query.includes('update_filterset'))
        return json({
          data: {
            update_filterset: {
              id: ADMIN_ID,
              velocity_min: variables.min,
              velocity_max: variables.max,
              headway_min: variables.headway,
            },
          },
        });
      return json({ data: { filterset } });
    }),
  );
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('the site detail filter bar', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers the SPEC time ranges, keeps the choice in the link, and checks custom dates', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    graphqlServer();
    renderWithApp(<Page />);
    const range = await screen.findByRole('combobox', { name: 'Time range' });
    expect(range.textContent).toBe('All data');
    fireEvent.mouseDown(range);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All data',
      'Last hour',
      'Last 24 hours',
      'Last 7 days',
      'Last 4 weeks',
      'Today',
    ]);
    fireEvent.click(options[3] as HTMLElement);
    expect(screen.getByTestId('link').textContent).toBe('range=7d');
    expect(screen.queryByLabelText('From')).toBeNull();

    await choose('Time range', 'Today');
    expect(screen.getByTestId('link').textContent).toBe('from=2025-06-07&to=2025-06-07');
    expect(screen.getByRole('combobox', { name: 'Time range' }).textContent).toBe('Today');
    fireEvent.change(dateInput('From'), { target: { value: '09/06/2025' } });
    expect(screen.getByText('Start date must not be later than end date')).toBeTruthy();
    expect(screen.getByText('End date must not be earlier than start date')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Time range' }).textContent).toBe('Custom range');
  }, 20_000);

  it('labels the custom range Custom range when it is not today', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    graphqlServer();
    renderWithApp(<Page today="2026-01-01" />);
    expect((await screen.findByRole('combobox', { name: 'Time range' })).textContent).toBe(
      'All data',
    );
    await choose('Time range', 'Custom range');
    expect(screen.getByTestId('link').textContent).toBe('from=2025-06-07&to=2025-06-07');
  });

  it('starts from the stored filterset and stores a speed change with the saving indicator', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = graphqlServer({ ...FILTERSET, velocity_max: 100 / 3.6, headway_min: 2 });
    renderWithApp(<Page />);
    const maximum = await screen.findByLabelText<HTMLInputElement>('Maximum speed (km/h)');
    await waitFor(() => expect(maximum.value).toBe('100'));
    expect(screen.getByLabelText<HTMLInputElement>('Separation (min. headway, s)').value).toBe('2');
    expect(screen.getByTestId('link').textContent).toBe('vmax=100&hmin=2');

    fireEvent.change(maximum, { target: { value: '90' } });
    expect(screen.getByTestId('link').textContent).toBe('vmax=90&hmin=2');
    expect(await screen.findByText('Saving…')).toBeTruthy();
    expect(await screen.findByText('Saved', {}, { timeout: 3000 })).toBeTruthy();
    const update = sent.find((request) =>
      String(JSON.stringify(request.body)).includes('update_filterset'),
    );
    const { variables } = update?.body as { variables: Record<string, number> };
    expect(variables).toMatchObject({ id: ADMIN_ID, headway: 2 });
    expect(variables.max).toBeCloseTo(25, 9);
    expect(variables.min).toBeCloseTo(1 / 3.6, 9);
    await waitFor(() => expect(screen.queryByText('Saved')).toBeNull(), { timeout: 3000 });
  }, 20_000);

  it('leaves the link filters alone and does not store a date change', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    const sent = graphqlServer({ ...FILTERSET, velocity_max: 100 / 3.6 });
    renderWithApp(<Page />);
    await waitFor(() => expect(screen.getByTestId('link').textContent).toBe('vmax=100'));
    await choose('Time range', 'Last hour');
    expect(screen.getByTestId('link').textContent).toBe('range=1h&vmax=100');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(
      sent.some((request) => String(JSON.stringify(request.body)).includes('update_filterset')),
    ).toBe(false);
  });
});

describe('relative time ranges', () => {
  it('count back from the anchor', () => {
    const anchor = Date.UTC(2025, 5, 7, 12, 30);
    const payload = toPayload(
      { ...filtersFromSearch(new URLSearchParams('range=24h'), 'metric') },
      'metric',
      'Europe/London',
      anchor,
    );
    expect(payload.start_time).toBe('2025-06-06T12:30:00.000Z');
    expect(payload.end_time).toBe('2025-06-07T12:30:00.000Z');
  });
});
