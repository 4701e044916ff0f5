import { planSiteMerge, type DirectionAlignment } from '@roadcount/domain';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { TaskRow } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import { composeDirectionMaps, directionMapOf, type SiteData } from '../siteData/index.ts';
import { mergeProblemMessage, toMergeSite } from './siteMerge.graphql.ts';
import type { SitesRepository } from './sites.repository.ts';

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
  sites: SitesRepository;
  siteData: SiteData;
  mailer: Mailer;
  publicUrl: string;
}) {
  return async function mergeSites(task: TaskRow): Promise<TaskOutcome> {
    const payload = readPayload(task.payload);
    const target = await deps.sites.find(payload.targetId);
    if (!target || target.deletedAt)
      throw new PermanentTaskError('The target site of the merge no longer exists.');
    const found = await deps.sites.inOrganisation(target.ownerOrganisationId, payload.sourceIds);
    const pending = found.filter((site) => !site.deletedAt);
    const plan = planSiteMerge(toMergeSite(target), pending.map(toMergeSite), payload.alignment);
    if (!plan.ok && plan.problem !== 'tooFew')
      throw new PermanentTaskError(mergeProblemMessage(plan));
    const directionMaps = plan.ok ? plan.directionMaps : {};

    const movedFiles = await deps.sites.merge(target, pending, (source, logs) =>
      composeDirectionMaps(directionMapOf(logs), directionMaps[source.id]),
    );
    await deps.siteData.rebuildRollups(target.id);
    const vehicles = await deps.siteData.rolledUpVehicles(target.id);
    const names = pending.map((site) => site.name).join(', ');
    const message = `Merged ${pending.length} site(s) (${names}) into ${target.name}: ${movedFiles} file(s) moved; ${target.name} now counts ${vehicles} vehicles.`;

    const user = await deps.sites.recipient(task.userId);
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
