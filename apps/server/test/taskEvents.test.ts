import { TASK_FUNCTIONS } from '@roadcount/domain';
import { readFileSync } from 'node:fs';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskQueue } from '../src/infra/queue/taskQueue.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  subscribeCollecting,
  uploadAndProcess,
  waitUntil,
  type TestServer,
} from './testServer.ts';

const SUBSCRIPTION =
  'subscription { task_tracking_updated { id function_name state file_id user_id } }';

interface TaskEventView {
  id: string;
  function_name: string;
  state: string;
  file_id: string | null;
  user_id: string | null;
}

const fixture = readFileSync(
  new URL('../../../packages/formats/fixtures/ok/roadcount.csv', import.meta.url),
  'utf8',
);

/**
 * A subscriber of one API node that collects the task events it is sent. Its probe is a task
 * record of the subscriber's own (which no worker runs), announced once.
 */
async function subscriber(server: TestServer, token: string) {
  const { items, close, fence } = await subscribeCollecting<TaskEventView>(
    server,
    token,
    SUBSCRIPTION,
    'task_tracking_updated',
    {},
    async () => {
      const { body } = await graphql(
        server,
        'mutation { insert_task_tracking(function_name: "generate_site_reports", message: "probe") { id } }',
        { token },
      );
      const id = (body.data?.insert_task_tracking as { id: string } | undefined)?.id;
      if (!id) throw new Error(`no probe task: ${JSON.stringify(body.errors)}`);
      return (event) => event.id === id;
    },
  );
  return { events: items, close, fence };
}

describe('live task states', () => {
  let server: TestServer;
  let tokenA: string;
  let tokenB: string;
  let organisationA: string;

  beforeAll(async () => {
    // This process's worker leaves recorrelation to another, which the last test plays.
    server = await startTestServer(
      {
        WORKER_TASKS: TASK_FUNCTIONS.filter((kind) => kind !== 'recorrelate_sensor_events').join(
          ',',
        ),
      },
      { worker: true },
    );
    const orgA = await createOrg(server);
    const orgB = await createOrg(server);
    organisationA = orgA.id;
    const a = await createUser(server, { organisationId: orgA.id, role: 'org_admin' });
    const b = await createUser(server, { organisationId: orgB.id, role: 'org_admin' });
    tokenA = (await signIn(server, a.username)).access;
    tokenB = (await signIn(server, b.username)).access;
  });
  afterAll(() => server.close());

  it('sends an upload’s queued, in-progress and completed states to its organisation only', async () => {
    const own = await subscriber(server, tokenA);
    const other = await subscriber(server, tokenB);
    try {
      const file = await uploadAndProcess(server, tokenA, 'live.csv', fixture);
      await waitUntil(
        () => own.events.some((event) => event.file_id === file.id && event.state === 'CM'),
        'the completed state',
      );
      expect(
        own.events.filter((event) => event.file_id === file.id).map((event) => event.state),
      ).toEqual(['QD', 'PR', 'CM']);
      // The other organisation heard nothing of it by the time its own task, made after, came.
      await other.fence();
      expect(other.events).toEqual([]);
    } finally {
      await own.close();
      await other.close();
    }
  });

  it('passes on changes another process makes to the queue, through the database', async () => {
    const own = await subscriber(server, tokenA);
    const other = await subscriber(server, tokenB);
    try {
      // A queue of its own on the same database, as a worker process would have.
      const elsewhere = createTaskQueue(server.database.db);
      const task = await elsewhere.enqueue({
        functionName: 'recorrelate_sensor_events',
        organisationId: organisationA,
        userId: null,
        payload: {
          siteId: '00000000-0000-4000-8000-000000000001',
          from: '2025-01-01T00:00:00Z',
          to: '2025-01-02T00:00:00Z',
        },
      });
      const claimed = await elsewhere.claim(['recorrelate_sensor_events']);
      expect(claimed?.id).toBe(task.id);
      if (claimed) await elsewhere.fail(claimed, 'the disk is full', true);
      await waitUntil(
        () => own.events.some((event) => event.id === task.id && event.state === 'ER'),
        'the error state',
      );
      expect(
        own.events.filter((event) => event.id === task.id).map((event) => event.state),
      ).toEqual(['QD', 'PR', 'ER']);
      // Nor did the other organisation hear of it by the time its own task, made after, came.
      await other.fence();
      expect(other.events).toEqual([]);
    } finally {
      await own.close();
      await other.close();
    }
  });

  it('answers the current state of tasks asked by id, to their organisation only', async () => {
    // No socket at all: the states are read by id, as a client that missed the events does.
    const vehicles = generateTraffic({
      seed: 7,
      startDay: '2025-03-03',
      days: 1,
      vehiclesPerDay: 50,
      directions: [1, 5],
      meanSpeedKmh: 40,
    });
    const csv = [
      ...roadcountCsvText(vehicles, { name: 'Missed Road', latitude: 52, longitude: 0 }),
    ].join('');
    const file = await uploadAndProcess(server, tokenA, 'missed.csv', csv);
    const taskId = file.task_id ?? '';
    const ask = (token: string | undefined, ids: string[]) =>
      graphql(server, 'query ($ids: [ID!]!) { task_tracking(ids: $ids) { id state file_id } }', {
        ...(token ? { token } : {}),
        variables: { ids },
      });
    const unknown = '00000000-0000-4000-8000-000000000000';
    // The file is processed a moment before its task is marked completed.
    const own = await pollUntil(
      () => ask(tokenA, [taskId, unknown, 'not-an-id']),
      ({ body }) => JSON.stringify(body.data?.task_tracking).includes('"CM"'),
    );
    expect(own.body.data?.task_tracking).toEqual([{ id: taskId, state: 'CM', file_id: file.id }]);
    // Another organisation's user is told nothing of it; signed out, the query is refused.
    const other = await ask(tokenB, [taskId]);
    expect(other.body.errors).toBeUndefined();
    expect(other.body.data?.task_tracking).toEqual([]);
    const anonymous = await ask(undefined, [taskId]);
    expect(anonymous.body.data?.task_tracking ?? null).toBeNull();
    expect(anonymous.body.errors?.length).toBeGreaterThan(0);
    // Too many ids at once: a clear error.
    const many = await ask(
      tokenA,
      Array.from({ length: 101 }, () => unknown),
    );
    expect(many.body.errors?.[0]?.message).toMatch(/At most 100 task ids/);
  });
});
