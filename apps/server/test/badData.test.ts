import { and, desc, eq, sql } from 'drizzle-orm';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks } from '../src/infra/db/schema.ts';
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

const PERIODS = `query($siteId: ID!) {
  badDataPeriods(siteId: $siteId) {
    id site_id rule direction lane start_time end_time value state reviewed_by reviewed_at
  }
}`;
const REVIEW = `mutation($id: ID!, $decision: String!) {
  reviewBadDataPeriod(id: $id, decision: $decision) { id state reviewed_by reviewed_at }
}`;
const DETECT = `mutation($siteId: ID!) { detectBadDataPeriods(siteId: $siteId) { id } }`;
const MERGE = `mutation($target: ID!, $sources: [ID!]!) {
  mergeSites(target_id: $target, source_ids: $sources) { id }
}`;
const FIGURES = `query($siteId: ID!) {
  siteDetail(siteId: $siteId, aggregation_minutes: 1440) {
    summary { vehicles }
    leftOut { badDataPeriods }
  }
  siteAvailability(siteId: $siteId) { days { day volume } }
  siteAadt(site_id: $siteId) { method adt aadt }
  mapSites(filter: { start_date: "2025-01-01", end_date: "2025-01-31" }) { id vehicles adt }
}`;

interface Period {
  id: string;
  rule: string;
  direction: number | null;
  lane: number | null;
  start_time: string;
  end_time: string;
  value: number;
  state: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const HOUR = 3_600_000;

/**
 * Roadcount CSV lines of `count` cars in one lane and direction, spread over the local hour
 * (January in England: local time is UTC).
 */
function carsInHour(
  site: { name: string; latitude: number; longitude: number },
  day: string,
  hour: number,
  lane: number,
  direction: 'N' | 'S',
  count: number,
): string[] {
  const start = Date.parse(`${day}T${pad(hour)}:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const time = new Date(start + Math.floor((index * HOUR) / count)).toISOString().slice(0, 23);
    return `${time},${lane},${direction},2,50.0,4.50,2.00,1.50,2,2.70,1.00,,${site.name},${site.latitude},${site.longitude}`;
  });
}

const HEADER =
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';

/**
 * Bad Data Road, four days of January 2025 (north in lane 1, south in lane 2):
 * - 6 January: north 4 and south 2 cars an hour: 96 + 48 = 144; south's share 48 / 144 = 1/3,
 *   under 40%: flagged direction_share (south, the whole day);
 * - 7 January: 3 and 3 an hour, none 10:00-13:00 (three empty daytime hours, each hour
 *   carrying traffic on the other days): flagged silent; 21 hours × 6 = 126;
 * - 8 January: 3 and 3 an hour, none at 15:00 (one empty hour: not flagged), and 2,401 in each
 *   lane at 08:00, above 2,400 veh/h/lane: two lane_flow periods; 22 × 6 + 2 × 2,401 = 4,934;
 * - 9 January: 3 and 3 an hour, 144.
 * The shares of 7 to 9 January are one half. Total 144 + 126 + 4,934 + 144 = 5,348; the whole
 * days (the first and last are taken as partial) are 7 and 8 January: ADT (126 + 4,934) / 2.
 */
function badDataRoad(): string {
  // West of Greenwich, so that the TMG export's station record can hold it.
  const site = { name: 'Bad Data Road', latitude: 52.2, longitude: -0.13 };
  const lines = [HEADER];
  for (let hour = 0; hour < 24; hour += 1) {
    lines.push(...carsInHour(site, '2025-01-06', hour, 1, 'N', 4));
    lines.push(...carsInHour(site, '2025-01-06', hour, 2, 'S', 2));
  }
  for (let hour = 0; hour < 24; hour += 1) {
    if (hour >= 10 && hour < 13) continue;
    lines.push(...carsInHour(site, '2025-01-07', hour, 1, 'N', 3));
    lines.push(...carsInHour(site, '2025-01-07', hour, 2, 'S', 3));
  }
  for (let hour = 0; hour < 24; hour += 1) {
    if (hour === 15) continue;
    const cars = hour === 8 ? 2401 : 3;
    lines.push(...carsInHour(site, '2025-01-08', hour, 1, 'N', cars));
    lines.push(...carsInHour(site, '2025-01-08', hour, 2, 'S', cars));
  }
  for (let hour = 0; hour < 24; hour += 1) {
    lines.push(...carsInHour(site, '2025-01-09', hour, 1, 'N', 3));
    lines.push(...carsInHour(site, '2025-01-09', hour, 2, 'S', 3));
  }
  return `${lines.join('\n')}\n`;
}

/** Good Data Lane, the same organisation's other site: 3 and 3 cars an hour, 6 and 7 January. */
function goodDataLane(): string {
  const site = { name: 'Good Data Lane', latitude: 51.2, longitude: -1.13 };
  const lines = [HEADER];
  for (const day of ['2025-01-06', '2025-01-07'])
    for (let hour = 0; hour < 24; hour += 1) {
      lines.push(...carsInHour(site, day, hour, 1, 'N', 3));
      lines.push(...carsInHour(site, day, hour, 2, 'S', 3));
    }
  return `${lines.join('\n')}\n`;
}

describe('bad-data periods', () => {
  let server: TestServer;
  let admin: string;
  let viewer: string;
  let demo: string;
  let siteId: string;
  let otherSiteId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const signInAs = async (role: 'org_admin' | 'org_user', isDemo = false) =>
      (
        await signIn(
          server,
          (await createUser(server, { organisationId: organisation.id, role, isDemo })).username,
        )
      ).access;
    admin = await signInAs('org_admin');
    viewer = await signInAs('org_user');
    demo = await signInAs('org_admin', true);
    const bad = await uploadAndProcess(server, admin, 'bad.csv', badDataRoad());
    siteId = bad.review_status === 'PDC' ? (bad.site?.id ?? '') : '';
    const good = await uploadAndProcess(server, admin, 'good.csv', goodDataLane());
    otherSiteId = good.review_status === 'PDC' ? (good.site?.id ?? '') : '';
    expect(siteId).not.toBe('');
    expect(otherSiteId).not.toBe('');
  }, 90_000);
  afterAll(() => server.close());

  const periodsOf = async (id: string, token = viewer) =>
    ((await graphql(server, PERIODS, { token, variables: { siteId: id } })).body.data
      ?.badDataPeriods ?? []) as Period[];

  const figuresOf = async (id: string) => {
    const { body } = await graphql(server, FIGURES, { token: viewer, variables: { siteId: id } });
    const data = body.data as {
      siteDetail: { summary: { vehicles: number }; leftOut: { badDataPeriods: number } };
      siteAvailability: { days: { day: string; volume: number }[] };
      siteAadt: { method: string; adt: number | null };
      mapSites: { id: string; vehicles: number; adt: number | null }[];
    };
    const onMap = data.mapSites.find((site) => site.id === id);
    return {
      vehicles: data.siteDetail.summary.vehicles,
      leftOutAsBadData: data.siteDetail.leftOut.badDataPeriods,
      days: data.siteAvailability.days,
      adt: data.siteAadt.adt,
      map: { vehicles: onMap?.vehicles, adt: onMap?.adt },
    };
  };

  it('flags the silent stretch, the weak direction and the impossible lane flows', async () => {
    const periods = await pollUntil(
      () => periodsOf(siteId),
      (list) => list.length >= 4,
    );
    expect(
      periods.map(({ rule, direction, lane, start_time, end_time, value, state }) => ({
        rule,
        direction,
        lane,
        start_time,
        end_time,
        value,
        state,
      })),
    ).toEqual([
      {
        rule: 'direction_share',
        direction: 5,
        lane: null,
        start_time: '2025-01-06T00:00:00.000Z',
        end_time: '2025-01-07T00:00:00.000Z',
        value: 48 / 144,
        state: 'flagged',
      },
      {
        rule: 'silent',
        direction: null,
        lane: null,
        start_time: '2025-01-07T10:00:00.000Z',
        end_time: '2025-01-07T13:00:00.000Z',
        value: 3,
        state: 'flagged',
      },
      {
        rule: 'lane_flow',
        direction: 1,
        lane: 1,
        start_time: '2025-01-08T08:00:00.000Z',
        end_time: '2025-01-08T09:00:00.000Z',
        value: 2401,
        state: 'flagged',
      },
      {
        rule: 'lane_flow',
        direction: 5,
        lane: 2,
        start_time: '2025-01-08T08:00:00.000Z',
        end_time: '2025-01-08T09:00:00.000Z',
        value: 2401,
        state: 'flagged',
      },
    ]);
    // Good Data Lane: balanced days, never silent, 3 cars an hour a lane: nothing flagged.
    expect(await periodsOf(otherSiteId)).toEqual([]);
  });

  it('lets viewers and the demo account see periods but not review them', async () => {
    const [period] = await periodsOf(siteId);
    const refusals = {
      [viewer]: "You aren't currently authorised for this resource",
      [demo]:
        'The demo account cannot do this: every visitor shares it, so it changes nothing shared or that signs it in.',
    };
    for (const [token, refusal] of Object.entries(refusals)) {
      const { body } = await graphql(server, REVIEW, {
        token,
        variables: { id: period?.id, decision: 'kept' },
      });
      expect(body.errors?.[0]?.message).toBe(refusal);
      const detect = await graphql(server, DETECT, { token, variables: { siteId } });
      expect(detect.body.errors?.[0]?.message).toBe(refusal);
    }
    expect((await periodsOf(siteId))[0]?.state).toBe('flagged');
  });

  it('keeps real zeros apart and refuses a real zero that is not a silent stretch', async () => {
    const periods = await periodsOf(siteId);
    const silent = periods.find((period) => period.rule === 'silent');
    const flow = periods.find((period) => period.rule === 'lane_flow');
    const refused = await graphql(server, REVIEW, {
      token: admin,
      variables: { id: flow?.id, decision: 'real_zero' },
    });
    expect(refused.body.errors?.[0]?.message).toBe(
      'decision: only a silent stretch can be a real zero; keep or exclude this period',
    );
    const marked = await graphql(server, REVIEW, {
      token: admin,
      variables: { id: silent?.id, decision: 'real_zero' },
    });
    const reviewed = marked.body.data?.reviewBadDataPeriod as Period;
    expect(reviewed.state).toBe('real_zero');
    expect(reviewed.reviewed_by).not.toBeNull();
    expect(reviewed.reviewed_at).not.toBeNull();
    const unknown = await graphql(server, REVIEW, {
      token: admin,
      variables: { id: silent?.id, decision: 'ignored' },
    });
    expect(unknown.body.errors?.[0]?.message).toBe(
      'decision: must be one of kept, excluded, real_zero',
    );
  });

  it("leaves an excluded period out of that site's figures and no other's", async () => {
    const before = await figuresOf(siteId);
    const otherBefore = await figuresOf(otherSiteId);
    expect(before.vehicles).toBe(5348);
    expect(before.leftOutAsBadData).toBe(0);
    expect(before.days).toEqual([
      { day: '2025-01-06', volume: 144 },
      { day: '2025-01-07', volume: 126 },
      { day: '2025-01-08', volume: 4934 },
      { day: '2025-01-09', volume: 144 },
    ]);
    // (126 + 4,934) / 2 = 2,530, on the map too.
    expect(before.adt).toBe(2530);
    expect(before.map).toEqual({ vehicles: 5348, adt: 2530 });
    // 2 days × 24 hours × 6 = 288.
    expect(otherBefore.vehicles).toBe(288);

    const flow = (await periodsOf(siteId)).find((period) => period.rule === 'lane_flow');
    const excluded = await graphql(server, REVIEW, {
      token: admin,
      variables: { id: flow?.id, decision: 'excluded' },
    });
    expect((excluded.body.data?.reviewBadDataPeriod as Period).state).toBe('excluded');

    // The period was found on lane 1 of the north direction: only that lane's 2,401 vehicles
    // from 08:00 to 09:00 on 8 January leave every figure, south's lane 2 keeps its 2,401:
    // 5,348 − 2,401 = 2,947 vehicles; 8 January 4,934 − 2,401 = 2,533; the calendar and the
    // ADT follow once the rollups are rebuilt: (126 + 2,533) / 2 = 1,329.5.
    const after = await pollUntil(
      () => figuresOf(siteId),
      (figures) => figures.days[2]?.volume !== 4934,
    );
    expect(after.vehicles).toBe(2947);
    expect(after.leftOutAsBadData).toBe(2401);
    expect(after.days).toEqual([
      { day: '2025-01-06', volume: 144 },
      { day: '2025-01-07', volume: 126 },
      { day: '2025-01-08', volume: 2533 },
      { day: '2025-01-09', volume: 144 },
    ]);
    expect(after.adt).toBe(1329.5);
    expect(after.map).toEqual({ vehicles: 2947, adt: 1329.5 });
    // The TMG export's volume records of Wednesday 8 January (day 4, Sunday 1): north's lane 1
    // has no data for its 08:00 hour (an empty field, the day marked restricted, code 2), south's
    // lane 2 keeps its 2,401; 3 cars every other hour, none at 15.
    const tmg = await fetch(
      `${server.url}/api/tmg/export.zip?site_id=${siteId}&year=2025&state_code=06&functional_class=4U&county_code=001&sensor_type=R`,
      { headers: { authorization: `Bearer ${viewer}` } },
    );
    expect(tmg.status).toBe(200);
    const zip = await JSZip.loadAsync(await tmg.arrayBuffer());
    const volumeFile = Object.keys(zip.files).find((name) => name.endsWith('.VOL')) ?? '';
    const volumes = ((await zip.file(volumeFile)?.async('string')) ?? '')
      .trim()
      .split('\r\n')
      .map((line) => line.split('|'))
      .filter((fields) => fields[7] === '01' && fields[8] === '08');
    const hoursOf = (eight: string) =>
      Array.from({ length: 24 }, (_, hour) => (hour === 8 ? eight : hour === 15 ? '0' : '3'));
    // Direction, lane, day of week, the 24 hours, restrictions.
    expect(volumes.map((fields) => [fields[4], fields[5], fields[9], ...fields.slice(10)])).toEqual(
      [
        ['1', '1', '4', ...hoursOf(''), '2'],
        ['5', '2', '4', ...hoursOf('2401'), '0'],
      ],
    );
    expect(await figuresOf(otherSiteId)).toEqual(otherBefore);

    // The rebuild flagged the site again without undoing a review or flagging twice.
    const states = (await periodsOf(siteId)).map((period) => `${period.rule}:${period.state}`);
    expect(states).toEqual([
      'direction_share:flagged',
      'silent:real_zero',
      'lane_flow:excluded',
      'lane_flow:flagged',
    ]);

    // That rebuild (refresh_site_rollups) run a second time: the same figures, the same periods.
    const [rebuild] = await server.database.db
      .select()
      .from(tasks)
      .where(
        and(
          eq(tasks.functionName, 'refresh_site_rollups'),
          sql`${tasks.payload}->>'siteId' = ${siteId}`,
        ),
      )
      .orderBy(desc(tasks.createdOn))
      .limit(1);
    expect((await runTaskAgain(server, rebuild?.id ?? '')).state).toBe('CM');
    expect(await figuresOf(siteId)).toEqual(after);
    expect((await periodsOf(siteId)).map((period) => `${period.rule}:${period.state}`)).toEqual(
      states,
    );
  });

  it('keeps a period back in the figures once it is kept again', async () => {
    const flow = (await periodsOf(siteId)).find((period) => period.state === 'excluded');
    await graphql(server, REVIEW, { token: admin, variables: { id: flow?.id, decision: 'kept' } });
    const after = await pollUntil(
      () => figuresOf(siteId),
      (figures) => figures.days[2]?.volume === 4934,
    );
    expect(after.vehicles).toBe(5348);
    expect(after.adt).toBe(2530);
  });

  it("carries a merged site's reviewed periods over to the site it merges into", async () => {
    const flow = (await periodsOf(siteId)).find(
      (period) => period.rule === 'lane_flow' && period.direction === 1,
    );
    await graphql(server, REVIEW, {
      token: admin,
      variables: { id: flow?.id, decision: 'excluded' },
    });
    await pollUntil(
      () => figuresOf(siteId),
      (figures) => figures.days[2]?.volume === 2533,
    );
    const merged = await graphql(server, MERGE, {
      token: admin,
      variables: { target: otherSiteId, sources: [siteId] },
    });
    expect(merged.body.errors).toBeUndefined();
    // Good Data Lane's 288 and Bad Data Road's 5,348 less the excluded lane's 2,401 = 3,235.
    const after = await pollUntil(
      () => figuresOf(otherSiteId),
      (figures) => figures.vehicles !== 288,
    );
    expect(after.vehicles).toBe(3235);
    expect(after.leftOutAsBadData).toBe(2401);
    // The reviewed periods moved (the real zero and the excluded lane); the rules ran again on
    // the merged record: 8 January's south lane is flagged anew, while 6 January's south share
    // is (72 + 48) / (144 + 144) = 41.7 %, no longer under 40 %, and 7 January 10:00-13:00
    // carries Good Data Lane's cars.
    const periods = await pollUntil(
      () => periodsOf(otherSiteId),
      (list) => list.length >= 3,
    );
    expect(
      periods.map((period) => [
        period.rule,
        period.direction,
        period.lane,
        period.start_time,
        period.state,
      ]),
    ).toEqual([
      ['silent', null, null, '2025-01-07T10:00:00.000Z', 'real_zero'],
      ['lane_flow', 1, 1, '2025-01-08T08:00:00.000Z', 'excluded'],
      ['lane_flow', 5, 2, '2025-01-08T08:00:00.000Z', 'flagged'],
    ]);
  });
});
