import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

const CREATE_GROUP = `mutation($name: String!) { createSiteGroup(name: $name) { id name } }`;
const GROUPS = `{ siteGroups { id name } }`;
const ADD_NOTE = `mutation($note: MapNoteInput!) { addMapNote(note: $note) { id text } }`;
const NOTES = `{ mapNotes { notes { id text } } }`;
const IMPORT = `mutation($csv: String!) { importSites(csv: $csv) { imported errors { row field message } } }`;
const SITES = `{ sites { sites { name } } }`;
const IMPORT_HEADER =
  'name,asset_management_id,latitude,longitude,heading,direction_one,direction_two,site_type,pedestrians_included,class_scheme,time_zone,speed_limit_kmh,speed_limit_from';

/** A multipart body written by hand, so that the file name goes out byte for byte as given. */
function multipart(fileName: string, content: string) {
  const boundary = 'roadcount-test-boundary';
  const body = Buffer.from(
    [
      `--${boundary}`,
      `Content-Disposition: form-data; name="file-0"; filename="${fileName}"`,
      'Content-Type: text/csv',
      '',
      content,
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('text with control characters, and internal errors', () => {
  let server: TestServer;
  let token: string;
  let organisationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    const org = await createOrg(server);
    organisationId = org.id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
  });
  afterAll(() => server.close());

  const gql = (query: string, variables: Record<string, unknown> = {}) =>
    graphql(server, query, { token, variables });

  it('refuses a NUL in a site-group name, naming the field, and stores nothing', async () => {
    const { status, body } = await gql(CREATE_GROUP, { name: 'North\u0000roads' });
    expect(status).toBe(400);
    expect(body.errors?.map((error) => error.message)).toEqual([
      'name: must not contain control characters',
    ]);
    expect((await gql(GROUPS)).body.data?.siteGroups).toEqual([]);
  });

  it('refuses one written into the document too, where no variable carries it', async () => {
    const { status, body } = await gql(`mutation { createSiteGroup(name: "a\\u0000b") { id } }`);
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe('name: must not contain control characters');
  });

  it('refuses a NUL in a map note, and keeps tabs and new lines', async () => {
    const refused = await gql(ADD_NOTE, {
      note: { text: 'pothole\u0000', longitude: -0.96, latitude: 51.45 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]?.message).toBe(
      'note.text: must not contain control characters',
    );
    const kept = await gql(ADD_NOTE, {
      note: { text: 'pothole\tnear the bridge\r\nsecond line', longitude: -0.96, latitude: 51.45 },
    });
    expect(kept.body.errors).toBeUndefined();
    expect(
      ((await gql(NOTES)).body.data?.mapNotes as { notes: { text: string }[] }).notes.map(
        (note) => note.text,
      ),
    ).toEqual(['pothole\tnear the bridge\r\nsecond line']);
  });

  it('refuses a site import holding a NUL, and imports nothing', async () => {
    const csv = [
      IMPORT_HEADER,
      'Bridge\u0000Street,,51.1,-1.1,90,N,S,temporary,no,arx,Europe/London,48,',
    ].join('\n');
    const { status, body } = await gql(IMPORT, { csv });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toBe('csv: must not contain control characters');
    const sites = (await gql(SITES)).body.data?.sites as { sites: unknown[] };
    expect(sites.sites).toEqual([]);
  });

  it('answers 400 naming the field, not 500, for a NUL in an uploaded file’s name', async () => {
    const { body, contentType } = multipart('count\u0000.csv', 'timestamp,lane\n');
    const response = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      status: 400,
      message: 'file-0 file name: must not contain control characters',
    });
  });

  it('refuses a NUL in a REST body by its field', async () => {
    const response = await fetch(`${server.url}/core/api/config/create_user/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'ann.smith',
        email: 'ann@example.test',
        first_name: 'Ann\u0000',
        role: 'org_user',
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      message: 'first_name: must not contain control characters',
    });
  });

  it('answers an internal failure with the catalogue’s message: no SQL, table or organisation', async () => {
    // The database fails under the resolver: its table is gone for the time of one query.
    await server.database.db.execute(sql`alter table site_groups rename to site_groups_away`);
    try {
      const { status, body } = await gql(GROUPS);
      const text = JSON.stringify(body);
      expect(status).toBe(500);
      expect(body.errors?.map((error) => error.message)).toEqual([
        "Looks like we can't connect to the server right now",
      ]);
      for (const internal of ['site_groups', 'select', organisationId, 'stack', 'at '])
        expect(text).not.toContain(internal);
    } finally {
      await server.database.db.execute(sql`alter table site_groups_away rename to site_groups`);
    }
    expect((await gql(GROUPS)).body.errors).toBeUndefined();
  });
});
