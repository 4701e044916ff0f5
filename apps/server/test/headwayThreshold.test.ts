import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  runTaskAgain,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

/*
 * Eight vehicles on Tuesday 7 January 2025 (London, UTC+0), headway and speed each:
 *   headway 1, 2, 3, 4 s at 30.5, 32.5, 34.5, 36.5 km/h (queued behind another vehicle)
 *   headway 6, 7, 8, 9 s at 50.5, 52.5, 54.5, 56.5 km/h (free-flowing)
 */
const HEADWAYS = [1, 2, 3, 4, 6, 7, 8, 9];
const SPEEDS = [30.5, 32.5, 34.5, 36.5, 50.5, 52.5, 54.5, 56.5];
const FILE = [
  '# Roadcount per-vehicle CSV',
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude',
  ...HEADWAYS.map(
    (headway, index) =>
      `2025-01-07T${String(8 + index).padStart(2, '0')}:00:00Z,1,N,2,${SPEEDS[index]},4.50,${headway},,2,2.70,,,Threshold Lane,53.40840,-2.99160`,
  ),
  '',
].join('\n');

const FREE_FLOW = `query($siteId: ID!, $filter: MapFilter!) {
  mapSiteFreeFlow(siteId: $siteId, filter: $filter) { headway_threshold_s vehicles speed85_mps }
}`;
const TASKS = `query($ids: [ID!]!) { task_tracking(ids: $ids) { id state message } }`;
const JANUARY = { start_date: '2025-01-01', end_date: '2025-01-31', day_range: 'wholeWeek' };

interface FreeFlow {
  headway_threshold_s: number;
  vehicles: number;
  speed85_mps: number | null;
}

describe("an organisation's headway threshold", () => {
  let server: TestServer;
  let token: string;
  let organisationId: string;
  let siteId: string;

  const freeFlow = async () =>
    (await graphql(server, FREE_FLOW, { token, variables: { siteId, filter: JANUARY } })).body.data
      ?.mapSiteFreeFlow as FreeFlow;

  const setThreshold = async (seconds: number) => {
    const response = await fetch(`${server.url}/core/api/config/organisations/${organisationId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ headway_threshold_seconds: seconds }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as { reprocessing_task_id?: string };
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    organisationId = (await createOrg(server)).id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    const file = await uploadAndProcess(server, token, 'threshold.csv', FILE);
    siteId = file.site?.id ?? '';
    // Eight vehicles fail the data quality checks: the admin accepts the file, as a user would.
    await graphql(
      server,
      'mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC", userReview: {}) { id } }',
      { token, variables: { id: file.id } },
    );
    await pollUntil(freeFlow, (figures) => figures?.vehicles > 0, 400);
  }, 120_000);
  afterAll(() => server.close());

  it('counts as free-flowing only the vehicles whose headway is above it (5 s by default)', async () => {
    // Headways 6, 7, 8, 9 s: bins 50, 52, 54, 56 km/h, one each. 85 % of 4 = 3.4 vehicles:
    // three bins below 56 hold 3, so 56 + (3.4 - 3) / 1 = 56.4 km/h.
    const figures = await freeFlow();
    expect(figures.headway_threshold_s).toBe(5);
    expect(figures.vehicles).toBe(4);
    expect((figures.speed85_mps ?? 0) * 3.6).toBeCloseTo(56.4, 6);
  });

  it('queues the reprocessing of the summary statistics when it changes, then matches it', async () => {
    const answer = await setThreshold(0.5);
    expect(answer.reprocessing_task_id).toEqual(expect.any(String));
    const [task] = await pollUntil(
      async () =>
        (
          await graphql(server, TASKS, {
            token,
            variables: { ids: [answer.reprocessing_task_id] },
          })
        ).body.data?.task_tracking as { state: string; message: string }[],
      (found) => found[0]?.state === 'CM' || found[0]?.state === 'ER',
      400,
    );
    expect(task?.state).toBe('CM');
    expect(task?.message).toBe(
      'Summary statistics of 1 site(s) reprocessed for a headway threshold of 0.5 s',
    );
    // Every headway is above 0.5 s: all eight, bins 30, 32, 34, 36, 50, 52, 54, 56 km/h.
    // 85 % of 8 = 6.8 vehicles: six bins below 54 hold 6, so 54 + (6.8 - 6) / 1 = 54.8 km/h.
    const figures = await freeFlow();
    expect(figures.headway_threshold_s).toBe(0.5);
    expect(figures.vehicles).toBe(8);
    expect((figures.speed85_mps ?? 0) * 3.6).toBeCloseTo(54.8, 6);
    // Run a second time: the same eight vehicles and the same 54.8 km/h.
    const again = await runTaskAgain(server, answer.reprocessing_task_id ?? '');
    expect(again.state).toBe('CM');
    const after = await freeFlow();
    expect(after.vehicles).toBe(8);
    expect((after.speed85_mps ?? 0) * 3.6).toBeCloseTo(54.8, 6);
  });

  it('queues nothing when another setting changes or the threshold stays the same', async () => {
    const same = await setThreshold(0.5);
    expect(same.reprocessing_task_id).toBeUndefined();
    const response = await fetch(`${server.url}/core/api/config/organisations/${organisationId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ speed_unit_gap: 5 }),
    });
    expect(
      ((await response.json()) as { reprocessing_task_id?: string }).reprocessing_task_id,
    ).toBe(undefined);
  });
});
