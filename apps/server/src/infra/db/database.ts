import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { lockEmbeddedDatabase } from './embeddedLock.ts';
import { ping } from './maintenance.repository.ts';
import * as schema from './schema.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  /** True when a trivial query answers. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
  /** Calls back on each NOTIFY on the channel; answers a function that stops listening. */
  listen: (channel: string, callback: (payload: string) => void) => Promise<() => Promise<void>>;
  /** The embedded database's files as one dump, for `fromDump`; undefined on PostgreSQL. */
  dump?: () => Promise<Blob>;
}

/**
 * The embedded database serves one process with small queries: keep its buffers small. pg_trgm
 * backs the files table's name search, as the extension of that name does on PostgreSQL.
 */
const EMBEDDED_OPTIONS = { postgresqlconf: ['shared_buffers = 32MB'], extensions: { pg_trgm } };

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/**
 * PostgreSQL when a URL is given; otherwise PGlite in `dataDir/db`, or in memory when `dataDir`
 * is undefined (tests). One schema and one migration history serve both. The embedded database
 * is held by one process at a time: opening one another process holds throws DatabaseInUseError.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /**
   * In memory only: start from this dump of an embedded database instead of an empty one, which
   * spares the setting up of a new one (tests start each server from one migrated copy).
   */
  fromDump?: Blob | undefined;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => undefined);
    const db = drizzlePostgres(pool, { schema }) as unknown as Database;
    // Listening connections are held until stopped: closing stops them first, or the pool's end
    // would wait for them for ever.
    const listeners = new Set<() => Promise<void>>();
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(drizzlePostgres(pool), { migrationsFolder }),
      ping: () => ping(db),
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        if (!pool.ended) await pool.end();
      },
      listen: async (channel, callback) => {
        // A dedicated connection; if it drops, reconnect after a second (polling covers the gap).
        let current: { connection: pg.PoolClient; release: (destroy: boolean) => void } | undefined;
        let stopped = false;
        const connect = async (): Promise<void> => {
          try {
            const connection = await pool.connect();
            // A connection may report several errors, or one after we stopped: release it once.
            let released = false;
            const release = (destroy: boolean): void => {
              if (released) return;
              released = true;
              connection.release(destroy);
            };
            connection.on('notification', (message) => {
              if (message.channel === channel) callback(message.payload ?? '');
            });
            connection.on('error', () => {
              release(true);
              if (current?.connection === connection) current = undefined;
              if (!stopped && !pool.ended) setTimeout(() => void connect(), 1000);
            });
            await connection.query(`listen ${channel}`);
            if (stopped) release(false);
            else current = { connection, release };
          } catch {
            if (!stopped && !pool.ended) setTimeout(() => void connect(), 1000);
          }
        };
        await connect();
        const stop = async () => {
          listeners.delete(stop);
          stopped = true;
          const listening = current;
          current = undefined;
          if (!listening) return;
          await listening.connection.query(`unlisten ${channel}`).catch(() => undefined);
          listening.release(false);
        };
        listeners.add(stop);
        return stop;
      },
    };
  }
  let client: PGlite;
  let unlock: (() => void) | undefined;
  if (options.dataDir) {
    const directory = join(options.dataDir, 'db');
    mkdirSync(directory, { recursive: true });
    unlock = lockEmbeddedDatabase(directory);
    try {
      if (!existsSync(join(directory, 'PG_VERSION'))) initialiseEmbeddedDatabase(directory);
      client = await PGlite.create(directory, EMBEDDED_OPTIONS);
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({ ...EMBEDDED_OPTIONS, loadDataDir: options.fromDump });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    ping: () => ping(db),
    close: async () => {
      if (!client.closed) await client.close();
      unlock?.();
    },
    listen: async (channel, callback) => {
      const unlisten = await client.listen(channel, callback);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dump: () => client.dumpDataDir('none'),
  };
}

/**
 * Creating a cluster (initdb) takes ~600 MB of WebAssembly memory that the process never gives
 * back, so the server would carry it for its whole life: do it in a short-lived child instead.
 */
function initialiseEmbeddedDatabase(directory: string): void {
  const script = `const { PGlite } = await import('@electric-sql/pglite');
const client = await PGlite.create(process.argv[1]);
await client.close();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, directory], {
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}
