import { serverMessage } from '@roadcount/domain';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import { utcDaysBetween, type SiteDays } from './siteDays.ts';

/**
 * The recorrelate_sensor_events task (SPEC section 4): after a mapping changed, rebuilds a
 * realtime site's vehicles of each UTC day of the period from its arrays' stored events, a day
 * at a time with its progress. Each day is replaced whole, so running it twice changes nothing.
 */
export function createRecorrelateHandler(deps: { siteDays: SiteDays; queue: TaskQueue }) {
  return async function recorrelate(task: Job<'recorrelate_sensor_events'>): Promise<TaskOutcome> {
    const { siteId } = task.payload;
    const days = utcDaysBetween(new Date(task.payload.from), new Date(task.payload.to));
    let vehicles = 0;
    for (const [index, day] of days.entries()) {
      const rebuilt = await deps.siteDays.rebuild(siteId, day);
      if (rebuilt === undefined)
        throw new PermanentTaskError(serverMessage('taskSiteMissing', { site: siteId }));
      vehicles += rebuilt;
      await deps.queue.progress(
        task,
        serverMessage('taskProgressDay', { day, index: index + 1, days: days.length }),
        ((index + 1) / days.length) * 100,
      );
    }
    return {
      message: serverMessage('taskRecorrelated', { vehicles, days: days.length }),
      result: { siteId, days: days.length, vehicles },
    };
  };
}
