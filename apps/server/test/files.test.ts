import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  TEST_JWT_SECRET,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const LIST = `query($orgId: ID, $search: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  trafficDataFiles(orgId: $orgId, search: $search, sort: $sort, direction: $direction, page: $page, page_size: $size) {
    total files { id file_name review_status logs { saved_vehicles } site { id name } }
  }
}`;
const DOWNLOAD = `query($id: ID!) { s3TrafficDataFile(id: $id) { url } }`;

interface Page {
  total: number;
  files: { id: string; file_name: string; review_status: string; site: { name: string } | null }[];
}

describe('the files table and downloads', () => {
  let server: TestServer;
  let viewer: string;
  let other: string;
  let organisationId: string;
  let viewerId: string;
  let strangerId: string;
  let adminName: string;
  const contents = new Map<string, string>();
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    organisationId = organisation.id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    const user = await createUser(server, { organisationId, role: 'org_user' });
    const stranger = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    viewerId = user.id;
    strangerId = stranger.id;
    adminName = admin.username;
    const adminToken = (await signIn(server, admin.username)).access;
    viewer = (await signIn(server, user.username)).access;
    other = (await signIn(server, stranger.username)).access;
    for (const [index, name] of ['Bridge Street', 'Abbey Lane', 'Castle Hill'].entries()) {
      const text = [
        ...roadcountCsvText(
          generateTraffic({
            seed: 40 + index,
            startDay: '2025-04-07',
            days: 2,
            vehiclesPerDay: 100 + index,
            directions: [1, 5],
            meanSpeedKmh: 40,
          }),
          { name, latitude: 52 + index / 10, longitude: -1 },
        ),
      ].join('');
      const file = await uploadAndProcess(server, adminToken, `${name}.csv`, text);
      contents.set(file.id, text);
      ids.push(file.id);
    }
  }, 60_000);
  afterAll(() => server.close());

  const list = async (variables: Record<string, unknown>, token = viewer) =>
    graphql(server, LIST, { token, variables });

  it('pages, sorts and searches the organisation’s files on the server', async () => {
    const { body } = await list({ sort: 'file_name', direction: 'asc', size: 2 });
    const first = body.data?.trafficDataFiles as Page;
    expect(first.total).toBe(3);
    expect(first.files.map((file) => file.file_name)).toEqual([
      'Abbey Lane.csv',
      'Bridge Street.csv',
    ]);
    const second = (await list({ sort: 'file_name', direction: 'asc', size: 2, page: 1 })).body.data
      ?.trafficDataFiles as Page;
    expect(second.files.map((file) => file.file_name)).toEqual(['Castle Hill.csv']);
    const found = (await list({ search: 'castle' })).body.data?.trafficDataFiles as Page;
    expect(found).toMatchObject({
      total: 1,
      files: [{ file_name: 'Castle Hill.csv', site: { name: 'Castle Hill' } }],
    });
    const bad = await list({ sort: 'password' });
    expect(bad.body.errors?.[0]?.message).toContain('sort must be one of');
  });

  it('keeps the files from another organisation', async () => {
    const own = (await list({}, other)).body.data?.trafficDataFiles as Page;
    expect(own.total).toBe(0);
    const named = await list({ orgId: organisationId }, other);
    expect(named.status).toBe(403);
    const link = await graphql(server, DOWNLOAD, { token: other, variables: { id: ids[0] } });
    expect(link.status).toBe(403);
  });

  it('downloads the raw file through a link token, and refuses a forged one', async () => {
    const id = ids[1] ?? '';
    const { body } = await graphql(server, DOWNLOAD, { token: viewer, variables: { id } });
    const url = (body.data?.s3TrafficDataFile as { url: string }).url;
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('Abbey Lane.csv');
    expect(await response.text()).toBe(contents.get(id));
    const forged = await fetch(
      `${server.url}/api/files/${id}/download?token=${url.split('token=')[1]?.slice(0, -4)}AAAA`,
    );
    expect(forged.status).toBe(401);
    const otherFile = await fetch(`${server.url}${url.replace(id, ids[0] ?? '')}`);
    expect(otherFile.status).toBe(401);
  });

  it('downloads a file whose name is not Latin-1, named in UTF-8 with an ASCII fallback', async () => {
    const token = (await signIn(server, adminName)).access;
    // A comment line makes it a new file, not a duplicate of the first.
    const text = `${contents.get(ids[0] ?? '') ?? ''}# the same counts under another name\n`;
    const file = await uploadAndProcess(server, token, 'Kreuzung Straße 東京.csv', text);
    const { body } = await graphql(server, DOWNLOAD, { token: viewer, variables: { id: file.id } });
    const url = (body.data?.s3TrafficDataFile as { url: string }).url;
    const response = await fetch(`${server.url}${url}`);
    expect(response.status).toBe(200);
    // ß is U+00DF (UTF-8 C3 9F), 東 U+6771 (E6 9D B1), 京 U+4EAC (E4 BA AC), a space %20; the
    // fallback keeps ASCII and writes each other character as _.
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Kreuzung Stra_e __.csv"; filename*=UTF-8''Kreuzung%20Stra%C3%9Fe%20%E6%9D%B1%E4%BA%AC.csv`,
    );
    expect(await response.text()).toBe(text);
  });

  it('refuses an expired link, and a link for a user of another organisation', async () => {
    const id = ids[0] ?? '';
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const link = (subject: string, expiresAtSeconds: number) =>
      new SignJWT({ type: 'download', file_id: id })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuer('roadcount')
        .setIssuedAt(expiresAtSeconds - 300)
        .setExpirationTime(expiresAtSeconds)
        .sign(key);
    const now = Math.floor(Date.now() / 1000);
    const fresh = await fetch(
      `${server.url}/api/files/${id}/download?token=${await link(viewerId, now + 60)}`,
    );
    expect(fresh.status).toBe(200);
    const expired = await fetch(
      `${server.url}/api/files/${id}/download?token=${await link(viewerId, now - 1)}`,
    );
    expect(expired.status).toBe(401);
    const foreign = await fetch(
      `${server.url}/api/files/${id}/download?token=${await link(strangerId, now + 60)}`,
    );
    expect(foreign.status).toBe(403);
  });

  it('reads the logs and datetimes of one file or several, of its own organisation only', async () => {
    const ONE = `query($id: ID!) { trafficDataFileLogs(id: $id) { id start_data_datetime end_data_datetime logs { saved_vehicles } } }`;
    const BULK = `query($ids: [ID!]!) { trafficDataFilesLogs(ids: $ids) { id start_data_datetime logs { saved_vehicles } } }`;
    const one = await graphql(server, ONE, { token: viewer, variables: { id: ids[0] } });
    const logs = one.body.data?.trafficDataFileLogs as {
      id: string;
      start_data_datetime: string;
      logs: { saved_vehicles: number };
    };
    expect(logs.id).toBe(ids[0]);
    expect(logs.start_data_datetime.slice(0, 10)).toBe('2025-04-07');
    expect(logs.logs.saved_vehicles).toBeGreaterThan(0);
    const bulk = await graphql(server, BULK, {
      token: viewer,
      variables: { ids: [ids[2], ids[0]] },
    });
    const rows = bulk.body.data?.trafficDataFilesLogs as { id: string }[];
    expect(rows.map((row) => row.id)).toEqual([ids[2], ids[0]]);
    expect((await graphql(server, ONE, { token: other, variables: { id: ids[0] } })).status).toBe(
      403,
    );
    expect(
      (await graphql(server, BULK, { token: other, variables: { ids: [ids[0]] } })).status,
    ).toBe(403);
  });
});
