import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const LIST = `query($search: String, $filters: [String!], $sort: String, $direction: String) {
  sites(search: $search, filters: $filters, sort: $sort, direction: $direction) {
    total sites { id name site_context files gps direction_one direction_two }
  }
}`;
const UPDATE = `mutation($id: ID!, $input: SiteInput!) {
  updateSite(id: $id, input: $input) { id name latitude longitude direction_one direction_two site_type time_span time_zone }
}`;

describe('the sites table', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisationId = (await createOrg(server)).id;
    admin = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_admin' })).username,
      )
    ).access;
    viewer = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_user' })).username,
      )
    ).access;
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    stranger = (await signIn(server, other.username)).access;
    for (const [index, name] of ['Mill Lane', 'Kings Road'].entries()) {
      const text = [
        ...roadcountCsvText(
          generateTraffic({
            seed: 70 + index,
            startDay: '2025-01-06',
            days: 1,
            vehiclesPerDay: 50,
            directions: [1, 5],
            meanSpeedKmh: 40,
          }),
          { name, latitude: 51 + index, longitude: -1 },
        ),
      ].join('');
      ids[name] = (await uploadAndProcess(server, admin, `${name}.csv`, text)).site?.id ?? '';
    }
  }, 60_000);
  afterAll(() => server.close());

  const input = {
    name: 'Mill Lane north',
    latitude: 51.001,
    longitude: -1.002,
    direction_one: 'N',
    direction_two: 'S',
    site_type: 'continuous',
    time_zone: 'Europe/London',
    class_scheme: 'arx',
    pedestrians_included: false,
  };

  it('lists, searches, filters and sorts the organisation’s sites', async () => {
    const { body } = await graphql(server, LIST, { token: viewer, variables: { sort: 'name' } });
    expect(body.data?.sites).toMatchObject({
      total: 2,
      sites: [
        { name: 'Kings Road', site_context: ['VEH'], files: 1, gps: true },
        { name: 'Mill Lane', files: 1 },
      ],
    });
    // A Roadcount CSV names each vehicle's direction: the new site takes the two it saw.
    const [kings] = (
      body.data?.sites as { sites: { direction_one: string; direction_two: string }[] }
    ).sites;
    expect(new Set([kings?.direction_one, kings?.direction_two])).toEqual(new Set(['N', 'S']));
    const found = await graphql(server, LIST, { token: viewer, variables: { search: 'mill' } });
    expect((found.body.data?.sites as { total: number }).total).toBe(1);
    const bikes = await graphql(server, LIST, { token: viewer, variables: { filters: ['BIKE'] } });
    expect((bikes.body.data?.sites as { total: number }).total).toBe(0);
    const foreign = await graphql(server, LIST, { token: stranger, variables: {} });
    expect((foreign.body.data?.sites as { total: number }).total).toBe(0);
  });

  it('saves an organisation admin’s edit, with directions as compass letters', async () => {
    const { body } = await graphql(server, UPDATE, {
      token: admin,
      variables: { id: ids['Mill Lane'], input },
    });
    expect(body.data?.updateSite).toMatchObject({
      name: 'Mill Lane north',
      latitude: 51.001,
      direction_one: 'N',
      direction_two: 'S',
      site_type: 'continuous',
      time_span: 'TS_P',
      time_zone: 'Europe/London',
    });
  });

  it('refuses a clashing name, bad values, a viewer and another organisation', async () => {
    const clash = await graphql(server, UPDATE, {
      token: admin,
      variables: { id: ids['Mill Lane'], input: { ...input, name: 'kings road' } },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors?.[0]?.message).toBe(
      'Site names are unique; already taken: Kings Road',
    );
    const bad = await graphql(server, UPDATE, {
      token: admin,
      variables: { id: ids['Mill Lane'], input: { ...input, latitude: 95, direction_two: 'E' } },
    });
    expect(bad.body.errors?.[0]?.message).toBe(
      'latitude: must be from -90 to 90; direction_two: must be the opposite of direction one',
    );
    const byViewer = await graphql(server, UPDATE, {
      token: viewer,
      variables: { id: ids['Mill Lane'], input },
    });
    expect(byViewer.status).toBe(403);
    const byStranger = await graphql(server, UPDATE, {
      token: stranger,
      variables: { id: ids['Mill Lane'], input },
    });
    expect(byStranger.status).toBe(403);
    const read = await graphql(
      server,
      `
        query ($id: ID!) {
          site(id: $id) {
            name
          }
        }
      `,
      {
        token: stranger,
        variables: { id: ids['Kings Road'] },
      },
    );
    expect(read.status).toBe(403);
  });
});
