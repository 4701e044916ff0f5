import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites, trafficDataFiles } from '../src/infra/db/schema.ts';
import {
  createOrg,
  createUser,
  graphql,
  signIn,
  startTestServer,
  type TestServer,
} from './testServer.ts';
import { FILE_SORTS } from '../src/features/files/files.repository.ts';

const LIST = `query($search: String, $status: String, $sort: String, $direction: String, $page: Int, $size: Int) {
  trafficDataFiles(search: $search, status: $status, sort: $sort, direction: $direction, page: $page, page_size: $size) {
    total files { id file_name site { name } }
  }
}`;
const UPDATE_SITE = `mutation($id: ID!, $input: SiteInput!) { updateSite(id: $id, input: $input) { id name } }`;

interface Page {
  total: number;
  files: { id: string; file_name: string; site: { name: string } | null }[];
}

/** What the list sorts by, as the test knows it from the rows it wrote. */
interface Seeded {
  id: string;
  uploaded_on: number;
  file_name: string;
  start_data_datetime: number | null;
  end_data_datetime: number | null;
  review_status: string | null;
  site: string | null;
  saved_vehicles: number | null;
}

/** The list's order worked out here: nulls last going up, first going down; ties by highest id. */
function expectedOrder(
  rows: Seeded[],
  sort: (typeof FILE_SORTS)[number],
  direction: 'asc' | 'desc',
) {
  const compareValues = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => {
      const left = a[sort];
      const right = b[sort];
      let order = 0;
      if (left === null && right !== null) order = direction === 'asc' ? 1 : -1;
      else if (left !== null && right === null) order = direction === 'asc' ? -1 : 1;
      else if (left !== null && right !== null) {
        order = direction === 'asc' ? compareValues(left, right) : compareValues(right, left);
      }
      return order || compareValues(b.id, a.id);
    })
    .map((row) => row.id);
}

describe('the files table pages, sorts and searches on the server', () => {
  let server: TestServer;
  let token: string;
  let organisationId: string;
  const seeded: Seeded[] = [];
  const siteIds = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer();
    const { db } = server.database;
    organisationId = (await createOrg(server)).id;
    const admin = await createUser(server, { organisationId, role: 'org_admin' });
    token = (await signIn(server, admin.username)).access;
    // Lower-case names of one shape, so that any collation orders them as this test does.
    for (const name of ['alder road', 'birch road', 'cedar road']) {
      const [site] = await db
        .insert(sites)
        .values({ ownerOrganisationId: organisationId, name })
        .returning();
      if (site) siteIds.set(name, site.id);
    }
    const siteNames = [...siteIds.keys()];
    const statuses = ['PDC', 'WFR', null, 'ACC', 'REJ', 'NRE'];
    const day = 86_400_000;
    const start = Date.UTC(2025, 0, 1);
    // 37 files: pages of 7 end with a short one; values repeat so that ties need the id.
    for (let index = 0; index < 37; index += 1) {
      const site = index % 4 === 3 ? null : (siteNames[index % 3] ?? null);
      const status = statuses[index % statuses.length] ?? null;
      const begins = index % 5 === 4 ? null : start + (index % 6) * day;
      const values = {
        organisationId,
        siteId: site ? (siteIds.get(site) ?? null) : null,
        fileName: `file${String(index % 13).padStart(2, '0')}.csv`,
        kind: 'vehicle',
        s3Key: `uploads/${index}`,
        sha256: index.toString(16).padStart(64, '0'),
        sizeBytes: 1_000,
        startDataDatetime: begins === null ? null : new Date(begins),
        endDataDatetime: begins === null ? null : new Date(begins + (index % 3) * day),
        reviewStatus: status,
        logs: status === null ? {} : { saved_vehicles: (index * 7) % 9 },
        uploadedOn: new Date(start + (index % 10) * day),
      };
      const [row] = await db.insert(trafficDataFiles).values(values).returning();
      if (!row) throw new Error('no file');
      seeded.push({
        id: row.id,
        uploaded_on: values.uploadedOn.getTime(),
        file_name: values.fileName,
        start_data_datetime: begins,
        end_data_datetime: values.endDataDatetime?.getTime() ?? null,
        review_status: status,
        site,
        saved_vehicles: status === null ? null : (index * 7) % 9,
      });
    }
    // Another organisation's files of the same names and sites' names stay out of every answer.
    const stranger = (await createOrg(server)).id;
    const [strangerSite] = await db
      .insert(sites)
      .values({ ownerOrganisationId: stranger, name: 'alder road' })
      .returning();
    await db.insert(trafficDataFiles).values(
      Array.from({ length: 5 }, (_, index) => ({
        organisationId: stranger,
        siteId: strangerSite?.id ?? null,
        fileName: `file0${index}.csv`,
        kind: 'vehicle',
        s3Key: `uploads/stranger/${index}`,
        sha256: `f${index}`.padStart(64, '0'),
        sizeBytes: 1_000,
      })),
    );
  }, 60_000);
  afterAll(() => server.close());

  const list = async (variables: Record<string, unknown>) => {
    const { body } = await graphql(server, LIST, { token, variables });
    expect(body.errors).toBeUndefined();
    return body.data?.trafficDataFiles as Page;
  };

  /** Every page of a list, in turn, at 7 files a page. */
  const allPages = async (variables: Record<string, unknown>) => {
    const first = await list({ ...variables, page: 0, size: 7 });
    const ids = first.files.map((file) => file.id);
    for (let page = 1; page * 7 < first.total; page += 1) {
      const next = await list({ ...variables, page, size: 7 });
      expect(next.total).toBe(first.total);
      ids.push(...next.files.map((file) => file.id));
    }
    return { total: first.total, ids };
  };

  it('pages through each column both ways in the order of the files’ values, ties by id', async () => {
    for (const sort of FILE_SORTS) {
      for (const direction of ['asc', 'desc'] as const) {
        const { total, ids } = await allPages({ sort, direction });
        expect(total, `${sort} ${direction}`).toBe(37);
        expect(ids, `${sort} ${direction}`).toEqual(expectedOrder(seeded, sort, direction));
      }
    }
    // A page past the last is empty, and still counts the files.
    expect(await list({ sort: 'file_name', page: 6, size: 7 })).toEqual({ total: 37, files: [] });
  });

  it('filters by status and search and still pages in order', async () => {
    const waiting = await allPages({ status: 'WFR', sort: 'uploaded_on', direction: 'asc' });
    expect(waiting.ids).toEqual(
      expectedOrder(
        seeded.filter((row) => row.review_status === 'WFR'),
        'uploaded_on',
        'asc',
      ),
    );
    const processing = await allPages({ status: 'LOAD', sort: 'site', direction: 'desc' });
    expect(processing.ids).toEqual(
      expectedOrder(
        seeded.filter((row) => row.review_status === null),
        'site',
        'desc',
      ),
    );
    // A search matches the file name or the site name, in any case, and takes % literally.
    const searched = await allPages({ search: 'BIRCH', sort: 'file_name', direction: 'desc' });
    expect(searched.ids).toEqual(
      expectedOrder(
        seeded.filter((row) => row.site === 'birch road'),
        'file_name',
        'desc',
      ),
    );
    const byName = await allPages({ search: 'e01.', sort: 'saved_vehicles', direction: 'asc' });
    expect(byName.ids).toEqual(
      expectedOrder(
        seeded.filter((row) => row.file_name === 'file01.csv'),
        'saved_vehicles',
        'asc',
      ),
    );
    expect((await list({ search: '%' })).total).toBe(0);
    // The file name and the site name are searched apart, not as one text.
    expect((await list({ search: 'csv alder' })).total).toBe(0);
    expect((await list({ search: 'csv\nalder' })).total).toBe(0);
  });

  it('finds a file by its site’s new name after a rename, and hides a deleted site’s files', async () => {
    const siteId = siteIds.get('cedar road') ?? '';
    const atCedar = seeded.filter((row) => row.site === 'cedar road').map((row) => row.id);
    const renamed = await graphql(server, UPDATE_SITE, {
      token,
      variables: {
        id: siteId,
        input: {
          name: 'Rowan Avenue',
          latitude: null,
          longitude: null,
          direction_one: 'N',
          direction_two: 'S',
          site_type: 'temporary',
          time_zone: 'UTC',
          class_scheme: 'arx',
          pedestrians_included: false,
        },
      },
    });
    expect(renamed.body.errors).toBeUndefined();
    expect(renamed.body.data?.updateSite).toMatchObject({ name: 'Rowan Avenue' });
    const found = await list({ search: 'rowan', size: 100 });
    expect(found.files.map((file) => file.id).sort()).toEqual([...atCedar].sort());
    expect(found.files.every((file) => file.site?.name === 'Rowan Avenue')).toBe(true);
    expect((await list({ search: 'cedar' })).total).toBe(0);

    // Deleting the site hides its files from the list, its total and its search; restoring
    // shows them again.
    const { db } = server.database;
    await db.update(sites).set({ deletedAt: new Date() }).where(eq(sites.id, siteId));
    const hidden = await list({ sort: 'site', size: 100 });
    expect(hidden.total).toBe(37 - atCedar.length);
    expect(hidden.files.map((file) => file.id)).not.toContain(atCedar[0]);
    expect((await list({ search: 'rowan' })).total).toBe(0);
    await db.update(sites).set({ deletedAt: null }).where(eq(sites.id, siteId));
    expect((await list({ search: 'rowan' })).total).toBe(atCedar.length);
  });
});
