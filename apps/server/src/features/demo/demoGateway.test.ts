import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  type TestServer,
} from '../../../test/testServer.ts';
import { createDemoRepository } from './demo.repository.ts';
import { DEMO_ORGANISATION_NAME, seedDemo } from './demo.seed.ts';
import { seedRealtimeSite } from './demoData.ts';

const MAP = `query($filter: MapFilter!) { mapSites(filter: $filter) { name vehicles } }`;

/** Local days (the demo's zone is London's; the last day reaches into the next UTC day). */
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("the demo's realtime site", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    // Asked for: test servers leave the demo's gateway off otherwise.
    server = await startTestServer({ DEMO_REALTIME: 'true' });
    const log = pino({ level: 'silent' });
    await seedDemo(server.database.db, log, { demo: 'demo-pass-live' });
    const repository = createDemoRepository(server.database.db);
    const organisation = await repository.organisationByName(DEMO_ORGANISATION_NAME);
    await seedRealtimeSite(repository, organisation?.id ?? '');
    token = (await signIn(server, 'demo', 'demo-pass-live')).access;
  }, 120_000);
  afterAll(() => server.close());

  const kingsRoad = async () => {
    const now = Date.now();
    const { body } = await graphql(server, MAP, {
      token,
      variables: {
        filter: { start_date: isoDay(now - 2 * 86_400_000), end_date: isoDay(now + 86_400_000) },
      },
    });
    expect(body.errors).toBeUndefined();
    const sites = (body.data?.mapSites ?? []) as { name: string; vehicles: number }[];
    return sites.find((site) => site.name === 'Kings Road live')?.vehicles ?? 0;
  };

  it('gets a day of history once its gateway is registered, then keeps receiving vehicles', async () => {
    // A day at 6 vehicles a minute a lane, two lanes, shaped by the working-day profile whose
    // hourly factors average 21.62 / 24: 6 × 1,440 × 2 × 21.62 / 24 ≈ 15,566 vehicles.
    const history = await pollUntil(kingsRoad, (vehicles) => vehicles >= 14_000, 3600);
    expect(history).toBeGreaterThanOrEqual(14_000);
    expect(history).toBeLessThanOrEqual(17_200);
    // Then the live feed: more vehicles arrive each second or so.
    const later = await pollUntil(kingsRoad, (vehicles) => vehicles > history, 1200);
    expect(later).toBeGreaterThan(history);
  }, 240_000);
});
