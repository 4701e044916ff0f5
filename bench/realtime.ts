// npm run bench:realtime — realtime ingest end to end (issue 27). Prints figures, asserts nothing.
// BENCH_RT_SITES sites (4), each with a gateway and two lanes of two studs 2 m apart, receive
// batches of BENCH_RT_BATCH events (2,000) from BENCH_RT_SENDERS concurrent senders per site (2)
// for BENCH_RT_SECONDS (20), as fast as the route accepts them. Vehicles are 600 ms apart in
// each lane, so each pair of events is exactly one vehicle. Then: how long after the last batch
// was accepted until every site's site detail counts every vehicle sent to it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SensorEventInput } from '@roadcount/domain';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { baseDatabaseUrl, dropDatabases, startServer, uploadAndWait } from './support.ts';

const SITES = Number(process.env.BENCH_RT_SITES ?? 4);
const SENDERS = Number(process.env.BENCH_RT_SENDERS ?? 2);
const BATCH = Number(process.env.BENCH_RT_BATCH ?? 2000);
const SECONDS = Number(process.env.BENCH_RT_SECONDS ?? 20);
const HEADWAY_MS = 600;
/** 2 m at 50 km/h. */
const STUD_GAP_MS = Math.round((2 * 3600) / 50);
/** The synthetic day the events fall on: one day, so each site has one realtime file. */
const DAY_START = Date.parse('2025-03-04T00:00:00Z');

const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-rt-'));

type Server = Awaited<ReturnType<typeof startServer>>;

async function call(server: Server, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
  return answer;
}

async function graphql(server: Server, query: string, variables: Record<string, unknown>) {
  const answer = (await call(server, 'POST', '/gql/v1/graphql/', { query, variables })) as {
    data?: Record<string, unknown>;
    errors?: { message: string }[];
  };
  if (answer.errors) throw new Error(answer.errors.map((error) => error.message).join('; '));
  return answer.data ?? {};
}

/** A site made the way users make one (an upload), then given two lanes and its hardware. */
async function realtimeSite(server: Server, index: number) {
  const path = join(workDir, `seed-${index}.csv`);
  const seed = generateTraffic({
    seed: index + 1,
    startDay: '2024-01-01',
    days: 1,
    vehiclesPerDay: 20,
    directions: [3, 7],
    meanSpeedKmh: 50,
  });
  writeFileSync(
    path,
    [
      ...roadcountCsvText(seed, {
        name: `Realtime bench ${index}`,
        latitude: 51 + index / 100,
        longitude: -1,
      }),
    ].join(''),
  );
  const { fileId } = await uploadAndWait(server, path);
  const file = (await graphql(
    server,
    'query($id: ID!) { getTrafficDataFile(id: $id) { site { id } } }',
    { id: fileId },
  )) as {
    getTrafficDataFile: { site: { id: string } };
  };
  const siteId = file.getTrafficDataFile.site.id;
  const lanes = (
    (await graphql(
      server,
      'mutation($siteId: ID!, $lanes: [LaneInput!]!) { setSiteLanes(siteId: $siteId, lanes: $lanes) { id } }',
      {
        siteId,
        lanes: [
          { direction: 'E', lane_type: 'ROAD_LANE', name: 'east' },
          { direction: 'W', lane_type: 'ROAD_LANE', name: 'west' },
        ],
      },
    )) as { setSiteLanes: { id: string }[] }
  ).setSiteLanes;
  const device = async (body: unknown) =>
    (await call(server, 'POST', '/core/api/config/devices/', body)).id as string;
  const gatewayId = await device({ kind: 'gateway', serial: `BENCH-GW-${index}` });
  const studs: string[][] = [];
  for (const [laneIndex, lane] of lanes.entries()) {
    const serials = [`B${index}-L${laneIndex}-S1`, `B${index}-L${laneIndex}-S2`];
    const ids = [];
    for (const serial of serials)
      ids.push(await device({ kind: 'roadstud', serial, gateway_id: gatewayId }));
    const array = await call(server, 'POST', '/core/api/config/device_arrays/', {
      name: `bench ${index} ${laneIndex}`,
      spacing_m: 2,
      device_ids: ids,
    });
    await call(server, 'POST', '/core/api/config/device_mappings/', {
      device_array_id: array.id,
      site_id: siteId,
      lane_id: lane.id,
      valid_from: '2025-01-01T00:00:00Z',
    });
    studs.push(serials);
  }
  const key = (await call(server, 'POST', `/core/api/config/rtg_devices/${gatewayId}/api_key`))
    .api_key as string;
  return { siteId, key, studs, sent: 0, nextVehicle: 0 };
}

type Site = Awaited<ReturnType<typeof realtimeSite>>;

/** The next batch of a site: whole vehicles, alternating lanes, each lane's 600 ms apart. */
function nextBatch(site: Site) {
  const events: SensorEventInput[] = [];
  for (let taken = 0; taken < BATCH; taken += 2) {
    const vehicle = site.nextVehicle;
    site.nextVehicle += 1;
    const lane = site.studs[vehicle % 2] as string[];
    const at = DAY_START + Math.floor(vehicle / 2) * HEADWAY_MS;
    lane.forEach((sensor, position) =>
      events.push({
        sensor,
        timestamp: new Date(at + position * STUD_GAP_MS).toISOString(),
        speed: 50,
        length: 4.5,
        class: 1,
        axles: 2,
      }),
    );
  }
  return events;
}

async function vehiclesOf(server: Server, siteId: string): Promise<number> {
  const data = (await graphql(
    server,
    'query($id: ID!) { siteDetail(siteId: $id) { summary { vehicles } } }',
    {
      id: siteId,
    },
  )) as {
    siteDetail: { summary: { vehicles: number } };
  };
  return data.siteDetail.summary.vehicles;
}

console.log(`database: ${baseDatabaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
const server = await startServer(workDir, { ANALYSIS_WARM_UP: 'false' });
try {
  const sites: Site[] = [];
  for (let index = 0; index < SITES; index += 1) sites.push(await realtimeSite(server, index));
  // The seed vehicle of each site's upload counts too.
  const seeded = await Promise.all(sites.map((site) => vehiclesOf(server, site.siteId)));
  const started = performance.now();
  const until = started + SECONDS * 1000;
  let accepted = 0;
  let lastAccepted = started;
  const latencies: number[] = [];
  async function sender(site: Site) {
    while (performance.now() < until) {
      const events = nextBatch(site);
      const response = await fetch(`${server.url}/core/api/realtime/events/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-gateway-key': site.key },
        body: JSON.stringify({ events }),
      });
      const answer = (await response.json()) as { stored?: number; message?: string };
      if (!response.ok) throw new Error(`a batch was refused: ${answer.message}`);
      accepted += answer.stored ?? 0;
      site.sent += events.length / 2;
      lastAccepted = performance.now();
    }
  }
  await Promise.all(sites.flatMap((site) => Array.from({ length: SENDERS }, () => sender(site))));
  const sendingS = (lastAccepted - started) / 1000;
  // Each site's detail, asked until it counts every vehicle sent to it.
  await Promise.all(
    sites.map(async (site, index) => {
      const expected = site.sent + (seeded[index] ?? 0);
      for (;;) {
        if ((await vehiclesOf(server, site.siteId)) >= expected) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      latencies.push(performance.now() - lastAccepted);
    }),
  );
  const eventsPerS = Math.round(accepted / sendingS);
  const latencyMs = Math.round(Math.max(...latencies));
  console.log(
    `${accepted} events (${sites.reduce((sum, site) => sum + site.sent, 0)} vehicles) accepted in ${sendingS.toFixed(1)} s over ${SITES} sites; every site detail counted them ${latencyMs} ms after the last batch; server peak RSS ${server.peakRssMb().toFixed(0)} MB`,
  );
  console.log(`RESULT events_per_s=${eventsPerS} latency_ms=${latencyMs}`);
} finally {
  await server.close();
  rmSync(workDir, { recursive: true, force: true });
  await dropDatabases();
}
