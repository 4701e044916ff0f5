import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import shp from 'shpjs';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sites, surveys, surveySites } from '../src/infra/db/schema.ts';
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
import {
  CLASSES,
  MATRIX,
  SPEEDING,
  SUMMARY,
  VIRTUAL_DAY,
  VIRTUAL_WEEK,
} from './siteDetailFields.ts';
import { pdfText } from './pdfText.ts';

const REQUEST = `mutation($input: ReportRequestInput!) {
  requestReport(input: $input) { id state progress task_id report_type }
}`;
const REPORT = `query($id: ID!) {
  report(id: $id) { id state progress message file_name size_bytes downloadable expired site_count task_id }
}`;
const DOWNLOAD = `query($id: ID!) { reportDownload(id: $id) { url } }`;
const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    site_name ${SUMMARY} bins ${CLASSES} ${VIRTUAL_DAY} ${VIRTUAL_WEEK} ${MATRIX} ${SPEEDING}
  }
}`;

interface ReportAnswer {
  id: string;
  state: string;
  progress: number;
  message: string;
  file_name: string | null;
  size_bytes: number | null;
  downloadable: boolean;
  expired: boolean;
  site_count: number;
  task_id?: string;
}

/*
 * A hand-worked file: five vehicles at a site in London in January (UTC+0), speeds in km/h.
 *   Mon 6 Jan  10:00  N 30 km/h
 *   Tue 7 Jan  08:00  N 40, 09:00 N 50, 17:00 S 60
 *   Wed 8 Jan  12:00  S 70
 * Whole days exclude the first and last day: only Tue 7 Jan, with 3 vehicles, so ADT = 3.
 * Average speed (30 + 40 + 50 + 60 + 70) / 5 = 50 km/h.
 * Daily volume by direction: N 1, 2, 0 and S 0, 1, 1 on the 6th, 7th and 8th.
 */
const HAND_WORKED = [
  '# Roadcount per-vehicle CSV',
  'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude',
  '2025-01-06T10:00:00Z,1,N,2,30.0,4.50,,,2,2.70,,,Hand Worked Lane,53.40840,-2.99160',
  '2025-01-07T08:00:00Z,1,N,2,40.0,4.50,,,2,2.70,,,Hand Worked Lane,53.40840,-2.99160',
  '2025-01-07T09:00:00Z,1,N,2,50.0,4.50,,,2,2.70,,,Hand Worked Lane,53.40840,-2.99160',
  '2025-01-07T17:00:00Z,2,S,2,60.0,4.50,,,2,2.70,,,Hand Worked Lane,53.40840,-2.99160',
  '2025-01-08T12:00:00Z,2,S,2,70.0,4.50,,,2,2.70,,,Hand Worked Lane,53.40840,-2.99160',
  '',
].join('\n');

/*
 * A bike counter (Eco-Counter, 15-minute rows, IN north and OUT south) in the organisation's
 * time zone, March (no summer time):
 *   Mon 3 Mar 23:00–23:45   4 rows of IN 2, OUT 1
 *   Tue 4 Mar 00:00–23:45  96 rows of IN 1, OUT 2 (the one whole day)
 *   Wed 5 Mar 00:00–00:45   4 rows of IN 3, OUT 0
 * North 4×2 + 96×1 + 4×3 = 116; south 4×1 + 96×2 + 4×0 = 196; bicycles 312.
 * Daily average over the whole day (Tuesday, a weekday): 96 × 3 = 288 = AWDT; no weekend day.
 * Daily bins: Mon N 8 S 4, Tue N 96 S 192, Wed N 12 S 0.
 */
const quarter = (day: number, minutes: number) => {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `2025-03-${pad(day)} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
};
const BIKE_COUNTER = [
  'Period,2025-03-03 - 2025-03-05',
  'Time,Mill Lane,Mill Lane IN,Mill Lane OUT',
  ...[0, 15, 30, 45].map((minute) => `${quarter(3, 23 * 60 + minute)},3,2,1`),
  ...Array.from({ length: 96 }, (_, index) => `${quarter(4, index * 15)},3,1,2`),
  ...[0, 15, 30, 45].map((minute) => `${quarter(5, minute)},3,3,0`),
  '',
].join('\n');

describe('reports', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let handSiteId: string;
  let busySiteId: string;

  const ask = async (query: string, variables: Record<string, unknown>, as = token) =>
    graphql(server, query, { token: as, variables });

  async function requestAndWait(input: Record<string, unknown>): Promise<ReportAnswer> {
    const { body } = await ask(REQUEST, { input });
    expect(body.errors).toBeUndefined();
    const requested = body.data?.requestReport as ReportAnswer;
    expect(['QD', 'PR']).toContain(requested.state);
    return pollUntil(
      async () => (await ask(REPORT, { id: requested.id })).body.data?.report as ReportAnswer,
      (report) => report.state === 'CM' || report.state === 'ER',
      600,
    );
  }

  async function download(reportId: string): Promise<Response> {
    const { body } = await ask(DOWNLOAD, { id: reportId });
    const url = (body.data?.reportDownload as { url: string }).url;
    return fetch(`${server.url}${url}`);
  }

  /**
   * Runs the report's task a second time: the report reads the same, its download gives the
   * same bytes, and no second mail goes out.
   */
  async function expectSameOnSecondRun(report: ReportAnswer, bytes: Buffer): Promise<void> {
    const outbox = join(server.config.dataDir, 'outbox');
    const mailed = readdirSync(outbox).length;
    const again = await runTaskAgain(server, report.task_id ?? '');
    expect(again.state).toBe('CM');
    expect((await ask(REPORT, { id: report.id })).body.data?.report).toEqual(report);
    expect(Buffer.from(await (await download(report.id)).arrayBuffer())).toEqual(bytes);
    expect(readdirSync(outbox)).toHaveLength(mailed);
  }

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    otherToken = (await signIn(server, other.username)).access;
    const hand = await uploadAndProcess(server, token, 'hand.csv', HAND_WORKED);
    handSiteId = hand.site?.id ?? '';
    // Five vehicles fail the data quality checks: the admin accepts the file, as a user would.
    expect(hand.review_status).toBe('WFR');
    await ask(
      'mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC", userReview: {}) { id } }',
      { id: hand.id },
    );
    await pollUntil(
      async () =>
        (await ask(SITE_DETAIL, { siteId: handSiteId, minutes: 1440 })).body.data?.siteDetail as {
          summary: { vehicles: number };
        },
      (detail) => detail.summary.vehicles === 5,
    );
    const vehicles = [
      ...generateTraffic({
        seed: 9,
        startDay: '2025-05-05',
        days: 14,
        vehiclesPerDay: 600,
        directions: [1, 5],
        meanSpeedKmh: 52,
      }),
    ];
    const busy = await uploadAndProcess(
      server,
      token,
      'busy.csv',
      [...roadcountCsvText(vehicles, { name: 'Busy Road', latitude: 52.1, longitude: 0.12 })].join(
        '',
      ),
    );
    busySiteId = busy.site?.id ?? '';
  }, 240_000);
  afterAll(() => server.close());

  it('writes the hand-worked figures into the standard spreadsheet', async () => {
    const report = await requestAndWait({
      type: 'standard_spreadsheet',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    expect(report).toMatchObject({ state: 'CM', progress: 100, downloadable: true, site_count: 1 });
    expect(report.file_name).toMatch(/\.xlsx$/);
    const response = await download(report.id);
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.byteLength).toBe(report.size_bytes);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const cover = workbook.getWorksheet('Report');
    const settings = new Map<string, unknown>();
    cover?.eachRow((row) => settings.set(row.getCell(1).text, row.getCell(2).value));
    expect(settings.get('Sites')).toBe('Hand Worked Lane');
    expect(settings.get('Units')).toBe('metric (km/h)');
    expect(settings.get('Time aggregation')).toBe('daily');
    expect(String(settings.get('Software'))).toMatch(/^Roadcount \d+\.\d+\.\d+/);
    // Issue 37: the period as days read, the last one included (the end is the next midnight).
    expect(String(settings.get('Period (days included)'))).toMatch(/^1 Jan 2025 – 31 Jan 2025 \(/);
    const sheet = workbook.getWorksheet('Hand Worked Lane');
    const value = (label: string) => {
      let found: unknown;
      sheet?.eachRow((row) => {
        if (found === undefined && row.getCell(1).value === label) found = row.getCell(2).value;
      });
      return found;
    };
    expect(value('Vehicles')).toBe(5);
    expect(value('Whole days')).toBe(1);
    expect(value('ADT')).toBe(3);
    // A short count in no factor group: its AADT row is its ADT, named unadjusted.
    expect(value('ADT, unadjusted')).toBe(3);
    expect(value('AADT (estimate)')).toBeUndefined();
    expect(value('Average speed')).toBeCloseTo(50, 4);
    // Speed percentiles, interpolated between the sorted speeds 30, 40, 50, 60, 70 (as Excel's
    // PERCENTILE.INC): rank p/100 × (5 − 1). 15th: rank 0.6, 30 + 0.6 × 10 = 36; 25th: rank 1,
    // 40; 50th: 50; 75th: 60; 85th: rank 3.4, 64; 99th: rank 3.96, 60 + 0.96 × 10 = 69.6.
    expect(value('Speed, 15th percentile')).toBeCloseTo(36, 1);
    expect(value('Speed, 25th percentile')).toBeCloseTo(40, 1);
    expect(value('Speed, 50th percentile')).toBeCloseTo(50, 1);
    expect(value('Speed, 75th percentile')).toBeCloseTo(60, 1);
    expect(value('Speed, 85th percentile')).toBeCloseTo(64, 1);
    expect(value('Speed, 99th percentile')).toBeCloseTo(69.6, 1);
    // The AADT as found (issue 25): a temporary count (the default site type) in no factor
    // group is given as its ADT, unadjusted, and the sheet says so.
    expect(value('AADT method')).toBe('Unadjusted: in no factor group');
    // Daily volume rows: the interval start with the site's offset (London in winter: +00:00).
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const day = (text: string) => rows.find((row) => row[0] === text);
    // Columns: start, then per direction (North, South) vehicles, average, 85th, speeding.
    expect(day('2025-01-06T00:00:00+00:00')?.[1]).toBe(1);
    expect(day('2025-01-07T00:00:00+00:00')?.[1]).toBe(2);
    expect(day('2025-01-07T00:00:00+00:00')?.[5]).toBe(1);
    expect(day('2025-01-08T00:00:00+00:00')?.[5]).toBe(1);
    await expectSameOnSecondRun(report, bytes);
  }, 60_000);

  it('writes the hand-worked figures as universal CSV rows', async () => {
    const report = await requestAndWait({
      type: 'universal_csv',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'imperial',
      aggregation_minutes: 1440,
    });
    expect(report.state).toBe('CM');
    const text = await (await download(report.id)).text();
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe(
      'site_id,site_name,interval_start,interval_minutes,direction,measure,category,unit,value',
    );
    const cells = (measure: string, direction = 'all', interval = '') =>
      lines
        .map((line) => line.split(','))
        .find((row) => row[5] === measure && row[4] === direction && row[2] === interval);
    expect(cells('adt')?.[8]).toBe('3');
    // The AADT as the site detail's card gives it: a short count in no factor group, unadjusted.
    expect(cells('aadt')?.slice(6)).toEqual([
      'Unadjusted ADT: the site is in no factor group',
      'vehicles per day',
      '3',
    ]);
    // 50 km/h = 50 / 1.609344 = 31.0686 mph.
    expect(Number(cells('average_speed')?.[8])).toBeCloseTo(31.0686, 3);
    expect(cells('average_speed')?.[7]).toBe('mph');
    // The speed percentiles worked out in the spreadsheet test, in mph: 36 km/h = 22.3694 mph,
    // 69.6 km/h = 43.2474 mph.
    const percentile = (at: string) =>
      lines
        .map((line) => line.split(','))
        .find((row) => row[5] === 'speed_percentile' && row[6] === at);
    expect(Number(percentile('15')?.[8])).toBeCloseTo(22.3694, 1);
    expect(Number(percentile('99')?.[8])).toBeCloseTo(43.2474, 1);
    expect(percentile('99')?.[7]).toBe('mph');
    expect(cells('volume', 'N', '2025-01-07T00:00:00+00:00')?.[8]).toBe('2');
    expect(cells('volume', 'S', '2025-01-08T00:00:00+00:00')?.[8]).toBe('1');
  }, 60_000);

  it("gives the site detail's figures for the same filters, in both report types", async () => {
    const filter = { velocity_min: 30 / 3.6, velocity_max: 80 / 3.6, active_directions: [1, 5] };
    const period = { start: '2025-05-06T00:00:00Z', end: '2025-05-16T00:00:00Z' };
    const { body } = await ask(SITE_DETAIL, {
      siteId: busySiteId,
      filter: { ...filter, start_time: period.start, end_time: period.end },
      minutes: 60,
    });
    const detail = body.data?.siteDetail as {
      site_name: string;
      summary: { vehicles: number; adt: number; awdt: number; speed85thMps: number };
      bins: {
        starts: string[];
        directions: Record<string, { vehicles: number[]; averageSpeedMps: (number | null)[] }>;
      };
      classes: { classIndex: number; vehicles: number }[];
      virtualDay: { direction: number; vehicles: number[] }[];
    };
    expect(detail.summary.vehicles).toBeGreaterThan(1000);

    const xlsx = await requestAndWait({
      type: 'standard_spreadsheet',
      site_ids: [busySiteId],
      ...period,
      filter,
      units: 'metric',
      aggregation_minutes: 60,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await (await download(xlsx.id)).arrayBuffer()) as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Busy Road');
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const byLabel = (label: string) => rows.find((row) => row[0] === label)?.[1];
    expect(byLabel('Vehicles')).toBe(detail.summary.vehicles);
    expect(byLabel('ADT')).toBeCloseTo(detail.summary.adt, 6);
    expect(byLabel('AWDT')).toBeCloseTo(detail.summary.awdt, 6);
    expect(byLabel('85th percentile speed')).toBeCloseTo(detail.summary.speed85thMps * 3.6, 6);
    // Every hourly bin of the North direction: same vehicles, same average speed.
    const north = detail.bins.directions['1'];
    const binRows = rows.filter(
      (row) => typeof row[0] === 'string' && /^\d{4}-\d\d-\d\dT/.test(row[0]),
    );
    expect(binRows.length).toBe(detail.bins.starts.length);
    detail.bins.starts.forEach((start, at) => {
      const row = binRows[at] ?? [];
      expect(String(row[0]).slice(0, 19)).toBe(start.slice(0, 19));
      expect(row[1]).toBe(north?.vehicles[at]);
      const average = north?.averageSpeedMps[at];
      if (average === null || average === undefined) expect(row[2] ?? null).toBeNull();
      else expect(row[2]).toBeCloseTo(average * 3.6, 3);
    });
    // The class counts table: its rows follow its heading, class index first, vehicles third.
    const classTable = rows.slice(rows.findIndex((row) => row[0] === 'Class counts') + 2);
    const classRow = (index: number) => classTable.find((row) => row[0] === index);
    for (const entry of detail.classes)
      expect(classRow(entry.classIndex)?.[2]).toBe(entry.vehicles);

    const csv = await requestAndWait({
      type: 'universal_csv',
      site_ids: [busySiteId],
      ...period,
      filter,
      units: 'metric',
      aggregation_minutes: 60,
    });
    const lines = (await (await download(csv.id)).text())
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const volumes = lines.filter((row) => row[5] === 'volume' && row[4] === 'S');
    const south = detail.bins.directions['5'];
    expect(volumes.map((row) => Number(row[8]))).toEqual(south?.vehicles);
    expect(lines.find((row) => row[5] === 'vehicles')?.[8]).toBe(String(detail.summary.vehicles));
    const virtualNorth = lines.filter((row) => row[5] === 'virtual_day_volume' && row[4] === 'N');
    virtualNorth.forEach((row, hour) =>
      expect(Number(row[8])).toBeCloseTo(
        detail.virtualDay.find((entry) => entry.direction === 1)?.vehicles[hour] ?? Number.NaN,
        5,
      ),
    );
    expect(virtualNorth.length).toBe(24);
  }, 90_000);

  it('exports the sites as GeoJSON and a zipped shapefile with the same figures', async () => {
    const period = { start: '2025-01-01T00:00:00Z', end: '2025-02-01T00:00:00Z' };
    const base = { site_ids: [handSiteId], ...period, units: 'metric', aggregation_minutes: 1440 };
    const geojson = await requestAndWait({ type: 'gis_geojson', ...base });
    expect(geojson.file_name).toMatch(/\.geojson$/);
    const collection = JSON.parse(await (await download(geojson.id)).text()) as {
      type: string;
      features: { geometry: { coordinates: number[] }; properties: Record<string, unknown> }[];
    };
    expect(collection.type).toBe('FeatureCollection');
    // The hand-worked file: at 53.40840 N, 2.99160 W; ADT 3, average 50 km/h.
    expect(collection.features[0]?.geometry.coordinates).toEqual([-2.9916, 53.4084]);
    expect(collection.features[0]?.properties).toMatchObject({
      name: 'Hand Worked Lane',
      vehicles: 5,
      adt: 3,
      units: 'km/h',
      // A short count outside any factor group: its ADT, unadjusted, and so an estimate.
      aadt: 3,
      aadt_meth: 'unadjusted',
      aadt_est: 1,
    });
    expect(collection.features[0]?.properties.avg_speed).toBeCloseTo(50, 4);

    const zipped = await requestAndWait({ type: 'gis_shapefile', ...base });
    const bytes = Buffer.from(await (await download(zipped.id)).arrayBuffer());
    const read = await shp(bytes);
    const layer = Array.isArray(read) ? read[0] : read;
    expect(layer?.features).toHaveLength(1);
    expect(layer?.features[0]?.geometry?.coordinates[0]).toBeCloseTo(-2.9916, 5);
    expect(layer?.features[0]?.geometry?.coordinates[1]).toBeCloseTo(53.4084, 5);
    expect(layer?.features[0]?.properties).toMatchObject({ name: 'Hand Worked Lane', adt: 3 });
  }, 60_000);

  it('exports the sites as an OGC GeoPackage that SQLite reads back', async () => {
    const geopackage = await requestAndWait({
      type: 'gis_geopackage',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    expect(geopackage.file_name).toMatch(/\.gpkg$/);
    const bytes = new Uint8Array(await (await download(geopackage.id)).arrayBuffer());
    // The SQLite file header (sqlite.org/fileformat.html): the magic text, then user_version
    // at byte 60 and application_id at byte 68, both big-endian. GeoPackage 1.4 asks for
    // application_id 0x47504B47 ('GPKG' in ASCII) and user_version 10400.
    const header = new DataView(bytes.buffer, bytes.byteOffset);
    expect(Buffer.from(bytes.subarray(0, 16)).toString('latin1')).toBe('SQLite format 3\0');
    expect(Buffer.from(bytes.subarray(68, 72)).toString('ascii')).toBe('GPKG');
    expect(header.getUint32(60)).toBe(10400);

    const SQL = await initSqlJs();
    const db = new SQL.Database(bytes);
    const rows = (sql: string) => {
      const [result] = db.exec(sql);
      return (result?.values ?? []).map((values) =>
        Object.fromEntries((result?.columns ?? []).map((column, at) => [column, values[at]])),
      );
    };
    expect(rows('SELECT srs_id FROM gpkg_spatial_ref_sys ORDER BY srs_id')).toEqual([
      { srs_id: -1 },
      { srs_id: 0 },
      { srs_id: 4326 },
    ]);
    const [contents] = rows(
      'SELECT table_name, data_type, srs_id, min_x, max_y FROM gpkg_contents',
    );
    expect(contents).toEqual({
      table_name: 'roadcount_sites',
      data_type: 'features',
      srs_id: 4326,
      min_x: -2.9916,
      max_y: 53.4084,
    });
    expect(rows('SELECT * FROM gpkg_geometry_columns')).toEqual([
      {
        table_name: 'roadcount_sites',
        column_name: 'geom',
        geometry_type_name: 'POINT',
        srs_id: 4326,
        z: 0,
        m: 0,
      },
    ]);
    const [site] = rows('SELECT * FROM roadcount_sites');
    db.close();
    // The geometry read by hand (GeoPackage 1.4, 2.1.3): 'GP', version 0, flags (bit 0 set:
    // little-endian; envelope bits 0: none), srs_id int32, then WKB: byte order 1, type 1
    // (point), x = longitude, y = latitude: the hand-worked file's 53.40840 N, 2.99160 W.
    const geom = site?.geom as Uint8Array;
    const point = new DataView(geom.buffer, geom.byteOffset, geom.byteLength);
    expect([geom[0], geom[1], geom[2], geom[3]]).toEqual([0x47, 0x50, 0, 1]);
    expect(point.getInt32(4, true)).toBe(4326);
    expect(geom[8]).toBe(1);
    expect(point.getUint32(9, true)).toBe(1);
    expect(point.getFloat64(13, true)).toBe(-2.9916);
    expect(point.getFloat64(21, true)).toBe(53.4084);
    expect(geom.byteLength).toBe(29);
    // The hand-worked figures: 5 vehicles, ADT 3, average 50 km/h (as in the GeoJSON above).
    expect(site).toMatchObject({ name: 'Hand Worked Lane', vehicles: 5, adt: 3, units: 'km/h' });
    expect(site?.avg_speed).toBeCloseTo(50, 4);
  }, 60_000);

  it('writes the annual figures of the state funding report', async () => {
    const report = await requestAndWait({
      type: 'state_funding',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await (await download(report.id)).arrayBuffer()) as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Annual figures');
    const header = (sheet?.getRow(1).values as unknown[]).slice(1);
    const row = (sheet?.getRow(2).values as unknown[]).slice(1);
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('Site')).toBe('Hand Worked Lane');
    expect(cell('ADT')).toBe(3);
    // A short count in no factor group: its AADT is its ADT, 3, labelled unadjusted as the
    // site detail's AADT card labels it, not an estimate.
    expect(cell('AADT')).toBe(3);
    expect(cell('AADT figure')).toBe('ADT, unadjusted');
    expect(cell('AADT method')).toBe('Unadjusted ADT: the site is in no factor group');
    // Every vehicle is class 2, a car: no heavy vehicle.
    expect(cell('Heavy-vehicle share (%)')).toBe(0);
  }, 60_000);

  it("ranks the organisation's sites for a year, and shows another organisation none", async () => {
    const YEAR = `query($year: Int!, $top: Int) {
      yearInReview(year: $year, top: $top) {
        year site_count
        tables {
          busiest { site_id site_name value }
          availability { site_id value }
          adt_change { site_id }
        }
      }
    }`;
    const { body } = await ask(YEAR, { year: 2025, top: 10 });
    expect(body.errors).toBeUndefined();
    const review = body.data?.yearInReview as {
      site_count: number;
      tables: {
        busiest: { site_id: string; site_name: string; value: number }[];
        availability: { site_id: string; value: number }[];
        adt_change: unknown[];
      };
    };
    expect(review.site_count).toBe(2);
    // Busy Road carries about 600 vehicles a day, the hand-worked lane 3 (its one whole day).
    expect(review.tables.busiest.map((row) => row.site_name)).toEqual([
      'Busy Road',
      'Hand Worked Lane',
    ]);
    expect(review.tables.busiest[1]?.value).toBe(3);
    // Days with data: 14 generated days at Busy Road; 6, 7 and 8 January at the lane.
    expect(review.tables.availability.map((row) => [row.site_id, row.value])).toEqual([
      [busySiteId, 14],
      [handSiteId, 3],
    ]);
    // Nothing in 2024 to compare with.
    expect(review.tables.adt_change).toEqual([]);
    const one = (await ask(YEAR, { year: 2025, top: 1 })).body.data?.yearInReview as typeof review;
    expect(one.tables.busiest).toHaveLength(1);
    const other = (await ask(YEAR, { year: 2025 }, otherToken)).body.data
      ?.yearInReview as typeof review;
    expect(other.site_count).toBe(0);
    expect(other.tables.busiest).toEqual([]);
  }, 60_000);

  it('counts the vehicles above the limit and above it by 10 and 20 km/h, by hour and day', async () => {
    // A 45 km/h limit at the hand-worked lane: 50, 60 and 70 km/h are above it (3 of 5, 60 %),
    // 60 and 70 above 55 km/h (2), 70 above 65 km/h (1).
    const limit = await ask(
      'mutation($id: ID!, $limits: [SpeedLimitInput!]!) { setSpeedLimits(siteId: $id, limits: $limits) { limit_mps } }',
      { id: handSiteId, limits: [{ limit_mps: 45 / 3.6 }] },
    );
    expect(limit.body.errors).toBeUndefined();
    const report = await requestAndWait({
      type: 'overspeed',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 60,
    });
    expect(report.state).toBe('CM');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await (await download(report.id)).arrayBuffer()) as unknown as ArrayBuffer,
    );
    const rows: unknown[][] = [];
    workbook
      .getWorksheet('Hand Worked Lane')
      ?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    const row = (label: string) => rows.find((line) => line[0] === label);
    expect(row('Speed limit')?.[1]).toBe('45 km/h');
    // Columns: label, vehicles, above, share, above +10, share, above +20, share.
    expect(row('All vehicles')?.slice(1)).toEqual([5, 3, 60, 2, 40, 1, 20]);
    expect(row('09:00')?.slice(1, 3)).toEqual([1, 1]);
    expect(row('17:00')?.slice(1, 6)).toEqual([1, 1, 100, 1, 100]);
    expect(row('10:00')?.slice(1, 3)).toEqual([1, 0]);
    // Tuesday: 40, 50 and 60 km/h; Wednesday: 70 km/h.
    expect(row('Tuesday')?.slice(1, 3)).toEqual([3, 2]);
    expect(row('Wednesday')?.slice(1)).toEqual([1, 1, 100, 1, 100, 1, 100]);
  }, 60_000);

  it('zips the raw uploaded files of the sites with a manifest', async () => {
    const report = await requestAndWait({
      type: 'raw_files',
      site_ids: [handSiteId, busySiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    expect(report.state).toBe('CM');
    expect(report.file_name).toMatch(/^raw-files-2-sites-.*\.zip$/);
    const zipped = Buffer.from(await (await download(report.id)).arrayBuffer());
    const zip = await JSZip.loadAsync(zipped);
    expect(Object.keys(zip.files).sort()).toEqual([
      'Busy Road/busy.csv',
      'Hand Worked Lane/hand.csv',
      'manifest.csv',
    ]);
    // The file exactly as uploaded.
    expect(await zip.file('Hand Worked Lane/hand.csv')?.async('string')).toBe(HAND_WORKED);
    const manifest = (await zip.file('manifest.csv')?.async('string'))?.trim().split('\n');
    expect(manifest?.[0]).toBe(
      'site,file_name,path_in_zip,uploaded_on,review_status,size_bytes,data_start,data_end',
    );
    expect(manifest?.[2]).toMatch(
      /^Hand Worked Lane,hand\.csv,Hand Worked Lane\/hand\.csv,.*,ACC,\d+,2025-01-06T10:00:00\.000Z,2025-01-08T12:00:00\.000Z$/,
    );
    await expectSameOnSecondRun(report, zipped);
  }, 60_000);

  it('writes the sign file: a row per site with the limit and the speeds a sign shows', async () => {
    const limit = await ask(
      'mutation($id: ID!, $limits: [SpeedLimitInput!]!) { setSpeedLimits(siteId: $id, limits: $limits) { limit_mps } }',
      { id: handSiteId, limits: [{ limit_mps: 45 / 3.6 }] },
    );
    expect(limit.body.errors).toBeUndefined();
    const report = await requestAndWait({
      type: 'sign_file',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    expect(report.state).toBe('CM');
    expect(report.file_name).toMatch(/\.csv$/);
    const signFile = Buffer.from(await (await download(report.id)).arrayBuffer());
    const [header, line, ...rest] = signFile.toString('utf8').trim().split('\n');
    expect(header).toBe(
      'site_id,site_name,latitude,longitude,period_start,period_end,units,speed_limit,vehicles,adt,average_speed,speed_85th,speed_99th,above_limit_share',
    );
    expect(rest).toEqual([]);
    const cells = line?.split(',') ?? [];
    expect(cells.slice(0, 10)).toEqual([
      handSiteId,
      'Hand Worked Lane',
      '53.4084',
      '-2.9916',
      '2025-01-01T00:00:00Z',
      '2025-02-01T00:00:00Z',
      'km/h',
      '45',
      '5',
      '3',
    ]);
    // Speeds 30, 40, 50, 60, 70 km/h: average 50; 85th (rank 3.4) 64; 99th (rank 3.96) 69.6;
    // above the 45 km/h limit: 50, 60 and 70, 3 of 5 = 60 %.
    expect(Number(cells[10])).toBeCloseTo(50, 4);
    expect(Number(cells[11])).toBeCloseTo(64, 1);
    expect(Number(cells[12])).toBeCloseTo(69.6, 1);
    expect(Number(cells[13])).toBeCloseTo(60, 4);
    await expectSameOnSecondRun(report, signFile);
  }, 60_000);

  it('gives the report functions: vehicle flow, event count, individual vehicles, event list', async () => {
    const base = {
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    };
    const text = async (type: string) => {
      const report = await requestAndWait({ type, ...base });
      expect(report.state).toBe('CM');
      return (await (await download(report.id)).text()).trim().split('\n');
    };
    const flow = await text('vehicle_flow');
    expect(flow[0]).toBe(
      'site_id,site_name,interval_start,interval_minutes,direction,vehicles,flow_per_hour',
    );
    // 7 January, north: 2 vehicles in a day, 2 × 60 / 1440 = 0.083333 an hour.
    expect(flow).toContain(
      `${handSiteId},Hand Worked Lane,2025-01-07T00:00:00+00:00,1440,N,2,0.083333`,
    );
    expect(flow).toContain(`${handSiteId},Hand Worked Lane,2025-01-08T00:00:00+00:00,1440,N,0,0`);

    const events = await text('event_count');
    // Every vehicle is class 2: one row per day and direction with vehicles.
    expect(events.slice(1).map((line) => line.split(',').slice(2).join(','))).toEqual([
      '2025-01-06T00:00:00+00:00,1440,N,2,Short vehicle towing,1',
      '2025-01-07T00:00:00+00:00,1440,N,2,Short vehicle towing,2',
      '2025-01-07T00:00:00+00:00,1440,S,2,Short vehicle towing,1',
      '2025-01-08T00:00:00+00:00,1440,S,2,Short vehicle towing,1',
    ]);

    const vehicles = await text('individual_vehicles');
    expect(vehicles[0]).toMatch(/^timestamp,lane,direction,class,speed_kmh,/);
    expect(vehicles).toHaveLength(6);
    expect(vehicles[1]).toMatch(/^2025-01-06T10:00:00\.000\+00:00,1,N,2,30\.0,/);

    const list = await text('event_list');
    expect(list).toEqual([
      'timestamp,lane,direction,class,site_id,site_name',
      `2025-01-06T10:00:00.000+00:00,1,N,2,${handSiteId},Hand Worked Lane`,
      `2025-01-07T08:00:00.000+00:00,1,N,2,${handSiteId},Hand Worked Lane`,
      `2025-01-07T09:00:00.000+00:00,1,N,2,${handSiteId},Hand Worked Lane`,
      `2025-01-07T17:00:00.000+00:00,2,S,2,${handSiteId},Hand Worked Lane`,
      `2025-01-08T12:00:00.000+00:00,2,S,2,${handSiteId},Hand Worked Lane`,
    ]);
  }, 60_000);

  it('prints the site summary as a PDF: a headline page, then a page per site', async () => {
    const report = await requestAndWait({
      type: 'site_summary_pdf',
      site_ids: [handSiteId, busySiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2026-01-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    expect(report.state).toBe('CM');
    expect(report.file_name).toMatch(/\.pdf$/);
    const response = await download(report.id);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The page objects (not compressed): the settings page, one per site, then how the figures
    // were made (issue 36), on a page or more of its own.
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(4);
    const text = pdfText(bytes);
    expect(text).toContain('How these figures were made');
    expect(text).toContain('Hand Worked Lane: ADT');
    expect(text).toContain('Busy Road: AADT');
    // Issue 37: the first page carries the headline figures above the settings: the hand-worked
    // lane's 5 vehicles and ADT 3 (3 vehicles on its one whole day, 7 January), and the period
    // as days with the last one included.
    const headline = text.indexOf('Headline figures');
    expect(headline).toBeGreaterThan(-1);
    expect(headline).toBeLessThan(text.indexOf('Settings'));
    expect(text.slice(headline)).toMatch(/\nHand Worked Lane\n5\n3\n/);
    expect(text).toMatch(/^1 Jan 2025 . 31 Dec 2025 \(/m);
    if (process.env.REPORT_PDF_OUT) writeFileSync(process.env.REPORT_PDF_OUT, bytes);
  }, 60_000);

  it('carries a bike counter site per mode and direction, not as "Vehicles 0"', async () => {
    const bike = await uploadAndProcess(server, token, 'mill-lane.csv', BIKE_COUNTER, 'bike');
    const siteId = bike.site?.id ?? '';
    if (bike.review_status === 'WFR')
      await ask(
        'mutation($id: ID!) { updateDataQcCheck(fileId: $id, status: "ACC", userReview: {}) { id } }',
        { id: bike.id },
      );
    const input = {
      site_ids: [siteId],
      start: '2025-03-01T00:00:00Z',
      end: '2025-04-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    };

    const sheetReport = await requestAndWait({ ...input, type: 'standard_spreadsheet' });
    expect(sheetReport.state).toBe('CM');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      Buffer.from(await (await download(sheetReport.id)).arrayBuffer()) as unknown as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet('Mill Lane');
    // Empty cells as '' (a cell written empty may be left out of the sheet).
    const rows: unknown[][] = [];
    sheet?.eachRow((row) =>
      rows.push(Array.from(row.values as unknown[], (cell) => cell ?? '').slice(1)),
    );
    const labels = rows.map((cells) => cells[0]);
    expect(labels).not.toContain('Vehicles');
    expect(rows).toContainEqual(['Bicycles', 'North', 116, '', '', '', '', 'bicycles']);
    expect(rows).toContainEqual(['Bicycles', 'South', 196, '', '', '', '', 'bicycles']);
    expect(rows).toContainEqual(['Bicycles', 'All directions', 312, 1, 288, 288, '', 'bicycles']);
    const perDay = rows.filter((cells) => /^2025-03-0[345]T/.test(String(cells[0])));
    expect(perDay.map((cells) => cells.slice(1))).toEqual([
      [8, 4],
      [96, 192],
      [12, 0],
    ]);

    const csvReport = await requestAndWait({ ...input, type: 'universal_csv' });
    const csv = await (await download(csvReport.id)).text();
    expect(csv).not.toMatch(/,all,vehicles,,vehicles,0\n/);
    const lead = `${siteId},Mill Lane,,,`;
    expect(csv).toContain(`${lead}N,count_total,bike,bicycles,116\n`);
    expect(csv).toContain(`${lead}S,count_total,bike,bicycles,196\n`);
    expect(csv).toContain(`${lead}all,count_total,bike,bicycles,312\n`);
    expect(csv).toContain(`${lead}all,count_daily_average,bike,bicycles per day,288\n`);
    expect(csv).toMatch(/,2025-03-04T00:00:00[+-]\d\d:\d\d,1440,S,count,bike,bicycles,192\n/);

    const pdfReport = await requestAndWait({ ...input, type: 'site_summary_pdf' });
    const text = pdfText(Buffer.from(await (await download(pdfReport.id)).arrayBuffer()));
    expect(text).not.toMatch(/^Vehicles$/m);
    expect(text).toMatch(/^Bicycles\n312$/m);
    expect(text).toMatch(/^Bicycles, North\n116$/m);
    expect(text).toMatch(/^Bicycles, South\n196$/m);
    expect(text).toMatch(/^Bicycles per day \(average\)\n288\.0$/m);

    // The GIS export gives the counter's counts where a vehicle site has its vehicles.
    const gisReport = await requestAndWait({ ...input, type: 'gis_geojson' });
    const collection = (await (await download(gisReport.id)).json()) as {
      features: { properties: Record<string, unknown> }[];
    };
    expect(collection.features[0]?.properties).toMatchObject({
      counted: 'bike',
      vehicles: 312,
      days: 1,
      adt: 288,
      awdt: 288,
      awedt: null,
    });
  }, 120_000);

  it('refuses a request without the parameters it needs, saying which', async () => {
    const noPeriod = await ask(REQUEST, {
      input: {
        type: 'universal_csv',
        site_ids: [handSiteId],
        start: '',
        end: '2025-02-01T00:00:00Z',
        units: 'metric',
        aggregation_minutes: 60,
      },
    });
    expect(noPeriod.body.errors?.[0]?.message).toBe(
      'start: The period needs a start date and time',
    );
    const noSites = await ask(REQUEST, {
      input: {
        type: 'universal_csv',
        start: '2025-01-01T00:00:00Z',
        end: '2025-02-01T00:00:00Z',
        units: 'metric',
        aggregation_minutes: 7,
      },
    });
    expect(noSites.body.errors?.[0]?.message).toMatch(
      /^aggregationMinutes: Choose a time aggregation/,
    );
  });

  it("reports on exactly a survey's sites, and on no other organisation's survey", async () => {
    const { db } = server.database;
    const [owner] = await db
      .select({ organisationId: sites.ownerOrganisationId })
      .from(sites)
      .where(eq(sites.id, busySiteId));
    // The organisation has two sites (Hand Worked Lane and Busy Road); the survey counts one.
    const [survey] = await db
      .insert(surveys)
      .values({
        organisationId: owner?.organisationId ?? '',
        name: 'May count',
        scheduledStart: '2025-05-05',
        scheduledEnd: '2025-05-18',
      })
      .returning();
    const surveyId = survey?.id ?? '';
    await db.insert(surveySites).values({ surveyId, siteId: busySiteId, position: 0 });
    const input = {
      type: 'sign_file',
      survey_id: surveyId,
      start: '2025-05-05T00:00:00Z',
      end: '2025-05-19T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    };
    const report = await requestAndWait(input);
    expect(report.state).toBe('CM');
    expect(report.site_count).toBe(1);
    const [, ...rows] = (await (await download(report.id)).text()).trim().split('\n');
    // One row per site: Busy Road alone, not Hand Worked Lane.
    expect(rows.map((row) => row.split(',').slice(0, 2))).toEqual([[busySiteId, 'Busy Road']]);

    const mixed = await ask(REQUEST, { input: { ...input, site_ids: [handSiteId] } });
    expect(mixed.body.errors?.[0]?.message).toBe(
      "surveyId: Choose a survey's sites alone, without other sites or a site group",
    );
    // Another organisation's admin may not report on this survey, nor learn its sites.
    const theirs = await ask(REQUEST, { input }, otherToken);
    expect(theirs.body.data?.requestReport ?? null).toBeNull();
    expect(theirs.body.errors?.[0]?.message).toMatch(/currently authorised/);
    expect((await ask('query { reports { id } }', {}, otherToken)).body.data?.reports).toEqual([]);
  }, 60_000);

  it("keeps a report, its task and its download from another organisation's user", async () => {
    const report = await requestAndWait({
      type: 'universal_csv',
      site_ids: [handSiteId],
      start: '2025-01-01T00:00:00Z',
      end: '2025-02-01T00:00:00Z',
      units: 'metric',
      aggregation_minutes: 1440,
    });
    const own = (await ask(REPORT, { id: report.id })).body.data?.report as ReportAnswer;
    expect(own.state).toBe('CM');
    const asOther = await ask(REPORT, { id: report.id }, otherToken);
    expect(asOther.body.data?.report ?? null).toBeNull();
    expect(asOther.body.errors?.[0]?.message).toMatch(/currently authorised/);
    const link = await ask(DOWNLOAD, { id: report.id }, otherToken);
    expect(link.body.data?.reportDownload ?? null).toBeNull();
    const list = (await ask('query { reports { id } }', {}, otherToken)).body.data?.reports;
    expect(list).toEqual([]);
    const tasks = await ask(
      'query($ids: [ID!]!) { task_tracking(ids: $ids) { id } }',
      { ids: [own.task_id ?? report.task_id ?? ''] },
      otherToken,
    );
    expect(tasks.body.data?.task_tracking).toEqual([]);
    const theirs = await ask(
      REQUEST,
      {
        input: {
          type: 'universal_csv',
          site_ids: [handSiteId],
          start: '2025-01-01T00:00:00Z',
          end: '2025-02-01T00:00:00Z',
          units: 'metric',
          aggregation_minutes: 1440,
        },
      },
      otherToken,
    );
    expect(theirs.body.data?.requestReport ?? null).toBeNull();
    // The link without its token, or with another report's, opens nothing.
    expect((await fetch(`${server.url}/api/reports/${report.id}/download`)).status).toBe(401);
    const ownLink = (await ask(DOWNLOAD, { id: report.id })).body.data?.reportDownload as {
      url: string;
    };
    const otherId = '00000000-0000-4000-8000-000000000000';
    expect((await fetch(`${server.url}${ownLink.url.replace(report.id, otherId)}`)).status).toBe(
      401,
    );
  }, 60_000);
});
