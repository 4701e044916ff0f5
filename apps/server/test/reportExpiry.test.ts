import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const FIXTURE = readFileSync(
  new URL('../../../packages/formats/fixtures/ok/roadcount.csv', import.meta.url),
  'utf8',
);

describe('a made report', () => {
  let server: TestServer;
  let token: string;
  let siteId: string;
  let skippedMs = 0;

  beforeAll(async () => {
    // Kept an hour; the app's clock runs with the machine's until the test moves it on.
    server = await startTestServer(
      { REPORT_RETENTION_HOURS: '1' },
      { worker: true, clock: () => new Date(Date.now() + skippedMs) },
    );
    const organisation = await createOrg(server);
    const admin = await createUser(server, { organisationId: organisation.id, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    siteId = (await uploadAndProcess(server, token, 'fixture.csv', FIXTURE)).site?.id ?? '';
  }, 60_000);
  afterAll(() => server.close());

  it('is mailed to its requester when ready, then expires: listed as expired, its file gone', async () => {
    const { body } = await graphql(
      server,
      'mutation($input: ReportRequestInput!) { requestReport(input: $input) { id } }',
      {
        token,
        variables: {
          input: {
            type: 'universal_csv',
            site_ids: [siteId],
            start: '2025-06-01T00:00:00Z',
            end: '2025-07-01T00:00:00Z',
            units: 'metric',
            aggregation_minutes: 60,
          },
        },
      },
    );
    const id = (body.data?.requestReport as { id: string }).id;
    const REPORTS = 'query { reports { id state expired downloadable expires_on file_name } }';
    type Listed = {
      id: string;
      state: string;
      expired: boolean;
      downloadable: boolean;
      file_name: string;
    };
    const ready = await pollUntil(
      async () =>
        ((await graphql(server, REPORTS, { token })).body.data?.reports as Listed[])[0] ?? null,
      (report) => report?.state === 'CM',
    );
    if (!ready) throw new Error('the report is not listed');
    expect(ready).toMatchObject({ id, state: 'CM', expired: false, downloadable: true });
    const blob = join(server.config.dataDir, 'blobs', 'reports');
    expect(
      readdirSync(blob, { recursive: true }).some((name) => String(name).endsWith(`${id}.csv`)),
    ).toBe(true);
    // The requester is told by email, with the Downloads screen's address.
    const outbox = join(server.config.dataDir, 'outbox');
    const mails = readdirSync(outbox).map((name) => readFileSync(join(outbox, name), 'utf8'));
    expect(
      mails.some((mail) => mail.includes(ready.file_name) && mail.includes('/ui/downloads')),
    ).toBe(true);

    // An hour passes.
    skippedMs += 3_600_001;
    const later = ((await graphql(server, REPORTS, { token })).body.data?.reports as Listed[])[0];
    expect(later).toMatchObject({ id, expired: true, downloadable: false });
    const link = await graphql(server, 'query($id: ID!) { reportDownload(id: $id) { url } }', {
      token,
      variables: { id },
    });
    expect(link.body.errors?.[0]?.message).toBe('The report has expired; request it again');
    // Listing removed the expired file from the blob store.
    const organisationFolder = readdirSync(blob)[0] ?? '';
    expect(existsSync(join(blob, organisationFolder, `${id}.csv`))).toBe(false);
  }, 60_000);
});
