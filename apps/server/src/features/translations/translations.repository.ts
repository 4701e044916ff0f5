import { and, eq } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { translationOverrides } from '../../infra/db/schema.ts';

export function createTranslationsRepository(db: Database) {
  return {
    async all() {
      return db
        .select({
          locale: translationOverrides.locale,
          key: translationOverrides.key,
          text: translationOverrides.text,
        })
        .from(translationOverrides);
    },
    async put(locale: string, key: string, text: string, userId: string): Promise<void> {
      await db
        .insert(translationOverrides)
        .values({ locale, key, text, updatedBy: userId })
        .onConflictDoUpdate({
          target: [translationOverrides.locale, translationOverrides.key],
          set: { text, updatedBy: userId, updatedAt: new Date() },
        });
    },
    async remove(locale: string, key: string): Promise<void> {
      await db
        .delete(translationOverrides)
        .where(and(eq(translationOverrides.locale, locale), eq(translationOverrides.key, key)));
    },
  };
}

export type TranslationsRepository = ReturnType<typeof createTranslationsRepository>;
