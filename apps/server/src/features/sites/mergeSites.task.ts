import { planSiteMerge, serverMessage } from '@roadcount/domain';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { mailBody, mailLocale, mailText } from '../../infra/mail/mailText.ts';
import type { Notifier } from '../../infra/notifications/notifier.repository.ts';
import type { Job } from '../../infra/queue/jobs.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import {
  composeDirectionMaps,
  directionMapOf,
  type FlagBadData,
  type SiteData,
} from '../siteData/index.ts';
import { mergeProblemMessage, toMergeSite } from './siteMerge.ts';
import type { SitesRepository } from './sites.repository.ts';

/**
 * The merge_sites task (SPEC section 4): every file of the source sites moves to the target,
 * with the direction alignment the user chose recorded on each file; the sources are removed
 * (kept as deleted, pointing at the target, so that their SID still finds it) and their
 * reviewed bad-data periods move to the target, the target's rollups are rebuilt from all its
 * files and its bad-data rules run again, and the user who asked is emailed. Safe to run twice:
 * a source already merged has no files left and is skipped, and when every source is merged
 * already nobody is told again.
 */
export function createMergeSitesHandler(deps: {
  sites: SitesRepository;
  siteData: SiteData;
  /** Applies the bad-data rules to the target's hourly counts once its rollups are rebuilt. */
  flagBadData: FlagBadData;
  mailer: Mailer;
  notifier: Notifier;
  publicUrl: string;
}) {
  return async function mergeSites(task: Job<'merge_sites'>): Promise<TaskOutcome> {
    const { payload } = task;
    const target = await deps.sites.find(payload.targetId);
    if (!target || target.deletedAt)
      throw new PermanentTaskError(serverMessage('taskMergeTargetMissing'));
    const found = await deps.sites.inOrganisation(target.ownerOrganisationId, payload.sourceIds);
    const pending = found.filter((site) => !site.deletedAt);
    const plan = planSiteMerge(toMergeSite(target), pending.map(toMergeSite), payload.alignment);
    if (!plan.ok && plan.problem !== 'tooFew')
      throw new PermanentTaskError(mergeProblemMessage(plan));
    if (pending.length === 0) return alreadyMerged(deps, target);
    const directionMaps = plan.ok ? plan.directionMaps : {};

    // A realtime day the target has too is combined into the target's file, not moved.
    await deps.siteData.combineRealtimeDays(
      { id: target.id, organisationId: target.ownerOrganisationId },
      pending.map((source) => ({ id: source.id, directionMap: directionMaps[source.id] })),
    );
    const movedFiles = await deps.sites.merge(target, pending, (source, logs) =>
      composeDirectionMaps(directionMapOf(logs), directionMaps[source.id]),
    );
    await rebuildAndFlag(deps, target.id);
    const vehicles = await deps.siteData.rolledUpVehicles(target.id);
    const names = pending.map((site) => site.name).join(', ');
    const message = serverMessage('taskSitesMerged', {
      count: pending.length,
      names,
      target: target.name,
      files: movedFiles,
      vehicles,
    });

    await deps.notifier.notify({
      organisationId: target.ownerOrganisationId,
      userId: task.userId,
      kind: 'merge_sites',
      message: {
        text: message,
        site_id: target.id,
        site_name: target.name,
        merged: pending.length,
        files: movedFiles,
      },
      taskId: task.id,
    });
    const user = await deps.sites.recipient(task.userId);
    if (user?.email) {
      const link = `${deps.publicUrl}/ui/analysis/site-detail/${target.id}`;
      const locale = mailLocale(user.preferences);
      await deps.mailer.send({
        to: user.email,
        subject: mailText(locale, 'siteMerged.subject', { site: target.name }),
        text: mailBody(locale, user.firstName || user.username, [
          mailText(locale, 'siteMerged.done', {
            site: target.name,
            names,
            files: movedFiles.toLocaleString(locale),
            vehicles: vehicles.toLocaleString(locale),
          }),
          mailText(locale, 'siteMerged.link', { link }),
        ]),
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

/**
 * A merge run again once its sources are all merged: the target's rollups rebuilt from its files
 * (in case the first run stopped before that), no file moved, no one notified or emailed again.
 */
async function alreadyMerged(
  deps: { siteData: SiteData; flagBadData: FlagBadData },
  target: { id: string; name: string },
): Promise<TaskOutcome> {
  await rebuildAndFlag(deps, target.id);
  const vehicles = await deps.siteData.rolledUpVehicles(target.id);
  return {
    message: serverMessage('taskMergeNothingLeft', { site: target.name }),
    result: { targetId: target.id, mergedSiteIds: [], files: 0, vehicles, aligned: false },
  };
}

/**
 * The target's rollups rebuilt from all its files (leaving out the excluded periods it now
 * holds, the merged sites' among them) and the bad-data rules run again on its whole record.
 */
async function rebuildAndFlag(
  deps: { siteData: SiteData; flagBadData: FlagBadData },
  targetId: string,
) {
  const rebuilt = await deps.siteData.rebuildRollups(targetId);
  if (rebuilt) await deps.flagBadData(targetId, rebuilt.hours);
}
