import { readFile } from 'node:fs/promises';
import { queuedTaskAnswer, serverMessage } from '@roadcount/domain';
import { z } from 'zod';
import { authorize } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import type { TaskQueue, TaskRow } from '../../infra/queue/taskQueue.ts';
import { latestChangelogSection } from './changelogSection.ts';

const changelogAnswer = z.object({ heading: z.string(), body: z.string() });

/** Staff send the newest CHANGELOG.md section to every user who has not opted out. */
export function registerChangelogRoutes(
  router: Router,
  deps: {
    changelogPath: URL | string;
    queue: TaskQueue;
    onQueued: (task: TaskRow) => Promise<void>;
  },
): void {
  const latest = async () => {
    const section = latestChangelogSection(await readFile(deps.changelogPath, 'utf8'));
    if (!section) throw new HttpError(404, serverMessage('notFound'));
    return section;
  };

  router.define({
    method: 'get',
    path: '/api/changelog/latest',
    summary: 'The CHANGELOG.md section the changelog email would send (staff)',
    tag: 'changelog',
    auth: true,
    permission: 'changelog.send',
    responses: { 200: 'the newest section', 403: 'not platform staff' },
    answer: changelogAnswer,
    handler: async ({ viewer }) => {
      authorize(viewer, 'changelog.send');
      const { heading, body } = await latest();
      return { heading, body };
    },
  });

  router.define({
    method: 'post',
    path: '/api/changelog/send',
    summary: 'Queue the changelog email (send_changelog_email) to every user not opted out',
    tag: 'changelog',
    auth: true,
    permission: 'changelog.send',
    auditAction: 'send_changelog_email',
    status: 202,
    responses: { 202: 'queued', 403: 'not platform staff' },
    answer: queuedTaskAnswer,
    handler: async ({ viewer }) => {
      authorize(viewer, 'changelog.send');
      const { heading, body } = await latest();
      const task = await deps.queue.enqueue({
        functionName: 'send_changelog_email',
        organisationId: null,
        userId: viewer.userId,
        payload: { heading, body },
        message: serverMessage('taskChangelogQueued', { heading }),
      });
      await deps.onQueued(task);
      return {
        id: task.id,
        function_name: task.functionName,
        state: task.state,
        message: task.message,
      };
    },
  });
}
