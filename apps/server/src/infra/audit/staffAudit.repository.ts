import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { organisations, staffAuditLog } from '../db/schema.ts';

export type StaffAuditRow = typeof staffAuditLog.$inferSelect;

/** Issue 26: the record of what platform staff did, which any feature's staff action writes. */
export function createStaffAudit(db: Database) {
  return {
    /** Records one staff action; the organisation's name is copied so the entry outlives it. */
    async record(entry: {
      userId: string;
      username: string;
      action: string;
      organisationId: string | null;
      detail?: Record<string, unknown>;
    }): Promise<StaffAuditRow> {
      const [organisation] = entry.organisationId
        ? await db
            .select({ name: organisations.name })
            .from(organisations)
            .where(eq(organisations.id, entry.organisationId))
        : [];
      const [row] = await db
        .insert(staffAuditLog)
        .values({
          userId: entry.userId,
          username: entry.username,
          action: entry.action,
          organisationId: entry.organisationId,
          organisationName: organisation?.name ?? null,
          detail: entry.detail ?? {},
        })
        .returning();
      if (!row) throw new Error('audit insert returned no row');
      return row;
    },

    /** The newest entries first, of one organisation or of all. */
    list(options: { limit: number; organisationId?: string | null }): Promise<StaffAuditRow[]> {
      const query = db.select().from(staffAuditLog);
      return (
        options.organisationId
          ? query.where(eq(staffAuditLog.organisationId, options.organisationId))
          : query
      )
        .orderBy(desc(staffAuditLog.createdOn))
        .limit(options.limit);
    },
  };
}

export type StaffAudit = ReturnType<typeof createStaffAudit>;
