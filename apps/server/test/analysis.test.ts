import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText, type GeneratedVehicle } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';
import {
  AVAILABILITY,
  CLASSES,
  COUNT_BINS,
  COUNT_DAILY_AVERAGE,
  COUNT_TOTALS,
  HEADWAY_PERCENTILES,
  MATRIX,
  SPEEDING,
  SPEED_BY_CLASS,
  SUMMARY,
  UNITS,
  VIRTUAL_DAY,
} from './siteDetailFields.ts';

const SITE_DETAIL = `query($siteId: ID!, $filter: FilterPayload, $minutes: Int) {
  siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: $minutes) {
    site_name ${UNITS} ${SUMMARY} bins ${CLASSES} ${HEADWAY_PERCENTILES} ${VIRTUAL_DAY}
    ${AVAILABILITY}
  }
}`;
const FILE_QUERY = `query($id: ID!) { getTrafficDataFile(id: $id) { review_status site { id } } }`;

describe('siteDetail through GraphQL', () => {
  let server: TestServer;
  let token: string;
  let otherToken: string;
  let siteId: string;
  let vehicles: GeneratedVehicle[];
  let fileId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    token = (await signIn(server, admin.username)).access;
    otherToken = (await signIn(server, other.username)).access;
    vehicles = [
      ...generateTraffic({
        seed: 5,
        startDay: '2025-05-05',
        days: 21,
        vehiclesPerDay: 800,
        directions: [1, 5],
        meanSpeedKmh: 48,
      }),
    ];
    const form = new FormData();
    form.append(
      'file-0',
      new Blob([
        [
          ...roadcountCsvText(vehicles, { name: 'Analysis Road', latitude: 52.1, longitude: 0.12 }),
        ].join(''),
      ]),
      'analysis.csv',
    );
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    fileId = ((await response.json()) as { files: { id: string }[] }).files[0]?.id ?? '';
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const { body } = await graphql(server, FILE_QUERY, { token, variables: { id: fileId } });
      const file = body.data?.getTrafficDataFile as {
        review_status: string;
        site: { id: string } | null;
      };
      if (file.review_status !== 'LOAD') {
        expect(file.review_status).toBe('PDC');
        siteId = file.site?.id ?? '';
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 60_000);
  afterAll(() => server.close());

  it('gives the figures an independent computation gets from the uploaded file', async () => {
    const filter = { velocity_min: 30 / 3.6, velocity_max: 70 / 3.6, active_classes: [1, 2, 3] };
    const { body } = await graphql(server, SITE_DETAIL, {
      token,
      variables: { siteId, filter, minutes: 1440 },
    });
    const detail = body.data?.siteDetail as {
      units: Record<string, string>;
      summary: { vehicles: number; adt: number; awdt: number; averageSpeedMps: number };
      bins: { starts: string[]; directions: Record<string, { vehicles: number[] }> };
    };
    expect(detail.units.speed).toBe('m/s');
    // Ingest wrote the file's scan file, which the analysis thread read the site from.
    expect(existsSync(join(server.config.dataDir, 'blobs', 'scan', `${fileId}.bin`))).toBe(true);

    // Plain loops over the rows of the file, as written (speeds to 0.1 km/h, site in UTC).
    const kept = vehicles.filter((vehicle) => {
      const kmh = Number(vehicle.speedKmh.toFixed(1));
      // Stored as the reader converts it: km/h times 1/3.6, kept as float32.
      const speed = Math.fround(kmh * (1 / 3.6));
      return speed >= 30 / 3.6 && speed <= 70 / 3.6 && vehicle.classIndex <= 3;
    });
    expect(detail.summary.vehicles).toBe(kept.length);
    const perDay = new Map<string, number>();
    for (const vehicle of kept) {
      const day = new Date(vehicle.localMs).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const wholeDays = [...perDay.keys()].sort().slice(1, -1);
    const average = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(detail.summary.adt).toBeCloseTo(
      average(wholeDays.map((day) => perDay.get(day) ?? 0)),
      9,
    );
    const weekdays = wholeDays.filter((day) => new Date(`${day}T00:00:00Z`).getUTCDay() % 6 !== 0);
    expect(detail.summary.awdt).toBeCloseTo(
      average(weekdays.map((day) => perDay.get(day) ?? 0)),
      9,
    );
    expect(detail.summary.averageSpeedMps * 3.6).toBeCloseTo(
      average(kept.map((vehicle) => Number(vehicle.speedKmh.toFixed(1)))),
      3,
    );
    // Each direction has one figure per bin.
    for (const figures of Object.values(detail.bins.directions))
      expect(figures.vehicles).toHaveLength(detail.bins.starts.length);
    const binTotal = Object.values(detail.bins.directions)
      .flatMap((figures) => figures.vehicles)
      .reduce((sum, count) => sum + count, 0);
    expect(binTotal).toBe(kept.length);
    // Daily bins: each start's vehicles over the directions are that day's in the plain loop.
    const binDays = new Map(
      detail.bins.starts.map((start, index) => [
        start.slice(0, 10),
        Object.values(detail.bins.directions).reduce(
          (sum, figures) => sum + (figures.vehicles[index] ?? 0),
          0,
        ),
      ]),
    );
    expect(binDays).toEqual(perDay);
  });

  it('sends the answer, its bins written by the analysis thread, as JSON', async () => {
    const send = (query: string) =>
      fetch(`${server.url}/gql/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables: { siteId, minutes: 60 } }),
      });
    const withBins = await send(SITE_DETAIL);
    expect(withBins.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await withBins.json()) as {
      data: { siteDetail: { bins: { starts: string[]; directions: Record<string, unknown> } } };
    };
    expect(body.data.siteDetail.bins.starts.length).toBeGreaterThan(24);
    expect(body.data.siteDetail.bins.starts[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:00:00$/);
    const plain = await send('{ me { username } }');
    expect(plain.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('answers an empty selection without failing, and refuses another organisation', async () => {
    const empty = await graphql(server, SITE_DETAIL, {
      token,
      variables: { siteId, filter: { velocity_min: 100 } },
    });
    expect(empty.body.data?.siteDetail).toMatchObject({
      summary: { vehicles: 0, adt: null },
      bins: { starts: [], directions: {} },
    });
    const foreign = await graphql(server, SITE_DETAIL, {
      token: otherToken,
      variables: { siteId },
    });
    expect(foreign.status).toBe(403);
    const missing = await graphql(server, SITE_DETAIL, {
      token,
      variables: { siteId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missing.body.errors?.[0]?.message).toBe(
      "We couldn't find that site. It may have been deleted",
    );
    const backwards = await graphql(server, SITE_DETAIL, {
      token,
      variables: {
        siteId,
        filter: { start_time: '2025-06-01T00:00:00Z', end_time: '2025-05-01T00:00:00Z' },
      },
    });
    expect(backwards.body.errors?.[0]?.message).toBe(
      'The start date must not be later than the end date.',
    );
  });

  it('downloads exactly the vehicles that pass the filter as CSV, for its own organisation only', async () => {
    const filter = { velocity_min: 30 / 3.6, velocity_max: 70 / 3.6, active_classes: [1, 2, 3] };
    const url = `${server.url}/api/sites/${siteId}/vehicles.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`;
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const rows = (await response.text()).trim().split('\n');
    expect(rows[0]).toBe(
      'timestamp,lane,direction,class,speed_kmh,length_m,headway_s,gap_s,axles,wheelbase_m,rho,site_id,site_name,latitude,longitude',
    );
    // The same plain loop as above: speeds as written, classes 1 to 3.
    const kept = vehicles.filter((vehicle) => {
      const speed = Math.fround(Number(vehicle.speedKmh.toFixed(1)) * (1 / 3.6));
      return speed >= 30 / 3.6 && speed <= 70 / 3.6 && vehicle.classIndex <= 3;
    });
    expect(rows.length - 1).toBe(kept.length);
    const speeds = rows.slice(1).map((row) => Number(row.split(',')[4]));
    expect(Math.min(...speeds)).toBeGreaterThanOrEqual(30);
    expect(Math.max(...speeds)).toBeLessThanOrEqual(70);
    expect(rows[1]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{2}:\d{2},/);

    const foreign = await fetch(url, { headers: { authorization: `Bearer ${otherToken}` } });
    expect(foreign.status).toBe(403);
    const anonymous = await fetch(url);
    expect(anonymous.status).toBe(401);
  });

  it('answers the named parts of the page with the figures of the same filter, and refuses another organisation', async () => {
    const filter = { velocity_min: 20 / 3.6, active_classes: [1, 2, 3, 4], headway_min: 1 };
    const { body } = await graphql(
      server,
      `
        query ($siteId: ID!, $filter: FilterPayload) {
          siteDetail(siteId: $siteId, filter: $filter, aggregation_minutes: 60) {
            ${SUMMARY}
            bins
            ${CLASSES}
            ${SPEED_BY_CLASS}
            ${MATRIX}
            ${HEADWAY_PERCENTILES}
            ${SPEEDING}
          }
          timeSeriesSummary(siteId: $siteId, filter: $filter, aggregation_minutes: 60) {
            ${UNITS}
            ${SUMMARY}
            bins
          }
          getHeadwayGapMatrix(siteId: $siteId, filter: $filter) {
            ${MATRIX}
            ${HEADWAY_PERCENTILES}
          }
          class_speed_individual_metrics(siteId: $siteId, filter: $filter) {
            class_scheme
            ${CLASSES}
            ${SPEED_BY_CLASS}
          }
          get_speeding_table_for_site(siteId: $siteId, filter: $filter) {
            ${SPEEDING}
          }
        }
      `,
      { token, variables: { siteId, filter } },
    );
    const data = body.data as Record<string, Record<string, unknown>>;
    const detail = data.siteDetail ?? {};
    expect((detail.summary as { vehicles: number }).vehicles).toBeGreaterThan(1000);
    expect(data.timeSeriesSummary).toMatchObject({ summary: detail.summary, bins: detail.bins });
    expect(data.timeSeriesSummary?.units).toMatchObject({ speed: 'm/s' });
    expect(data.getHeadwayGapMatrix).toEqual({
      headwayGapMatrix: detail.headwayGapMatrix,
      headwayPercentiles: detail.headwayPercentiles,
    });
    // Every vehicle with a headway and a gap lands in one cell of the matrix.
    const cells = (detail.headwayGapMatrix as { counts: number[][] }).counts.flat();
    expect(cells.reduce((sum, count) => sum + count, 0)).toBeGreaterThan(0);
    expect(data.class_speed_individual_metrics).toMatchObject({
      classes: detail.classes,
      speedByClass: detail.speedByClass,
    });
    expect(data.get_speeding_table_for_site).toEqual({ speeding: detail.speeding });

    for (const query of [
      'timeSeriesSummary(siteId: $siteId) { bins }',
      `getHeadwayGapMatrix(siteId: $siteId) { ${MATRIX} }`,
      `class_speed_individual_metrics(siteId: $siteId) { ${CLASSES} }`,
      `get_speeding_table_for_site(siteId: $siteId) { ${SPEEDING} }`,
      `timeSeriesCountSummary(siteId: $siteId) { ${COUNT_TOTALS} }`,
    ]) {
      const foreign = await graphql(server, `query($siteId: ID!) { ${query} }`, {
        token: otherToken,
        variables: { siteId },
      });
      expect(foreign.status).toBe(403);
    }
  });

  it('sums a bike counter’s counts per bin and direction, as the file gives them', async () => {
    const rows: string[] = [];
    let inbound = 0;
    let outbound = 0;
    const expectedPerHour = new Map<string, number>();
    for (let quarter = 0; quarter < 4 * 24 * 3; quarter += 1) {
      const at = new Date(Date.UTC(2025, 7, 11) + quarter * 900_000);
      const inCount = (quarter * 7) % 13;
      const outCount = (quarter * 5) % 11;
      inbound += inCount;
      outbound += outCount;
      const hour = at.toISOString().slice(0, 13);
      expectedPerHour.set(hour, (expectedPerHour.get(hour) ?? 0) + inCount + outCount);
      const clock = at.getUTCHours() % 12 === 0 ? 12 : at.getUTCHours() % 12;
      const label = `"Aug ${at.getUTCDate()}, 2025 ${clock}:${String(at.getUTCMinutes()).padStart(2, '0')} ${at.getUTCHours() < 12 ? 'AM' : 'PM'}"`;
      rows.push(`${label},${inCount + outCount},${inCount},${outCount}`);
    }
    const text = [
      'Period,"Aug 11, 2025 - Aug 13, 2025"',
      'Time,Count Lane,Count Lane IN,Count Lane OUT',
      ...rows,
    ].join('\n');
    const form = new FormData();
    form.append('kind', 'bike');
    form.append('file-0', new Blob([text]), 'bike-counts.csv');
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    fileId = ((await response.json()) as { files: { id: string }[] }).files[0]?.id ?? '';
    let bikeSite = '';
    for (let attempt = 0; attempt < 200 && !bikeSite; attempt += 1) {
      const { body } = await graphql(server, FILE_QUERY, { token, variables: { id: fileId } });
      const file = body.data?.getTrafficDataFile as {
        review_status: string;
        site: { id: string } | null;
      };
      if (file.review_status !== 'LOAD') bikeSite = file.site?.id ?? 'none';
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { body } = await graphql(
      server,
      `
        query ($siteId: ID!) {
          timeSeriesCountSummary(siteId: $siteId, aggregation_minutes: 60) {
            modes
            ${COUNT_BINS}
            ${COUNT_TOTALS}
            wholeDays
            ${COUNT_DAILY_AVERAGE}
          }
        }
      `,
      { token, variables: { siteId: bikeSite } },
    );
    const summary = body.data?.timeSeriesCountSummary as {
      modes: string[];
      bins: { start: string; counts: Record<string, { direction: number; count: number }[]> }[];
      totals: Record<string, number>;
      wholeDays: number;
    };
    expect(summary.modes).toEqual(['bike']);
    expect(summary.totals.bike).toBe(inbound + outbound);
    // The site's time zone may shift the labels; the hourly sums keep their order and values.
    const perBin = summary.bins.map((bin) =>
      (bin.counts.bike ?? []).reduce((sum, entry) => sum + entry.count, 0),
    );
    expect(perBin).toEqual([...expectedPerHour.values()]);
    expect(summary.wholeDays).toBeGreaterThanOrEqual(1);
  });
});
