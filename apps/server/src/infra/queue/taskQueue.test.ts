import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/testServer.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createTaskQueue, type TaskQueue } from './taskQueue.ts';
import { PermanentTaskError, startWorker } from './worker.ts';

const silent = pino({ level: 'silent' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('task queue', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let queue: TaskQueue;
  let secondQueue: TaskQueue;
  let second: DatabaseHandle | undefined;
  beforeEach(async () => {
    const opened = await openTestDatabase();
    ({ handle: database, drop } = opened);
    queue = createTaskQueue(database.db);
    // On PostgreSQL the second worker has its own connections, as a second process would.
    second = opened.url ? await openDatabase({ databaseUrl: opened.url }) : undefined;
    secondQueue = second ? createTaskQueue(second.db) : queue;
  });
  afterEach(async () => {
    await second?.close();
    await drop();
  });

  /** The file id of task number `index`: 00000000-0000-4000-8000-0000000000NN. */
  const fileIdOf = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const enqueue = (index: number) =>
    queue.enqueue({
      functionName: 'process_file',
      organisationId: null,
      userId: null,
      payload: { fileId: fileIdOf(index) },
    });

  it('shares 50 tasks between two workers with none done twice', async () => {
    for (let index = 0; index < 50; index += 1) await enqueue(index);
    const done: string[] = [];
    const handler = (worker: string) => async (task: { id: string }) => {
      done.push(task.id);
      await pause(2);
      return { message: `done by ${worker}`, result: {} };
    };
    const pairs: [string, TaskQueue][] = [
      ['one', queue],
      ['two', secondQueue],
    ];
    const workers = pairs.map(([name, workerQueue]) =>
      startWorker({
        queue: workerQueue,
        handlers: { process_file: handler(name) },
        log: silent,
        onChange: () => Promise.resolve(),
        pollMs: 10,
      }),
    );
    for (let waited = 0; done.length < 50 && waited < 20_000; waited += 50) await pause(50);
    await Promise.all(workers.map((worker) => worker.stop()));
    expect(done).toHaveLength(50);
    expect(new Set(done).size).toBe(50);
    expect(await queue.claim(['process_file'])).toBeNull();
  });

  it('gives a task whose worker died to another once the lease lapses', async () => {
    // The queue's clock is the test's: the lease lapses when the test says, whatever the load.
    let clock = new Date('2026-03-02T09:00:00.000Z');
    const timed = createTaskQueue(database.db, { now: () => clock });
    const task = await timed.enqueue({
      functionName: 'process_file',
      organisationId: null,
      userId: null,
      payload: { fileId: fileIdOf(1) },
    });
    const abandoned = await timed.claim(['process_file'], 60_000, 'worker-one');
    expect(abandoned).toMatchObject({ id: task.id, takenOverFrom: null });
    // A minute of lease: a minute less a millisecond later, nobody else may take it.
    clock = new Date('2026-03-02T09:00:59.999Z');
    expect(await timed.claim(['process_file'])).toBeNull();
    clock = new Date('2026-03-02T09:01:00.001Z');
    const retaken = await timed.claim(['process_file'], 60_000, 'worker-two');
    expect(retaken).toMatchObject({
      id: task.id,
      state: 'PR',
      attempts: 2,
      takenOverFrom: 'worker-one',
    });
    // Completed once; a second completion (a late worker) changes nothing.
    const completed = await timed.complete(retaken!, 'done', {});
    expect(completed?.state).toBe('CM');
    expect(await timed.complete(retaken!, 'again', {})).toBeUndefined();
  });

  it('retries a failure with backoff and ends a permanent one at once', async () => {
    const retried = await enqueue(1);
    const permanent = await enqueue(2);
    const worker = startWorker({
      queue,
      handlers: {
        process_file: (task) =>
          task.payload.fileId === fileIdOf(1)
            ? Promise.reject(new Error('blob store unreachable'))
            : Promise.reject(new PermanentTaskError("line 6, field 'direction': bad")),
      },
      log: silent,
      onChange: () => Promise.resolve(),
      autoStart: false,
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false); // the retry waits for its backoff
    expect(await queue.find(retried.id)).toMatchObject({
      state: 'QD',
      message: 'blob store unreachable',
      attempts: 1,
    });
    expect(await queue.find(permanent.id)).toMatchObject({
      state: 'ER',
      message: "line 6, field 'direction': bad",
    });
  });

  it('ends a task whose payload does not fit its kind at once, naming the field', async () => {
    const task = await queue.enqueue({
      functionName: 'process_file',
      organisationId: null,
      userId: null,
      payload: { fileId: 'not-an-id' },
    });
    let ran = false;
    const worker = startWorker({
      queue,
      handlers: {
        process_file: () => {
          ran = true;
          return Promise.resolve({ message: 'done', result: {} });
        },
      },
      log: silent,
      onChange: () => Promise.resolve(),
      autoStart: false,
    });
    expect(await worker.runOnce()).toBe(true);
    expect(ran).toBe(false);
    expect(await queue.find(task.id)).toMatchObject({
      state: 'ER',
      message: "The process_file task's payload is not valid: fileId: must be an id",
      attempts: 1,
    });
  });

  it('leaves tracking records as they are, even of a kind a worker runs', async () => {
    const record = await queue.track({
      functionName: 'clean_lanes',
      organisationId: null,
      userId: null,
      message: '',
    });
    const runnable = await queue.track({
      functionName: 'process_file',
      organisationId: null,
      userId: null,
      message: 'followed by the web app',
    });
    await enqueue(1);
    const worker = startWorker({
      queue,
      handlers: { process_file: () => Promise.resolve({ message: 'done', result: {} }) },
      log: silent,
      onChange: () => Promise.resolve(),
      autoStart: false,
    });
    expect(await worker.runOnce()).toBe(true);
    expect(await worker.runOnce()).toBe(false);
    expect(await queue.find(record.id)).toMatchObject({ state: 'QD', attempts: 0 });
    expect(await queue.find(runnable.id)).toMatchObject({ state: 'QD', attempts: 0 });
  });
});
