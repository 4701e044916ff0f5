import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { SurveysScreen } from './SurveysScreen.tsx';

interface Request {
  query: string;
  variables: Record<string, unknown>;
}

const survey = {
  id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  name: 'Spring count',
  state: 'active',
  scheduled_start: '2025-06-02',
  scheduled_end: '2025-06-04',
  completed_on: null,
  counter_model: 'MetroCount 5600',
  sensor_spacing_m: 1,
  assignee_user_id: null,
  assignee_name: null,
  contractor_name: 'Counts Ltd',
  contractor_email: 'ops@counts.example',
  notes: null,
  window_days: 3,
  site_count: 2,
  sites_with_data: 1,
  sites_complete: 0,
  overdue: true,
  deleted_on: null,
  site_list: { attribute: 'sid', name_format: 'name', name_max_length: null, overrides: [] },
  sites: [
    {
      site_id: '11111111-1111-4111-8111-111111111111',
      name: 'Mill Lane',
      deleted: false,
      has_data: true,
      files: 1,
      days: 2,
      complete: false,
      quality_status: 'WFR',
    },
    {
      site_id: '22222222-2222-4222-8222-222222222222',
      name: 'Kings Road',
      deleted: false,
      has_data: false,
      files: 0,
      days: 0,
      complete: false,
      quality_status: null,
    },
  ],
};

function surveysServer() {
  return fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { variables } = request.body as Request;
      const shown = variables.tab === 'active' ? [survey] : [];
      return json({ data: { surveys: { total: shown.length, surveys: shown } } });
    }),
  );
}

describe('the surveys screen', () => {
  it("shows a viewer each site's arrival and an overdue survey, with nothing to change", async () => {
    signInAs(ADMIN_ID, 'org_user');
    surveysServer();
    renderWithApp(<SurveysScreen />);
    const card = await screen.findByRole('article', { name: 'Spring count' });
    expect(within(card).getByText('Overdue: data missing')).toBeTruthy();
    // Mill Lane: one file waiting for review covering 2 of the 3 days; Kings Road: nothing yet.
    const mill = within(card).getByRole('row', { name: /Mill Lane/ });
    expect(within(mill).getByText('2 / 3')).toBeTruthy();
    expect(within(card).getByRole('row', { name: /Kings Road/ }).textContent).toContain('0 / 3');
    expect(within(card).getByText('Sites complete: 0 of 2 · with data: 1')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Site file' })).toBeTruthy();
    for (const action of ['Change', 'Delete'])
      expect(within(card).queryByRole('button', { name: action })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New survey' })).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Deleted' }));
    expect(await screen.findByText('No deleted survey.')).toBeTruthy();
  });

  it('offers an organisation admin to plan, change and delete', async () => {
    signInAs(ADMIN_ID, 'org_admin');
    surveysServer();
    renderWithApp(<SurveysScreen />);
    const card = await screen.findByRole('article', { name: 'Spring count' });
    for (const action of ['Change', 'Delete'])
      expect(within(card).getByRole('button', { name: action })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'New survey' })).toBeTruthy();
  });
});
