import { and, count, desc, eq, gt, inArray, isNull, notExists, or, sql } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { demoNotificationReads, refreshTokens, userNotifications } from '../../infra/db/schema.ts';

export type NotificationRow = typeof userNotifications.$inferSelect;

/** Who reads a notification: the user it names, or every admin of its organisation when none. */
export interface Reader {
  userId: string;
  organisationId: string | null;
  /** Whether the reader also gets the organisation's notifications addressed to no one user. */
  organisationWide: boolean;
  /**
   * Issue 38: a visitor of the shared demo account (their sign-in), who reads what every
   * visitor is told and what they alone asked for, and keeps read marks of their own. Null for
   * everyone else; the empty string for a demo token from before sessions, which reads as a
   * visitor of no session.
   */
  demoSession: string | null;
}

export function createNotificationsRepository(db: Database) {
  const addressed = (reader: Reader) =>
    reader.organisationWide && reader.organisationId
      ? or(
          eq(userNotifications.userId, reader.userId),
          and(
            isNull(userNotifications.userId),
            eq(userNotifications.organisationId, reader.organisationId),
          ),
        )
      : eq(userNotifications.userId, reader.userId);
  /** What the reader is told: a demo visitor, only what tells every visitor or them alone. */
  const readable = (reader: Reader) =>
    and(
      addressed(reader),
      reader.demoSession === null
        ? isNull(userNotifications.demoSession)
        : or(
            isNull(userNotifications.demoSession),
            eq(userNotifications.demoSession, reader.demoSession),
          ),
    );
  /** The demo visitor's own read mark of the notification. */
  const demoRead = (demoSession: string) =>
    db
      .select({ one: sql`1` })
      .from(demoNotificationReads)
      .where(
        and(
          eq(demoNotificationReads.notificationId, userNotifications.id),
          eq(demoNotificationReads.demoSession, demoSession),
        ),
      );
  /** Unread by this reader: by the notification's mark, or a demo visitor's own. */
  const unread = (reader: Reader) =>
    reader.demoSession === null
      ? isNull(userNotifications.readAt)
      : notExists(demoRead(reader.demoSession));

  return {
    /** The reader's newest notifications, newest first, each read or not for this reader. */
    async list(reader: Reader, limit: number): Promise<NotificationRow[]> {
      const rows = await db
        .select()
        .from(userNotifications)
        .where(readable(reader))
        .orderBy(desc(userNotifications.createdOn))
        .limit(limit);
      if (reader.demoSession === null || rows.length === 0) return rows;
      const marks = await db
        .select({
          notificationId: demoNotificationReads.notificationId,
          readAt: demoNotificationReads.readAt,
        })
        .from(demoNotificationReads)
        .where(
          and(
            eq(demoNotificationReads.demoSession, reader.demoSession),
            inArray(
              demoNotificationReads.notificationId,
              rows.map((row) => row.id),
            ),
          ),
        );
      const readAt = new Map(marks.map((mark) => [mark.notificationId, mark.readAt]));
      return rows.map((row) => ({ ...row, readAt: readAt.get(row.id) ?? null }));
    },

    async unreadCount(reader: Reader): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(userNotifications)
        .where(and(readable(reader), unread(reader)));
      return row?.unread ?? 0;
    },

    /**
     * Marks these of the reader's notifications read (all unread ones when ids is null). A demo
     * visitor marks them for themselves alone, and the marks of visitors whose sign-in has
     * ended go.
     */
    async markRead(reader: Reader, ids: string[] | null): Promise<number> {
      const chosen = and(
        readable(reader),
        unread(reader),
        ...(ids ? [inArray(userNotifications.id, ids)] : []),
      );
      if (reader.demoSession !== null) {
        const demoSession = reader.demoSession;
        if (demoSession === '') return 0;
        const now = new Date();
        await db.delete(demoNotificationReads).where(
          notExists(
            db
              .select({ one: sql`1` })
              .from(refreshTokens)
              .where(
                and(
                  sql`${refreshTokens.familyId}::text = ${demoNotificationReads.demoSession}`,
                  isNull(refreshTokens.revokedAt),
                  gt(refreshTokens.expiresAt, now),
                ),
              ),
          ),
        );
        const targets = await db
          .select({ id: userNotifications.id })
          .from(userNotifications)
          .where(chosen);
        if (targets.length === 0) return 0;
        const marked = await db
          .insert(demoNotificationReads)
          .values(targets.map((target) => ({ notificationId: target.id, demoSession })))
          .onConflictDoNothing()
          .returning({ id: demoNotificationReads.notificationId });
        return marked.length;
      }
      const marked = await db
        .update(userNotifications)
        .set({ readAt: new Date() })
        .where(chosen)
        .returning({ id: userNotifications.id });
      return marked.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
