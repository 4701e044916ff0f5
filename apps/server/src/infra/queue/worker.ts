import type { FastifyBaseLogger } from 'fastify';
import type { TaskFunction } from '@roadcount/domain';
import { checkedJob, type Job } from './jobs.ts';
import type { TaskQueue, TaskRow } from './taskQueue.ts';

export interface TaskOutcome {
  message: string;
  result: Record<string, unknown>;
}

/** Runs one task of a kind; safe to run twice (a lapsed lease hands the task on). */
export type TaskHandler<Name extends TaskFunction = TaskFunction> = (
  job: Job<Name>,
) => Promise<TaskOutcome>;
export type TaskHandlers = { [Name in TaskFunction]?: TaskHandler<Name> };

/** A failure that retrying cannot fix (a malformed file): the task ends ER at once. */
export class PermanentTaskError extends Error {
  override name = 'PermanentTaskError';
}

export interface Worker {
  /** Runs one task if one is ready; answers whether it did. */
  runOnce: () => Promise<boolean>;
  wake: () => void;
  stop: () => Promise<void>;
}

/**
 * Takes tasks from the queue one at a time and runs their handlers. Woken by NOTIFY; polls as a
 * fallback so that retries and lapsed leases are picked up too.
 */
export function startWorker(options: {
  queue: TaskQueue;
  handlers: TaskHandlers;
  log: FastifyBaseLogger;
  /** Called after each state change; subscribers already hear of it through the queue's NOTIFY. */
  onChange?: (task: TaskRow) => Promise<void>;
  listen?: (callback: () => void) => Promise<() => Promise<void>>;
  pollMs?: number;
  autoStart?: boolean;
}): Worker {
  const { queue, handlers, log } = options;
  const onChange = options.onChange ?? (() => Promise.resolve());
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let loop: Promise<void> | undefined;
  let stopListening: (() => Promise<void>) | undefined;

  const runnable = (Object.keys(handlers) as TaskFunction[]).filter(
    (name) => handlers[name] !== undefined,
  );

  /** The task's handler, run on its payload once the kind's schema accepts it. */
  function runChecked<Name extends TaskFunction>(task: TaskRow, name: Name): Promise<TaskOutcome> {
    const checked = checkedJob(task, name);
    if ('problem' in checked) throw new PermanentTaskError(checked.problem);
    return (handlers[name] as TaskHandler<Name>)(checked.job);
  }

  async function runOnce(): Promise<boolean> {
    // Only tasks with a handler here are claimed, so the lookup always finds one.
    const task = await queue.claim(runnable);
    if (!task) return false;
    await onChange(task);
    let changed: TaskRow | undefined;
    try {
      const outcome = await runChecked(task, task.functionName as TaskFunction);
      changed = await queue.complete(task, outcome.message, outcome.result);
      log.info({ taskId: task.id, task: task.functionName }, outcome.message);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentTaskError;
      if (final) log.warn({ taskId: task.id, task: task.functionName }, message);
      else log.error({ err: error, taskId: task.id }, 'task failed; it will be retried');
      changed = await queue.fail(task, message, final);
    }
    if (changed) await onChange(changed);
    return true;
  }

  async function loopUntilStopped() {
    while (!stopped) {
      let worked = false;
      try {
        worked = await runOnce();
      } catch (error) {
        log.error({ err: error }, 'worker could not claim a task');
      }
      if (worked || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.pollMs ?? 1000);
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  }

  const wake = () => wakeUp?.();
  if (options.autoStart !== false) {
    loop = loopUntilStopped();
    void options.listen?.(wake).then((unlisten) => {
      stopListening = unlisten;
    });
  }
  return {
    runOnce,
    wake,
    stop: async () => {
      stopped = true;
      wake();
      await loop;
      await stopListening?.();
    },
  };
}
