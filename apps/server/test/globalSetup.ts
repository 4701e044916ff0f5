import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/infra/db/database.ts';

/**
 * Sets up and migrates one embedded database for the run and leaves its dump where every test
 * server starts from: a new embedded database costs seconds, a copy of one well under a second.
 * On PostgreSQL (DATABASE_URL) each test file makes a database of its own instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return;
  const directory = mkdtempSync(join(tmpdir(), 'roadcount-migrated-'));
  const handle = await openDatabase({});
  await handle.migrate();
  if (!handle.dump) throw new Error('the embedded database gives no dump');
  const path = join(directory, 'migrated.tar');
  writeFileSync(path, Buffer.from(await (await handle.dump()).arrayBuffer()));
  await handle.close();
  project.provide('migratedDatabaseDump', path);
  return () => rmSync(directory, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    migratedDatabaseDump: string;
  }
}
