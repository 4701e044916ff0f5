import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lanes, sites } from '../src/infra/db/schema.ts';
import { createOrg, startTestServer, type TestServer, tokenFor } from './testServer.ts';

const CONFIG = '/core/api/config';

describe('the device registry (issue 27)', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let stranger: string;
  let siteId: string;
  let laneIds: string[];
  let otherSiteLane: string;
  let strangersSiteId: string;
  let deletedSiteId: string;

  const call = async (token: string, method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}${CONFIG}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as never) : (null as never) };
  };

  beforeAll(async () => {
    server = await startTestServer();
    const organisationId = (await createOrg(server)).id;
    const otherOrganisation = (await createOrg(server)).id;
    const as = (role: 'org_admin' | 'org_user', organisation = organisationId) =>
      tokenFor(server, organisation, role);
    admin = await as('org_admin');
    viewer = await as('org_user');
    stranger = await as('org_admin', otherOrganisation);
    const db = server.database.db;
    const [site] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Harbour Road', realtime: true })
      .returning();
    siteId = site?.id ?? '';
    const made = await db
      .insert(lanes)
      .values([
        { siteId, name: 'northbound', direction: 1, positionId: 1 },
        { siteId, name: 'southbound', direction: 5, positionId: 1 },
      ])
      .returning();
    laneIds = made.map((lane) => lane.id);
    const [other] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Mill Lane' })
      .returning();
    const [lane] = await db
      .insert(lanes)
      .values({ siteId: other?.id ?? '', name: 'lane' })
      .returning();
    otherSiteLane = lane?.id ?? '';
    const [strangers] = await db
      .insert(sites)
      .values({ ownerOrganisationId: otherOrganisation, name: 'Quarry Lane' })
      .returning();
    strangersSiteId = strangers?.id ?? '';
    const [deleted] = await db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Old Dock', deletedAt: new Date() })
      .returning();
    deletedSiteId = deleted?.id ?? '';
  });
  afterAll(() => server.close());

  it('registers a gateway and the studs it hears, and lists them with their state', async () => {
    const gateway = await call(admin, 'POST', '/devices/', {
      kind: 'gateway',
      serial: 'GW-0001',
      model: 'RTG-4',
      latitude: 53.4,
      longitude: -2.99,
    });
    expect(gateway.status).toBe(201);
    const gatewayId = (gateway.body as { id: string }).id;
    expect(gateway.body).toMatchObject({ latitude: 53.4, longitude: -2.99, last_seen_at: null });
    for (const serial of ['RS-0002', 'RS-0001'])
      expect(
        (
          await call(admin, 'POST', '/devices/', {
            kind: 'roadstud',
            serial,
            gateway_id: gatewayId,
          })
        ).status,
      ).toBe(201);

    const gateways = await call(viewer, 'GET', '/rtg_devices/');
    expect(gateways.status).toBe(200);
    // Studs listed by serial.
    expect(gateways.body).toEqual([
      expect.objectContaining({
        serial: 'GW-0001',
        silent: false,
        studs: [
          expect.objectContaining({ serial: 'RS-0001' }),
          expect.objectContaining({ serial: 'RS-0002' }),
        ],
      }),
    ]);
    const studs = await call(viewer, 'GET', '/road_studs_devices/?search=0002');
    expect((studs.body as { serial: string }[]).map((stud) => stud.serial)).toEqual(['RS-0002']);
    // The position entered became the gateway's first recorded location.
    const located = await call(viewer, 'GET', `/gps_locations/?device_id=${gatewayId}`);
    expect(located.body).toEqual([expect.objectContaining({ latitude: 53.4, longitude: -2.99 })]);
  });

  it('refuses a second device with the same serial, in any case', async () => {
    const again = await call(admin, 'POST', '/devices/', { kind: 'counter', serial: 'gw-0001' });
    expect(again.status).toBe(400);
    expect((again.body as { message: string }).message).toBe(
      "A device with serial 'gw-0001' is already registered.",
    );
  });

  it('names the bad field of a device', async () => {
    const bad = await call(admin, 'POST', '/devices/', {
      kind: 'roadstud',
      serial: 'X',
      latitude: 123,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('latitude');
  });

  it('makes an array of studs and maps it to a lane of a site, not to another site', async () => {
    const studs = (await call(admin, 'GET', '/road_studs_devices/')).body as { id: string }[];
    const gateway = ((await call(admin, 'GET', '/rtg_devices/')).body as { id: string }[])[0];
    // A gateway is no stud: the array names the position of the wrong device.
    const wrong = await call(admin, 'POST', '/device_arrays/', {
      name: 'Harbour northbound',
      spacing_m: 1.5,
      device_ids: [studs[0]?.id, gateway?.id],
    });
    expect(wrong.status).toBe(400);
    expect((wrong.body as { message: string }).message).toBe(
      'device_ids.1: the device GW-0001 is not a roadstud',
    );
    const array = await call(admin, 'POST', '/device_arrays/', {
      name: 'Harbour northbound',
      spacing_m: 1.5,
      device_ids: studs.map((stud) => stud.id),
    });
    expect(array.status).toBe(201);
    const arrayId = (array.body as { id: string }).id;

    const elsewhere = await call(admin, 'POST', '/device_mappings/', {
      device_array_id: arrayId,
      site_id: siteId,
      lane_id: otherSiteLane,
      valid_from: '2026-01-01T00:00:00Z',
    });
    expect(elsewhere.status).toBe(400);
    expect((elsewhere.body as { message: string }).message).toBe(
      "lane_id: the lane is not one of the site's lanes",
    );

    const mapped = await call(admin, 'POST', '/device_mappings/', {
      device_array_id: arrayId,
      site_id: siteId,
      lane_id: laneIds[0],
      valid_from: '2026-01-01T00:00:00Z',
    });
    expect(mapped.status).toBe(201);
    // The lane is measured from January on; a second array from March would overlap.
    const overlapping = await call(admin, 'POST', '/device_mappings/', {
      device_array_id: arrayId,
      site_id: siteId,
      lane_id: laneIds[0],
      valid_from: '2026-03-01T00:00:00Z',
    });
    expect(overlapping.status).toBe(400);
    expect((overlapping.body as { message: string }).message).toBe(
      'The lane is already measured by another array from 2026-01-01T00:00:00.000Z',
    );
    // Ending the first mapping at March lets the second begin there.
    const mappingId = (mapped.body as { id: string }).id;
    expect(
      (
        await call(admin, 'PATCH', `/device_mappings/${mappingId}`, {
          valid_to: '2026-03-01T00:00:00Z',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call(admin, 'POST', '/device_mappings/', {
          device_array_id: arrayId,
          site_id: siteId,
          lane_id: laneIds[0],
          valid_from: '2026-03-01T00:00:00Z',
        })
      ).status,
    ).toBe(201);
    const ofSite = await call(viewer, 'GET', `/device_mappings/?site_id=${siteId}`);
    expect((ofSite.body as unknown[]).length).toBe(2);
    // A stud in an array cannot be removed unseen.
    const remove = await call(admin, 'DELETE', `/devices/${studs[0]?.id}`);
    expect(remove.status).toBe(400);
    expect((remove.body as { message: string }).message).toBe(
      'The device RS-0001 is in the array Harbour northbound; take it out first',
    );
  });

  it('keeps road sections', async () => {
    const made = await call(admin, 'POST', '/road_sections/', {
      name: 'Harbour Road, quay to bridge',
      site_id: siteId,
      coordinates: [
        [-2.99, 53.4],
        [-2.98, 53.41],
      ],
    });
    expect(made.status).toBe(201);
    const listed = await call(viewer, 'GET', '/road_sections/');
    expect(listed.body).toEqual([
      expect.objectContaining({ name: 'Harbour Road, quay to bridge' }),
    ]);
  });

  it('lets a viewer read but not edit hardware', async () => {
    const devices = (await call(viewer, 'GET', '/devices/')).body as { id: string }[];
    expect(devices.length).toBe(3);
    expect(
      (await call(viewer, 'POST', '/devices/', { kind: 'counter', serial: 'C-1' })).status,
    ).toBe(403);
    expect(
      (await call(viewer, 'PATCH', `/devices/${devices[0]?.id}`, { name: 'renamed' })).status,
    ).toBe(403);
    expect((await call(viewer, 'DELETE', `/devices/${devices[0]?.id}`)).status).toBe(403);
    const arrays = (await call(viewer, 'GET', '/device_arrays/')).body as { id: string }[];
    expect((await call(viewer, 'DELETE', `/device_arrays/${arrays[0]?.id}`)).status).toBe(403);
  });

  it("shows another organisation none of it, and refuses its admin's changes", async () => {
    expect((await call(stranger, 'GET', '/devices/')).body).toEqual([]);
    const devices = (await call(admin, 'GET', '/devices/')).body as { id: string }[];
    expect((await call(stranger, 'GET', `/devices/${devices[0]?.id}`)).status).toBe(403);
    expect(
      (await call(stranger, 'PATCH', `/devices/${devices[0]?.id}`, { name: 'taken over' })).status,
    ).toBe(403);
    const mine = await call(stranger, 'POST', '/device_arrays/', {
      name: 'borrowed',
      spacing_m: 1,
      device_ids: [devices[1]?.id],
    });
    expect(mine.status).toBe(403);
  });

  it("links a section to none but a live site of its own organisation's, storing nothing else", async () => {
    const line = [
      [-2.99, 53.4],
      [-2.99, 53.41],
    ];
    const before = (await call(admin, 'GET', '/road_sections/')).body as unknown[];
    // Another organisation's site is refused as its other resources are, either way round.
    const borrowed = await call(admin, 'POST', '/road_sections/', {
      name: 'Quarry Lane, borrowed',
      site_id: strangersSiteId,
      coordinates: line,
    });
    expect(borrowed.status).toBe(403);
    const reached = await call(stranger, 'POST', '/road_sections/', {
      name: 'Harbour Road, reached into',
      site_id: siteId,
      coordinates: line,
    });
    expect(reached.status).toBe(403);
    // A deleted site is not found.
    const gone = await call(admin, 'POST', '/road_sections/', {
      name: 'Old Dock approach',
      site_id: deletedSiteId,
      coordinates: line,
    });
    expect(gone.status).toBe(404);
    expect((gone.body as { message: string }).message).toMatch(/site/i);
    const kept = before[0] as { id: string; site_id: string };
    const moved = await call(admin, 'PATCH', `/road_sections/${kept.id}`, {
      site_id: strangersSiteId,
    });
    expect(moved.status).toBe(403);
    // Nothing of those calls was stored: the lists are as they were.
    expect((await call(admin, 'GET', '/road_sections/')).body).toEqual(before);
    expect((await call(stranger, 'GET', '/road_sections/')).body).toEqual([]);
    expect((await call(stranger, 'GET', `/road_sections/?site_id=${siteId}`)).status).toBe(403);
  });

  it("names a section's site, and lists a site's sections", async () => {
    const made = await call(admin, 'POST', '/road_sections/', {
      name: 'Mill Lane footbridge',
      coordinates: [
        [-2.98, 53.41],
        [-2.97, 53.41],
      ],
    });
    expect(made.body).toMatchObject({ site_id: null, site_name: null });
    const sectionId = (made.body as { id: string }).id;
    const linked = await call(admin, 'PATCH', `/road_sections/${sectionId}`, { site_id: siteId });
    expect(linked.body).toMatchObject({ site_id: siteId, site_name: 'Harbour Road' });
    const ofSite = (await call(viewer, 'GET', `/road_sections/?site_id=${siteId}`)).body as {
      name: string;
      site_name: string;
    }[];
    // Ordered by name: the section of the earlier test, then this one.
    expect(ofSite.map((section) => [section.name, section.site_name])).toEqual([
      ['Harbour Road, quay to bridge', 'Harbour Road'],
      ['Mill Lane footbridge', 'Harbour Road'],
    ]);
    const unlinked = await call(admin, 'PATCH', `/road_sections/${sectionId}`, { site_id: null });
    expect(unlinked.body).toMatchObject({ site_id: null, site_name: null });
    expect((await call(viewer, 'GET', `/road_sections/?site_id=${siteId}`)).body).toHaveLength(1);
    expect((await call(admin, 'DELETE', `/road_sections/${sectionId}`)).status).toBe(204);
  });
});
