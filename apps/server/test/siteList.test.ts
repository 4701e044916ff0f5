import { generateTraffic, metroCountText, readSiteList } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, sites } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const FILE = `query($id: ID!) { getTrafficDataFile(id: $id) { site { id name } logs { match } } }`;

describe('the site list for counter software', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;
  const ids: Record<string, string> = {};

  const download = async (siteIds: string[], token?: string) => {
    const response = await fetch(`${server.url}/api/sites/site-list.csv?ids=${siteIds.join(',')}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisationId = (await createOrg(server)).id;
    const signInAs = async (role: 'org_admin' | 'org_user', organisation = organisationId) =>
      (
        await signIn(
          server,
          (await createUser(server, { organisationId: organisation, role })).username,
        )
      ).access;
    admin = await signInAs('org_admin');
    viewer = await signInAs('org_user');
    stranger = await signInAs('org_admin', (await createOrg(server)).id);
    const planned = [
      { name: 'Mill Lane', latitude: 52.1, longitude: -1.5, directionOne: 1, directionTwo: 5 },
      {
        name: 'Kings Road, east',
        latitude: 52.2,
        longitude: -1.4,
        directionOne: 3,
        directionTwo: 7,
      },
      { name: 'Quay Street', latitude: 52.3, longitude: -1.3, directionOne: 1, directionTwo: 5 },
    ];
    for (const site of planned) {
      const [row] = await server.database.db
        .insert(sites)
        .values({ ownerOrganisationId: organisationId, timeZone: 'Europe/London', ...site })
        .returning();
      ids[site.name] = row?.id ?? '';
    }
    await server.database.db.insert(lanes).values([
      { siteId: ids['Kings Road, east'] ?? '', positionId: 0, direction: 3, laneType: 'ROAD_LANE' },
      { siteId: ids['Kings Road, east'] ?? '', positionId: 1, direction: 7, laneType: 'ROAD_LANE' },
      { siteId: ids['Kings Road, east'] ?? '', positionId: 2, direction: 7, laneType: 'BIKE_LANE' },
    ]);
  }, 60_000);
  afterAll(() => server.close());

  it('is downloaded for three sites, and a survey file with one site’s attribute matches it', async () => {
    const { status, headers, text } = await download(Object.values(ids), viewer);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/csv');
    expect(headers.get('content-disposition')).toMatch(
      /attachment; filename="roadcount-site-list-/,
    );
    const rows = readSiteList(text);
    expect(rows.map((row) => [row.name, row.attribute])).toEqual([
      ['Kings Road, east', `SID:${ids['Kings Road, east']}`],
      ['Mill Lane', `SID:${ids['Mill Lane']}`],
      ['Quay Street', `SID:${ids['Quay Street']}`],
    ]);
    expect(rows[0]).toMatchObject({
      latitude: '52.200000',
      longitude: '-1.400000',
      direction_one: 'E',
      direction_two: 'W',
      lanes: '3',
      lane_directions: 'E|W|W',
      lane_types: 'ROAD_LANE|ROAD_LANE|BIKE_LANE',
      time_zone: 'Europe/London',
    });

    // The counter was set up with the row of Kings Road; its file names the site otherwise,
    // and its position is far from every site, so only the attribute can match it.
    const kings = rows[0];
    const survey = [
      ...metroCountText(
        generateTraffic({
          seed: 5,
          startDay: '2025-02-03',
          days: 2,
          vehiclesPerDay: 60,
          directions: [3, 3],
          meanSpeedKmh: 40,
        }),
        { name: 'Counter 17', attribute: kings?.attribute ?? '', latitude: 10, longitude: 10 },
        3,
      ),
    ].join('');
    const uploaded = await uploadAndProcess(server, admin, 'counter17.txt', survey);
    const file = await graphql(server, FILE, { token: admin, variables: { id: uploaded.id } });
    expect(file.body.data?.getTrafficDataFile).toEqual({
      site: { id: ids['Kings Road, east'], name: 'Kings Road, east' },
      logs: { match: { rule: 'sid', site_id: ids['Kings Road, east'] } },
    });

    // The same file uploaded by another organisation does not reach this organisation's site.
    const foreign = await uploadAndProcess(server, stranger, 'counter17.txt', survey);
    const theirs = await graphql(server, FILE, { token: stranger, variables: { id: foreign.id } });
    const answer = theirs.body.data?.getTrafficDataFile as {
      site: { id: string; name: string };
      logs: { match: { rule: string } };
    };
    expect(answer.site.id).not.toBe(ids['Kings Road, east']);
    expect(answer.site.name).toBe('Counter 17');
    expect(answer.logs.match.rule).toBe('new');
  });

  it('is refused to another organisation, without a session, and for unknown ids', async () => {
    const foreign = await download([ids['Mill Lane'] ?? ''], stranger);
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('Mill Lane');
    expect((await download([ids['Mill Lane'] ?? ''])).status).toBe(401);
    const bad = await download(['not-a-site'], admin);
    expect(bad.status).toBe(400);
    const none = await download(['00000000-0000-4000-8000-000000000000'], admin);
    expect(none.status).toBe(404);
  });
});
