import { and, eq, inArray } from 'drizzle-orm';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import { notes, sites, trafficDataFiles, users } from '../../infra/db/schema.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { TaskRow } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import { columnsKey, intervalsKey } from '../ingest/processFile.task.ts';
import { rollupSeriesKey } from '../ingest/refreshRollups.task.ts';
import { scanFileKey } from '../analysis/scanFiles.ts';

/**
 * The delete_site task (SPEC section 4). Without `permanent` it hides the site: every query of
 * sites, files, maps and analysis skips a site with deleted_at, and nothing else changes, so a
 * restore brings it back as it was. With `permanent` it removes a deleted site with its files,
 * their stored data, notes and the site's rollups. Safe to run twice; the requester is emailed.
 */
export function createDeleteSiteHandler(deps: {
  db: Database;
  blobs: BlobStore;
  mailer: Mailer;
  publicUrl: string;
}) {
  const { db } = deps;

  async function notify(task: TaskRow, subject: string, text: string) {
    if (!task.userId) return;
    const [user] = await db.select().from(users).where(eq(users.id, task.userId));
    if (user) await deps.mailer.send({ to: user.email, subject, text });
  }

  return async function deleteSite(task: TaskRow): Promise<TaskOutcome> {
    const siteId = typeof task.payload.siteId === 'string' ? task.payload.siteId : '';
    const permanent = task.payload.permanent === true;
    const [site] = siteId ? await db.select().from(sites).where(eq(sites.id, siteId)) : [];
    if (!site) {
      if (permanent && siteId)
        return { message: 'The site was already deleted permanently', result: { siteId } };
      throw new PermanentTaskError(`The site ${siteId || '(none)'} does not exist`);
    }
    if (!permanent) {
      if (!site.deletedAt)
        await db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, site.id));
      const message = `${site.name} is deleted; it can be restored from the deleted sites`;
      await notify(
        task,
        `Roadcount: ${site.name} is deleted`,
        `${message} on the sites page: ${deps.publicUrl}/ui/site-list\n`,
      );
      return { message, result: { siteId: site.id, permanent: false } };
    }
    // Restored since the request: the site is live again, so it stays.
    if (!site.deletedAt)
      throw new PermanentTaskError(`${site.name} was restored, so it is not deleted permanently`);
    const files = await db
      .select({ id: trafficDataFiles.id, s3Key: trafficDataFiles.s3Key })
      .from(trafficDataFiles)
      .where(eq(trafficDataFiles.siteId, site.id));
    for (const file of files) {
      await deps.blobs.delete(columnsKey(file.id));
      await deps.blobs.delete(scanFileKey(file.id));
      await deps.blobs.delete(intervalsKey(file.id));
      await deps.blobs.delete(file.s3Key);
    }
    await deps.blobs.delete(rollupSeriesKey(site.id, site.rollupsVersion));
    const fileIds = files.map((file) => file.id);
    await db.transaction(async (tx) => {
      if (fileIds.length > 0) {
        await tx
          .delete(notes)
          .where(and(eq(notes.subject, 'traffic_data_file'), inArray(notes.subjectId, fileIds)));
        await tx.delete(trafficDataFiles).where(inArray(trafficDataFiles.id, fileIds));
      }
      // Rollups, lanes and speed limits go with the site (on delete cascade).
      await tx.delete(sites).where(eq(sites.id, site.id));
    });
    const message = `${site.name} and its ${files.length} files are deleted permanently`;
    await notify(task, `Roadcount: ${site.name} is deleted permanently`, `${message}.\n`);
    return { message, result: { siteId: site.id, permanent: true, files: files.length } };
  };
}
