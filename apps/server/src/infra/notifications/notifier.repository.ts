import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { userNotifications } from '../db/schema.ts';

export interface Notice {
  organisationId: string;
  /** The user told; null for every admin of the organisation. */
  userId: string | null;
  /** What it is about (the profile names each kind): merge_sites, delete_site, report_ready... */
  kind: string;
  /** Ids and names of what it is about, and a text in English for any other reader. */
  message: Record<string, unknown> & { text: string };
  /** The task it tells of: a task run twice tells once. */
  taskId?: string;
  /** Issue 38: the demo visitor it is for alone, when a demo visitor asked for what it tells of. */
  demoSession?: string | null;
}

/** Tells users of what happened to their requests: the profile's notifications. */
export function createNotifier(db: Database) {
  return {
    async notify(notice: Notice): Promise<void> {
      if (notice.taskId) {
        const [told] = await db
          .select({ id: userNotifications.id })
          .from(userNotifications)
          .where(
            and(
              eq(userNotifications.organisationId, notice.organisationId),
              eq(sql`${userNotifications.message}->>'task_id'`, notice.taskId),
            ),
          )
          .limit(1);
        if (told) return;
      }
      await db.insert(userNotifications).values({
        organisationId: notice.organisationId,
        userId: notice.userId,
        functionId: notice.kind,
        demoSession: notice.demoSession ?? null,
        message: { ...notice.message, ...(notice.taskId ? { task_id: notice.taskId } : {}) },
      });
    },
  };
}

export type Notifier = ReturnType<typeof createNotifier>;
