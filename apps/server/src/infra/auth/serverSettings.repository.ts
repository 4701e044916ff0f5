import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { serverSettings } from '../db/schema.ts';

/** Settings the server keeps for itself in the database, by key. */
export function createServerSettingsRepository(db: Database) {
  return {
    /** Stores the value unless the key already has one. */
    async keepFirst(key: string, value: string): Promise<void> {
      await db.insert(serverSettings).values({ key, value }).onConflictDoNothing();
    },
    async read(key: string): Promise<string | undefined> {
      const [row] = await db
        .select({ value: serverSettings.value })
        .from(serverSettings)
        .where(eq(serverSettings.key, key));
      return row?.value;
    },
  };
}
