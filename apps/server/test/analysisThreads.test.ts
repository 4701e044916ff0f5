import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VehicleColumnsBuilder, columnsToArrow } from '@roadcount/analytics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadOf } from '../src/features/analysis/analysisPool.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
  uploadSmallSurvey,
} from './testServer.ts';

const SITE_DETAIL = `query($siteId: ID!) { siteDetail(siteId: $siteId) { summary { vehicles } } }`;

const LARGE_VEHICLES = 3_000_000;

describe('analysis threads', () => {
  let server: TestServer;
  let token: string;
  const sites: { siteId: string; fileId: string }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ ANALYSIS_THREADS: '2' }, { worker: true });
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    // Small surveys on sites far apart, until there is one site on each thread.
    for (let survey = 0; survey < 8; survey += 1) {
      const site = await uploadSmallSurvey(server, token, {
        seed: 40 + survey,
        name: `Thread Road ${survey}`,
        latitude: 50 + survey,
        longitude: survey,
      });
      if (!sites.some((known) => threadOf(known.siteId, 2) === threadOf(site.siteId, 2)))
        sites.push(site);
      if (sites.length === 2) break;
    }
  }, 120_000);
  afterAll(() => server.close());

  it('answers a health check and another site on the other thread while one site loads cold', async () => {
    expect(sites).toHaveLength(2);
    const [large, small] = sites as [{ siteId: string; fileId: string }, { siteId: string }];
    // Make the first site's column file that of a long continuous count: 3M vehicles, enough
    // that its cold load outlasts the small site's whole request even on a busy machine.
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
    writeFileSync(
      join(server.config.dataDir, 'blobs', 'columns', `${large.fileId}.arrow`),
      columnsToArrow(builder.build()),
    );
    // Without its scan file, the site is prepared from the column file, the longest load.
    rmSync(join(server.config.dataDir, 'blobs', 'scan', `${large.fileId}.bin`));

    const finished: string[] = [];
    const cold = graphql(server, SITE_DETAIL, { token, variables: { siteId: large.siteId } }).then(
      (answer) => {
        finished.push('large site');
        return answer;
      },
    );
    const other = graphql(server, SITE_DETAIL, { token, variables: { siteId: small.siteId } }).then(
      (answer) => {
        finished.push('small site');
        return answer;
      },
    );
    const health = fetch(`${server.url}/healthz`).then((response) => {
      finished.push('health');
      return response.status;
    });
    const [coldAnswer, otherAnswer, healthStatus] = await Promise.all([cold, other, health]);
    expect(healthStatus).toBe(200);
    expect(
      (coldAnswer.body.data?.siteDetail as { summary: { vehicles: number } }).summary.vehicles,
    ).toBe(LARGE_VEHICLES);
    expect(
      (otherAnswer.body.data?.siteDetail as { summary: { vehicles: number } }).summary.vehicles,
    ).toBeGreaterThan(0);
    expect(finished.at(-1)).toBe('large site');
  }, 120_000);
});
