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

const GROUP_FIELDS = 'id name site_count sites { id name }';
const CREATE = `mutation($name: String!, $ids: [ID!]) { createSiteGroup(name: $name, site_ids: $ids) { ${GROUP_FIELDS} } }`;
const RENAME = `mutation($id: ID!, $name: String!) { renameSiteGroup(id: $id, name: $name) { ${GROUP_FIELDS} } }`;
const ADD = `mutation($id: ID!, $ids: [ID!]!) { addSitesToGroup(id: $id, site_ids: $ids) { ${GROUP_FIELDS} } }`;
const REMOVE = `mutation($id: ID!, $ids: [ID!]!) { removeSitesFromGroup(id: $id, site_ids: $ids) { ${GROUP_FIELDS} } }`;
const DELETE = `mutation($id: ID!) { deleteSiteGroup(id: $id) }`;
const LIST = `{ siteGroups { id name site_count } }`;
const ONE = `query($id: ID!) { siteGroup(id: $id) { ${GROUP_FIELDS} } }`;
const SITES_OF_GROUP = `query($group: ID) { sites(group_id: $group) { total sites { name } } }`;

interface Group {
  id: string;
  name: string;
  site_count: number;
  sites: { id: string; name: string }[];
}

describe('site groups', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
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
    const otherOrganisation = (await createOrg(server)).id;
    stranger = await signInAs('org_admin', otherOrganisation);
    for (const name of ['Mill Lane', 'Kings Road', 'Quay Street']) {
      const [row] = await server.database.db
        .insert(sites)
        .values({ ownerOrganisationId: organisationId, name })
        .returning();
      ids[name] = row?.id ?? '';
    }
    const [foreign] = await server.database.db
      .insert(sites)
      .values({ ownerOrganisationId: otherOrganisation, name: 'Foreign Road' })
      .returning();
    ids['Foreign Road'] = foreign?.id ?? '';
  }, 60_000);
  afterAll(() => server.close());

  it('are created, renamed, filled, emptied and deleted by an organisation admin', async () => {
    const created = await graphql(server, CREATE, {
      token: admin,
      variables: { name: '  School routes ', ids: [ids['Mill Lane'], ids['Kings Road']] },
    });
    const group = created.body.data?.createSiteGroup as Group;
    expect(group).toMatchObject({ name: 'School routes', site_count: 2 });
    expect(group.sites.map((site) => site.name)).toEqual(['Kings Road', 'Mill Lane']);

    const clash = await graphql(server, CREATE, {
      token: admin,
      variables: { name: 'school ROUTES' },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.errors?.[0]?.message).toBe('a group with this name already exists');
    const empty = await graphql(server, CREATE, { token: admin, variables: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.[0]?.message).toBe('a group name is required');
    const long = await graphql(server, RENAME, {
      token: admin,
      variables: { id: group.id, name: 'x'.repeat(61) },
    });
    expect(long.body.errors?.[0]?.message).toBe('a group name is at most 60 characters');

    const renamed = await graphql(server, RENAME, {
      token: admin,
      variables: { id: group.id, name: 'Schools' },
    });
    expect((renamed.body.data?.renameSiteGroup as Group).name).toBe('Schools');

    const filtered = await graphql(server, SITES_OF_GROUP, {
      token: viewer,
      variables: { group: group.id },
    });
    expect(filtered.body.data?.sites).toEqual({
      total: 2,
      sites: [{ name: 'Kings Road' }, { name: 'Mill Lane' }],
    });

    await graphql(server, REMOVE, {
      token: admin,
      variables: { id: group.id, ids: [ids['Kings Road']] },
    });
    const added = await graphql(server, ADD, {
      token: admin,
      variables: { id: group.id, ids: [ids['Quay Street'], ids['Mill Lane']] },
    });
    expect((added.body.data?.addSitesToGroup as Group).sites.map((site) => site.name)).toEqual([
      'Mill Lane',
      'Quay Street',
    ]);
    const foreignSite = await graphql(server, ADD, {
      token: admin,
      variables: { id: group.id, ids: [ids['Foreign Road']] },
    });
    expect(foreignSite.status).toBe(404);

    const listed = await graphql(server, LIST, { token: viewer });
    expect(listed.body.data?.siteGroups).toEqual([
      { id: group.id, name: 'Schools', site_count: 2 },
    ]);
    const read = await graphql(server, ONE, { token: viewer, variables: { id: group.id } });
    expect((read.body.data?.siteGroup as Group).site_count).toBe(2);

    const deleted = await graphql(server, DELETE, { token: admin, variables: { id: group.id } });
    expect(deleted.body.data?.deleteSiteGroup).toBe(true);
    expect((await graphql(server, LIST, { token: admin })).body.data?.siteGroups).toEqual([]);
    const stillThere = await graphql(server, SITES_OF_GROUP, { token: admin, variables: {} });
    expect((stillThere.body.data?.sites as { total: number }).total).toBe(3);
  });

  it('are read but not changed by viewers, and refused to another organisation', async () => {
    const group = (
      await graphql(server, CREATE, {
        token: admin,
        variables: { name: 'Bridges', ids: [ids['Quay Street']] },
      })
    ).body.data?.createSiteGroup as Group;
    const byViewer = await graphql(server, RENAME, {
      token: viewer,
      variables: { id: group.id, name: 'Viewer’s' },
    });
    expect(byViewer.status).toBe(403);
    expect(
      (await graphql(server, CREATE, { token: viewer, variables: { name: 'Mine' } })).status,
    ).toBe(403);

    expect((await graphql(server, LIST, { token: stranger })).body.data?.siteGroups).toEqual([]);
    const calls: [string, Record<string, unknown>][] = [
      [ONE, { id: group.id }],
      [RENAME, { id: group.id, name: 'Taken over' }],
      [ADD, { id: group.id, ids: [ids['Foreign Road']] }],
      [REMOVE, { id: group.id, ids: [ids['Quay Street']] }],
      [DELETE, { id: group.id }],
    ];
    for (const [query, variables] of calls) {
      const answer = await graphql(server, query, { token: stranger, variables });
      expect(answer.status).toBe(403);
      expect(answer.body.errors?.[0]?.message).toBe(
        "You aren't currently authorised for this resource",
      );
    }
    const theirs = await graphql(server, CREATE, {
      token: stranger,
      variables: { name: 'Borrowed', ids: [ids['Quay Street']] },
    });
    expect(theirs.status).toBe(404);
    const filtered = await graphql(server, SITES_OF_GROUP, {
      token: stranger,
      variables: { group: group.id },
    });
    expect((filtered.body.data?.sites as { total: number }).total).toBe(0);
    const unchanged = await graphql(server, ONE, { token: admin, variables: { id: group.id } });
    expect(unchanged.body.data?.siteGroup).toMatchObject({ name: 'Bridges', site_count: 1 });
  });
});
