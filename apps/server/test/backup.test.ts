import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { backupDataDir, restoreDataDir } from '../src/infra/backup/backup.ts';
import { openDatabase } from '../src/infra/db/database.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  TEST_JWT_SECRET,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

/** A server on an embedded database in `dataDir` (on disk, as `npm start` runs it). */
async function serveDataDir(dataDir: string): Promise<TestServer> {
  const database = await openDatabase({ dataDir });
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_JWT_SECRET,
    ANALYSIS_PRESTART: 'false',
    ANALYSIS_WARM_UP: 'false',
  });
  const app = await buildApp({ config, database, logger: false, worker: { pollMs: 50 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

const SITE = `query($siteId: ID!) { siteDetail(siteId: $siteId) { site_name summary { vehicles } } }`;
const FILES = `{ trafficDataFiles(page_size: 50) { total files { id file_name review_status logs { saved_vehicles } site { id name } } } }`;

describe('backup and restore of an embedded installation', () => {
  const root = mkdtempSync(join(tmpdir(), 'roadcount-backup-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores into a fresh data directory that answers the same site detail and files list', async () => {
    const original = await serveDataDir(join(root, 'original'));
    const organisation = await createOrg(original);
    const admin = await createUser(original, {
      organisationId: organisation.id,
      role: 'org_admin',
    });
    const token = (await signIn(original, admin.username)).access;
    const vehicles = generateTraffic({
      seed: 24,
      startDay: '2025-05-05',
      days: 2,
      vehiclesPerDay: 300,
      directions: [1, 5],
      meanSpeedKmh: 48,
    });
    const text = [
      ...roadcountCsvText(vehicles, { name: 'Backup Lane', latitude: 52.2, longitude: 0.12 }),
    ].join('');
    const file = await uploadAndProcess(original, token, 'backup-lane.csv', text);
    const siteId = file.site?.id ?? '';
    const before = {
      site: (await graphql(original, SITE, { token, variables: { siteId } })).body,
      files: (await graphql(original, FILES, { token })).body,
    };
    // What the restore must give back: 600 vehicles (300 a day for 2 days) on the one site.
    expect(
      (before.site.data?.siteDetail as { summary: { vehicles: number } }).summary.vehicles,
    ).toBe(600);
    await original.close();
    // A report's partial file, as a process killed mid-write leaves it: not carried along.
    const part = join(
      'reports',
      'org',
      'report.csv.by-d3JpdGVy.00000000-0000-4000-8000-000000000001.part',
    );
    mkdirSync(join(root, 'original', 'blobs', 'reports', 'org'), { recursive: true });
    writeFileSync(join(root, 'original', 'blobs', part), 'half a report');

    const backup = join(root, 'backup');
    const made = await backupDataDir(join(root, 'original'), backup);
    expect(made.blobFiles).toBeGreaterThan(0);
    expect(existsSync(join(backup, 'blobs', part))).toBe(false);
    // The original is gone: only the backup is left to restore from.
    rmSync(join(root, 'original'), { recursive: true, force: true });
    await restoreDataDir(backup, join(root, 'restored'));
    // Not over a data directory that holds data: the restored one, say.
    await expect(restoreDataDir(backup, join(root, 'restored'))).rejects.toThrow(
      /already holds data: restore into a fresh data directory/,
    );

    const restored = await serveDataDir(join(root, 'restored'));
    try {
      const again = (await signIn(restored, admin.username)).access;
      expect((await graphql(restored, SITE, { token: again, variables: { siteId } })).body).toEqual(
        before.site,
      );
      expect((await graphql(restored, FILES, { token: again })).body).toEqual(before.files);
    } finally {
      await restored.close();
    }
  }, 600_000);
});
