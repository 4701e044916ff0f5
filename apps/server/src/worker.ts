// `npm run worker`: a process that only runs tasks, beside any number of API nodes. It builds the
// queue, its handlers and what they need (database, blob store, mail), and nothing else: no HTTP
// server or GraphQL; the analysis threads only when it takes report tasks (WORKER_TASKS unset,
// or naming one), which read their figures through them. It needs the same PostgreSQL
// (DATABASE_URL) and blob store as the API nodes; the embedded PGlite serves one process.
import { join } from 'node:path';
import { pino } from 'pino';
import { REPORT_TASK_FUNCTIONS } from '@roadcount/domain';
import { loadConfig } from './config.ts';
import { createBlobStore } from './infra/blob/blobStore.ts';
import { sweepAbandonedParts, sweepPartsOf } from './infra/blob/sweepParts.ts';
import { openDatabase } from './infra/db/database.ts';
import { createMailer } from './infra/mail/mailer.ts';
import { createTaskQueue } from './infra/queue/taskQueue.ts';
import { onlyTasks, startWorker } from './infra/queue/worker.ts';
import { createSiteData } from './features/siteData/index.ts';
import { createTaskHandlers } from './taskHandlers.ts';
import { createAccess } from './infra/access/access.ts';

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
const siteData = createSiteData({ db, blobs });
const takesReports =
  config.workerTasks === undefined ||
  config.workerTasks.some((kind) => REPORT_TASK_FUNCTIONS.includes(kind));
// Loaded only when needed: a worker of files and rollups starts no analysis threads.
const analysis = takesReports
  ? (await import('./analysisSetup.ts')).createAnalysis({
      config,
      db,
      siteData,
      access: createAccess(db),
    })
  : undefined;
const handlers = onlyTasks(
  createTaskHandlers({
    db,
    blobs,
    siteData,
    queue,
    ...(analysis ? { reports: analysis.reports } : {}),
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
  await analysis?.pool.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
