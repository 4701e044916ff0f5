// `npm run worker`: a process that only runs tasks, beside any number of API nodes. It needs the
// same PostgreSQL (DATABASE_URL) and blob store as they do; the embedded PGlite serves one process.
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './infra/db/database.ts';

const config = loadConfig();
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database serves only the npm start process.',
  );
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl });
await database.migrate();
const app = await buildApp({ config, database, worker: {} });
await app.ready();
app.log.info('Roadcount worker is taking tasks');

async function shutdown() {
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
