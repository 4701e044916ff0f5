// `npm run codegen`: writes the REST API's OpenAPI document to the web app's generated folder,
// where openapi-typescript reads it. The document is what GET /core/api/openapi.json answers,
// from the app built against an in-memory database, with its keys sorted so that the order in
// which routes register does not show up as a change.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../infra/db/database.ts';

const target = new URL('../../../web/src/generated/openapi.json', import.meta.url);

/** The value with every object's keys in order; arrays keep theirs, as it can carry meaning. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, entry]) => [key, sortKeys(entry)]),
  );
}

const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-openapi-'));
const database = await openDatabase({});
try {
  await database.migrate();
  // Only what the app needs to start; nothing from the caller's environment, so that every
  // machine writes the same document.
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ANALYSIS_PRESTART: 'false',
    ANALYSIS_WARM_UP: 'false',
  });
  const app = await buildApp({ config, database, logger: false, worker: false });
  try {
    const response = await app.inject({ method: 'GET', url: '/core/api/openapi.json' });
    if (response.statusCode !== 200)
      throw new Error(`GET /core/api/openapi.json answered ${response.statusCode}`);
    mkdirSync(new URL('.', target), { recursive: true });
    writeFileSync(target, `${JSON.stringify(sortKeys(response.json()), null, 2)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
