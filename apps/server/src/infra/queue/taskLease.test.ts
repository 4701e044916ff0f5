import { hostname } from 'node:os';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/testServer.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { createTaskQueue, type TaskQueue } from './taskQueue.ts';
import { startWorker } from './worker.ts';

const silent = pino({ level: 'silent' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('task leases', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let queue: TaskQueue;
  beforeEach(async () => {
    ({ handle: database, drop } = await openTestDatabase());
    queue = createTaskQueue(database.db);
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
    // Claims last 600 ms instead of 5 minutes, whatever the worker asks for.
    const shortLeases: TaskQueue = {
      ...queue,
      claim: (functions, _leaseMs, holder) => queue.claim(functions, 600, holder),
    };
    const worker = startWorker({
      queue: shortLeases,
      leaseMs: 600,
      handlers: {
        process_file: async () => {
          runs += 1;
          await pause(1_800); // three 600 ms leases
          return { message: 'done', result: {} };
        },
      },
      log: silent,
      autoStart: false,
    });
    const running = worker.runOnce();
    // Another worker tries to claim every 50 ms while the first one runs.
    const claimedBySecond: string[] = [];
    for (let waited = 0; waited < 1_700; waited += 50) {
      await pause(50);
      const claimed = await queue.claim(['process_file']);
      if (claimed) claimedBySecond.push(claimed.id);
    }
    await running;
    expect(claimedBySecond).toEqual([]);
    expect(runs).toBe(1);
    expect(await queue.find(task.id)).toMatchObject({ state: 'CM', attempts: 1 });
  });

  it('does not let a stale worker complete or fail a task another worker claimed', async () => {
    const task = await enqueue();
    const stale = await queue.claim(['process_file'], 50);
    await pause(120);
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
    await pause(120);
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
