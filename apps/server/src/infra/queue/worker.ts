import type { FastifyBaseLogger } from 'fastify';
import type { TaskFunction } from '@roadcount/domain';
import { identityGone, PROCESS_IDENTITY } from '../processIdentity.ts';
import { checkedJob, type Job } from './jobs.ts';
import { TASK_LEASE_MS, type TaskQueue, type TaskRow } from './taskQueue.ts';

export interface TaskOutcome {
  message: string;
  result: Record<string, unknown>;
}

/** Runs one task of a kind; safe to run twice (a lapsed lease hands the task on). */
export type TaskHandler<Name extends TaskFunction = TaskFunction> = (
  job: Job<Name>,
) => Promise<TaskOutcome>;
export type TaskHandlers = { [Name in TaskFunction]?: TaskHandler<Name> };

/** The handlers of the kinds named (WORKER_TASKS), or all of them when none are. */
export function onlyTasks(handlers: TaskHandlers, kinds: readonly TaskFunction[] | undefined) {
  if (!kinds) return handlers;
  return Object.fromEntries(
    Object.entries(handlers).filter(([name]) => kinds.includes(name as TaskFunction)),
  ) as TaskHandlers;
}

/** A failure that retrying cannot fix (a malformed file): the task ends ER at once. */
export class PermanentTaskError extends Error {
  override name = 'PermanentTaskError';
}

/** This process's worker identity, `<host>/<pid>/<run>`: what a claim records as its holder. */
export const WORKER_HOLDER = PROCESS_IDENTITY;

/**
 * Whether a lease holder of this host is a process that no longer runs: this process's own
 * earlier run (the same pid after a restart in a container, another run id), or a pid gone.
 */
export function holderGone(holder: string, self: string = WORKER_HOLDER): boolean {
  return identityGone(holder, self);
}

export interface Worker {
  /** Runs one task if one is ready; answers whether it did. */
  runOnce: () => Promise<boolean>;
  /** Frees the tasks this host's dead workers held (done once when the worker starts). */
  recoverOrphans: () => Promise<number>;
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
  /** How long a claim lasts without renewal; renewed every third of it while a task runs. */
  leaseMs?: number;
  /** Recorded as the lease holder; this process's identity by default. */
  holder?: string;
  /**
   * Told, before the task runs, that a claim took a task over from `holder`, whose lease had
   * lapsed (it was killed, or hangs): the app sweeps what that holder's writes left.
   */
  onTakeover?: (holder: string) => Promise<void>;
}): Worker {
  const { queue, handlers, log } = options;
  const leaseMs = options.leaseMs ?? TASK_LEASE_MS;
  const holder = options.holder ?? WORKER_HOLDER;
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
    const task = await queue.claim(runnable, leaseMs, holder);
    if (!task) return false;
    await onChange(task);
    if (task.takenOverFrom !== null && options.onTakeover)
      await options
        .onTakeover(task.takenOverFrom)
        .catch((error: unknown) =>
          log.error({ err: error, taskId: task.id }, 'could not sweep the lapsed holder’s files'),
        );
    // Heartbeat: the lease is renewed well inside its length for as long as the task runs.
    let lost = false;
    const heartbeat = setInterval(() => {
      queue.renew(task, leaseMs).then(
        (held) => {
          if (!held && !lost) {
            lost = true;
            log.warn({ taskId: task.id }, 'the task’s lease was lost: another worker holds it');
          }
        },
        (error: unknown) => log.error({ err: error, taskId: task.id }, 'lease renewal failed'),
      );
    }, leaseMs / 3);
    heartbeat.unref();
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
    } finally {
      clearInterval(heartbeat);
    }
    // Nothing changed: another worker claimed the task after this one's lease lapsed.
    if (changed) await onChange(changed);
    else log.warn({ taskId: task.id }, 'the task was not ended: another worker holds it');
    return true;
  }

  async function recoverOrphans(): Promise<number> {
    const released = await queue.releaseOrphans(holder.split('/')[0] ?? '', (other) =>
      holderGone(other, holder),
    );
    if (released > 0) log.warn({ released }, 'took back tasks a stopped worker of this host held');
    return released;
  }

  async function loopUntilStopped() {
    try {
      await recoverOrphans();
    } catch (error) {
      log.error({ err: error }, 'worker could not take back orphaned tasks');
    }
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
    recoverOrphans,
    wake,
    stop: async () => {
      stopped = true;
      wake();
      await loop;
      await stopListening?.();
    },
  };
}
