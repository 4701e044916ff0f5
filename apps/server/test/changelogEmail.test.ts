import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tasks, users } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  pollUntil,
  postJson,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

/** The recipients and texts of the outbox's messages (quoted-printable soft breaks undone). */
function outbox(server: TestServer): { to: string; text: string }[] {
  const directory = join(server.config.dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(directory).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((name) => {
    const text = readFileSync(join(directory, name), 'utf8')
      .replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=');
    return { to: /^To: (.+)$/m.exec(text)?.[1]?.trim() ?? '', text };
  });
}

describe('the changelog email', () => {
  let server: TestServer;
  let staff: string;
  const emails: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const organisation = await createOrg(server);
    const person = async (name: string, role: 'admin' | 'org_admin' | 'org_user', extra = {}) => {
      const row = await createUser(server, {
        organisationId: role === 'admin' ? null : organisation.id,
        role,
        username: `${name}-${Date.now().toString(36)}`,
        ...extra,
      });
      emails[name] = row.email;
      return row;
    };
    staff = (await signIn(server, (await person('staff', 'admin')).username)).access;
    await person('ada', 'org_admin');
    const optedOut = await person('ben', 'org_user');
    await server.database.db
      .update(users)
      .set({ preferences: { changelogEmails: false } })
      .where(eq(users.id, optedOut.id));
    await person('cyd', 'org_user');
    await person('dee', 'org_user', { isActive: false });
  });
  afterAll(() => server.close());

  const send = async () => {
    const queued = await postJson(server, '/api/changelog/send', {}, staff);
    expect(queued.status).toBe(202);
    const [task] = await pollUntil(
      () =>
        server.database.db
          .select()
          .from(tasks)
          .where(eq(tasks.id, queued.body.id as string)),
      (rows) => rows[0]?.state === 'CM' || rows[0]?.state === 'ER',
    );
    expect(task?.state, task?.message).toBe('CM');
    return task?.message;
  };

  it("sends CHANGELOG.md's newest section to everyone not opted out, once", async () => {
    // The newest section of the project's CHANGELOG.md: its heading and first entry, read here.
    const changelog = readFileSync(new URL('../../../CHANGELOG.md', import.meta.url), 'utf8');
    const heading = /^## (.+)$/m.exec(changelog)?.[1]?.trim() ?? '';
    const firstEntry = /^- (.+)$/m.exec(changelog.slice(changelog.indexOf(`## ${heading}`)))?.[1];
    expect(heading).not.toBe('');

    // Staff, Ada and Cyd: Ben opted out, Dee is not active.
    expect(await send()).toBe('The changelog was sent to 3 user(s)');
    const mails = outbox(server);
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [emails.staff, emails.ada, emails.cyd].sort(),
    );
    const toAda = mails.find((mail) => mail.to === emails.ada)?.text ?? '';
    expect(toAda).toContain(heading);
    expect(toAda.replace(/\s+/g, ' ')).toContain(firstEntry?.slice(0, 40));

    expect(await send()).toBe('The changelog was sent to 0 user(s)');
    expect(outbox(server)).toHaveLength(3);
  });
});
