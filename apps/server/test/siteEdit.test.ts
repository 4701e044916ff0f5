import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

const LANES = `query($siteId: ID!) {
  siteLanes(siteId: $siteId) { id direction position_id lane_type name device_array_type analytics_config_id contraflow }
}`;
const SET_LANES = `mutation($siteId: ID!, $lanes: [LaneInput!]!) {
  setSiteLanes(siteId: $siteId, lanes: $lanes) { id direction position_id lane_type name }
}`;
const UPDATE = `mutation($id: ID!, $input: SiteInput!) {
  updateSite(id: $id, input: $input) { id direction_one direction_two lane_count }
}`;
const LIST = `query($filters: [String!], $selected: [ID!], $sort: String, $direction: String) {
  sites(filters: $filters, selected: $selected, sort: $sort, direction: $direction) {
    total sites { name lane_count }
  }
}`;
const CLASHES = `query($siteId: ID!, $name: String!) { siteNameClashes(siteId: $siteId, name: $name) }`;

interface Lane {
  id: string;
  direction: string;
  position_id: number;
  lane_type: string;
  name: string;
}

describe('site edits: lanes, name clashes, filters and the columns setting', () => {
  let server: TestServer;
  let organisationId: string;
  let admin: string;
  let viewer: string;
  let stranger: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({});
    organisationId = (await createOrg(server)).id;
    const token = async (role: 'org_admin' | 'org_user', organisation = organisationId) =>
      (
        await signIn(
          server,
          (await createUser(server, { organisationId: organisation, role })).username,
        )
      ).access;
    admin = await token('org_admin');
    viewer = await token('org_user');
    stranger = await token('org_admin', (await createOrg(server)).id);
    const rows = await server.database.db
      .insert(sites)
      .values([
        {
          ownerOrganisationId: organisationId,
          name: 'Mill Lane',
          directionOne: 1,
          directionTwo: 5,
          coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_T' },
        },
        {
          ownerOrganisationId: organisationId,
          name: 'Canal Path',
          directionOne: 3,
          directionTwo: 7,
          coreSiteMeta: { site_context: ['BIKE', 'PED'], time_span: 'TS_P' },
        },
        {
          ownerOrganisationId: organisationId,
          name: 'Ring Road',
          realtime: true,
          coreSiteMeta: { site_context: ['VEH'], time_span: 'TS_P' },
        },
      ])
      .returning();
    for (const row of rows) ids[row.name] = row.id;
  }, 60_000);
  afterAll(() => server.close());

  const lanesOf = async (name: string) =>
    (await graphql(server, LANES, { token: viewer, variables: { siteId: ids[name] } })).body.data
      ?.siteLanes as Lane[];

  it('adds lanes from the road centre with the SPEC defaults, then changes a type and the order', async () => {
    expect(await lanesOf('Mill Lane')).toEqual([]);
    const first = await graphql(server, SET_LANES, {
      token: admin,
      variables: {
        siteId: ids['Mill Lane'],
        lanes: [
          { direction: 'N', lane_type: 'ROAD_LANE' },
          { direction: 'N', lane_type: 'BIKE_LANE', name: 'cycle lane' },
          { direction: 'S', lane_type: 'ROAD_LANE' },
        ],
      },
    });
    expect(first.body.errors).toBeUndefined();
    const saved = await lanesOf('Mill Lane');
    expect(saved).toMatchObject([
      { direction: 'N', position_id: 0, lane_type: 'ROAD_LANE', name: 'lane' },
      { direction: 'N', position_id: 1, lane_type: 'BIKE_LANE', name: 'cycle lane' },
      { direction: 'S', position_id: 0, lane_type: 'ROAD_LANE', name: 'lane' },
    ]);
    expect(
      (await graphql(server, LANES, { token: viewer, variables: { siteId: ids['Mill Lane'] } }))
        .body.data?.siteLanes,
    ).toMatchObject([
      { device_array_type: 1, analytics_config_id: 1, contraflow: true },
      { device_array_type: 1, analytics_config_id: 1, contraflow: true },
      { device_array_type: 1, analytics_config_id: 1, contraflow: true },
    ]);
    const [road, bike, south] = saved;
    const second = await graphql(server, SET_LANES, {
      token: admin,
      variables: {
        siteId: ids['Mill Lane'],
        lanes: [
          { id: bike?.id, direction: 'N', lane_type: 'SHARED_PATH', name: 'cycle lane' },
          { id: road?.id, direction: 'N', lane_type: 'ROAD_LANE' },
          { id: south?.id, direction: 'S', lane_type: 'PARKING' },
          { direction: 'S', lane_type: 'UNDEFINED' },
        ],
      },
    });
    expect(second.body.errors).toBeUndefined();
    expect(await lanesOf('Mill Lane')).toMatchObject([
      { id: bike?.id, direction: 'N', position_id: 0, lane_type: 'SHARED_PATH' },
      { id: road?.id, direction: 'N', position_id: 1, lane_type: 'ROAD_LANE' },
      { id: south?.id, direction: 'S', position_id: 0, lane_type: 'PARKING' },
      { direction: 'S', position_id: 1, lane_type: 'UNDEFINED' },
    ]);
  });

  it('refuses fewer lanes, a foreign direction or lane type, and changes nothing', async () => {
    const before = await lanesOf('Mill Lane');
    const fewer = await graphql(server, SET_LANES, {
      token: admin,
      variables: {
        siteId: ids['Mill Lane'],
        lanes: before
          .slice(1)
          .map(({ id, direction, lane_type }) => ({ id, direction, lane_type })),
      },
    });
    expect(fewer.body.errors?.[0]?.message).toBe('The number of lanes cannot be decreased');
    const swapped = await graphql(server, SET_LANES, {
      token: admin,
      variables: {
        siteId: ids['Mill Lane'],
        lanes: [
          ...before.slice(1).map(({ id, direction, lane_type }) => ({ id, direction, lane_type })),
          { direction: 'N', lane_type: 'ROAD_LANE' },
        ],
      },
    });
    expect(swapped.body.errors?.[0]?.message).toBe('The number of lanes cannot be decreased');
    const east = await graphql(server, SET_LANES, {
      token: admin,
      variables: {
        siteId: ids['Mill Lane'],
        lanes: [
          ...before.map(({ id, direction, lane_type }) => ({ id, direction, lane_type })),
          { direction: 'E', lane_type: 'TRAM' },
        ],
      },
    });
    expect(east.body.errors?.[0]?.message).toBe('lanes.4.lane_type: must be a lane type');
    expect(await lanesOf('Mill Lane')).toEqual(before);
  });

  it('refuses lane changes to a viewer and to another organisation, and hides the lanes from it', async () => {
    const lanes = [{ direction: 'E', lane_type: 'BIKE_LANE' }];
    const asViewer = await graphql(server, SET_LANES, {
      token: viewer,
      variables: { siteId: ids['Canal Path'], lanes },
    });
    expect(asViewer.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    const foreign = await graphql(server, SET_LANES, {
      token: stranger,
      variables: { siteId: ids['Canal Path'], lanes },
    });
    expect(foreign.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    const read = await graphql(server, LANES, {
      token: stranger,
      variables: { siteId: ids['Mill Lane'] },
    });
    expect(read.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
    expect(await lanesOf('Canal Path')).toEqual([]);
  });

  it('moves the lanes with a direction that changes, and keeps a direction that has lanes', async () => {
    const input = {
      name: 'Mill Lane',
      latitude: null,
      longitude: null,
      direction_one: 'E',
      direction_two: 'W',
      site_type: 'temporary',
      time_zone: 'UTC',
      class_scheme: 'arx',
      pedestrians_included: false,
    };
    const moved = await graphql(server, UPDATE, {
      token: admin,
      variables: { id: ids['Mill Lane'], input },
    });
    expect(moved.body.data?.updateSite).toMatchObject({ direction_one: 'E', lane_count: 4 });
    expect((await lanesOf('Mill Lane')).map((lane) => lane.direction)).toEqual([
      'E',
      'E',
      'W',
      'W',
    ]);
    const cleared = await graphql(server, UPDATE, {
      token: admin,
      variables: { id: ids['Mill Lane'], input: { ...input, direction_two: null } },
    });
    expect(cleared.body.errors?.[0]?.message).toBe(
      'direction_two: has lanes, so it cannot be removed',
    );
  });

  it('lists the names a new name would clash with, in any case, to the organisation only', async () => {
    const clash = await graphql(server, CLASHES, {
      token: viewer,
      variables: { siteId: ids['Mill Lane'], name: ' canal PATH ' },
    });
    expect(clash.body.data?.siteNameClashes).toEqual(['Canal Path']);
    const own = await graphql(server, CLASHES, {
      token: viewer,
      variables: { siteId: ids['Mill Lane'], name: 'mill lane' },
    });
    expect(own.body.data?.siteNameClashes).toEqual([]);
    const foreign = await graphql(server, CLASHES, {
      token: stranger,
      variables: { siteId: ids['Mill Lane'], name: 'Canal Path' },
    });
    expect(foreign.body.errors?.[0]?.message).toBe(
      "You aren't currently authorised for this resource",
    );
  });

  it('filters by context, time span, realtime and the selection, and sorts by lane count', async () => {
    const names = async (variables: Record<string, unknown>) =>
      (
        (await graphql(server, LIST, { token: viewer, variables })).body.data?.sites as {
          sites: { name: string }[];
        }
      ).sites.map((site) => site.name);
    expect(await names({ filters: ['VEH'] })).toEqual(['Mill Lane', 'Ring Road']);
    expect(await names({ filters: ['BIKE'] })).toEqual(['Canal Path']);
    expect(await names({ filters: ['TS_T'] })).toEqual(['Mill Lane']);
    expect(await names({ filters: ['TS_P'] })).toEqual(['Canal Path', 'Ring Road']);
    expect(await names({ filters: ['realtime'] })).toEqual(['Ring Road']);
    expect(
      await names({ filters: ['selected_only'], selected: [ids['Ring Road'], ids['Canal Path']] }),
    ).toEqual(['Canal Path', 'Ring Road']);
    expect(await names({ filters: ['selected_only'], selected: [] })).toEqual([]);
    expect(
      await names({ filters: ['VEH', 'selected_only'], selected: [ids['Canal Path']] }),
    ).toEqual([]);
    // Mill Lane has four lanes, the others none.
    expect((await names({ sort: 'lane_count', direction: 'desc' }))[0]).toBe('Mill Lane');
    expect((await names({ sort: 'lane_count', direction: 'asc' }))[2]).toBe('Mill Lane');
    const bad = await graphql(server, LIST, { token: viewer, variables: { filters: ['TRAM'] } });
    expect(bad.body.errors?.[0]?.message).toContain('not TRAM');
    const foreign = await graphql(server, LIST, {
      token: stranger,
      variables: { filters: ['selected_only'], selected: [ids['Mill Lane']] },
    });
    expect((foreign.body.data?.sites as { total: number }).total).toBe(0);
  });

  it('saves the organisation’s sites table columns for its admins only', async () => {
    const path = `/core/api/config/organisations/${organisationId}`;
    const patch = (token: string, body: unknown) =>
      fetch(`${server.url}${path}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const read = async (token: string) =>
      (await (
        await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        preferences: { sites_table_columns: string[] };
      };
    expect((await read(viewer)).preferences.sites_table_columns).toEqual([
      'name',
      'type',
      'contexts',
      'lastSurveyed',
      'files',
      'location',
      'directions',
    ]);
    const saved = await patch(admin, { sites_table_columns: ['name', 'lanes', 'timeZone'] });
    expect(saved.status).toBe(200);
    expect((await read(viewer)).preferences.sites_table_columns).toEqual([
      'name',
      'lanes',
      'timeZone',
    ]);
    expect((await patch(admin, { sites_table_columns: ['files', 'name'] })).status).toBe(400);
    expect((await patch(viewer, { sites_table_columns: ['name'] })).status).toBe(403);
    expect((await patch(stranger, { sites_table_columns: ['name'] })).status).toBe(403);
    expect((await read(viewer)).preferences.sites_table_columns).toEqual([
      'name',
      'lanes',
      'timeZone',
    ]);
  });
});
