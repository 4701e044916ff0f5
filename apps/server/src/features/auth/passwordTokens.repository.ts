import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { passwordTokens } from '../../infra/db/schema.ts';

export type PasswordTokenPurpose = 'reset' | 'invite';

export function createPasswordTokensRepository(db: Database) {
  return {
    async insert(values: {
      userId: string;
      purpose: PasswordTokenPurpose;
      tokenHash: string;
      expiresAt: Date;
    }) {
      await db.insert(passwordTokens).values(values);
    },
    /** The user of an unused, unexpired token, without using it; null otherwise. */
    async findUsable(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: passwordTokens.userId, expiresAt: passwordTokens.expiresAt })
        .from(passwordTokens)
        .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt)));
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      return row.userId;
    },
    /** Marks the token used and answers its user, once; null for unknown, used or expired. */
    async consume(tokenHash: string): Promise<string | null> {
      const [row] = await db
        .update(passwordTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordTokens.tokenHash, tokenHash), isNull(passwordTokens.usedAt)))
        .returning();
      if (!row || row.expiresAt.getTime() <= Date.now()) return null;
      return row.userId;
    },
    /** A new link makes the older ones of the user useless. */
    async invalidateForUser(userId: string): Promise<void> {
      await db
        .update(passwordTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
    },
  };
}

export type PasswordTokensRepository = ReturnType<typeof createPasswordTokensRepository>;
