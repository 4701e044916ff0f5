import { generateTraffic, roadcountCsvText } from '@roadcount/formats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userNotifications } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  uploadAndProcess,
  type TestServer,
} from './testServer.ts';

const READ = `query($id: ID!) { getFileNotes(fileId: $id) { content when who } }`;
const ADD = `mutation($id: ID!, $content: String!) { appendTrafficDataFileNote(fileId: $id, content: $content) { content when who } }`;
const BULK = `mutation($ids: [ID!]!, $content: String!) { appendTrafficDataFileNotes(fileIds: $ids, content: $content) }`;

describe('file notes', () => {
  let server: TestServer;
  let staff: string;
  let staffName: string;
  let orgAdmin: string;
  let viewer: string;
  let stranger: string;
  let organisationId: string;
  const fileIds: string[] = [];
  const statuses: string[] = [];

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    organisationId = (await createOrg(server)).id;
    viewer = (
      await signIn(
        server,
        (await createUser(server, { organisationId, role: 'org_user' })).username,
      )
    ).access;
    const other = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_user',
    });
    stranger = (await signIn(server, other.username)).access;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    orgAdmin = (await signIn(server, admin.username)).access;
    const platform = await createUser(server, { organisationId: null, role: 'admin' });
    staffName = platform.username;
    staff = (await signIn(server, platform.username)).access;
    for (const seed of [91, 92]) {
      const text = [
        ...roadcountCsvText(
          generateTraffic({
            seed,
            startDay: '2025-05-05',
            days: 1,
            vehiclesPerDay: 20,
            directions: [1, 5],
            meanSpeedKmh: 40,
          }),
          { name: `Note Road ${seed}`, latitude: 50 + seed / 100, longitude: 0 },
        ),
      ].join('');
      const file = await uploadAndProcess(server, orgAdmin, `notes-${seed}.csv`, text);
      fileIds.push(file.id);
      statuses.push(file.review_status);
    }
  }, 60_000);
  afterAll(() => server.close());

  it('are added by platform admins, to one file or to several, with UTC time and username', async () => {
    const before = new Date();
    const { body } = await graphql(server, ADD, {
      token: staff,
      variables: { id: fileIds[0], content: '  Tube moved on day 2  ' },
    });
    const [note] = body.data?.appendTrafficDataFileNote as {
      content: string;
      when: string;
      who: string;
    }[];
    expect(note?.content).toBe('Tube moved on day 2');
    expect(note?.who).toBe(staffName);
    expect(note?.when).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(note?.when.slice(0, 10)).toBe(before.toISOString().slice(0, 10));
    const bulk = await graphql(server, BULK, {
      token: staff,
      variables: { ids: fileIds, content: 'Checked' },
    });
    expect(bulk.body.data?.appendTrafficDataFileNotes).toBe(2);
    const read = await graphql(server, READ, { token: staff, variables: { id: fileIds[0] } });
    expect(
      (read.body.data?.getFileNotes as { content: string }[]).map((item) => item.content),
    ).toEqual(['Tube moved on day 2', 'Checked']);
  });

  it('refuse an empty note, and everyone but platform admins', async () => {
    const empty = await graphql(server, ADD, {
      token: staff,
      variables: { id: fileIds[0], content: '   ' },
    });
    expect(empty.body.errors?.[0]?.message).toBe('A note needs some text.');
    const byOrgAdmin = await graphql(server, READ, {
      token: orgAdmin,
      variables: { id: fileIds[0] },
    });
    expect(byOrgAdmin.status).toBe(403);
    const addByOrgAdmin = await graphql(server, ADD, {
      token: orgAdmin,
      variables: { id: fileIds[0], content: 'x' },
    });
    expect(addByOrgAdmin.status).toBe(403);
  });

  it('let a viewer ask the admins to review a file that failed quality, and no one else', async () => {
    const REQUEST = `mutation($id: ID!) { requestQualityApproval(fileId: $id) }`;
    // One day of 20 vehicles: shorter than 24 hours and below the lowest maximum ADT.
    expect(statuses[0]).toBe('WFR');
    const asked = await graphql(server, REQUEST, { token: viewer, variables: { id: fileIds[0] } });
    expect(asked.body.data?.requestQualityApproval).toBe(true);
    const stored = await server.database.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.organisationId, organisationId));
    expect(stored.map((row) => row.message)).toContainEqual(
      expect.objectContaining({
        trafficdatafile_id: fileIds[0],
        source: 'frontend',
        user_approved_dc: false,
      }),
    );
    const byAdmin = await graphql(server, REQUEST, {
      token: orgAdmin,
      variables: { id: fileIds[0] },
    });
    expect(byAdmin.status).toBe(403);
    const byStranger = await graphql(server, REQUEST, {
      token: stranger,
      variables: { id: fileIds[0] },
    });
    expect(byStranger.status).toBe(403);
  });

  it('are replaced as a list by platform admins, kept notes keeping their time and author', async () => {
    const UPDATE = `mutation($id: ID!, $notes: [String!]!) {
      updateTrafficDataFileNotes(ecoId: $id, notes: $notes) { content when who }
    }`;
    const id = fileIds[1];
    await graphql(server, ADD, { token: staff, variables: { id, content: 'Counter swapped' } });
    const before = (await graphql(server, READ, { token: staff, variables: { id } })).body.data
      ?.getFileNotes as { content: string; when: string; who: string }[];
    const kept = before.find((note) => note.content === 'Counter swapped');
    const { body } = await graphql(server, UPDATE, {
      token: staff,
      variables: { id, notes: ['Counter swapped', 'Checked against the manual count'] },
    });
    expect(body.data?.updateTrafficDataFileNotes).toEqual([
      kept,
      expect.objectContaining({ content: 'Checked against the manual count', who: staffName }),
    ]);
    const empty = await graphql(server, UPDATE, {
      token: staff,
      variables: { id, notes: ['fine', ' '] },
    });
    expect(empty.body.errors?.[0]?.message).toBe('A note needs some text.');
    for (const token of [orgAdmin, viewer, stranger]) {
      const refused = await graphql(server, UPDATE, { token, variables: { id, notes: [] } });
      expect(refused.status).toBe(403);
    }
    const after = (await graphql(server, READ, { token: staff, variables: { id } })).body.data
      ?.getFileNotes as unknown[];
    expect(after).toHaveLength(2);
  });

  it('create a user notification about a file for its own organisation only', async () => {
    const CREATE = `mutation($userId: ID, $fn: String!, $message: JSON!) {
      create_user_notification(userId: $userId, function_id: $fn, message: $message)
    }`;
    const message = { trafficdatafile_id: fileIds[1], user_approved_dc: true };
    const created = await graphql(server, CREATE, {
      token: viewer,
      variables: { fn: 'file_review', message },
    });
    expect(created.body.data?.create_user_notification).toBe(true);
    const stored = await server.database.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.organisationId, organisationId));
    expect(stored.map((row) => row.message)).toContainEqual(
      expect.objectContaining({
        trafficdatafile_id: fileIds[1],
        source: 'frontend',
        user_approved_dc: true,
      }),
    );
    const byStranger = await graphql(server, CREATE, {
      token: stranger,
      variables: { fn: 'file_review', message },
    });
    expect(byStranger.status).toBe(403);
    const strangerUser = await createUser(server, {
      organisationId: (await createOrg(server)).id,
      role: 'org_admin',
    });
    const toStranger = await graphql(server, CREATE, {
      token: viewer,
      variables: { userId: strangerUser.id, fn: 'file_review', message },
    });
    expect(toStranger.status).toBe(403);
    const noFile = await graphql(server, CREATE, {
      token: viewer,
      variables: { fn: 'file_review', message: { source: 'frontend' } },
    });
    expect(noFile.body.errors?.[0]?.message).toBe(
      'Refused, nothing saved: message.trafficdatafile_id: must name a traffic data file',
    );
  });
});
