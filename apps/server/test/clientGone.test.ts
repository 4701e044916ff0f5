import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VehicleColumnsBuilder, columnsToArrow } from '@roadcount/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  type TestServer,
  uploadSmallSurvey,
} from './testServer.ts';

/** Enough vehicles that preparing a site's columns cold takes a while on any machine. */
const LARGE_VEHICLES = 1_000_000;
/** Aliased site-detail fields in the request the client gives up on (the cost limit allows 9). */
const ALIASES = 6;

/** A long continuous count's column file: one vehicle every 5 s from 1 January 2025. */
function largeColumnFile(): Uint8Array {
  const builder = new VehicleColumnsBuilder();
  const start = Date.UTC(2025, 0, 1);
  for (let index = 0; index < LARGE_VEHICLES; index += 1)
    builder.push({
      timeMs: start + index * 5_000,
      lane: 1,
      direction: index % 2 === 0 ? 1 : 5,
      classIndex: 1 + (index % 5),
      speedMps: 10 + (index % 200) / 10,
      lengthM: 4.5,
      headwayS: 2 + (index % 100) / 10,
      gapS: 1.5 + (index % 100) / 10,
      axles: 2,
      wheelbaseM: 2.7,
      rho: 0.9,
    });
  return columnsToArrow(builder.build());
}

describe('a client that goes away', () => {
  let server: TestServer;
  let token: string;
  const sites: { siteId: string; fileId: string }[] = [];

  beforeAll(async () => {
    // One analysis thread: every request waits its turn behind the one running.
    server = await startTestServer({ ANALYSIS_THREADS: '1' }, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    const columns = largeColumnFile();
    for (const survey of [0, 1]) {
      const { siteId, fileId } = await uploadSmallSurvey(server, token, {
        seed: 70 + survey,
        name: `Gone Road ${survey}`,
        latitude: 51 + survey,
        longitude: survey,
      });
      sites.push({ siteId, fileId });
      // The site's stored columns become those of the long count; without its scan file, they
      // are prepared from the column file on first use, the longest load there is.
      writeFileSync(join(server.config.dataDir, 'blobs', 'columns', `${fileId}.arrow`), columns);
      rmSync(join(server.config.dataDir, 'blobs', 'scan', `${fileId}.bin`));
    }
  }, 300_000);
  afterAll(() => server.close(), 120_000);

  /** Polls the pool's counters until `done` holds (at most 60 s). */
  const statsWhen = (done: (stats: ReturnType<TestServer['app']['analysisStats']>) => boolean) =>
    pollUntil(() => Promise.resolve(server.app.analysisStats()), done, 1_200);

  it('stops a GraphQL request’s site scans when its client leaves, and answers the next', async () => {
    const site = sites[0] ?? { siteId: '' };
    const before = server.app.analysisStats();
    // Six aliased fields, each a scan of the same site (its bins of a different width): six
    // requests to the one thread.
    const fields = Array.from(
      { length: ALIASES },
      (_, index) =>
        `a${index}: siteDetail(siteId: $siteId, aggregation_minutes: ${[5, 15, 30, 60, 1440, 10080][index]}) { summary { vehicles } }`,
    ).join('\n');
    const client = new AbortController();
    const request = fetch(`${server.url}/gql/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: `query($siteId: ID!) { ${fields} }`,
        variables: { siteId: site.siteId },
      }),
      signal: client.signal,
    }).catch((error: unknown) => error);
    // The first field's thread is preparing the columns cold; the others wait behind it.
    const queued = await statsWhen((stats) => stats.waiting >= 2);
    expect(queued.waiting).toBeGreaterThanOrEqual(2);
    client.abort();
    expect(await request).toBeInstanceOf(Error);

    const after = await statsWhen((stats) => stats.waiting === 0);
    const asked = after.asked - before.asked;
    const answered = after.answered - before.answered;
    const dropped = after.dropped - before.dropped;
    const stopped = after.stopped - before.stopped;
    expect(after.failed - before.failed).toBe(0);
    // Every request the thread was given ended one of three ways; the ones that waited behind
    // the cold load never ran (at least one: two or more were waiting when the client left).
    expect(answered + dropped + stopped).toBe(asked);
    expect(dropped + stopped).toBeGreaterThanOrEqual(1);
    expect(answered).toBeLessThan(ALIASES);
    expect(after.waiting).toBe(0);

    // The next request is answered in full: 1,000,000 vehicles, one every 5 s.
    const next = await graphql(
      server,
      `
        query ($siteId: ID!) {
          siteDetail(siteId: $siteId) {
            summary {
              vehicles
            }
          }
        }
      `,
      { token, variables: { siteId: site.siteId } },
    );
    expect(
      (next.body.data?.siteDetail as { summary: { vehicles: number } } | undefined)?.summary
        .vehicles,
    ).toBe(LARGE_VEHICLES);
  }, 120_000);

  it('stops the summary workbook’s scan when its client leaves', async () => {
    const site = sites[1] ?? { siteId: '' };
    const before = server.app.analysisStats();
    const client = new AbortController();
    const request = fetch(`${server.url}/api/sites/${site.siteId}/summary.xlsx`, {
      headers: { authorization: `Bearer ${token}` },
      signal: client.signal,
    }).catch((error: unknown) => error);
    // The site's columns are being prepared cold.
    await statsWhen((stats) => stats.waiting >= 1);
    client.abort();
    expect(await request).toBeInstanceOf(Error);
    const after = await statsWhen((stats) => stats.waiting === 0);
    // The load finished (its columns are kept for the next request); the scan never ran.
    expect(after.asked - before.asked).toBe(1);
    expect(after.stopped - before.stopped).toBe(1);
    expect(after.answered - before.answered).toBe(0);
  }, 120_000);
});
