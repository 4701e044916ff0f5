import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

/*
 * Issue 36 point 4: a 15-minute Eco-Counter bicycle file, local times, every quarter hour from
 * 00:00 to 23:45 on Monday 4, Tuesday 5 and Wednesday 6 March 2024, and from 00:00 to 11:45 on
 * Thursday 7 March (the counter taken away at noon):
 *   4 March: 1 a quarter hour (in)             96 a day
 *   5 March: 2 a quarter hour (1 in, 1 out)   192
 *   6 March: 30 at 00:00 (15 in, 15 out), then 0: 30 (a quiet day is a real 0)
 *   7 March: 5 a quarter hour until noon      240, partial
 * The intervals cover 4, 5 and 6 March: whole days 3, ADT (96 + 192 + 30) / 3 = 106. The old
 * rule took the first and last day as partial: the 5th and 6th, (192 + 30) / 2 = 111.
 * Unadjusted (in no factor group), the AADT is that ADT: 106.
 */
const PER_DAY: { day: number; quarters: number; count: (quarter: number) => [number, number] }[] = [
  { day: 4, quarters: 96, count: () => [1, 0] },
  { day: 5, quarters: 96, count: () => [1, 1] },
  { day: 6, quarters: 96, count: (quarter) => (quarter === 0 ? [15, 15] : [0, 0]) },
  { day: 7, quarters: 48, count: () => [3, 2] },
];
const ROWS = PER_DAY.flatMap(({ day, quarters, count }) =>
  Array.from({ length: quarters }, (_unused, quarter) => {
    const hour = Math.floor(quarter / 4);
    const clock = hour % 12 === 0 ? 12 : hour % 12;
    const minutes = String((quarter % 4) * 15).padStart(2, '0');
    const [inbound, outbound] = count(quarter);
    return `"Mar ${day}, 2024 ${clock}:${minutes} ${hour < 12 ? 'AM' : 'PM'}",${inbound + outbound},${inbound},${outbound}`;
  }),
);
const FILE = [
  'Period,"Mar 4, 2024 - Mar 7, 2024"',
  'Time,Quay Cycle Lane,Quay Cycle Lane IN,Quay Cycle Lane OUT',
  ...ROWS,
  '',
].join('\n');
const ADT = 106;

describe('whole days of a 15-minute counter file', () => {
  let server: TestServer;
  let token: string;
  let siteId: string;
  const ask = async (query: string, variables: Record<string, unknown> = {}) =>
    graphql(server, query, { token, variables });

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    const file = await uploadAndProcess(server, token, 'quay-cycle-lane.csv', FILE, 'bike');
    siteId = file.site?.id ?? '';
    if (file.review_status === 'WFR')
      await ask(
        'mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC", userReview: {}) { id } }',
        { id: file.id },
      );
    // The rollups are rebuilt by a task after the file joins: wait for the AADT to have days.
    await pollUntil(
      async () =>
        (await ask('query($id: ID!) { siteAadt(site_id: $id) { whole_days } }', { id: siteId }))
          .body.data?.siteAadt as { whole_days: number },
      (answer) => answer.whole_days > 0,
    );
  }, 240_000);
  afterAll(() => server.close());

  it('counts every day its intervals cover from 00:00 to 24:00, first and last included', async () => {
    const { body } = await ask(
      `query($siteId: ID!) {
        timeSeriesCountSummary(siteId: $siteId, aggregation_minutes: 1440) {
          totals { bike } wholeDays dailyAverage { bike } virtualWeek { bike }
        }
      }`,
      { siteId },
    );
    expect(body.data?.timeSeriesCountSummary).toMatchObject({
      totals: { bike: 96 + 192 + 30 + 240 },
      wholeDays: 3,
      dailyAverage: { bike: ADT },
      // Monday 96, Tuesday 192, Wednesday 30; Thursday's only day stops at noon: no data.
      virtualWeek: { bike: [96, 192, 30, null, null, null, null] },
    });
  });

  it('gives the AADT card and the map the same whole days', async () => {
    const aadt = await ask(
      'query($id: ID!) { siteAadt(site_id: $id) { aadt adt whole_days method } }',
      { id: siteId },
    );
    expect(aadt.body.data?.siteAadt).toEqual({
      aadt: ADT,
      adt: ADT,
      whole_days: 3,
      method: 'unadjusted',
    });
    const map = await ask(
      `query($filter: MapFilter!) { mapSites(filter: $filter) { id adt awdt } }`,
      { filter: { start_date: '2024-03-01', end_date: '2024-03-31' } },
    );
    expect(map.body.data?.mapSites).toEqual([{ id: siteId, adt: ADT, awdt: ADT }]);
  });

  it('explains the ADT and AADT with the same days: 4 to 6 March used, 7 March partial', async () => {
    const used = (figure: string) =>
      ask(
        `query($siteId: ID!, $figure: ExplainedFigure!) {
          figureExplanation(siteId: $siteId, figure: $figure) {
            days { days_used days { day used reason } }
          }
        }`,
        { siteId, figure },
      ).then(
        ({ body }) =>
          (
            body.data?.figureExplanation as {
              days: { days_used: number; days: { day: string; used: boolean; reason: string }[] };
            }
          ).days,
      );
    const expected = {
      days_used: 3,
      days: [
        { day: '2024-03-04', used: true },
        { day: '2024-03-05', used: true },
        { day: '2024-03-06', used: true },
        { day: '2024-03-07', used: false, reason: 'partial' },
      ],
    };
    expect(await used('adt')).toMatchObject(expected);
    expect(await used('aadt')).toMatchObject(expected);
  });
});
