import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { tasks } from '../src/infra/db/schema.ts';
import { createTaskQueue } from '../src/infra/queue/taskQueue.ts';
import { pollUntil, startTestServer, type TestServer } from './testServer.ts';

/*
 * Issue 38: a process killed mid-write leaves a partial file (`.part`), which named its writer.
 * What a writer that no longer runs left is removed at start, and a worker's whose lease lapsed
 * when its task is taken over; what a running process is writing stays.
 */

/** A partial file of `writer` in the blob directory `blobs`, as the local store names it. */
function partOf(blobs: string, writer: string, serial: number): string {
  const tag = Buffer.from(writer).toString('base64url');
  const directory = join(blobs, 'reports', 'org');
  mkdirSync(directory, { recursive: true });
  const path = join(
    directory,
    `report-${serial}.csv.by-${tag}.00000000-0000-4000-8000-${String(serial).padStart(12, '0')}.part`,
  );
  writeFileSync(path, 'half a report');
  return path;
}

describe('partial files of stopped writes', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('are removed at start, and a running process’s are kept', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-parts-'));
    const blobs = join(dataDir, 'blobs');
    // A killed process of this host (no process has pid 99,999,999), and a running one.
    const killed = partOf(blobs, `${hostname()}/99999999/0ld0ld00`, 1);
    const running = partOf(blobs, `${hostname()}/${process.ppid}/l1ve1234`, 2);
    // Another host's, which this one cannot ask.
    const elsewhere = partOf(blobs, 'another-host/4242/r3m0te00', 3);
    server = await startTestServer({ DATA_DIR: dataDir });
    expect([existsSync(killed), existsSync(running), existsSync(elsewhere)]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it('of a worker whose lease lapsed are removed when its task is taken over', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'roadcount-parts-'));
    const blobs = join(dataDir, 'blobs');
    server = await startTestServer({ DATA_DIR: dataDir });
    const lapsed = 'another-host/4242/l4psed00';
    const alive = 'another-host/4343/a11ve000';
    const abandoned = partOf(blobs, lapsed, 4);
    const writing = partOf(blobs, alive, 5);
    // The worker on another host claimed a task and stopped renewing: its lease has lapsed.
    const queue = createTaskQueue(server.database.db);
    const task = await queue.enqueue({
      functionName: 'refresh_site_rollups',
      organisationId: null,
      userId: null,
      payload: { siteId: '00000000-0000-4000-8000-000000000009' },
    });
    await queue.claim(['refresh_site_rollups'], -1, lapsed);
    // A server whose worker takes the task over.
    const worker = await startTestServer({ DATA_DIR: dataDir }, { worker: true, nodeOf: server });
    try {
      const [row] = await pollUntil(
        () => server!.database.db.select().from(tasks).where(eq(tasks.id, task.id)),
        (rows) => (rows[0]?.attempts ?? 0) >= 2 && rows[0]?.state !== 'PR',
        400,
      );
      expect(row?.attempts).toBe(2);
      expect([existsSync(abandoned), existsSync(writing)]).toEqual([false, true]);
    } finally {
      await worker.close();
    }
  });
});
