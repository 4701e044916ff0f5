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
 * Issue 36 point 1: one AADT per site, everywhere. A short count in London (UTC+0 in January),
 * in no factor group, vehicles per day:
 *   Sun 5 Jan 1 (partial: the first day)   Mon 6 Jan 4   Tue 7 1   Wed 8 1   Thu 9 1
 *   Fri 10 1   Sat 11 1   Sun 12 1   Mon 13 2   Tue 14 Jan 1 (partial: the last day)
 * Whole days 6–13 January: 8 days, 4 + 6 × 1 + 2 = 12 vehicles, ADT = 12 / 8 = 1.5.
 * Unadjusted (no factor group), its AADT is that ADT: 1.5 over the whole record.
 * The AASHTO mean of weekday means would be (Monday (4 + 2) / 2 = 3, six other weekdays 1)
 * / 7 = 9 / 7 ≈ 1.286: the second answer the site detail gave before.
 * With the filter 6–9 January the ADT follows it ((1 + 1) / 2 = 1 over 7 and 8 January, the
 * filtered days' whole days); the AADT does not.
 */
const PER_DAY: [string, number][] = [
  ['2025-01-05', 1],
  ['2025-01-06', 4],
  ['2025-01-07', 1],
  ['2025-01-08', 1],
  ['2025-01-09', 1],
  ['2025-01-10', 1],
  ['2025-01-11', 1],
  ['2025-01-12', 1],
  ['2025-01-13', 2],
  ['2025-01-14', 1],
];
const FILE = [
  '# Roadcount per-vehicle CSV',
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude',
  ...PER_DAY.flatMap(([day, vehicles]) =>
    Array.from(
      { length: vehicles },
      (_unused, index) =>
        `${day}T${String(10 + index).padStart(2, '0')}:00:00Z,1,N,2,40.0,4.50,,,2,2.70,,,One Figure Lane,51.50000,-0.12000`,
    ),
  ),
  '',
].join('\n');
const AADT = 1.5;

const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 1440) {
    summary { vehicles adt aadt aadtIsEstimate aadtMethod aadtVariant aadtScope }
  }
}`;
const REQUEST = `mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }`;
const REPORT = `query($id: ID!) { report(id: $id) { state message } }`;
const DOWNLOAD = `query($id: ID!) { reportDownload(id: $id) { url } }`;

describe('one AADT for a short count in no factor group', () => {
  let server: TestServer;
  let token: string;
  let siteId: string;

  const ask = async (query: string, variables: Record<string, unknown> = {}) =>
    graphql(server, query, { token, variables });

  /** Runs a report over 6–9 January (dates that must not change the AADT); its file's bytes. */
  async function report(type: string): Promise<Buffer> {
    const { body } = await ask(REQUEST, {
      input: {
        type,
        site_ids: [siteId],
        start: '2025-01-06T00:00:00Z',
        end: '2025-01-10T00:00:00Z',
        units: 'metric',
        aggregation_minutes: 1440,
      },
    });
    expect(body.errors).toBeUndefined();
    const id = (body.data?.requestReport as { id: string }).id;
    const done = await pollUntil(
      async () => (await ask(REPORT, { id })).body.data?.report as { state: string },
      (answer) => answer.state === 'CM' || answer.state === 'ER',
      600,
    );
    expect(done.state).toBe('CM');
    const url = ((await ask(DOWNLOAD, { id })).body.data?.reportDownload as { url: string }).url;
    return Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
  }

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    const file = await uploadAndProcess(server, token, 'one-figure.csv', FILE);
    siteId = file.site?.id ?? '';
    if (file.review_status === 'WFR')
      await ask(
        'mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC", userReview: {}) { id } }',
        { id: file.id },
      );
    await pollUntil(
      async () =>
        (await ask(SITE_DETAIL, { siteId })).body.data?.siteDetail as {
          summary: { vehicles: number };
        },
      (detail) => detail.summary.vehicles === 14,
    );
  }, 240_000);
  afterAll(() => server.close());

  it('gives the site detail, its AADT answer and the map the same whole-record AADT', async () => {
    const filtered = (
      await ask(SITE_DETAIL, {
        siteId,
        filter: { start_time: '2025-01-06T00:00:00Z', end_time: '2025-01-10T00:00:00Z' },
      })
    ).body.data?.siteDetail as { summary: Record<string, unknown> };
    expect(filtered.summary).toMatchObject({
      adt: 1,
      aadt: AADT,
      aadtIsEstimate: true,
      aadtMethod: 'unadjusted',
      aadtVariant: 'unadjustedNoGroup',
      aadtScope: 'wholeRecord',
    });
    const whole = (await ask(SITE_DETAIL, { siteId })).body.data?.siteDetail as {
      summary: Record<string, unknown>;
    };
    expect(whole.summary).toMatchObject({ adt: AADT, aadt: AADT, aadtMethod: 'unadjusted' });

    const { body } = await ask(
      `query($id: ID!) { siteAadt(site_id: $id) { aadt adt method variant estimate scope scope_reason group_version } }`,
      { id: siteId },
    );
    expect(body.data?.siteAadt).toMatchObject({
      aadt: AADT,
      adt: AADT,
      method: 'unadjusted',
      variant: 'unadjustedNoGroup',
      estimate: true,
      scope: 'wholeRecord',
      group_version: null,
    });
    expect((body.data?.siteAadt as { scope_reason: string }).scope_reason).toMatch(/whole record/);

    const map = await ask('{ mapDesignFigures { id aadt aadt_method aadt_variant } }');
    expect(map.body.data?.mapDesignFigures).toEqual([
      { id: siteId, aadt: AADT, aadt_method: 'unadjusted', aadt_variant: 'unadjustedNoGroup' },
    ]);
  });

  it('writes the same AADT into the standard spreadsheet, the CSV and the GIS export', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await report('standard_spreadsheet')) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('One Figure Lane');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push([row.getCell(1).value, row.getCell(2).value]));
    expect(rows).toContainEqual(['ADT, unadjusted', AADT]);

    const lines = (await report('universal_csv'))
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    expect(lines.find((row) => row[5] === 'aadt')?.slice(6)).toEqual([
      'Unadjusted ADT: the site is in no factor group',
      'vehicles per day',
      String(AADT),
    ]);

    const geojson = JSON.parse((await report('gis_geojson')).toString('utf8')) as {
      features: { properties: Record<string, unknown> }[];
    };
    expect(geojson.features[0]?.properties).toMatchObject({
      aadt: AADT,
      aadt_meth: 'unadjusted',
      aadt_est: 1,
    });
  }, 120_000);
});
