import { and, desc, eq, gt, inArray, like, sql } from 'drizzle-orm';
import type { TaskFunction } from '@roadcount/domain';
import type { Database } from '../db/database.ts';
import { tasks } from '../db/schema.ts';
import type { JobPayload } from './jobs.ts';
import {
  retryDelayMs,
  TASK_EVENTS_CHANNEL,
  TASK_LEASE_MS,
  TASK_MAX_ATTEMPTS,
  toTaskEvent,
  type TaskRow,
} from './taskRecords.ts';

/**
 * A task as a claim answers it: `takenOverFrom` names the holder whose lease had lapsed when the
 * claim took the task over ('' when it recorded none); null for a task claimed from the queue.
 */
export type ClaimedTask = TaskRow & { takenOverFrom: string | null };

/**
 * The task table is the queue (SPEC section 3): QD queued → PR in progress → CM completed or ER
 * error. Claims use FOR UPDATE SKIP LOCKED so that any number of workers share it, each task
 * going to one; a task whose worker died is claimed again once its lease lapses. The worker
 * renews its lease while it runs the task, and only the claim that holds it (the row's
 * `attempts` as claimed) may renew, report progress on, complete or fail it.
 */
/** The task, still in progress under the claim that answered `task` (fencing a stale worker). */
function held(task: Pick<TaskRow, 'id' | 'attempts'>) {
  return and(eq(tasks.id, task.id), eq(tasks.state, 'PR'), eq(tasks.attempts, task.attempts));
}

export function createTaskQueue(
  db: Database,
  options: {
    /** The queue's clock: leases, backoff and claims are decided by it (tests set it). */
    now?: () => Date;
  } = {},
) {
  const now = options.now ?? (() => new Date());
  const later = (ms: number) => new Date(now().getTime() + ms);

  async function announce(row: TaskRow | undefined): Promise<void> {
    if (!row) return;
    await db.execute(
      sql`select pg_notify(${TASK_EVENTS_CHANNEL}, ${JSON.stringify(toTaskEvent(row))})`,
    );
  }

  return {
    /** Queues a task of a kind, its payload as the kind's schema says (jobs.ts). */
    async enqueue<Name extends TaskFunction>(values: {
      functionName: Name;
      organisationId: string | null;
      userId: string | null;
      payload: JobPayload<Name>;
      message?: string;
    }): Promise<TaskRow> {
      const [row] = await db
        .insert(tasks)
        .values({ ...values, message: values.message ?? '', state: 'QD', runAfter: now() })
        .returning();
      if (!row) throw new Error('task insert returned no row');
      await db.execute(sql`select pg_notify('roadcount_tasks', ${row.id})`);
      await announce(row);
      return row;
    },

    /**
     * SPEC section 7: a task tracking record the web app inserts to follow work of its own. It
     * starts queued like any task, but no worker claims it, whatever its kind.
     */
    async track(values: {
      functionName: TaskFunction;
      organisationId: string | null;
      userId: string | null;
      message: string;
    }): Promise<TaskRow> {
      const [row] = await db
        .insert(tasks)
        .values({ ...values, payload: { tracking: true }, state: 'QD', runAfter: now() })
        .returning();
      if (!row) throw new Error('task insert returned no row');
      await announce(row);
      return row;
    },

    /**
     * The oldest runnable task among `functions` (those the caller can run), now leased to it;
     * null when there is none. Other rows, such as tracking records, stay as they are.
     */
    async claim(
      functions: readonly string[],
      leaseMs: number = TASK_LEASE_MS,
      holder: string | null = null,
    ): Promise<ClaimedTask | null> {
      if (functions.length === 0) return null;
      const runnable = sql.join(
        functions.map((name) => sql`${name}`),
        sql`, `,
      );
      const at = now().toISOString();
      const leaseUntil = later(leaseMs).toISOString();
      const answer = await db.execute(sql`
        with picked as (
          select ${tasks.id} as id, ${tasks.state} as previous_state,
            ${tasks.leaseHolder} as previous_holder
          from ${tasks}
          where ${tasks.functionName} in (${runnable})
            and (${tasks.payload}->>'tracking') is null
            and ((${tasks.state} = 'QD' and ${tasks.runAfter} <= ${at})
              or (${tasks.state} = 'PR' and ${tasks.leaseUntil} < ${at}))
          order by ${tasks.runAfter}, ${tasks.createdOn}
          limit 1
          for update skip locked
        )
        update ${tasks} set state = 'PR', attempts = ${tasks.attempts} + 1,
          lease_until = ${leaseUntil}, lease_holder = ${holder}, updated_at = ${at}
        from picked where ${tasks.id} = picked.id
        returning picked.id, picked.previous_state, picked.previous_holder`);
      // PGlite and node-postgres both answer { rows }.
      const claimed = (
        answer as {
          rows: { id: string; previous_state: string; previous_holder: string | null }[];
        }
      ).rows[0];
      if (!claimed) return null;
      const [row] = await db.select().from(tasks).where(eq(tasks.id, claimed.id));
      await announce(row);
      if (!row) return null;
      return {
        ...row,
        takenOverFrom: claimed.previous_state === 'PR' ? (claimed.previous_holder ?? '') : null,
      };
    },

    /**
     * Extends the lease of a task the caller still holds (heartbeat); false when the claim was
     * lost (the lease lapsed and another worker took the task, or it ended).
     */
    async renew(task: TaskRow, leaseMs: number = TASK_LEASE_MS): Promise<boolean> {
      const rows = await db
        .update(tasks)
        .set({ leaseUntil: later(leaseMs) })
        .where(held(task))
        .returning({ id: tasks.id });
      return rows.length > 0;
    },

    /**
     * Tasks in progress whose holder, on `host`, `isGone` says no longer runs (a process of the
     * same host killed and restarted): their leases end now, so that they are claimed again at
     * once instead of when the lease would lapse. Answers how many.
     */
    async releaseOrphans(host: string, isGone: (holder: string) => boolean): Promise<number> {
      const running = await db
        .select({ id: tasks.id, holder: tasks.leaseHolder })
        .from(tasks)
        .where(
          and(
            eq(tasks.state, 'PR'),
            like(tasks.leaseHolder, `${host.replace(/[\\%_]/g, '\\$&')}/%`),
            gt(tasks.leaseUntil, now()),
          ),
        );
      let released = 0;
      for (const { id, holder } of running) {
        if (holder === null || !isGone(holder)) continue;
        const rows = await db
          .update(tasks)
          .set({ leaseUntil: later(-1), updatedAt: now() })
          .where(and(eq(tasks.id, id), eq(tasks.state, 'PR'), eq(tasks.leaseHolder, holder)))
          .returning({ id: tasks.id });
        released += rows.length;
      }
      return released;
    },

    async complete(
      task: TaskRow,
      message: string,
      result: Record<string, unknown>,
    ): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(tasks)
        .set({
          state: 'CM',
          message,
          result,
          leaseUntil: null,
          progress: 100,
          updatedAt: now(),
        })
        .where(held(task))
        .returning();
      await announce(row);
      return row;
    },

    /** A retryable failure goes back to the queue with backoff; the last one, or a final one, ends ER. */
    async fail(task: TaskRow, message: string, final: boolean): Promise<TaskRow | undefined> {
      const exhausted = final || task.attempts >= TASK_MAX_ATTEMPTS;
      const [row] = await db
        .update(tasks)
        .set(
          exhausted
            ? { state: 'ER', message, leaseUntil: null, updatedAt: now() }
            : {
                state: 'QD',
                message,
                leaseUntil: null,
                runAfter: later(retryDelayMs(task.attempts)),
                updatedAt: now(),
              },
        )
        .where(held(task))
        .returning();
      await announce(row);
      return row;
    },

    /**
     * A running task's progress message, with its percent done when the kind can tell,
     * announced to subscribers; written only while the claim that answered `task` still holds it
     * (undefined otherwise: a stale worker's progress would overwrite the message of the worker
     * that now runs the task).
     */
    async progress(
      task: Pick<TaskRow, 'id' | 'attempts'>,
      message: string,
      percent?: number,
    ): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(tasks)
        .set({
          message,
          updatedAt: now(),
          ...(percent === undefined
            ? {}
            : { progress: Math.max(0, Math.min(100, Math.round(percent))) }),
        })
        .where(held(task))
        .returning();
      await announce(row);
      return row;
    },

    /**
     * A failed task (ER) queued again from the start, as whoever may start its kind asks: its
     * attempts and progress reset. Undefined when it is not in error (already retried).
     */
    async retry(id: string): Promise<TaskRow | undefined> {
      const [row] = await db
        .update(tasks)
        .set({
          state: 'QD',
          attempts: 0,
          progress: null,
          runAfter: now(),
          leaseUntil: null,
          leaseHolder: null,
          result: null,
          updatedAt: now(),
        })
        .where(and(eq(tasks.id, id), eq(tasks.state, 'ER')))
        .returning();
      if (row) await db.execute(sql`select pg_notify('roadcount_tasks', ${row.id})`);
      await announce(row);
      return row;
    },

    async find(id: string): Promise<TaskRow | undefined> {
      const [row] = await db.select().from(tasks).where(eq(tasks.id, id));
      return row;
    },

    /**
     * A user's newest tasks, newest first: what their profile lists as pending or done. For the
     * demo account, `demoSession` keeps to those its visitor asked for (issue 38).
     */
    async recentOfUser(
      userId: string,
      limit: number,
      demoSession: string | null = null,
    ): Promise<TaskRow[]> {
      return db
        .select()
        .from(tasks)
        .where(
          and(
            eq(tasks.userId, userId),
            demoSession === null
              ? undefined
              : eq(sql`${tasks.payload}->>'demoSession'`, demoSession),
          ),
        )
        .orderBy(desc(tasks.createdOn))
        .limit(limit);
    },

    /** The tasks of these ids that exist (ids must be UUIDs). */
    async findMany(ids: readonly string[]): Promise<TaskRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(tasks)
        .where(inArray(tasks.id, [...ids]));
    },
  };
}

export type TaskQueue = ReturnType<typeof createTaskQueue>;
