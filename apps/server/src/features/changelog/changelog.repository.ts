import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { changelogMailings, users } from '../../infra/db/schema.ts';

export function createChangelogRepository(db: Database) {
  return {
    /**
     * Active people (not the demo account) who have not opted out (preference changelogEmails
     * false) and have not been sent this section yet.
     */
    async recipients(sectionHash: string) {
      return db
        .select({
          id: users.id,
          email: users.email,
          username: users.username,
          firstName: users.firstName,
          preferences: users.preferences,
        })
        .from(users)
        .leftJoin(
          changelogMailings,
          and(
            eq(changelogMailings.userId, users.id),
            eq(changelogMailings.sectionHash, sectionHash),
          ),
        )
        .where(
          and(
            eq(users.isActive, true),
            eq(users.isDemo, false),
            sql`coalesce(${users.preferences}->>'changelogEmails', 'true') <> 'false'`,
            isNull(changelogMailings.userId),
          ),
        )
        .orderBy(asc(users.username));
    },

    async markSent(sectionHash: string, userId: string): Promise<void> {
      await db.insert(changelogMailings).values({ sectionHash, userId }).onConflictDoNothing();
    },
  };
}

export type ChangelogRepository = ReturnType<typeof createChangelogRepository>;
