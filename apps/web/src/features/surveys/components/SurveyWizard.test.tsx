import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, fakeServer, json, on, renderWithApp, signInAs } from '@/test/fakeServer.tsx';
import { SurveyWizard } from './SurveyWizard.tsx';
import { dateInput } from '@/test/dateInput.ts';

const MILL = '11111111-1111-4111-8111-111111111111';
const KINGS = '22222222-2222-4222-8222-222222222222';

interface Request {
  query: string;
  variables: Record<string, unknown>;
}

const site = (id: string, name: string) => ({
  id,
  name,
  alternative_name: null,
  description: null,
  asset_management_id: name === 'Mill Lane' ? 'AM-9' : null,
  latitude: null,
  longitude: null,
  heading: null,
  direction_one: null,
  direction_two: null,
  site_type: 'temporary',
  realtime: false,
  pedestrians_included: false,
  class_scheme: 'ARX',
  time_zone: 'Europe/London',
  notes: null,
  site_context: ['VEH'],
  time_span: 'TS_T',
  gps: false,
  last_surveyed: null,
  files: 0,
  lane_count: 0,
});

/** Sites to choose from; creating a survey is refused over the subscription's limit. */
function wizardServer() {
  return fakeServer(
    on('POST', '/gql/v1/graphql/', (request) => {
      const { query } = request.body as Request;
      if (query.includes('createSurvey'))
        return json({
          errors: [
            {
              message: 'The subscription allows 2 survey sites',
              extensions: {
                code: 'BAD_REQUEST',
                problems: [{ field: 'site_ids', code: 'overSubscription', limit: 2, requested: 3 }],
              },
            },
          ],
          data: null,
        });
      const sites = [site(MILL, 'Mill Lane'), site(KINGS, 'Kings Road')];
      return json({ data: { sites: { total: sites.length, sites } } });
    }),
  );
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('the survey wizard', () => {
  it(
    'asks for sites and dates in order, and names the subscription limit the server sets',
    { timeout: 30_000 },
    async () => {
      signInAs(ADMIN_ID, 'org_admin');
      const sent = wizardServer();
      renderWithApp(<SurveyWizard onClose={() => undefined} />);
      await screen.findByText('Mill Lane');
      next();
      expect(await screen.findByText('Choose at least one site for the survey')).toBeTruthy();

      fireEvent.click(screen.getByRole('checkbox', { name: 'Choose Mill Lane' }));
      expect(screen.getByText('Chosen sites: 1')).toBeTruthy();
      next();
      fireEvent.change(screen.getByLabelText(/Survey name/), { target: { value: 'Spring count' } });
      fireEvent.change(dateInput(/Start date/), { target: { value: '08/06/2025' } });
      fireEvent.change(dateInput(/End date/), { target: { value: '02/06/2025' } });
      next();
      expect(await screen.findByText('The end date is before the start date')).toBeTruthy();
      fireEvent.change(dateInput(/End date/), { target: { value: '14/06/2025' } });
      next();

      // Step 3 shows the row the site file will hold: the name, and SID:<id> with the asset id.
      fireEvent.mouseDown(screen.getByLabelText('Attribute'));
      fireEvent.click(await screen.findByRole('option', { name: 'SID and asset id' }));
      expect(await screen.findByText(`SID:${MILL} AM-9`)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Create survey' }));
      expect(
        await screen.findByText(/The subscription allows 2 survey sites; with this survey/),
      ).toBeTruthy();
      await waitFor(() =>
        expect(
          sent
            .map((request) => request.body as Request)
            .find((body) => body.query.includes('createSurvey'))?.variables.input,
        ).toMatchObject({
          name: 'Spring count',
          scheduled_start: '2025-06-08',
          scheduled_end: '2025-06-14',
          site_ids: [MILL],
          site_list: { attribute: 'sid_asset_id', name_format: 'name', overrides: [] },
        }),
      );
    },
  );
});
