import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, tasks, users } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  pollUntil,
  postJson,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';

/** The newest email in the outbox addressed to `email`, parsed as a mail client would. */
async function newestMail(server: TestServer, email: string) {
  const outbox = join(server.config.dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((name) => name.endsWith(`${email}.eml`))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no mail to ${email} in ${outbox}`);
  const parsed = await simpleParser(readFileSync(join(outbox, newest)));
  return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
}

async function setLocale(server: TestServer, username: string, locale: string) {
  const { access } = await signIn(server, username);
  const response = await fetch(`${server.url}/core/api/config/users/me/`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
    body: JSON.stringify({ locale }),
  });
  expect(response.status).toBe(200);
  return access;
}

describe('emails in the language the recipient chose', () => {
  let server: TestServer;
  let organisationId: string;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_URL: 'http://roadcount.test' }, { worker: true });
    organisationId = (await createOrg(server)).id;
  });
  afterAll(() => server.close());

  it('writes the password reset in French to a user who reads French', async () => {
    const user = await createUser(server, { organisationId, role: 'org_user' });
    await server.database.db
      .update(users)
      .set({ firstName: 'Amélie' })
      .where(eq(users.id, user.id));
    await setLocale(server, user.username, 'fr');

    await postJson(server, '/core/api/config/password/reset/email/', { email: user.email });

    const mail = await newestMail(server, user.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Roadcount');
    expect(mail.text.startsWith('Bonjour Amélie,\n\nNous avons reçu une demande')).toBe(true);
    expect(mail.text).toContain(`votre compte Roadcount (${user.username})`);
    expect(mail.text).toMatch(
      /pendant une heure :\nhttp:\/\/roadcount\.test\/auth\/password\?token=[\w-]+/,
    );
    expect(mail.text).toContain('votre mot de passe reste inchangé.');
  });

  it('writes in English to a user who chose no language', async () => {
    const user = await createUser(server, { organisationId, role: 'org_user' });
    await postJson(server, '/core/api/config/password/reset/email/', { email: user.email });
    const mail = await newestMail(server, user.email);
    expect(mail.subject).toBe('Reset your Roadcount password');
    expect(mail.text.startsWith('Hello,\n\nWe received a request to reset the password')).toBe(
      true,
    );
  });

  it('tells a Dutch reader in Dutch that the site they deleted can be restored', async () => {
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    const token = await setLocale(server, admin.username, 'nl-NL');
    const [site] = await server.database.db
      .insert(sites)
      .values({ ownerOrganisationId: organisationId, name: 'Dorpsstraat' })
      .returning();
    if (!site) throw new Error('site not created');

    const answer = await graphql(
      server,
      `
        mutation ($id: ID!) {
          deleteSite(id: $id) {
            id
          }
        }
      `,
      {
        token,
        variables: { id: site.id },
      },
    );
    const taskId = (answer.body.data?.deleteSite as { id: string }).id;
    const [task] = await pollUntil(
      () => server.database.db.select().from(tasks).where(eq(tasks.id, taskId)),
      ([row]) => row?.state === 'CM' || row?.state === 'ER',
      400,
    );
    expect(task?.message).toBe('Dorpsstraat is deleted; it can be restored from the deleted sites');

    const mail = await newestMail(server, admin.email);
    expect(mail.subject).toBe('Roadcount: Dorpsstraat is verwijderd');
    expect(mail.text).toBe(
      `Hallo ${admin.username},\n\n` +
        'Dorpsstraat is verwijderd; de locatie kan worden hersteld via de verwijderde locaties op de locatiepagina: http://roadcount.test/ui/site-list\n\n' +
        'Roadcount\n',
    );
  });
});
