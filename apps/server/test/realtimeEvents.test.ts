import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, sites } from '../src/infra/db/schema.ts';
import {
  createOrg,
  startTestServer,
  subscribeCollecting,
  tokenFor,
  waitUntil,
  type TestServer,
} from './testServer.ts';

const CONFIG = '/core/api/config';
const SUBSCRIPTION = 'subscription { realtime_site_updated { site_id updated_at } }';

/** A subscriber of one API node that collects the realtime updates it is sent. */
async function subscriber(
  server: TestServer,
  token: string,
  probe?: () => Promise<(update: { site_id: string }) => boolean>,
) {
  const { items, close, fence } = await subscribeCollecting<{ site_id: string }>(
    server,
    token,
    SUBSCRIPTION,
    'realtime_site_updated',
    {},
    probe,
  );
  return { updates: items, close, fence };
}

describe('live realtime site updates across API nodes (issue 27)', () => {
  // Two API nodes of one database (on PostgreSQL, each with its own connections): the gateway
  // posts to the first, the site's viewers watch on the second.
  let first: TestServer;
  let second: TestServer;
  let organisationId: string;
  let siteId: string;
  let gatewayKey: string;
  let viewer: string;
  let stranger: string;
  /** The other organisation's own realtime site and its gateway's key, for its fence. */
  let strangerSiteId: string;
  let strangerGatewayKey: string;

  beforeAll(async () => {
    first = await startTestServer();
    second = await startTestServer({}, { nodeOf: first });
    organisationId = (await createOrg(first)).id;
    const otherOrganisation = (await createOrg(first)).id;
    const admin = await tokenFor(first, organisationId, 'org_admin');
    viewer = await tokenFor(first, organisationId, 'org_user');
    stranger = await tokenFor(first, otherOrganisation, 'org_admin');
    const call = async (path: string, body?: unknown, token = admin) => {
      const response = await fetch(`${first.url}${CONFIG}${path}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { id: string; api_key: string };
      if (!response.ok) throw new Error(`${path}: ${JSON.stringify(answer)}`);
      return answer;
    };
    const db = first.database.db;
    const [site] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Two Nodes Road', realtime: true })
      .returning();
    siteId = site?.id ?? '';
    const [lane] = await db
      .insert(lanes)
      .values({ siteId, name: 'north', direction: 1, positionId: 1 })
      .returning();
    const gateway = (await call('/devices/', { kind: 'gateway', serial: 'NODES-GW' })).id;
    const studs = [];
    for (const serial of ['NODES-1', 'NODES-2'])
      studs.push((await call('/devices/', { kind: 'roadstud', serial, gateway_id: gateway })).id);
    const array = await call('/device_arrays/', { name: 'nodes', spacing_m: 2, device_ids: studs });
    await call('/device_mappings/', {
      device_array_id: array.id,
      site_id: siteId,
      lane_id: lane?.id,
      valid_from: '2025-06-01T00:00:00Z',
    });
    gatewayKey = (await call(`/rtg_devices/${gateway}/api_key`)).api_key;

    // The other organisation's realtime site, set up the same way by its own admin.
    const [otherSite] = await db
      .insert(sites)
      .values({ ownerOrganisationId: otherOrganisation, name: 'Elsewhere Road', realtime: true })
      .returning();
    strangerSiteId = otherSite?.id ?? '';
    const [otherLane] = await db
      .insert(lanes)
      .values({ siteId: strangerSiteId, name: 'north', direction: 1, positionId: 1 })
      .returning();
    const otherGateway = (
      await call('/devices/', { kind: 'gateway', serial: 'ELSEWHERE-GW' }, stranger)
    ).id;
    const otherStuds = [];
    for (const serial of ['ELSEWHERE-1', 'ELSEWHERE-2'])
      otherStuds.push(
        (await call('/devices/', { kind: 'roadstud', serial, gateway_id: otherGateway }, stranger))
          .id,
      );
    const otherArray = await call(
      '/device_arrays/',
      { name: 'elsewhere', spacing_m: 2, device_ids: otherStuds },
      stranger,
    );
    await call(
      '/device_mappings/',
      {
        device_array_id: otherArray.id,
        site_id: strangerSiteId,
        lane_id: otherLane?.id,
        valid_from: '2025-06-01T00:00:00Z',
      },
      stranger,
    );
    strangerGatewayKey = (await call(`/rtg_devices/${otherGateway}/api_key`, undefined, stranger))
      .api_key;
  });

  /** A vehicle over the other organisation's site, a minute after the last one: its probe. */
  let probes = 0;
  const strangerProbe = async () => {
    probes += 1;
    const minute = `2025-06-02T09:${String(probes).padStart(2, '0')}:00`;
    const response = await fetch(`${first.url}/core/api/realtime/events/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-gateway-key': strangerGatewayKey },
      body: JSON.stringify({
        events: [
          { sensor: 'ELSEWHERE-1', timestamp: `${minute}.000Z`, speed: 36, length: 4 },
          { sensor: 'ELSEWHERE-2', timestamp: `${minute}.200Z`, speed: 36, length: 4 },
        ],
      }),
    });
    if (response.status !== 200) throw new Error(`the probe was refused: ${response.status}`);
    return (update: { site_id: string }) => update.site_id === strangerSiteId;
  };

  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it('tells the site’s viewers on another API node, and no other organisation', async () => {
    const watching = await subscriber(second, viewer);
    const strangerWatching = await subscriber(second, stranger, strangerProbe);
    try {
      const response = await fetch(`${first.url}/core/api/realtime/events/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-key': gatewayKey },
        body: JSON.stringify({
          events: [
            { sensor: 'NODES-1', timestamp: '2025-06-02T08:00:00.000Z', speed: 36, length: 4 },
            { sensor: 'NODES-2', timestamp: '2025-06-02T08:00:00.200Z', speed: 36, length: 4 },
          ],
        }),
      });
      expect(response.status).toBe(200);
      await waitUntil(
        () => watching.updates.some((update) => update.site_id === siteId),
        'the update on the second node',
      );
      // Told once the vehicles are written, and again once the map's counts are.
      expect(new Set(watching.updates.map((update) => update.site_id))).toEqual(new Set([siteId]));
      // The other organisation heard nothing of it by the time its own site's update, sent
      // after, came.
      await strangerWatching.fence();
      expect(strangerWatching.updates).toEqual([]);
    } finally {
      await watching.close();
      await strangerWatching.close();
    }
  });
});
