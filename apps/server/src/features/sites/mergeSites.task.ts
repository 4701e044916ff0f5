import { planSiteMerge, type DirectionAlignment } from '@roadcount/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Database } from '../../infra/db/database.ts';
import { siteDailyRollups, sites, trafficDataFiles } from '../../infra/db/schema.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { TaskRow } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import { composeDirectionMaps, directionMapOf } from '../ingest/directionMap.ts';
import { rebuildSiteRollups } from '../ingest/refreshRollups.task.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import { mergeProblemMessage, toMergeSite } from './siteMerge.graphql.ts';

interface MergePayload {
  targetId: string;
  sourceIds: string[];
  alignment: DirectionAlignment;
}

function readPayload(payload: Record<string, unknown>): MergePayload {
  const { targetId, sourceIds, alignment } = payload;
  if (
    typeof targetId !== 'string' ||
    !Array.isArray(sourceIds) ||
    sourceIds.length === 0 ||
    !sourceIds.every((id) => typeof id === 'string')
  )
    throw new PermanentTaskError('A merge needs a target site and the sites to merge into it.');
  return {
    targetId,
    sourceIds,
    alignment: alignment && typeof alignment === 'object' ? (alignment as DirectionAlignment) : {},
  };
}

/**
 * The merge_sites task (SPEC section 4): every file of the source sites moves to the target,
 * with the direction alignment the user chose recorded on each file; the sources are removed
 * (kept as deleted, pointing at the target, so that their SID still finds it), the target's
 * rollups are rebuilt from all its files, and the user who asked is emailed. Safe to run twice:
 * a source already merged has no files left and is skipped.
 */
export function createMergeSitesHandler(deps: {
  db: Database;
  blobs: BlobStore;
  users: UsersRepository;
  mailer: Mailer;
  publicUrl: string;
}) {
  return async function mergeSites(task: TaskRow): Promise<TaskOutcome> {
    const payload = readPayload(task.payload);
    const [target] = await deps.db.select().from(sites).where(eq(sites.id, payload.targetId));
    if (!target || target.deletedAt)
      throw new PermanentTaskError('The target site of the merge no longer exists.');
    const found = await deps.db
      .select()
      .from(sites)
      .where(
        and(
          inArray(sites.id, payload.sourceIds),
          eq(sites.ownerOrganisationId, target.ownerOrganisationId),
        ),
      );
    const pending = found.filter((site) => !site.deletedAt);
    const plan = planSiteMerge(toMergeSite(target), pending.map(toMergeSite), payload.alignment);
    if (!plan.ok && plan.problem !== 'tooFew')
      throw new PermanentTaskError(mergeProblemMessage(plan));
    const directionMaps = plan.ok ? plan.directionMaps : {};

    let movedFiles = 0;
    await deps.db.transaction(async (tx) => {
      for (const source of pending) {
        const files = await tx
          .select({ id: trafficDataFiles.id, logs: trafficDataFiles.logs })
          .from(trafficDataFiles)
          .where(eq(trafficDataFiles.siteId, source.id));
        const map = directionMaps[source.id];
        for (const file of files) {
          const composed = composeDirectionMaps(directionMapOf(file.logs), map);
          const mergedFrom: unknown[] = Array.isArray(file.logs.merged_from)
            ? (file.logs.merged_from as unknown[])
            : [];
          await tx
            .update(trafficDataFiles)
            .set({
              siteId: target.id,
              logs: {
                ...file.logs,
                direction_map: Object.keys(composed).length > 0 ? composed : undefined,
                merged_from: [...mergedFrom, source.id],
              },
            })
            .where(eq(trafficDataFiles.id, file.id));
        }
        movedFiles += files.length;
        // The target joins every group the source was in.
        await tx.execute(sql`
          insert into site_group_members (group_id, site_id)
          select group_id, ${target.id}::uuid from site_group_members where site_id = ${source.id}::uuid
          on conflict do nothing`);
        await tx.delete(siteDailyRollups).where(eq(siteDailyRollups.siteId, source.id));
        await tx
          .update(sites)
          .set({
            deletedAt: new Date(),
            coreSiteMeta: { ...source.coreSiteMeta, merged_into: target.id },
          })
          .where(eq(sites.id, source.id));
      }
      const contexts = new Set(
        [target, ...pending].flatMap((site) =>
          Array.isArray(site.coreSiteMeta.site_context)
            ? (site.coreSiteMeta.site_context as string[])
            : [],
        ),
      );
      await tx
        .update(sites)
        .set({ coreSiteMeta: { ...target.coreSiteMeta, site_context: [...contexts] } })
        .where(eq(sites.id, target.id));
    });

    await rebuildSiteRollups(deps, target.id);
    const [totals] = await deps.db
      .select({ vehicles: sql<number>`coalesce(sum(${siteDailyRollups.vehicles}), 0)::int` })
      .from(siteDailyRollups)
      .where(eq(siteDailyRollups.siteId, target.id));
    const vehicles = Number(totals?.vehicles ?? 0);
    const names = pending.map((site) => site.name).join(', ');
    const message = `Merged ${pending.length} site(s) (${names}) into ${target.name}: ${movedFiles} file(s) moved; ${target.name} now counts ${vehicles} vehicles.`;

    const user = task.userId ? await deps.users.findById(task.userId) : undefined;
    if (user?.email) {
      const link = `${deps.publicUrl}/ui/analysis/site-detail/${target.id}`;
      await deps.mailer.send({
        to: user.email,
        subject: `Roadcount: sites merged into ${target.name}`,
        text: `Hello ${user.firstName || user.username},\n\nThe merge you asked for is complete.\n\n${message}\n\nSee the site: ${link}\n`,
        link,
      });
    }
    return {
      message,
      result: {
        targetId: target.id,
        mergedSiteIds: pending.map((site) => site.id),
        files: movedFiles,
        vehicles,
        aligned: plan.ok && plan.aligned,
      },
    };
  };
}
