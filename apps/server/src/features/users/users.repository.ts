import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { Role } from '@roadcount/domain';
import type { Database } from '../../infra/db/database.ts';
import { refreshTokens, users } from '../../infra/db/schema.ts';
import { isUuid } from '../../infra/db/ids.ts';

export type UserRow = typeof users.$inferSelect;

export function createUsersRepository(db: Database) {
  return {
    async findById(id: string): Promise<UserRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(users).where(eq(users.id, id));
      return row;
    },
    /** Sign-in accepts the username or the email, in any letter case. */
    async findByLogin(login: string): Promise<UserRow | undefined> {
      const lowered = login.trim().toLowerCase();
      const [row] = await db
        .select()
        .from(users)
        .where(
          or(eq(sql`lower(${users.username})`, lowered), eq(sql`lower(${users.email})`, lowered)),
        );
      return row;
    },
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(users)
        .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
      return row;
    },
    async listByOrganisation(organisationId: string): Promise<UserRow[]> {
      return db
        .select()
        .from(users)
        .where(eq(users.organisationId, organisationId))
        .orderBy(asc(users.username));
    },
    async countActive(organisationId: string): Promise<number> {
      const [row] = await db
        .select({ value: count() })
        .from(users)
        .where(and(eq(users.organisationId, organisationId), eq(users.isActive, true)));
      return row?.value ?? 0;
    },
    async insert(values: {
      organisationId: string | null;
      username: string;
      email: string;
      firstName: string;
      lastName: string;
      role: Role;
      passwordHash: string;
    }): Promise<UserRow> {
      const [row] = await db.insert(users).values(values).returning();
      if (!row) throw new Error('user insert returned no row');
      return row;
    },
    async delete(id: string): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
    async update(
      id: string,
      values: Partial<
        Pick<UserRow, 'email' | 'firstName' | 'lastName' | 'passwordHash' | 'preferences'>
      >,
    ): Promise<UserRow> {
      const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
      if (!row) throw new Error(`user ${id} not found`);
      return row;
    },
    /** Merges keys into the user's preferences (SPEC: update_user_preference appends). */
    async mergePreferences(id: string, preference: Record<string, unknown>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ preferences: sql`${users.preferences} || ${JSON.stringify(preference)}::jsonb` })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} not found`);
      return row;
    },
    async revokeSessions(userId: string): Promise<void> {
      await db
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), sql`${refreshTokens.revokedAt} is null`));
    },
    async recordLogin(id: string): Promise<void> {
      await db.update(users).set({ lastLogin: new Date() }).where(eq(users.id, id));
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
