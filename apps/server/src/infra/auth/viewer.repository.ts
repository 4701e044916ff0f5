import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { users } from '../db/schema.ts';

export type UserRow = typeof users.$inferSelect;

/** The stored user behind a token: what every request's viewer is made from. */
export function createViewerRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
  };
}

export type ViewerRepository = ReturnType<typeof createViewerRepository>;
