// `npm run backup -- <backup directory>` and `npm run restore -- <backup directory>`: the
// embedded database (PGlite in DATA_DIR/db) and the blob directory (DATA_DIR/blobs), with the
// server stopped. PostgreSQL and S3 installations use their own tools (README, 'Backups').
import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { backupDataDir, restoreDataDir } from '../infra/backup/backup.ts';

const [command, directory] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !directory) {
  console.error(
    'Usage: npm run backup -- <backup directory> | npm run restore -- <backup directory>',
  );
  process.exit(2);
}
const config = loadConfig();
if (config.databaseUrl || config.s3) {
  console.error(
    'DATABASE_URL or S3_BUCKET is set: back up PostgreSQL with pg_dump and the bucket with the store’s own tools (README, Backups).',
  );
  process.exit(2);
}
const target = resolve(directory);
try {
  const manifest =
    command === 'backup'
      ? await backupDataDir(config.dataDir, target)
      : await restoreDataDir(target, config.dataDir);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    command === 'backup'
      ? `Backed up ${config.dataDir} into ${target}: database ${mb(manifest.databaseBytes)} MB, ${manifest.blobFiles} blobs (${mb(manifest.blobBytes)} MB).`
      : `Restored ${target} (made ${manifest.createdAt}) into ${config.dataDir}: ${manifest.blobFiles} blobs.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
