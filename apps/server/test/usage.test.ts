import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrg, createUser, signIn, startTestServer, type TestServer } from './testServer.ts';

describe('page views usage for platform staff', () => {
  let server: TestServer;
  let staff: string;
  let first: string;
  let second: string;

  beforeAll(async () => {
    server = await startTestServer();
    const organisationId = (await createOrg(server, 'Surrey Roads')).id;
    const user = async () =>
      (
        await signIn(
          server,
          (await createUser(server, { organisationId, role: 'org_user' })).username,
        )
      ).access;
    first = await user();
    second = await user();
    staff = (
      await signIn(
        server,
        (await createUser(server, { organisationId: null, role: 'admin' })).username,
      )
    ).access;
  });
  afterAll(() => server.close());

  it('counts views and users per organisation and screen, site ids folded', async () => {
    const site = (id: string) => `/ui/analysis/site-detail/${id}`;
    const views: [string, string][] = [
      [first, '/ui/analysis/map'],
      [first, '/ui/analysis/map'],
      [second, '/ui/analysis/map'],
      [first, site('6f1c2a9e-0d3b-4c8e-9a51-2b7d4e6f8a10')],
      [second, site('0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d')],
    ];
    for (const [token, path] of views) {
      const recorded = await fetch(`${server.url}/api/page-views`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ path }),
      });
      expect(recorded.status).toBe(204);
    }

    const refused = await fetch(`${server.url}/api/page-views/usage`, {
      headers: { authorization: `Bearer ${first}` },
    });
    expect(refused.status).toBe(403);
    const response = await fetch(`${server.url}/api/page-views/usage?days=7`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    const rows = (await response.json()) as Record<string, unknown>[];
    expect(response.status, JSON.stringify(rows)).toBe(200);
    // The map: 3 views by 2 users; the site detail: 2 views (two sites) by 2 users.
    expect(
      rows.map(({ organisation_name, screen, views: count, users }) => ({
        organisation_name,
        screen,
        views: count,
        users,
      })),
    ).toEqual([
      { organisation_name: 'Surrey Roads', screen: '/ui/analysis/map', views: 3, users: 2 },
      {
        organisation_name: 'Surrey Roads',
        screen: '/ui/analysis/site-detail/:id',
        views: 2,
        users: 2,
      },
    ]);
  });
});
