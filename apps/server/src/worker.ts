// `npm run worker`: a process that only runs tasks, beside any number of API nodes. It builds the
// queue, its handlers and what they need (database, blob store, mail), and nothing else: no HTTP
// server, GraphQL or analysis threads. It needs the same PostgreSQL (DATABASE_URL) and blob
// store as the API nodes; the embedded PGlite serves one process.
import { join } from 'node:path';
import { pino } from 'pino';
import { loadConfig } from './config.ts';
import { createBlobStore } from './infra/blob/blobStore.ts';
import { sweepAbandonedParts, sweepPartsOf } from './infra/blob/sweepParts.ts';
import { openDatabase } from './infra/db/database.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { createTaskQueue } from './infra/queue/taskQueue.ts';
import { onlyTasks, startWorker } from './infra/queue/worker.ts';
import { createSiteData } from './features/siteData/index.ts';
import { createTaskHandlers } from './taskHandlers.ts';

const config = loadConfig();
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  log.fatal(
    'npm run worker needs DATABASE_URL: the embedded database serves only the npm start process.',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await database.migrate();
const { db } = database;
const blobs = createBlobStore(config);
try {
  await blobs.check();
} catch (error) {
  log.fatal((error as Error).message);
  await database.close();
  process.exit(1);
}
await sweepAbandonedParts(blobs, log);
const queue = createTaskQueue(db);
const handlers = onlyTasks(
  createTaskHandlers({
    db,
    blobs,
    siteData: createSiteData({ db, blobs }),
    queue,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      log,
    }),
    publicUrl: config.publicUrl,
    xlsxMaxInflatedBytes: config.xlsxMaxInflatedBytes,
    seedDemoSurveys: config.seedDemoSurveys,
    log,
  }),
  config.workerTasks,
);
const worker = startWorker({
  queue,
  handlers,
  log,
  listen: (wake) => database.listen('roadcount_tasks', wake),
  leaseMs: config.taskLeaseMs,
  onTakeover: sweepPartsOf(blobs, log),
});
log.info({ tasks: Object.keys(handlers) }, 'Roadcount worker is taking tasks');

let closing = false;
async function shutdown() {
  if (closing) return;
  closing = true;
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
