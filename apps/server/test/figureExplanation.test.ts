import ExcelJS from 'exceljs';
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
import { pdfText } from './pdfText.ts';

const EXPLAIN = `query($siteId: ID!, $figure: ExplainedFigure!, $filter: FilterPayload) {
  figureExplanation(siteId: $siteId, figure: $figure, filter: $filter) {
    site_name figure term day_rule scope
    files { id name kind first_record last_record vehicles }
    days { first_day last_day days_used days { day volume used reason } }
    left_out { total selected reasons { reason vehicles classes { class_index vehicles } } }
    filter { speed_min_mps speed_max_mps directions exclusions { name } }
    aadt { method variant value adt whole_days group { name version } }
  }
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 1440) { summary { vehicles adt aadt } }
}`;

const REQUEST = `mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }`;
const REPORT = `query($id: ID!) { report(id: $id) { id state message } }`;
const DOWNLOAD = `query($id: ID!) { reportDownload(id: $id) { url } }`;

const HEADER =
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude';

/** `count` vehicles a minute apart from 08:00 UTC (January in England: local time is UTC). */
function vehicles(day: string, direction: 'N' | 'S', count: number, speedKmh = 50): string[] {
  const start = Date.parse(`${day}T08:00:00Z`);
  return Array.from({ length: count }, (_, index) => {
    const time = new Date(start + index * 60_000).toISOString().slice(0, 23);
    return `${time},1,${direction},2,${speedKmh.toFixed(1)},4.50,5.00,4.50,2,2.70,1.00,,Explained Street,52.1,-0.2`;
  });
}

/**
 * Explained Street, Monday 6 to Friday 10 January 2025:
 * - 6 Jan: 10 cars north at 50 km/h and 2 cars north at 0 km/h (below the 1 km/h minimum);
 * - 7 Jan: 20 north and 5 south; 8 Jan: nothing; 9 Jan: 30 north; 10 Jan: 4 north.
 * With the page's filter "north only" (and the default speed range):
 * - vehicles in the range 12 + 25 + 30 + 4 = 71; kept 10 + 20 + 30 + 4 = 64; left out 2 by the
 *   speed range (both class 2), 5 by direction: 71 − 2 − 5 = 64;
 * - the days run from 6 to 10 January; 6 and 10 are the first and last (partial), so the whole
 *   days are 7, 8 (no vehicle: it counts 0) and 9: ADT = (20 + 0 + 30) / 3 = 16.67 over 3 days.
 * - AWEDT: 7 to 9 January are weekdays, so no whole day of a weekend is used.
 * AADT follows no filter: the site is a short count in no factor group, so its AADT is its ADT
 * over the whole record, unadjusted: 7 Jan 25, 8 Jan 0, 9 Jan 30 → 55 / 3 = 18.33.
 */
function explainedStreet(): string {
  return `${[
    HEADER,
    ...vehicles('2025-01-06', 'N', 10),
    ...vehicles('2025-01-06', 'N', 2, 0).map((line) => line.replace('T08:', 'T09:')),
    ...vehicles('2025-01-07', 'N', 20),
    ...vehicles('2025-01-07', 'S', 5).map((line) => line.replace('T08:', 'T10:')),
    ...vehicles('2025-01-09', 'N', 30),
    ...vehicles('2025-01-10', 'N', 4),
  ].join('\n')}\n`;
}

interface Explanation {
  site_name: string;
  figure: string;
  term: string;
  day_rule: string;
  scope: string;
  files: {
    id: string;
    name: string;
    kind: string;
    first_record: string | null;
    last_record: string | null;
    vehicles: number | null;
  }[];
  days: {
    first_day: string | null;
    last_day: string | null;
    days_used: number;
    days: { day: string; volume: number; used: boolean; reason: string | null }[];
  };
  left_out: {
    total: number;
    selected: number;
    reasons: {
      reason: string;
      vehicles: number;
      classes: { class_index: number; vehicles: number }[];
    }[];
  } | null;
  filter: { speed_min_mps: number; speed_max_mps: number; directions: number[] | null };
  aadt: {
    method: string;
    variant: string;
    value: number | null;
    adt: number | null;
    whole_days: number;
    group: { name: string; version: string } | null;
  } | null;
}

describe('figureExplanation: each figure says how it was made', () => {
  let server: TestServer;
  let token: string;
  let outsider: string;
  let admin: string;
  let siteId: string;
  let fileId: string;
  const north = { active_directions: [1] };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const other = await createOrg(server);
    token = (
      await signIn(
        server,
        (await createUser(server, { organisationId: organisation.id, role: 'org_user' })).username,
      )
    ).access;
    outsider = (
      await signIn(
        server,
        (await createUser(server, { organisationId: other.id, role: 'org_admin' })).username,
      )
    ).access;
    admin = (
      await signIn(
        server,
        (await createUser(server, { organisationId: organisation.id, role: 'org_admin' })).username,
      )
    ).access;
    const file = await uploadAndProcess(server, admin, 'explained.csv', explainedStreet());
    siteId = file.site?.id ?? '';
    fileId = file.id;
    // So few vehicles a day wait for review (too little data): accepted, they join the site.
    if (file.review_status === 'WFR')
      await graphql(
        server,
        `
          mutation ($fileId: ID!) {
            updateDataQcCheck(
              fileId: $fileId
              userReview: { comment: "hand-made" }
              status: "ACC"
            ) {
              id
            }
          }
        `,
        { token: admin, variables: { fileId } },
      );
    // Its daily rollups (what the AADT is made from) are written by a task of their own.
    await pollUntil(
      async () =>
        (
          await graphql(
            server,
            'query($id: ID!) { siteAvailability(siteId: $id) { days { day } } }',
            {
              token: admin,
              variables: { id: siteId },
            },
          )
        ).body.data?.siteAvailability as { days: unknown[] } | undefined,
      (availability) => (availability?.days.length ?? 0) === 5,
    );
  }, 90_000);
  afterAll(() => server.close());

  const explain = async (figure: string, filter: unknown = north, as = token) => {
    const { body } = await graphql(server, EXPLAIN, {
      token: as,
      variables: { siteId, figure, filter },
    });
    return body as {
      data?: { figureExplanation: Explanation; siteDetail: { summary: { adt: number } } } | null;
      errors?: { message: string }[];
    };
  };

  it('names the ADT formula, the file, the whole days and the partial ends', async () => {
    const body = await explain('adt');
    const explanation = body.data?.figureExplanation;
    expect(explanation?.term).toBe('adt');
    expect(explanation?.scope).toBe('filters');
    expect(explanation?.files).toEqual([
      // Its first vehicle at 08:00 on 6 January, its last (the 4th of 10 January) at 08:03.
      {
        id: fileId,
        name: 'explained.csv',
        kind: 'vehicles',
        first_record: '2025-01-06T08:00:00.000Z',
        last_record: '2025-01-10T08:03:00.000Z',
        vehicles: 71,
      },
    ]);
    expect(explanation?.days).toEqual({
      first_day: '2025-01-06',
      last_day: '2025-01-10',
      days_used: 3,
      days: [
        { day: '2025-01-06', volume: 10, used: false, reason: 'partial' },
        { day: '2025-01-07', volume: 20, used: true, reason: null },
        { day: '2025-01-08', volume: 0, used: true, reason: null },
        { day: '2025-01-09', volume: 30, used: true, reason: null },
        { day: '2025-01-10', volume: 4, used: false, reason: 'partial' },
      ],
    });
    // The days it names are the figure's own: (20 + 0 + 30) / 3.
    expect(body.data?.siteDetail.summary.adt).toBeCloseTo(50 / 3, 6);
  });

  it('counts what the speed range and the direction filter left out', async () => {
    const explanation = (await explain('speed85')).data?.figureExplanation;
    expect(explanation?.term).toBe('speed85');
    expect(explanation?.day_rule).toBe('everyVehicle');
    // Every vehicle counts, the partial first and last days' too: all 5 days, none left out.
    expect(explanation?.days.days_used).toBe(5);
    expect(explanation?.days.days.every((day) => day.used)).toBe(true);
    expect(explanation?.filter.directions).toEqual([1]);
    expect(explanation?.filter.speed_min_mps).toBeCloseTo(1 / 3.6, 9);
    expect(explanation?.left_out).toEqual({
      total: 71,
      selected: 64,
      reasons: [
        { reason: 'speedRange', vehicles: 2, classes: [{ class_index: 2, vehicles: 2 }] },
        { reason: 'directions', vehicles: 5, classes: [] },
      ],
    });
  });

  it('says the weekend average had no whole weekend day', async () => {
    const days = (await explain('awedt')).data?.figureExplanation.days;
    expect(days?.days_used).toBe(0);
    expect(days?.days.filter((day) => day.reason === 'notWeekend').map((day) => day.day)).toEqual([
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
    ]);
  });

  it("gives AADT's method over the whole record, whatever the filter", async () => {
    const explanation = (await explain('aadt')).data?.figureExplanation;
    expect(explanation?.scope).toBe('wholeRecord');
    // Unadjusted, the AADT is the ADT: its formula is the ADT's.
    expect(explanation?.term).toBe('adt');
    expect(explanation?.left_out).toBeNull();
    expect(explanation?.aadt).toMatchObject({
      method: 'unadjusted',
      variant: 'unadjustedNoGroup',
      whole_days: 3,
      group: null,
    });
    expect(explanation?.aadt?.value).toBeCloseTo(55 / 3, 6);
    expect(explanation?.days.days_used).toBe(3);
    expect(
      explanation?.days.days.filter((day) => day.used).map((day) => [day.day, day.volume]),
    ).toEqual([
      ['2025-01-07', 25],
      ['2025-01-08', 0],
      ['2025-01-09', 30],
    ]);
  });

  /** A report of the site, north only, over its five days: its bytes once made. */
  async function report(type: string): Promise<Buffer> {
    const { body } = await graphql(server, REQUEST, {
      token: admin,
      variables: {
        input: {
          type,
          site_ids: [siteId],
          start: '2025-01-06T00:00:00Z',
          end: '2025-01-11T00:00:00Z',
          units: 'metric',
          aggregation_minutes: 1440,
          filter: { active_directions: [1] },
        },
      },
    });
    const id = (body.data?.requestReport as { id: string }).id;
    const made = await pollUntil(
      async () =>
        (await graphql(server, REPORT, { token: admin, variables: { id } })).body.data?.report as {
          state: string;
          message: string;
        },
      (answer) => answer.state === 'CM' || answer.state === 'ER',
      300,
    );
    expect(made.state).toBe('CM');
    const link = await graphql(server, DOWNLOAD, { token: admin, variables: { id } });
    const url = (link.body.data?.reportDownload as { url: string }).url;
    return Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
  }

  it("writes a 'How these figures were made' sheet into the standard spreadsheet", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await report('standard_spreadsheet')) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('How these figures were made');
    const rows: string[] = [];
    sheet?.eachRow((row) => rows.push([row.getCell(1).text, row.getCell(2).text].join(' | ')));
    // The same days and counts as the dialog: 3 whole days of 5, 64 of 71 vehicles counted.
    expect(rows).toContain('Explained Street: ADT | ');
    expect(rows).toContain('Formula | ADT = vehicles in the whole days ÷ number of whole days');
    expect(rows).toContain('Days | 2025-01-06 to 2025-01-10: 3 of 5 days used');
    expect(rows).toContain(
      'Day left out | 2025-01-10 (4): the first or last day of the data, taken as partial',
    );
    expect(rows).toContain('Vehicles | 64 of the 71 vehicles of the period counted');
    expect(rows).toContain('Outside the speed range | 2 (2 of class 2)');
    expect(rows).toContain('Directions not chosen | 5');
    expect(rows).toContain('Explained Street: AADT | ');
    expect(rows).toContain('Method | Short count in no factor group: its ADT, unadjusted');
    expect(rows).toContain('Explained Street: 85th percentile speed | ');
    expect(rows).toContain('Explained Street: Volume | ');
    expect(rows).toContain(
      'File | explained.csv (2025-01-06T08:00:00.000Z to 2025-01-10T08:03:00.000Z)',
    );
    // Every text is the catalogue's, none a key left untranslated.
    expect(rows.join('\n')).not.toContain('figureExplanation.');
  });

  it("ends the site summary PDF with a 'How these figures were made' page", async () => {
    const text = pdfText(await report('site_summary_pdf'));
    expect(text).toContain('How these figures were made');
    expect(text).toContain('2025-01-06 to 2025-01-10: 3 of 5 days used');
    expect(text).toContain('64 of the 71 vehicles of the period counted');
    expect(text).toContain('Short count in no factor group: its ADT, unadjusted');
  });

  it("tells another organisation nothing of the site's files", async () => {
    const body = await explain('adt', north, outsider);
    expect(body.data ?? null).toBeNull();
    expect(JSON.stringify(body)).not.toContain('explained.csv');
    expect(body.errors?.[0]?.message).toMatch(/currently authorised/i);
  });
});
