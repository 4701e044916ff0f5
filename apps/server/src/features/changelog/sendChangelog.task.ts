import { serverMessage } from '@roadcount/domain';
import { mailBody, mailLocale, mailText } from '../../infra/mail/mailText.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import type { TaskHandler } from '../../infra/queue/worker.ts';
import type { ChangelogRepository } from './changelog.repository.ts';
import { sectionHash } from './changelogSection.ts';

/** Progress is announced after this many messages, and after the last. */
const PROGRESS_EVERY = 10;

/**
 * The send_changelog_email task (SPEC section 4): the changelog section staff chose, mailed to
 * every user who has not opted out. Each user is recorded once sent, so a rerun (or a retry
 * after a failure half-way) mails nobody twice.
 */
export function createSendChangelogHandler(deps: {
  repository: ChangelogRepository;
  mailer: Mailer;
  queue: TaskQueue;
  publicUrl: string;
}): TaskHandler<'send_changelog_email'> {
  return async (task) => {
    const { heading, body } = task.payload;
    const hash = sectionHash(heading, body);
    const recipients = await deps.repository.recipients(hash);
    let sent = 0;
    for (const user of recipients) {
      const locale = mailLocale(user.preferences);
      const say = (key: string, params: Record<string, string> = {}) =>
        mailText(locale, `changelog.${key}`, params);
      const release = heading.replace(/[[\]]/g, '');
      await deps.mailer.send({
        to: user.email,
        subject: say('subject', { release }),
        text: mailBody(locale, user.firstName || user.username, [
          say('intro', { release: heading }),
          body,
          say('every', { link: `${deps.publicUrl}/version/` }),
          say('stop', { link: `${deps.publicUrl}/ui/profile` }),
        ]),
        link: `${deps.publicUrl}/version/`,
      });
      await deps.repository.markSent(hash, user.id);
      sent += 1;
      if (sent % PROGRESS_EVERY === 0 || sent === recipients.length) {
        await deps.queue.progress(
          task,
          serverMessage('taskProgressChangelog', { sent, count: recipients.length }),
        );
      }
    }
    return {
      message: serverMessage('taskChangelogSent', { count: sent }),
      result: { heading, sent },
    };
  };
}
