// npm run bench:abuse — what a careless user or an attacker sends, against a running server
// started as `npm start` runs it (issue 24): a counter file of one 200 MB line, xlsx bombs whose
// shared strings inflate to 1 GB (stated honestly, and stated as 100 bytes), and a GraphQL
// request of many aliased siteDetail fields. For each: the time to refuse it and the server's
// peak resident memory over idle. Prints figures, asserts nothing; the last line is the RESULT.
// BENCH_ABUSE_LINE_MB (200) sets the long line's size, BENCH_ABUSE_ALIASES (200; 0 skips it)
// the aliases. Beside the refused aliasing request, the heaviest one the limits allow (9 aliased
// siteDetail fields with their bins) is timed, and the same again given up by its client after
// 50 ms, followed by one siteDetail: what a client leaving costs the next one. Those ask for a
// site of BENCH_ABUSE_VEHICLES (1,000,000) generated vehicles, uploaded before idle is measured.
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { constants, deflateRawSync } from 'node:zlib';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { dropDatabases, startServer, uploadAndWait } from './support.ts';

const LINE_MB = Number(process.env.BENCH_ABUSE_LINE_MB ?? 200);
const ALIASES = Number(process.env.BENCH_ABUSE_ALIASES ?? 200);
const VEHICLES = Number(process.env.BENCH_ABUSE_VEHICLES ?? 1_000_000);
const workDir = mkdtempSync(join(tmpdir(), 'roadcount-bench-abuse-'));

/** One entry, deflated, in a zip that states `statedSize` as its inflated size. */
function zipOf(name: string, data: Buffer, statedSize: number): Buffer {
  const nameBytes = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(statedSize, 22);
  local.writeUInt16LE(nameBytes.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  local.copy(central, 6, 4, 30);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBytes.length, 12);
  end.writeUInt32LE(local.length + nameBytes.length + data.length, 16);
  return Buffer.concat([local, nameBytes, data, central, nameBytes, end]);
}

/** Deflated spaces inflating to `mebibytes` MiB: one sync-flushed MiB block repeated. */
function deflatedSpaces(mebibytes: number): Buffer {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024, 0x20), {
    finishFlush: constants.Z_SYNC_FLUSH,
  });
  return Buffer.concat([
    ...Array.from({ length: mebibytes }, () => block),
    deflateRawSync(Buffer.alloc(0)),
  ]);
}

async function writeLongLine(path: string, megabytes: number) {
  const out = createWriteStream(path);
  const chunk = Buffer.alloc(1024 * 1024, 0x78);
  for (let written = 0; written < megabytes; written += 1)
    if (!out.write(chunk)) await once(out, 'drain');
  out.end();
  await once(out, 'finish');
}

const server = await startServer(workDir);
/** The site the aliased siteDetail fields ask for: one of VEHICLES vehicles over 50 days. */
async function uploadSite(): Promise<string> {
  const path = join(workDir, 'site.csv');
  const days = 50;
  const vehicles = generateTraffic({
    seed: 24,
    startDay: '2025-03-03',
    days,
    vehiclesPerDay: Math.ceil(VEHICLES / days),
    directions: [1, 5],
    meanSpeedKmh: 50,
  });
  await pipeline(
    Readable.from(
      roadcountCsvText(vehicles, { name: 'Bench Abuse Road', latitude: 51.5, longitude: -0.1 }),
    ),
    createWriteStream(path),
  );
  const { fileId, vehicles: saved } = await uploadAndWait(server, path, { andRollups: true });
  rmSync(path);
  const answer = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({
      query: 'query($id: ID!) { getTrafficDataFile(id: $id) { site { id } } }',
      variables: { id: fileId },
    }),
  });
  const { data } = (await answer.json()) as {
    data?: { getTrafficDataFile?: { site?: { id: string } | null } | null };
  };
  const siteId = data?.getTrafficDataFile?.site?.id;
  if (!siteId) throw new Error('the uploaded file has no site');
  console.log(`site of ${saved.toLocaleString('en-GB')} vehicles uploaded for siteDetail`);
  return siteId;
}
const siteId = ALIASES > 0 ? await uploadSite() : '';
// The site's processing and the server's warm-up settle after start: idle is once the peak stops
// growing. Each request's peak is then measured from idle, the high-water mark reset before it.
let idleMb = server.peakRssMb();
for (let still = 0, waited = 0; still < 10 && waited < 300; waited += 1) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const now = server.peakRssMb();
  still = now > idleMb + 1 ? 0 : still + 1;
  idleMb = now;
}
server.resetPeakRss();
idleMb = server.peakRssMb();
console.log(`server idle: RSS ${idleMb.toFixed(0)} MB`);

// Task state changes of each file, with the time they arrived.
const events = new Map<string, { state: string; at: number }[]>();
let wake = () => {};
const client = createClient({
  url: `${server.url.replace('http', 'ws')}/gql/v1/graphql`,
  webSocketImpl: WebSocket,
  connectionParams: { authorization: `Bearer ${server.access}` },
  retryAttempts: 0,
  lazy: false,
});
client.subscribe<{ task_tracking_updated: { state: string; file_id: string | null } }>(
  { query: 'subscription { task_tracking_updated { state file_id } }' },
  {
    next: ({ data }) => {
      const task = data?.task_tracking_updated;
      if (!task?.file_id) return;
      events.set(task.file_id, [
        ...(events.get(task.file_id) ?? []),
        { state: task.state, at: performance.now() },
      ]);
      wake();
    },
    error: () => undefined,
    complete: () => undefined,
  },
);
await new Promise((resolve) => setTimeout(resolve, 500));

const FILE_ERROR = `query($id: ID!) { getTrafficDataFile(id: $id) { logs { processing_error } } }`;

/** Uploads a file and waits for its task to end: seconds from its start (PR) to its end. */
async function refuse(label: string, path: string, kind: string) {
  const form = new FormData();
  form.append('file-0', await openAsBlob(path), path.split('/').at(-1));
  form.append('kind', kind);
  form.append('force', 'true');
  server.resetPeakRss();
  const uploadStarted = performance.now();
  const response = await fetch(`${server.url}/api/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.access}` },
    body: form,
  });
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const { files } = (await response.json()) as { files: { id: string }[] };
  const id = files[0]?.id ?? '';
  const deadline = performance.now() + 600_000;
  let ended: { state: string; at: number } | undefined;
  while (!ended && performance.now() < deadline) {
    ended = events.get(id)?.find((event) => event.state === 'ER' || event.state === 'CM');
    if (!ended)
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, 500);
      });
  }
  const started = events.get(id)?.find((event) => event.state === 'PR');
  const seconds = ended && started ? (ended.at - started.at) / 1000 : Number.NaN;
  const answer = await fetch(`${server.url}/gql/v1/graphql/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
    body: JSON.stringify({ query: FILE_ERROR, variables: { id } }),
  });
  const { data } = (await answer.json()) as {
    data?: { getTrafficDataFile?: { logs?: { processing_error?: string | null } } };
  };
  const message = data?.getTrafficDataFile?.logs?.processing_error ?? '(none)';
  const overIdle = server.peakRssMb() - idleMb;
  console.log(
    `${label}: upload ${uploadSeconds.toFixed(1)} s, task ${ended?.state ?? 'did not end'} in ${seconds.toFixed(2)} s, peak RSS +${overIdle.toFixed(0)} MB over idle: ${message.slice(0, 160)}`,
  );
  return { seconds, overIdle };
}

const results: Record<string, { seconds: number; overIdle: number }> = {};
/** Requests answered in full, timed beside the refusals. */
const allowed: Record<string, { seconds: number; overIdle: number }> = {};
try {
  const longLine = join(workDir, 'one-long-line.csv');
  await writeLongLine(longLine, LINE_MB);
  results.longLine = await refuse(`${LINE_MB} MB without a newline`, longLine, 'vehicle');
  rmSync(longLine);

  const spaces = deflatedSpaces(1024);
  const honest = join(workDir, 'bomb-stated.xlsx');
  writeFileSync(honest, zipOf('xl/sharedStrings.xml', spaces, 1024 * 1024 * 1024));
  results.bombStated = await refuse('xlsx bomb, 1 GB stated', honest, 'national');
  const lying = join(workDir, 'bomb-lying.xlsx');
  writeFileSync(lying, zipOf('xl/sharedStrings.xml', spaces, 100));
  results.bombLying = await refuse('xlsx bomb, 1 GB stated as 100 bytes', lying, 'national');

  if (ALIASES > 0) {
    /** Sends `count` aliased siteDetail fields (bins and all); the answer's status, size and time. */
    const aliased = async (label: string, count: number, signal: AbortSignal) => {
      const fields = Array.from(
        { length: count },
        (_, index) => `a${index}: siteDetail(siteId: "${siteId}") { bins summary }`,
      ).join(' ');
      server.resetPeakRss();
      const started = performance.now();
      const answer = await fetch(`${server.url}/gql/v1/graphql/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${server.access}` },
        body: JSON.stringify({ query: `{ ${fields} }` }),
        signal,
      }).catch((error: unknown) => ({ status: 0, text: () => Promise.resolve(String(error)) }));
      const body = await answer.text();
      const seconds = (performance.now() - started) / 1000;
      const overIdle = server.peakRssMb() - idleMb;
      console.log(
        `${label}: status ${answer.status}, ${(body.length / 1024).toFixed(0)} KB in ${seconds.toFixed(2)} s, peak RSS +${overIdle.toFixed(0)} MB over idle: ${body.slice(0, 160)}`,
      );
      return { seconds, overIdle };
    };
    results.aliases = await aliased(
      `${ALIASES} aliased siteDetail fields`,
      ALIASES,
      AbortSignal.timeout(120_000),
    );
    // Not a refusal: what the limits let through, answered in full.
    allowed.aliasesAllowed = await aliased(
      '9 aliased siteDetail fields (the most the cost limit allows)',
      9,
      AbortSignal.timeout(120_000),
    );
    await aliased('the same, its client gone after 50 ms', 9, AbortSignal.timeout(50));
    allowed.afterClientLeft = await aliased(
      'one siteDetail just after',
      1,
      AbortSignal.timeout(120_000),
    );
  }
} finally {
  await client.dispose();
  await server.close();
  await dropDatabases();
  rmSync(workDir, { recursive: true, force: true });
}

const slowest = Math.max(...Object.values(results).map((result) => result.seconds));
const peak = Math.max(...Object.values(results).map((result) => result.overIdle));
const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const figures = Object.entries({ ...results, ...allowed })
  .map(
    ([name, { seconds, overIdle }]) =>
      `${snake(name)}_s=${seconds.toFixed(2)} ${snake(name)}_rss_over_idle_mb=${overIdle.toFixed(0)}`,
  )
  .join(' ');
// Goal: each refusal under 2 s, and under 300 MB over idle.
console.log(
  `RESULT slowest_refusal_s=${slowest.toFixed(2)} peak_rss_over_idle_mb=${peak.toFixed(0)} idle_rss_mb=${idleMb.toFixed(0)} ${figures}`,
);
