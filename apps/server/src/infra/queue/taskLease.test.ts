import { hostname } from 'node:os';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, waitUntil } from '../../../test/testServer.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createTaskQueue, type TaskQueue } from './taskQueue.ts';
import { startWorker } from './worker.ts';

const silent = pino({ level: 'silent' });

describe('task leases', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let queue: TaskQueue;
  /** The queue's clock, moved by the tests: a lease lapses when a test says, not under load. */
  let clock: Date;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  beforeEach(async () => {
    ({ handle: database, drop } = await openTestDatabase());
    clock = new Date('2026-03-02T09:00:00.000Z');
    queue = createTaskQueue(database.db, { now: () => clock });
  });
  afterEach(() => drop());

  const enqueue = () =>
    queue.enqueue({
      functionName: 'process_file',
      organisationId: null,
      userId: null,
      payload: { fileId: '00000000-0000-4000-8000-000000000001' },
    });

  it('does not let a second worker claim a task that runs longer than the lease', async () => {
    const task = await enqueue();
    let runs = 0;
    const leaseMs = 600;
    let finish: () => void = () => undefined;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    /** The queue's time at each renewal the worker made, once it was written. */
    const renewedAt: number[] = [];
    const watched: TaskQueue = {
      ...queue,
      renew: async (renewed, ms) => {
        const at = clock.getTime();
        const held = await queue.renew(renewed, ms);
        renewedAt.push(at);
        return held;
      },
    };
    const worker = startWorker({
      queue: watched,
      leaseMs,
      handlers: {
        process_file: async () => {
          runs += 1;
          started();
          await finished;
          return { message: 'done', result: {} };
        },
      },
      log: silent,
      autoStart: false,
    });
    const ran = worker.runOnce();
    await running;
    // Three times two thirds of a lease pass on the queue's clock: twice the lease in all. Each
    // time the worker's heartbeat renews the lease, and another worker finds nothing to claim.
    const claimedBySecond: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const now = advance((leaseMs * 2) / 3).getTime();
      await waitUntil(() => renewedAt.some((at) => at >= now), 'the heartbeat to renew the lease');
      const claimed = await queue.claim(['process_file']);
      if (claimed) claimedBySecond.push(claimed.id);
    }
    finish();
    await ran;
    expect(claimedBySecond).toEqual([]);
    expect(runs).toBe(1);
    expect(await queue.find(task.id)).toMatchObject({ state: 'CM', attempts: 1 });
  });

  it('does not let a stale worker complete or fail a task another worker claimed', async () => {
    const task = await enqueue();
    const stale = await queue.claim(['process_file'], 50);
    advance(51);
    const current = await queue.claim(['process_file']);
    expect(current).toMatchObject({ id: task.id, attempts: 2 });
    // The first worker wakes up late: its claim (attempt 1) no longer holds the task.
    expect(await queue.complete(stale!, 'done by the stale worker', {})).toBeUndefined();
    expect(await queue.fail(stale!, 'failed in the stale worker', true)).toBeUndefined();
    expect(await queue.renew(stale!)).toBe(false);
    expect(await queue.find(task.id)).toMatchObject({ state: 'PR', attempts: 2 });
    expect(await queue.complete(current!, 'done', {})).toMatchObject({
      state: 'CM',
      message: 'done',
    });
  });

  it('does not let a stale worker write progress over the current claim’s', async () => {
    const task = await enqueue();
    const stale = await queue.claim(['process_file'], 50);
    advance(51);
    const current = await queue.claim(['process_file']);
    expect(current).toMatchObject({ id: task.id, attempts: 2 });
    expect(await queue.progress(current!, 'file 1 of 3')).toMatchObject({
      message: 'file 1 of 3',
    });
    // The first worker (claim attempt 1) still runs and reports progress: nothing is written.
    expect(await queue.progress(stale!, 'file 3 of 3 (stale)')).toBeUndefined();
    expect(await queue.find(task.id)).toMatchObject({
      state: 'PR',
      attempts: 2,
      message: 'file 1 of 3',
    });
    expect(await queue.complete(current!, 'done', {})).toMatchObject({
      state: 'CM',
      message: 'done',
    });
  });

  it('takes back at once the tasks a killed worker of this host held', async () => {
    const task = await enqueue();
    // A worker of this host whose process no longer runs (no process has pid 99,999,999).
    await queue.claim(['process_file'], 60 * 60_000, `${hostname()}/99999999/0ld0ld00`);
    // Another host's worker holds its tasks until their leases lapse.
    const elsewhere = await queue.enqueue({
      functionName: 'process_file',
      organisationId: null,
      userId: null,
      payload: { fileId: '00000000-0000-4000-8000-000000000002' },
    });
    await queue.claim(['process_file'], 60 * 60_000, `another-host/99999999/0ld0ld00`);
    const ran: string[] = [];
    const worker = startWorker({
      queue,
      handlers: {
        process_file: (job) => {
          ran.push(job.payload.fileId);
          return Promise.resolve({ message: 'done', result: {} });
        },
      },
      log: silent,
      autoStart: false,
    });
    expect(await worker.recoverOrphans()).toBe(1);
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(ran).toEqual(['00000000-0000-4000-8000-000000000001']);
    expect(await queue.find(task.id)).toMatchObject({ state: 'CM', attempts: 2 });
    expect(await queue.find(elsewhere.id)).toMatchObject({ state: 'PR' });
  });
});
