import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBillingRepository } from '../src/features/billing/billing.repository.ts';
import { createBillingService } from '../src/features/billing/billing.service.ts';
import {
  organisations,
  pageViews,
  sites,
  subscriptions,
  surveySites,
  surveys,
  tasks,
  users,
} from '../src/infra/db/schema.ts';
import type { MailMessage } from '../src/infra/mail/mailer.ts';
import { createBlobStore } from '../src/infra/blob/blobStore.ts';
import { createTaskQueue } from '../src/infra/queue/taskQueue.ts';
import {
  createOrg,
  createUser,
  pollUntil,
  postJson,
  runTaskAgain,
  signIn,
  startTestServer,
  type TestServer,
  tokenFor,
} from './testServer.ts';

describe('subscriptions and monthly bills', () => {
  let server: TestServer;
  let staff: string;
  let staffName: string;
  let adminA: string;
  let adminB: string;
  let viewerA: string;
  let alder: { id: string };
  let birch: { id: string };

  const call = async (path: string, token: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
      },
    });
    const text = await response.text();
    return { status: response.status, text, type: response.headers.get('content-type') ?? '' };
  };
  const json = async <T>(path: string, token: string, init: RequestInit = {}) => {
    const answer = await call(path, token, init);
    return { status: answer.status, body: JSON.parse(answer.text || 'null') as T };
  };
  type Bill = {
    id: string;
    organisation_name: string;
    month: string;
    active_users: number;
    survey_sites: number;
    total_pence: number;
  };

  const generate = async (month: string) => {
    const queued = await postJson(server, '/bill/bills/generate', { month }, staff);
    expect(queued.status).toBe(202);
    const id = queued.body.id as string;
    const [task] = await pollUntil(
      () => server.database.db.select().from(tasks).where(eq(tasks.id, id)),
      (rows) => rows[0]?.state === 'CM' || rows[0]?.state === 'ER',
    );
    expect(task?.state, task?.message).toBe('CM');
    return task?.message ?? '';
  };

  beforeAll(async () => {
    server = await startTestServer({}, { worker: true });
    const db = server.database.db;
    alder = await createOrg(server, 'Alder Roads');
    birch = await createOrg(server, 'Birch Council');
    // Both existed before the billed month (organisations created later are not billed for it).
    await db
      .update(organisations)
      .set({ createdOn: new Date('2026-01-15T00:00:00Z') })
      .where(inArray(organisations.id, [alder.id, birch.id]));
    const token = (organisationId: string | null, role: 'admin' | 'org_admin' | 'org_user') =>
      tokenFor(server, organisationId, role);
    const staffUser = await createUser(server, { organisationId: null, role: 'admin' });
    staffName = staffUser.username;
    staff = (await signIn(server, staffName)).access;
    adminA = await token(alder.id, 'org_admin');
    adminB = await token(birch.id, 'org_admin');
    viewerA = await token(alder.id, 'org_user');

    // Usage of Alder Roads: page views by three users in October 2026, one before and one after.
    const people = await Promise.all(
      [1, 2, 3, 4, 5].map(() => createUser(server, { organisationId: alder.id, role: 'org_user' })),
    );
    const view = (userId: string, at: string) =>
      db.insert(pageViews).values({
        userId,
        organisationId: alder.id,
        path: '/ui/analysis/map',
        viewedAt: new Date(at),
      });
    await view(people[0]!.id, '2026-10-01T00:00:00Z');
    await view(people[0]!.id, '2026-10-15T12:00:00Z');
    await view(people[1]!.id, '2026-10-31T23:59:59Z');
    await view(people[2]!.id, '2026-10-20T08:00:00Z');
    await view(people[3]!.id, '2026-09-30T23:59:59Z');
    await view(people[4]!.id, '2026-11-01T00:00:00Z');

    // Surveys: sites 1 and 2 from 20 Oct to 5 Nov, 2 and 5 within October: three sites; site 3
    // in September and site 4 in a deleted October survey do not count.
    const siteIds: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) {
      const [site] = await db
        .insert(sites)
        .values({ ownerOrganisationId: alder.id, name: `Site ${n}` })
        .returning();
      siteIds.push(site!.id);
    }
    const survey = async (start: string, end: string, members: number[], deleted = false) => {
      const [row] = await db
        .insert(surveys)
        .values({
          organisationId: alder.id,
          name: `Survey ${start}`,
          scheduledStart: start,
          scheduledEnd: end,
          ...(deleted ? { deletedAt: new Date() } : {}),
        })
        .returning();
      await db
        .insert(surveySites)
        .values(members.map((n) => ({ surveyId: row!.id, siteId: siteIds[n - 1]! })));
    };
    await survey('2026-10-20', '2026-11-05', [1, 2]);
    await survey('2026-10-02', '2026-10-09', [2, 5]);
    await survey('2026-09-01', '2026-09-30', [3]);
    await survey('2026-10-10', '2026-10-12', [4], true);

    const level = await json(`/bill/subscriptions/${alder.id}`, staff, {
      method: 'PATCH',
      body: JSON.stringify({ level: 'standard' }),
    });
    expect(level.status).toBe(200);
  });
  afterAll(() => server.close());

  it("bills each organisation's month from its usage, once however often it runs", async () => {
    expect(await generate('2026-10')).toBe(
      '2 bill(s) made for 2026-10; 0 organisation(s) already had one',
    );
    const { body: bills } = await json<Bill[]>('/bill/bills', staff);
    // Alder Roads, standard: £400 + 3 active users × £10 + 3 survey sites × £3 = £439.00.
    // Birch Council, basic, no usage: £150 + 0 + 0 = £150.00.
    expect(
      bills.map(({ organisation_name, month, active_users, survey_sites, total_pence }) => ({
        organisation_name,
        month,
        active_users,
        survey_sites,
        total_pence,
      })),
    ).toEqual([
      {
        organisation_name: 'Alder Roads',
        month: '2026-10',
        active_users: 3,
        survey_sites: 3,
        total_pence: 43_900,
      },
      {
        organisation_name: 'Birch Council',
        month: '2026-10',
        active_users: 0,
        survey_sites: 0,
        total_pence: 15_000,
      },
    ]);
    const alderBill = bills[0]!;
    const csv = await call(`/bill/bills/${alderBill.id}/csv`, adminA);
    expect(csv.type).toContain('text/csv');
    expect(csv.text.trim().split('\r\n')).toEqual([
      'organisation,month,item,quantity,unit_gbp,amount_gbp',
      'Alder Roads,2026-10,Monthly fee (standard subscription),1,400.00,400.00',
      'Alder Roads,2026-10,Active users,3,10.00,30.00',
      'Alder Roads,2026-10,Survey sites,3,3.00,9.00',
      'Alder Roads,2026-10,Total,,,439.00',
    ]);
    const pdf = await call(`/bill/bills/${alderBill.id}/pdf`, staff);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.text.startsWith('%PDF-')).toBe(true);

    expect(await generate('2026-10')).toBe(
      '0 bill(s) made for 2026-10; 2 organisation(s) already had one',
    );
    expect((await json<Bill[]>('/bill/bills', staff)).body).toHaveLength(2);
  });

  it("shows an organisation's admins their own bills only, and viewers none", async () => {
    const own = await json<Bill[]>('/bill/bills', adminB);
    expect(own.body.map((bill) => bill.organisation_name)).toEqual(['Birch Council']);
    const alderBill = (await json<Bill[]>('/bill/bills', adminA)).body[0]!;
    expect((await call(`/bill/bills/${alderBill.id}/pdf`, adminB)).status).toBe(403);
    expect((await call(`/bill/bills?organisation_id=${alder.id}`, adminB)).status).toBe(403);
    expect((await call('/bill/bills', viewerA)).status).toBe(403);
    const subscriptionsOfB = await json<{ organisation_name: string }[]>(
      '/bill/subscriptions',
      adminB,
    );
    expect(subscriptionsOfB.body.map((row) => row.organisation_name)).toEqual(['Birch Council']);
  });

  it('refuses every staff action to an organisation admin (403)', async () => {
    const attempts: [string, string, unknown][] = [
      ['POST', '/bill/bills/generate', { month: '2026-10' }],
      ['PATCH', `/bill/subscriptions/${birch.id}`, { level: 'enterprise' }],
      ['GET', '/bill/prices', undefined],
      ['PATCH', '/bill/prices/standard', { per_active_user_pence: 1 }],
      ['POST', '/api/changelog/send', {}],
      ['GET', '/api/changelog/latest', undefined],
      ['PUT', '/api/translations/fr', { key: 'nav.help', text: 'Au secours' }],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(path, adminB, {
        method,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
    }
  });

  it('bills a month at the prices staff set, and keeps a bill made before at its own', async () => {
    type Price = { level: string; per_active_user_pence: number; updated_by: string | null };
    const patchPrice = (level: string, change: unknown, token = staff) =>
      json<Price & { message?: string }>(`/bill/prices/${level}`, token, {
        method: 'PATCH',
        body: JSON.stringify(change),
      });
    const before = await json<Price[]>('/bill/prices', staff);
    expect(before.body.map((row) => [row.level, row.per_active_user_pence])).toEqual([
      ['basic', 1_200],
      ['standard', 1_000],
      ['enterprise', 800],
    ]);

    expect((await patchPrice('standard', { per_active_user_pence: 12.5 })).status).toBe(400);
    expect((await patchPrice('standard', { per_active_user_pence: 10_000_001 })).status).toBe(400);
    expect((await patchPrice('standard', { per_active_user_pence: -1 })).status).toBe(400);
    expect((await patchPrice('standard', {})).status).toBe(400);
    expect((await patchPrice('platinum', { per_active_user_pence: 1_500 })).status).toBe(404);
    expect((await patchPrice('standard', { per_active_user_pence: 1_500 }, adminA)).status).toBe(
      403,
    );
    const changed = await patchPrice('standard', { per_active_user_pence: 1_500 });
    expect(changed.status).toBe(200);
    expect(changed.body.per_active_user_pence).toBe(1_500);
    expect(changed.body.updated_by).toBe(staffName);

    expect(await generate('2026-09')).toBe(
      '2 bill(s) made for 2026-09; 0 organisation(s) already had one',
    );
    const { body: bills } = await json<Bill[]>('/bill/bills', staff);
    const totals = bills.map((bill) => [bill.organisation_name, bill.month, bill.total_pence]);
    // September, Alder Roads, standard at the new price: one active user (29/30 September) and
    // one survey site (site 3): £400 + 1 × £15 + 1 × £3 = £418.00.
    // Birch Council, basic, whose prices did not change: £150.00.
    // October's bills, made before the change, keep £439.00 and £150.00.
    expect(totals).toEqual([
      ['Alder Roads', '2026-10', 43_900],
      ['Birch Council', '2026-10', 15_000],
      ['Alder Roads', '2026-09', 41_800],
      ['Birch Council', '2026-09', 15_000],
    ]);
    const october = bills.find((bill) => bill.month === '2026-10')!;
    const octoberCsv = await call(`/bill/bills/${october.id}/csv`, staff);
    expect(octoberCsv.text).toContain('Alder Roads,2026-10,Active users,3,10.00,30.00');
    const september = bills.find((bill) => bill.month === '2026-09')!;
    const septemberCsv = await call(`/bill/bills/${september.id}/csv`, staff);
    expect(septemberCsv.text).toContain('Alder Roads,2026-09,Active users,1,15.00,15.00');

    // Back to the starting price, so the other tests bill as before.
    expect((await patchPrice('standard', { per_active_user_pence: 1_000 })).status).toBe(200);
  });

  it('mails the renewal notice 30 days ahead once, and refuses a renewal sooner', async () => {
    const today = new Date('2027-03-01T09:00:00Z');
    const soon = await json<{ message: string }>(`/bill/subscriptions/${birch.id}`, staff, {
      method: 'PATCH',
      body: JSON.stringify({
        renewal_on: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
      }),
    });
    expect(soon.status).toBe(400);
    expect(soon.body.message).toContain('at least 30 days ahead');

    const db = server.database.db;
    // Birch renews 40 days after "today"; Alder a year after its creation, outside the window.
    await db
      .update(subscriptions)
      .set({ renewalOn: '2027-04-10' })
      .where(eq(subscriptions.organisationId, birch.id));
    // Birch's admin reads Roadcount in French: the notice comes in French.
    await db
      .update(users)
      .set({ preferences: { locale: 'fr' } })
      .where(and(eq(users.organisationId, birch.id), eq(users.role, 'org_admin')));
    const mails: MailMessage[] = [];
    const billing = createBillingService({
      repository: createBillingRepository(db),
      blobs: createBlobStore(server.config),
      queue: createTaskQueue(db),
      mailer: { send: (message) => Promise.resolve(void mails.push(message)) },
      publicUrl: 'http://roadcount.test',
      onQueued: () => Promise.resolve(),
      now: () => today,
    });
    expect(await billing.sendRenewalNotices()).toBe(1);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Roadcount : votre abonnement est renouvelé le 2027-04-10',
    ]);
    expect(mails[0]?.text).toContain(
      "L'abonnement basic de Birch Council est renouvelé le 2027-04-10.",
    );
    expect(mails[0]?.text).toContain('Il permet');
    expect(await billing.sendRenewalNotices()).toBe(0);
    expect(mails).toHaveLength(1);
  });

  it("deletes a cancelled organisation's data 12 months on, and keeps a younger one", async () => {
    const db = server.database.db;
    const old = await createOrg(server, 'Cedar Lapsed');
    const young = await createOrg(server, 'Damson Lapsed');
    await createUser(server, { organisationId: old.id, role: 'org_admin' });
    await db.insert(sites).values({ ownerOrganisationId: old.id, name: 'Old site' });
    await json('/bill/subscriptions', staff);
    const lapse = (id: string, at: string) =>
      db
        .update(subscriptions)
        .set({ state: 'cancelled', stateChangedAt: new Date(at) })
        .where(eq(subscriptions.organisationId, id));
    const now = Date.now();
    await lapse(old.id, new Date(now - 366 * 86_400_000).toISOString());
    await lapse(young.id, new Date(now - 300 * 86_400_000).toISOString());
    const billing = createBillingService({
      repository: createBillingRepository(db),
      blobs: createBlobStore(server.config),
      queue: createTaskQueue(db),
      mailer: { send: () => Promise.resolve() },
      publicUrl: 'http://roadcount.test',
      onQueued: () => Promise.resolve(),
    });
    const task = await billing.queueLapsedDeletion();
    expect(task).not.toBeNull();
    await pollUntil(
      () => db.select().from(tasks).where(eq(tasks.id, task!.id)),
      (rows) => rows[0]?.state === 'CM' || rows[0]?.state === 'ER',
    );
    const left = await db.select({ name: organisations.name }).from(organisations);
    const names = left.map((row) => row.name);
    expect(names).not.toContain('Cedar Lapsed');
    expect(names).toContain('Damson Lapsed');
    expect(await db.select().from(sites).where(eq(sites.ownerOrganisationId, old.id))).toEqual([]);
    // Nothing more is due: no second task is queued.
    expect(await billing.queueLapsedDeletion()).toBeNull();
    // What staff see: Damson's subscription listed, Cedar's gone.
    const listed = async () =>
      (await json<{ organisation_name: string }[]>('/bill/subscriptions', staff)).body.map(
        (row) => row.organisation_name,
      );
    expect(await listed()).toContain('Damson Lapsed');
    expect(await listed()).not.toContain('Cedar Lapsed');
    // The same task run a second time deletes nothing more: Damson, 300 days lapsed, stays.
    const before = await listed();
    expect((await runTaskAgain(server, task!.id)).state).toBe('CM');
    expect(await listed()).toEqual(before);
  });
});
