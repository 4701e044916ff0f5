import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, trafficDataFiles, userNotifications } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

const NOTIFY = `mutation($userId: ID, $fn: String!, $message: JSON!) {
  create_user_notification(userId: $userId, function_id: $fn, message: $message)
}`;
const TRACK = `mutation($name: String!, $message: String) {
  insert_task_tracking(function_name: $name, message: $message) { id }
}`;

/*
 * Issue 38: what a client may write for others to see is bounded by SPEC section 7: a
 * notification about a file to review, with its three fields; a tracking record of a kind of
 * work the user may start, with a message of at most 1000 characters.
 */
describe('records a client writes', () => {
  let server: TestServer;
  let viewer: string;
  let adminId: string;
  let fileId: string;
  let organisationId: string;

  beforeAll(async () => {
    server = await startTestServer();
    organisationId = (await createOrg(server)).id;
    const user = await createUser(server, { organisationId, role: 'org_user' });
    viewer = (await signIn(server, user.username)).access;
    adminId = (await createUser(server, { organisationId, role: 'org_admin' })).id;
    const [file] = await server.database.db
      .insert(trafficDataFiles)
      .values({
        organisationId,
        fileName: 'survey.csv',
        kind: 'vehicle',
        s3Key: 'raw/survey.csv',
        sha256: '0'.repeat(64),
        sizeBytes: 1,
      })
      .returning();
    fileId = file?.id ?? '';
  });
  afterAll(() => server.close());

  const notify = (fn: string, message: unknown) =>
    graphql(server, NOTIFY, { token: viewer, variables: { userId: adminId, fn, message } });
  const stored = () =>
    server.database.db
      .select()
      .from(userNotifications)
      .where(eq(userNotifications.organisationId, organisationId));

  it('a notification is about a file to review, with its own fields only', async () => {
    const refused = [
      [
        await notify('site_deleted', { trafficdatafile_id: fileId }),
        'Refused, nothing saved: function_id: must be file_review',
      ],
      [
        await notify('file_review', { trafficdatafile_id: fileId, text: 'x'.repeat(100_000) }),
        'Refused, nothing saved: message: holds only trafficdatafile_id, source and user_approved_dc',
      ],
      [
        await notify('file_review', { trafficdatafile_id: fileId, user_approved_dc: 'yes' }),
        'Refused, nothing saved: message.user_approved_dc: must be true or false',
      ],
    ] as const;
    for (const [answer, message] of refused) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]?.message).toBe(message);
    }
    expect(await stored()).toEqual([]);
    const sent = await notify('file_review', {
      trafficdatafile_id: fileId,
      user_approved_dc: true,
    });
    expect(sent.body.data?.create_user_notification).toBe(true);
    expect((await stored()).map((row) => [row.userId, row.functionId, row.message])).toEqual([
      [
        adminId,
        'file_review',
        expect.objectContaining({
          trafficdatafile_id: fileId,
          source: 'frontend',
          user_approved_dc: true,
        }),
      ],
    ]);
  });

  it('a tracking record is of work the user may start, with a short message', async () => {
    const track = (name: string, message: string) =>
      graphql(server, TRACK, { token: viewer, variables: { name, message } });
    // A viewer uploads no files and bills no one: no record of such work.
    for (const name of ['process_file', 'generate_bills']) {
      const answer = await track(name, 'looks real');
      expect(answer.status).toBe(403);
    }
    const long = await track('custom_report', 'x'.repeat(1001));
    expect(long.body.errors?.[0]?.message).toBe(
      'Refused, nothing saved: message: must be at most 1000 characters',
    );
    const rows = await server.database.db
      .select()
      .from(tasks)
      .where(eq(tasks.organisationId, organisationId));
    expect(rows).toEqual([]);
    const own = await track('custom_report', 'x'.repeat(1000));
    expect(own.body.errors).toBeUndefined();
  });
});
