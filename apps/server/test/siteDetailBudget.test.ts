import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

/** 364 whole days inside the site's data, which runs from 3 March 2025 to 3 March 2026. */
const WINDOW = { start_time: '2025-03-04T00:00:00Z', end_time: '2026-03-03T00:00:00Z' };

const siteDetails = (siteId: string, count: number, minutes: number) =>
  `query($filter: FilterPayload) { ${Array.from(
    { length: count },
    (_, index) =>
      `d${index}: siteDetail(siteId: "${siteId}", filter: $filter, aggregation_minutes: ${minutes}) { site_id bins }`,
  ).join(' ')} }`;

describe('site-detail requests priced before their scan', () => {
  let server: TestServer;
  let token: string;
  let siteId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    // Two days at each end of a year: a few vehicles, a long history.
    const days = (startDay: string) =>
      generateTraffic({
        seed: 38,
        startDay,
        days: 2,
        vehiclesPerDay: 400,
        directions: [1, 5],
        meanSpeedKmh: 50,
      });
    const text = [
      ...roadcountCsvText([...days('2025-03-03'), ...days('2026-03-02')], {
        name: 'Long History Road',
        latitude: 51.5,
        longitude: -0.1,
      }),
    ].join('');
    const file = await uploadAndProcess(server, token, 'long-history.csv', text);
    siteId = file.site?.id ?? '';
    // Its data joined the site: the scan and the price read it.
    expect(file.review_status).toBe('PDC');
  }, 60_000);
  afterAll(() => server.close());

  const asked = () => server.app.analysisStats().asked;

  it('refuses a year at 5-minute bins before scanning, saying what to narrow', async () => {
    const before = asked();
    const { status, body } = await graphql(server, siteDetails(siteId, 1, 5), {
      token,
      variables: { filter: WINDOW },
    });
    expect(status).toBe(400);
    // 364 days × 288 five-minute bins a day.
    expect(body.errors?.map((error) => error.message)).toEqual([
      'This asks for 104832 time bins, more than the 50000 one request may draw: choose a shorter time range or a longer time aggregation',
    ]);
    expect(asked()).toBe(before);
  });

  it('answers the same year at 15-minute bins', async () => {
    const { body } = await graphql(server, siteDetails(siteId, 1, 15), {
      token,
      variables: { filter: WINDOW },
    });
    expect(body.errors).toBeUndefined();
    const detail = body.data?.d0 as { site_id: string; bins: { starts: string[] } };
    expect(detail.site_id).toBe(siteId);
    // 364 days × 96 bins a day, at most: one field's 34,944 fit.
    expect(detail.bins.starts.length).toBeLessThanOrEqual(364 * 96);
  });

  it('counts aliased fields of one request together', async () => {
    const before = asked();
    const { body } = await graphql(server, siteDetails(siteId, 2, 15), {
      token,
      variables: { filter: WINDOW },
    });
    // The second field brings the request to 2 × 34,944 = 69,888 bins: it is refused unscanned.
    expect(body.errors?.map((error) => error.message)).toEqual([
      'This asks for 69888 time bins, more than the 50000 one request may draw: choose a shorter time range or a longer time aggregation',
    ]);
    // The first may be dropped unasked too, once the answer is sent: never both asked.
    expect(asked()).toBeLessThanOrEqual(before + 1);
  });
});
