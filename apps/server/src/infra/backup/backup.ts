import { cp, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { lockEmbeddedDatabase } from '../db/embeddedLock.ts';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** What a backup directory holds: the embedded database as one archive, and the blobs as files. */
export const BACKUP_DATABASE = 'db.tar.gz';
export const BACKUP_BLOBS = 'blobs';
export const BACKUP_MANIFEST = 'roadcount-backup.json';

export interface BackupManifest {
  format: 1;
  createdAt: string;
  dataDir: string;
  blobFiles: number;
  blobBytes: number;
  databaseBytes: number;
}

/** Files and bytes under a directory. */
async function sizeOf(directory: string): Promise<{ files: number; bytes: number }> {
  if (!existsSync(directory)) return { files: 0, bytes: 0 };
  let files = 0;
  let bytes = 0;
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

/**
 * Backs up an embedded installation's data directory (PGlite in `db`, blobs in `blobs`) into
 * `target`, which must not exist yet: the database as PGlite's own dump of its data directory
 * (consistent, taken through the database), the blobs copied as they are. The server must be
 * stopped: PGlite allows one process at a time on its directory (DatabaseInUseError else).
 */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupManifest> {
  const databaseDir = join(dataDir, 'db');
  if (!existsSync(join(databaseDir, 'PG_VERSION')))
    throw new Error(`${databaseDir} holds no embedded database to back up`);
  if (existsSync(target)) throw new Error(`${target} exists already: choose a new directory`);
  // Held until the blobs are copied too, so that no server starts on the directory meanwhile.
  const unlock = lockEmbeddedDatabase(databaseDir);
  let databaseBytes: number;
  try {
    await mkdir(target, { recursive: true });
    const client = await PGlite.create(databaseDir, { extensions: { pg_trgm } });
    let archive: Blob;
    try {
      archive = await client.dumpDataDir('gzip');
    } finally {
      await client.close();
    }
    databaseBytes = archive.size;
    await writeFile(join(target, BACKUP_DATABASE), Buffer.from(await archive.arrayBuffer()));
    const blobs = join(dataDir, 'blobs');
    // Partial files are writes that never finished (a process killed mid-write): not data.
    if (existsSync(blobs))
      await cp(blobs, join(target, BACKUP_BLOBS), {
        recursive: true,
        filter: (source) => !source.endsWith('.part'),
      });
  } finally {
    unlock();
  }
  const { files, bytes } = await sizeOf(join(target, BACKUP_BLOBS));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    dataDir,
    blobFiles: files,
    blobBytes: bytes,
    databaseBytes,
  };
  await writeFile(join(target, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Restores a backup made by `backupDataDir` into `dataDir`, whose database and blobs must not
 * exist yet (a fresh directory): the database is unpacked by PGlite, the blobs copied back.
 */
export async function restoreDataDir(source: string, dataDir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(
    await readFile(join(source, BACKUP_MANIFEST), 'utf8'),
  ) as BackupManifest;
  if (manifest.format !== 1)
    throw new Error(`${source}: not a Roadcount backup this version reads`);
  const databaseDir = join(dataDir, 'db');
  const blobs = join(dataDir, 'blobs');
  if (existsSync(join(databaseDir, 'PG_VERSION')) || existsSync(blobs))
    throw new Error(`${dataDir} already holds data: restore into a fresh data directory`);
  await mkdir(dataDir, { recursive: true });
  const archive = new Blob([await readFile(join(source, BACKUP_DATABASE))]);
  const unlock = lockEmbeddedDatabase(databaseDir);
  try {
    const client = await PGlite.create(databaseDir, {
      loadDataDir: archive,
      extensions: { pg_trgm },
    });
    await client.close();
    if (existsSync(join(source, BACKUP_BLOBS)))
      await cp(join(source, BACKUP_BLOBS), blobs, { recursive: true });
  } catch (error) {
    await rm(databaseDir, { recursive: true, force: true });
    await rm(blobs, { recursive: true, force: true });
    throw error;
  } finally {
    unlock();
  }
  return manifest;
}
