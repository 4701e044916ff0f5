import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createOrg,
  createUser,
  postJson,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

interface ListedMessage {
  id: string;
  kind: string;
  username: string;
  email: string;
  organisation_id: string | null;
  organisation_name: string | null;
  text: string;
  attachments: { id: string; file_name: string; size_bytes: number }[];
}

const SUPPORT = 'help-desk@example.test';

describe('Help: feedback and subscription enquiries', () => {
  let server: TestServer;
  let organisationId: string;
  let user: { username: string; token: string; id: string };
  let demo: string;
  let staff: string;

  beforeAll(async () => {
    server = await startTestServer({ SUPPORT_EMAIL: SUPPORT });
    const organisation = await createOrg(server, 'Kent Highways');
    organisationId = organisation.id;
    const row = await createUser(server, { organisationId, role: 'org_user' });
    user = {
      username: row.username,
      id: row.id,
      token: (await signIn(server, row.username)).access,
    };
    const demoRow = await createUser(server, { organisationId, role: 'org_admin', isDemo: true });
    demo = (await signIn(server, demoRow.username)).access;
    const staffRow = await createUser(server, { organisationId: null, role: 'admin' });
    staff = (await signIn(server, staffRow.username)).access;
  });
  afterAll(() => server.close());

  const sendFeedback = async (token: string, text: string, files: [string, string][] = []) => {
    const form = new FormData();
    form.append('feedback', text);
    form.append('userId', 'not-trusted');
    files.forEach(([name, content], index) =>
      form.append(`file-${index}`, new Blob([content], { type: 'text/plain' }), name),
    );
    const response = await fetch(`${server.url}/bill/feedback`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const outbox = () => {
    const directory = join(server.config.dataDir, 'outbox');
    return readdirSync(directory)
      .filter((name) => name.endsWith(`${SUPPORT}.eml`))
      .sort()
      .map((name) => readFileSync(join(directory, name), 'utf8'));
  };
  const listed = async (token: string) => {
    const response = await fetch(`${server.url}/bill/support-messages`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as ListedMessage[] };
  };

  it('refuses 5 characters and keeps nothing', async () => {
    const refused = await sendFeedback(user.token, '  Hello  ');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('feedback: Write more than 5 characters');
    expect((await listed(staff)).body).toEqual([]);
  });

  it('stores feedback with two attachments and mails them to the support address', async () => {
    const sent = await sendFeedback(user.token, 'The map legend hides the last site.', [
      ['legend-problem-screenshot.txt', 'first attachment'],
      ['notes.csv', 'site,speed\nA,42\n'],
    ]);
    expect(sent.status).toBe(201);

    const [mail] = outbox();
    expect(mail).toContain(`To: ${SUPPORT}`);
    expect(mail).toContain(`Subject: Roadcount Feedback from ${user.username}`);
    expect(mail).toContain('The map legend hides the last site.');
    expect(mail).toContain(`Organisation id: ${organisationId}`);
    expect(mail).toContain('filename=legend-problem-screenshot.txt');
    expect(mail).toContain('filename=notes.csv');
    // 'first attachment' in base64 is Zmlyc3QgYXR0YWNobWVudA==.
    expect(mail).toContain('Zmlyc3QgYXR0YWNobWVudA==');

    const { status, body } = await listed(staff);
    expect(status).toBe(200);
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({
      kind: 'feedback',
      username: user.username,
      email: `${user.username}@example.test`,
      organisation_name: 'Kent Highways',
      text: 'The map legend hides the last site.',
    });
    // 'site,speed\nA,42\n' is 16 bytes.
    expect(body[0]?.attachments.map((file) => [file.file_name, file.size_bytes])).toEqual([
      ['legend-problem-screenshot.txt', 16],
      ['notes.csv', 16],
    ]);
    const download = await fetch(
      `${server.url}/bill/support-messages/attachments/${body[0]?.attachments[1]?.id}`,
      { headers: { authorization: `Bearer ${staff}` } },
    );
    expect(await download.text()).toBe('site,speed\nA,42\n');
  });

  it('sends a subscription enquiry with the organisation of the token', async () => {
    const sent = await postJson(
      server,
      '/bill/subscription/',
      { feedback: 'We would like 25 users.', userId: user.id, email: 'x@y.z', orgId: 'other' },
      user.token,
    );
    expect(sent.status).toBe(201);
    const mail = outbox().find((text) => text.includes('Subscription enquiry'));
    expect(mail).toContain('We would like 25 users.');
    expect(mail).toContain(`Organisation id: ${organisationId}`);
    const kinds = (await listed(staff)).body.map((message) => message.kind);
    expect(kinds.sort()).toEqual(['feedback', 'subscription']);
  });

  it('refuses the demo account, and lists only to platform staff', async () => {
    expect((await sendFeedback(demo, 'A demo visitor writes.')).status).toBe(403);
    const enquiry = await postJson(server, '/bill/subscription/', { feedback: 'Demo asks.' }, demo);
    expect(enquiry.status).toBe(403);
    expect((await listed(user.token)).status).toBe(403);
    expect((await listed(staff)).body).toHaveLength(2);
  });
});
