import { and, count, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { userNotifications } from '../../infra/db/schema.ts';

export type NotificationRow = typeof userNotifications.$inferSelect;

/** Who reads a notification: the user it names, or every admin of its organisation when none. */
export interface Reader {
  userId: string;
  organisationId: string | null;
  /** Whether the reader also gets the organisation's notifications addressed to no one user. */
  organisationWide: boolean;
}

export function createNotificationsRepository(db: Database) {
  const readable = (reader: Reader) =>
    reader.organisationWide && reader.organisationId
      ? or(
          eq(userNotifications.userId, reader.userId),
          and(
            isNull(userNotifications.userId),
            eq(userNotifications.organisationId, reader.organisationId),
          ),
        )
      : eq(userNotifications.userId, reader.userId);
  return {
    /** The reader's newest notifications, newest first. */
    list(reader: Reader, limit: number): Promise<NotificationRow[]> {
      return db
        .select()
        .from(userNotifications)
        .where(readable(reader))
        .orderBy(desc(userNotifications.createdOn))
        .limit(limit);
    },

    async unreadCount(reader: Reader): Promise<number> {
      const [row] = await db
        .select({ unread: count() })
        .from(userNotifications)
        .where(and(readable(reader), isNull(userNotifications.readAt)));
      return row?.unread ?? 0;
    },

    /** Marks these of the reader's notifications read (all unread ones when ids is null). */
    async markRead(reader: Reader, ids: string[] | null): Promise<number> {
      const marked = await db
        .update(userNotifications)
        .set({ readAt: new Date() })
        .where(
          and(
            readable(reader),
            isNull(userNotifications.readAt),
            ...(ids ? [inArray(userNotifications.id, ids)] : []),
          ),
        )
        .returning({ id: userNotifications.id });
      return marked.length;
    },
  };
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>;
