import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './infra/db/database.ts';
import { DatabaseInUseError } from './infra/db/embeddedLock.ts';
import { startEmbeddedMaintenance } from './infra/db/maintenance.ts';
import { seedDemo } from './features/demo/demo.seed.ts';
import { seedPlatformAdmin } from './features/users/platformAdmin.ts';
import { demoSurveysUnfinished, seedDemoData } from './features/demo/demoData.ts';
import { BlobStoreUnavailableError, createBlobStore } from './infra/blob/blobStore.ts';
import { createTaskQueue } from './infra/queue/taskQueue.ts';

const config = loadConfig();
mkdirSync(config.dataDir, { recursive: true });
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
}).catch((error: unknown) => {
  if (!(error instanceof DatabaseInUseError)) throw error;
  console.error(error.message);
  process.exit(1);
});
await database.migrate();
const app = await buildApp({ config, database, worker: config.runWorker ? {} : false }).catch(
  async (error: unknown) => {
    if (!(error instanceof BlobStoreUnavailableError)) throw error;
    // The operator's mistake, said in one line rather than a stack.
    console.error(error.message);
    await database.close();
    process.exit(1);
  },
);
if (config.platformAdmin) await seedPlatformAdmin(database.db, app.log, config.platformAdmin);
const firstStart =
  config.seedDemo &&
  (await seedDemo(database.db, app.log, {
    admin: config.adminPassword,
    demo: config.demoPassword,
  }));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  stopMaintenance();
  await app.close();
  await database.close();
  process.exit(0);
}
const stopMaintenance = startEmbeddedMaintenance(database, app.log);
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// A first start stopped while the demo surveys were being put in carries on with them.
if (
  config.seedDemo &&
  config.seedDemoSurveys &&
  (firstStart || (await demoSurveysUnfinished(database.db)))
) {
  // Generated and queued after the server answers, so the first start is not held up.
  void seedDemoData({
    db: database.db,
    blobs: createBlobStore(config),
    queue: createTaskQueue(database.db),
    log: app.log,
  }).catch((error: unknown) =>
    app.log.error({ err: error }, 'the demo surveys could not be queued'),
  );
}
app.log.info(
  `Roadcount is serving ${config.publicUrl} on ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/db` : 'PostgreSQL'}`,
);
