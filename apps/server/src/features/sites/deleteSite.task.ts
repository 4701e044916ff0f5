import { serverMessage } from '@roadcount/domain';
import type { Mailer } from '../../infra/mail/mailer.ts';
import { mailBody, mailLocale, mailText } from '../../infra/mail/mailText.ts';
import type { Notifier } from '../../infra/notifications/notifier.repository.ts';
import type { Job } from '../../infra/queue/jobs.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import type { SitesRepository } from './sites.repository.ts';

/**
 * The delete_site task (SPEC section 4). Without `permanent` it hides the site: every query of
 * sites, files, maps and analysis skips a site with deleted_at, and nothing else changes, so a
 * restore brings it back as it was. With `permanent` it removes a deleted site with its files,
 * their stored data, notes and the site's rollups. The requester is emailed; run twice, the
 * second run finds the work done and tells no one again.
 */
export function createDeleteSiteHandler(deps: {
  sites: SitesRepository;
  siteData: SiteData;
  mailer: Mailer;
  notifier: Notifier;
  publicUrl: string;
}) {
  async function notify(
    task: Job<'delete_site'>,
    site: { id: string; name: string; ownerOrganisationId: string },
    text: string,
    mail: { key: 'siteDeleted' | 'siteDeletedForGood'; params: Record<string, string> },
  ) {
    await deps.notifier.notify({
      organisationId: site.ownerOrganisationId,
      userId: task.userId,
      kind: 'delete_site',
      message: {
        text: text.trim(),
        site_id: site.id,
        site_name: site.name,
        permanent: task.payload.permanent,
      },
      taskId: task.id,
    });
    const user = await deps.sites.recipient(task.userId);
    if (!user) return;
    const locale = mailLocale(user.preferences);
    const params = { site: site.name, ...mail.params };
    await deps.mailer.send({
      to: user.email,
      subject: mailText(locale, `${mail.key}.subject`, params),
      text: mailBody(locale, user.firstName || user.username, [
        mailText(locale, `${mail.key}.done`, params),
      ]),
    });
  }

  return async function deleteSite(task: Job<'delete_site'>): Promise<TaskOutcome> {
    const { siteId, permanent } = task.payload;
    const site = await deps.sites.find(siteId);
    if (!site) {
      if (permanent)
        return { message: serverMessage('taskSiteGonePermanently'), result: { siteId } };
      throw new PermanentTaskError(serverMessage('taskSiteMissing', { site: siteId }));
    }
    if (!permanent) {
      // Run again once done: the site stays deleted, and no one is told a second time.
      if (site.deletedAt)
        return {
          message: serverMessage('taskSiteAlreadyDeleted', { site: site.name }),
          result: { siteId: site.id, permanent: false },
        };
      await deps.sites.update(site.id, { deletedAt: new Date() });
      const message = serverMessage('taskSiteDeleted', { site: site.name });
      await notify(task, site, message, {
        key: 'siteDeleted',
        params: { link: `${deps.publicUrl}/ui/site-list` },
      });
      return { message, result: { siteId: site.id, permanent: false } };
    }
    // Restored since the request: the site is live again, so it stays.
    if (!site.deletedAt)
      throw new PermanentTaskError(serverMessage('taskSiteRestored', { site: site.name }));
    const files = await deps.siteData.deleteSiteData(site);
    await deps.sites.deletePermanently(
      site.id,
      files.map((file) => file.id),
    );
    const message = serverMessage('taskSiteDeletedForGood', {
      site: site.name,
      files: files.length,
    });
    await notify(task, site, message, {
      key: 'siteDeletedForGood',
      params: { files: String(files.length) },
    });
    return { message, result: { siteId: site.id, permanent: true, files: files.length } };
  };
}
