import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { refreshTokens } from '../../infra/db/schema.ts';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export function createRefreshTokensRepository(db: Database) {
  return {
    async insert(values: { userId: string; familyId: string; tokenHash: string; expiresAt: Date }) {
      await db.insert(refreshTokens).values(values);
    },
    async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
      const [row] = await db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, tokenHash));
      return row;
    },
    /** Marks a token used; false when another request used it first. */
    async markUsed(id: string): Promise<boolean> {
      const rows = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return rows.length === 1;
    },
    async revokeFamily(familyId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },
  };
}

export type RefreshTokensRepository = ReturnType<typeof createRefreshTokensRepository>;
