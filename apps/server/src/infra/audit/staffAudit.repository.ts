import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { isUuid } from '../db/ids.ts';
import { organisations, sites, staffAuditLog, trafficDataFiles } from '../db/schema.ts';

export type StaffAuditRow = typeof staffAuditLog.$inferSelect;

/** Issue 26: the record of what platform staff did, which any feature's staff action writes. */
export function createStaffAudit(db: Database) {
  return {
    /**
     * Records one staff action; the organisation's name is copied so the entry outlives it (an
     * organisation that does not exist is not named).
     */
    async record(entry: {
      userId: string;
      username: string;
      action: string;
      organisationId: string | null;
      detail?: Record<string, unknown>;
    }): Promise<StaffAuditRow> {
      const [organisation] =
        entry.organisationId && isUuid(entry.organisationId)
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
          organisationId: organisation ? entry.organisationId : null,
          organisationName: organisation?.name ?? null,
          detail: entry.detail ?? {},
        })
        .returning();
      if (!row) throw new Error('audit insert returned no row');
      return row;
    },

    /** The organisation owning a site or a file, for a write that names only that. */
    async organisationOf(resource: { siteId?: string; fileId?: string }): Promise<string | null> {
      if (resource.siteId && isUuid(resource.siteId)) {
        const [row] = await db
          .select({ id: sites.ownerOrganisationId })
          .from(sites)
          .where(eq(sites.id, resource.siteId));
        if (row) return row.id;
      }
      if (resource.fileId && isUuid(resource.fileId)) {
        const [row] = await db
          .select({ id: trafficDataFiles.organisationId })
          .from(trafficDataFiles)
          .where(eq(trafficDataFiles.id, resource.fileId));
        if (row) return row.id;
      }
      return null;
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
