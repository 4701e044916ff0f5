import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { generateTraffic, roadcountCsvText, type GeneratedVehicle } from '@roadcount/formats';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BlobStoreUnavailableError,
  BlobTooLargeError,
  createS3BlobStore,
} from '../src/infra/blob/blobStore.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

/*
 * Every blob path of the product against a real S3-compatible server (s3rver, on loopback,
 * started by the test): raw uploads, vehicle columns, scan files, rollup series, images and
 * reports are written and read through the S3 store, never the local directory.
 */

// s3rver checks request signatures against its one built-in key pair.
process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
const BUCKET = 'roadcount-test';

let s3: S3rver;
let endpoint: string;
/** s3rver's notifications of created objects, by how they were made. */
const created: { key: string; how: string }[] = [];

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'roadcount-s3-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  s3.on('event', (event: { Records: { eventName: string; s3: { object: { key: string } } }[] }) => {
    for (const record of event.Records)
      created.push({ key: record.s3.object.key, how: record.eventName });
  });
});
afterAll(() => s3.close());

const store = (partBytes?: number) =>
  createS3BlobStore({
    bucket: BUCKET,
    endpoint,
    region: 'us-east-1',
    ...(partBytes ? { partBytes } : {}),
  });

async function keysInBucket(): Promise<string[]> {
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: BUCKET, ContinuationToken: token }),
    );
    keys.push(...(page.Contents ?? []).map((object) => object.Key ?? ''));
    token = page.NextContinuationToken;
  } while (token);
  client.destroy();
  return keys;
}

describe('the S3 blob store on s3rver', () => {
  it('streams an upload in, with its size and SHA-256, and reads it back', async () => {
    const content = 'timestamp,lane\n'.repeat(1000);
    const stored = await store().putStream('uploads/o/small.csv', Readable.from([content]), 1e6);
    expect(stored).toEqual({
      sizeBytes: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    });
    expect(new TextDecoder().decode(await store().getBytes('uploads/o/small.csv'))).toBe(content);
    expect(created.find((event) => event.key === 'uploads/o/small.csv')?.how).toBe(
      'ObjectCreated:Put',
    );
  });

  it('sends a large object as a multipart upload and reads back the same bytes', async () => {
    // 13 MiB in 5 MiB parts: three parts (5 + 5 + 3), put together by the server.
    const big = Buffer.alloc(13 * 1024 * 1024);
    for (let index = 0; index < big.length; index += 4096) big.writeUInt32LE(index, index);
    const chunks = Array.from({ length: 13 }, (_, index) =>
      big.subarray(index * 1024 * 1024, (index + 1) * 1024 * 1024),
    );
    const stored = await store(5 * 1024 * 1024).putStream(
      'uploads/o/big.csv',
      Readable.from(chunks),
      20 * 1024 * 1024,
    );
    expect(stored.sizeBytes).toBe(13 * 1024 * 1024);
    expect(stored.sha256).toBe(createHash('sha256').update(big).digest('hex'));
    await store(5 * 1024 * 1024).putBytes('columns/big.arrow', big);
    for (const key of ['uploads/o/big.csv', 'columns/big.arrow']) {
      // s3rver names a completed multipart upload 'ObjectCreated:Post' (the SDK never posts
      // forms; a single request would be 'ObjectCreated:Put').
      expect(created.find((event) => event.key === key)?.how).toBe('ObjectCreated:Post');
      expect(Buffer.from(await store().getBytes(key)).equals(big)).toBe(true);
    }
  });

  it('refuses a stream over the limit mid-upload and keeps nothing of it', async () => {
    const chunks = Array.from({ length: 12 }, () => Buffer.alloc(1024 * 1024, 1));
    await expect(
      store(5 * 1024 * 1024).putStream('uploads/o/over.csv', Readable.from(chunks), 11 * 1024 ** 2),
    ).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await keysInBucket()).not.toContain('uploads/o/over.csv');
  });

  it('says at start that a bucket is missing, naming it and the endpoint', async () => {
    const missing = createS3BlobStore({ bucket: 'no-such-bucket', endpoint, region: 'us-east-1' });
    await expect(missing.check()).rejects.toThrow(
      new BlobStoreUnavailableError(
        `The S3 bucket 'no-such-bucket' at ${endpoint} does not exist: create it, or set S3_BUCKET to an existing bucket.`,
      ),
    );
    await expect(store().check()).resolves.toBeUndefined();
  });

  it('says at start that the store cannot be reached', async () => {
    // Port 9 (discard) on loopback: nothing listens there.
    const nowhere = createS3BlobStore({
      bucket: BUCKET,
      endpoint: 'http://127.0.0.1:9',
      region: 'us-east-1',
    });
    await expect(nowhere.check()).rejects.toThrow(
      /^The S3 bucket 'roadcount-test' at http:\/\/127\.0\.0\.1:9 cannot be reached \(ECONNREFUSED\)/,
    );
  });

  it('stops the API from starting on a missing bucket, before any upload', async () => {
    await expect(
      startTestServer({ S3_BUCKET: 'missing-bucket', S3_ENDPOINT: endpoint }),
    ).rejects.toThrow(/S3 bucket 'missing-bucket' .* does not exist/);
  }, 60_000);
});

const SITE_DETAIL = `query($siteId: ID!) {
  siteDetail(siteId: $siteId, aggregation_minutes: 1440) { summary { vehicles } }
}`;
const MAP_SITES = `query($filter: MapFilter!) { mapSites(filter: $filter) { id has_data vehicles } }`;
const REQUEST = `mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }`;
const REPORT = `query($id: ID!) { report(id: $id) { state size_bytes } }`;
const DOWNLOAD = `query($id: ID!) { reportDownload(id: $id) { url } }`;
const RAW_DOWNLOAD = `query($id: ID!) { s3TrafficDataFile(id: $id) { url } }`;

describe('the product on the S3 store', () => {
  let server: TestServer;
  let token: string;
  let organisationId: string;
  let vehicles: GeneratedVehicle[];
  let csv: string;
  let file: Awaited<ReturnType<typeof uploadAndProcess>>;

  beforeAll(async () => {
    server = await startTestServer({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint }, { worker: true });
    organisationId = (await createOrg(server)).id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    vehicles = [
      ...generateTraffic({
        seed: 28,
        startDay: '2025-03-03',
        days: 7,
        vehiclesPerDay: 300,
        directions: [1, 5],
        meanSpeedKmh: 48,
      }),
    ];
    csv = [
      ...roadcountCsvText(vehicles, { name: 'Bucket Lane', latitude: 51.5, longitude: -0.1 }),
    ].join('');
    file = await uploadAndProcess(server, token, 'bucket.csv', csv);
  }, 60_000);
  afterAll(() => server.close());

  const ask = async (query: string, variables: Record<string, unknown>) =>
    (await graphql(server, query, { token, variables })).body;

  it('keeps the raw upload, columns, scan file and rollup series in the bucket', async () => {
    expect(file.review_status).toBe('PDC');
    const siteId = file.site?.id ?? '';
    // The map's series are written by the rollup task after the file passes.
    const sites = await pollUntil(
      async () =>
        ((await ask(MAP_SITES, { filter: { start_date: '2025-01-01', end_date: '2025-12-31' } }))
          .data?.mapSites ?? []) as { id: string; has_data: boolean; vehicles: number }[],
      (list) => list.some((site) => site.has_data),
    );
    // Every generated vehicle is one row of the file.
    expect(sites.find((site) => site.id === siteId)?.vehicles).toBe(vehicles.length);
    const keys = await keysInBucket();
    expect(keys).toContain(`uploads/${organisationId}/${file.id}`);
    expect(keys).toContain(`columns/${file.id}.arrow`);
    expect(keys).toContain(`scan/${file.id}.bin`);
    expect(keys.some((key) => key.startsWith(`rollups/${siteId}/`))).toBe(true);
    // Nothing went to the local directory.
    expect(existsSync(join(server.config.dataDir, 'blobs'))).toBe(false);
  });

  it('answers site detail from the columns in the bucket and serves the raw file back', async () => {
    const detail = (await ask(SITE_DETAIL, { siteId: file.site?.id })).data?.siteDetail as {
      summary: { vehicles: number };
    };
    expect(detail.summary.vehicles).toBe(vehicles.length);
    const link = (await ask(RAW_DOWNLOAD, { id: file.id })).data?.s3TrafficDataFile as {
      url: string;
    };
    expect(await (await fetch(`${server.url}${link.url}`)).text()).toBe(csv);
  });

  it('stores images in the bucket and serves them back', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 9, 8, 7]);
    const form = new FormData();
    form.append('file-0', new Blob([png]), 'kerb.png');
    const uploaded = (await (
      await fetch(`${server.url}/api/images`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { images: { id: string }[] };
    const id = uploaded.images[0]?.id;
    const answer = await fetch(`${server.url}/api/images/${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(new Uint8Array(await answer.arrayBuffer())).toEqual(png);
    expect((await keysInBucket()).some((key) => key.includes(id ?? '-'))).toBe(true);
  });

  it('writes a report to the bucket and downloads it', async () => {
    const requested = (
      await ask(REQUEST, {
        input: {
          type: 'universal_csv',
          site_ids: [file.site?.id],
          start: '2025-03-01T00:00:00Z',
          end: '2025-04-01T00:00:00Z',
          units: 'metric',
          aggregation_minutes: 1440,
        },
      })
    ).data?.requestReport as { id: string };
    const report = await pollUntil(
      async () =>
        (await ask(REPORT, { id: requested.id })).data?.report as {
          state: string;
          size_bytes: number;
        },
      (answer) => answer.state === 'CM' || answer.state === 'ER',
      600,
    );
    expect(report.state).toBe('CM');
    const link = (await ask(DOWNLOAD, { id: requested.id })).data?.reportDownload as {
      url: string;
    };
    const text = await (await fetch(`${server.url}${link.url}`)).text();
    expect(text.length).toBe(report.size_bytes);
    // The universal CSV's summary row of vehicles counts every vehicle of the file.
    const header = text.split('\n')[0]?.split(',') ?? [];
    const vehiclesRow = text
      .split('\n')
      .map((line) => line.split(','))
      .find((row) => row[header.indexOf('measure')] === 'vehicles');
    expect(Number(vehiclesRow?.[header.indexOf('value')])).toBe(vehicles.length);
    expect((await keysInBucket()).some((key) => key.startsWith('reports/'))).toBe(true);
  });
});
