import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { organisations, supportAttachments, supportMessages } from '../../infra/db/schema.ts';

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type SupportAttachmentRow = typeof supportAttachments.$inferSelect;

export interface ListedSupportMessage extends SupportMessageRow {
  organisationName: string | null;
  attachments: SupportAttachmentRow[];
}

/** Feedback and subscription enquiries, with their attachments' names and blob keys. */
export function createSupportRepository(db: Database) {
  return {
    async insert(
      message: typeof supportMessages.$inferInsert,
      attachments: Omit<typeof supportAttachments.$inferInsert, 'messageId'>[],
    ): Promise<SupportMessageRow> {
      return db.transaction(async (transaction) => {
        const [row] = await transaction.insert(supportMessages).values(message).returning();
        if (!row) throw new Error('support message not stored');
        if (attachments.length > 0)
          await transaction
            .insert(supportAttachments)
            .values(attachments.map((attachment) => ({ ...attachment, messageId: row.id })));
        return row;
      });
    },
    async remove(id: string): Promise<void> {
      await db.delete(supportMessages).where(eq(supportMessages.id, id));
    },
    /** The newest first, for platform staff. */
    async list(limit: number): Promise<ListedSupportMessage[]> {
      const rows = await db
        .select({ message: supportMessages, organisationName: organisations.name })
        .from(supportMessages)
        .leftJoin(organisations, eq(organisations.id, supportMessages.organisationId))
        .orderBy(desc(supportMessages.createdOn))
        .limit(limit);
      const ids = rows.map((row) => row.message.id);
      const attachments =
        ids.length === 0
          ? []
          : await db
              .select()
              .from(supportAttachments)
              .where(inArray(supportAttachments.messageId, ids))
              .orderBy(asc(supportAttachments.position));
      return rows.map((row) => ({
        ...row.message,
        organisationName: row.organisationName,
        attachments: attachments.filter((attachment) => attachment.messageId === row.message.id),
      }));
    },
    async attachment(id: string): Promise<SupportAttachmentRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(supportAttachments).where(eq(supportAttachments.id, id));
      return row;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
