import { eq, inArray } from 'drizzle-orm';
import JSZip from 'jszip';
import { REPORT_FILES, REPORT_TYPES, type ReportType } from '@roadcount/domain';
import { splitCsvLine } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organisations, sites, surveys, surveySites, tasks } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  postJson,
  signIn,
  startTestServer,
  uploadSmallSurvey,
  type TestServer,
} from './testServer.ts';

/*
 * Every CSV the product makes, found rather than listed: each report type whose file is CSV or a
 * zip (its top-level CSV entries: the raw files a zip carries sit in site folders), and each
 * route of the OpenAPI document that says it answers CSV. The sites, and the organisation, are
 * named as a spreadsheet would take for formulas; every cell of every CSV must show them as text.
 * A new CSV report type is walked as soon as it exists; a new CSV route fails this test until
 * `CALLS` below says how to call it.
 */

const HOSTILE_NAMES = ['=HYPERLINK("http://x","y")', '+1', '-1', '@SUM(1)'];

/**
 * Whether a spreadsheet opening the cell would run it as a formula: it starts with = + - @, a tab
 * or a carriage return and is not a plain number (a negative number is a number, not a formula).
 */
const formulaLike = (cell: string) =>
  /^[=+\-@\t\r]/.test(cell) && !/^[+-]?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(cell);

/** The problems of one CSV: formula-like cells, and hostile names written as they are. */
function problemsOf(label: string, text: string): string[] {
  const problems: string[] = [];
  const lines = text.split(/\r?\n/).filter((line) => line !== '' && !line.startsWith('#'));
  lines.forEach((line, index) => {
    for (const cell of splitCsvLine(line)) {
      if (formulaLike(cell) || HOSTILE_NAMES.includes(cell))
        problems.push(`${label}, line ${index + 1}: ${JSON.stringify(cell)}`);
    }
  });
  return problems;
}

/** The names as csvField writes them: an apostrophe first, so that they show as text. */
const shownAsText = (text: string) =>
  HOSTILE_NAMES.filter((name) => text.includes(`'${name.replace(/"/g, '""')}`));

describe('every CSV export writes formula-like names as text', () => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let siteIds: string[];
  let surveyId: string;
  let billId: string;

  const ask = (query: string, variables: Record<string, unknown>) =>
    graphql(server, query, { token: admin, variables });

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const db = server.database.db;
    const organisation = await createOrg(server, HOSTILE_NAMES[0]);
    // The organisation existed before the billed month.
    await db
      .update(organisations)
      .set({ createdOn: new Date('2026-01-15T00:00:00Z') })
      .where(eq(organisations.id, organisation.id));
    admin = (
      await signIn(
        server,
        (await createUser(server, { organisationId: organisation.id, role: 'org_admin' })).username,
      )
    ).access;
    staff = (
      await signIn(
        server,
        (await createUser(server, { organisationId: null, role: 'admin' })).username,
      )
    ).access;
    siteIds = [];
    for (const [index, name] of HOSTILE_NAMES.entries()) {
      // East of Greenwich and north of the equator: no coordinate is a negative number.
      const { siteId } = await uploadSmallSurvey(server, admin, {
        seed: index + 1,
        name: `Survey site ${index + 1}`,
        latitude: 51.5 + index / 100,
        longitude: 0.1 + index / 100,
      });
      await db.update(sites).set({ name }).where(eq(sites.id, siteId));
      siteIds.push(siteId);
    }
    const [survey] = await db
      .insert(surveys)
      .values({
        organisationId: organisation.id,
        name: HOSTILE_NAMES[3] ?? '',
        scheduledStart: '2025-03-03',
        scheduledEnd: '2025-03-06',
      })
      .returning();
    surveyId = survey?.id ?? '';
    await db
      .insert(surveySites)
      .values(siteIds.map((siteId, position) => ({ surveyId, siteId, position })));
    const queued = await postJson(server, '/bill/bills/generate', { month: '2026-10' }, staff);
    const [task] = await pollUntil(
      () =>
        db
          .select()
          .from(tasks)
          .where(inArray(tasks.id, [queued.body.id as string])),
      (rows) => rows[0]?.state === 'CM' || rows[0]?.state === 'ER',
    );
    expect(task?.state, task?.message).toBe('CM');
    const bills = (await (
      await fetch(`${server.url}/bill/bills?organisation_id=${organisation.id}`, {
        headers: { authorization: `Bearer ${staff}` },
      })
    ).json()) as { id: string }[];
    billId = bills[0]?.id ?? '';
  }, 120_000);
  afterAll(() => server.close());

  /** A report of the type over the four sites, once made; its file's bytes. */
  async function reportFile(type: ReportType): Promise<Buffer> {
    const { body } = await ask(
      'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }',
      {
        input: {
          type,
          site_ids: siteIds,
          start: '2025-03-03T00:00:00Z',
          end: '2025-03-06T00:00:00Z',
          units: 'metric',
          aggregation_minutes: 60,
        },
      },
    );
    expect(body.errors, type).toBeUndefined();
    const id = (body.data?.requestReport as { id: string }).id;
    const report = await pollUntil(
      async () =>
        (await ask('query($id: ID!) { report(id: $id) { state message } }', { id })).body.data
          ?.report as { state: string; message: string },
      (answer) => answer.state === 'CM' || answer.state === 'ER',
      600,
    );
    expect(report.state, `${type}: ${report.message}`).toBe('CM');
    const link = await ask('query($id: ID!) { reportDownload(id: $id) { url } }', { id });
    const url = (link.body.data?.reportDownload as { url: string }).url;
    return Buffer.from(await (await fetch(`${server.url}${url}`)).arrayBuffer());
  }

  it('in every report whose file is CSV or holds CSV', async () => {
    const walked: string[] = [];
    const problems: string[] = [];
    for (const type of REPORT_TYPES) {
      const { mediaType } = REPORT_FILES[type];
      // Spreadsheets, PDF and GIS files are not CSV: a cell of text there is text.
      if (!mediaType.startsWith('text/csv') && mediaType !== 'application/zip') continue;
      const bytes = await reportFile(type);
      const texts: [string, string][] = [];
      if (mediaType === 'application/zip') {
        const zip = await JSZip.loadAsync(bytes);
        for (const [path, entry] of Object.entries(zip.files))
          if (!path.includes('/') && path.toLowerCase().endsWith('.csv'))
            texts.push([`${type} ${path}`, await entry.async('string')]);
      } else texts.push([type, bytes.toString('utf8')]);
      for (const [label, text] of texts) {
        walked.push(label);
        problems.push(...problemsOf(label, text));
        // The names are there, shown as text (an export without them proves nothing).
        expect(shownAsText(text), label).toEqual(HOSTILE_NAMES);
      }
    }
    expect(problems).toEqual([]);
    // Each CSV report type and the raw-files manifest were read.
    expect(walked).toEqual(
      expect.arrayContaining([
        ...REPORT_TYPES.filter((type) => REPORT_FILES[type].mediaType.startsWith('text/csv')),
        'raw_files manifest.csv',
      ]),
    );
  }, 600_000);

  /** How to call each route that answers CSV; a new one fails the test until it is here. */
  const CALLS: Record<string, () => { path: string; token: string; names: string[] }> = {
    'GET /api/sites/site-list.csv': () => ({
      path: `/api/sites/site-list.csv?ids=${siteIds.join(',')}`,
      token: admin,
      names: HOSTILE_NAMES,
    }),
    'GET /api/sites/{id}/vehicles.csv': () => ({
      path: `/api/sites/${siteIds[0]}/vehicles.csv?filter=${encodeURIComponent(
        JSON.stringify({ start_time: '2025-03-03T00:00:00Z', end_time: '2025-03-06T00:00:00Z' }),
      )}`,
      token: admin,
      names: [HOSTILE_NAMES[0] ?? ''],
    }),
    'GET /api/surveys/{id}/site-file.csv': () => ({
      path: `/api/surveys/${surveyId}/site-file.csv`,
      token: admin,
      names: HOSTILE_NAMES,
    }),
    'GET /bill/bills/{id}/{format}': () => ({
      path: `/bill/bills/${billId}/csv`,
      token: admin,
      names: [HOSTILE_NAMES[0] ?? ''],
    }),
  };

  it('in every route of the OpenAPI document that answers CSV', async () => {
    const document = (await (await fetch(`${server.url}/core/api/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<string, { summary?: string; 'x-responses'?: Record<string, string> }>
      >;
    };
    const csvRoutes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([method, operation]) => {
          const said = [operation.summary ?? '', operation['x-responses']?.['200'] ?? ''];
          return (
            method === 'get' && (path.endsWith('.csv') || said.some((text) => /\bCSV\b/.test(text)))
          );
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(csvRoutes.filter((route) => !(route in CALLS))).toEqual([]);
    expect(csvRoutes.sort()).toEqual(Object.keys(CALLS).sort());
    const problems: string[] = [];
    for (const route of csvRoutes) {
      const call = CALLS[route]?.();
      if (!call) continue;
      const response = await fetch(`${server.url}${call.path}`, {
        headers: { authorization: `Bearer ${call.token}` },
      });
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type'), route).toContain('text/csv');
      const text = await response.text();
      problems.push(...problemsOf(route, text));
      expect(shownAsText(text), route).toEqual(call.names);
    }
    expect(problems).toEqual([]);
  }, 120_000);
});
