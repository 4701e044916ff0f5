import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { organisations, sites, trafficDataFiles } from '../../infra/db/schema.ts';
import { isUuid } from '../../infra/db/ids.ts';

export type TrafficDataFileRow = typeof trafficDataFiles.$inferSelect;

export function createFilesRepository(db: Database) {
  return {
    async insert(values: typeof trafficDataFiles.$inferInsert): Promise<TrafficDataFileRow> {
      const [row] = await db.insert(trafficDataFiles).values(values).returning();
      if (!row) throw new Error('file insert returned no row');
      return row;
    },
    /** The organisation's earliest file with this content, other than `exceptId`. */
    async findByHash(organisationId: string, sha256: string, exceptId?: string) {
      const [row] = await db
        .select()
        .from(trafficDataFiles)
        .where(
          and(
            eq(trafficDataFiles.organisationId, organisationId),
            eq(trafficDataFiles.sha256, sha256),
            ...(exceptId ? [ne(trafficDataFiles.id, exceptId)] : []),
          ),
        )
        .orderBy(asc(trafficDataFiles.uploadedOn))
        .limit(1);
      return row;
    },
    async update(
      id: string,
      values: Partial<typeof trafficDataFiles.$inferInsert>,
    ): Promise<TrafficDataFileRow> {
      const [row] = await db
        .update(trafficDataFiles)
        .set(values)
        .where(eq(trafficDataFiles.id, id))
        .returning();
      if (!row) throw new Error(`file ${id} not found`);
      return row;
    },
    /**
     * One page of files, newest first by default (ties: highest id first), with the total: of one
     * organisation or, for platform staff, of all. Sorting, search and paging happen in the
     * database, on the files table's own copies of the site name and deletion (kept by triggers).
     */
    async list(options: FileListOptions) {
      const ownFiles = options.organisationId
        ? eq(trafficDataFiles.organisationId, options.organisationId)
        : undefined;
      const conditions: (SQL | undefined)[] = [
        ownFiles,
        // A deleted site's files are hidden with it until it is restored. The page indexes hold
        // only visible files, and are used only when a query says so in these words.
        not(trafficDataFiles.siteDeleted),
      ];
      if (options.search) {
        const escaped = options.search.replace(/[\\%_]/g, (character) => `\\${character}`);
        const pattern = `%${escaped}%`;
        // The search text holds the lower-cased file and site names on two lines: ILIKE on
        // either name is LIKE on it, as long as the search holds no line break.
        conditions.push(sql`${trafficDataFiles.searchText} like lower(${pattern})`);
        if (options.search.includes('\n')) {
          conditions.push(
            or(
              ilike(trafficDataFiles.fileName, pattern),
              ilike(trafficDataFiles.siteName, pattern),
            ),
          );
        }
      }
      if (options.status === 'LOAD') conditions.push(isNull(trafficDataFiles.reviewStatus));
      else if (options.status) conditions.push(eq(trafficDataFiles.reviewStatus, options.status));
      const where = and(...conditions);

      const [counted] = await db.select({ total: count() }).from(trafficDataFiles).where(where);
      const total = counted?.total ?? 0;
      const pageRows = Math.min(options.limit, total - options.offset);
      if (pageRows <= 0) return { rows: [], total };
      // A page past the middle is read from the other end: the index is walked backwards and
      // skips the fewer rows after the page instead of all those before it.
      const offsetFromEnd = total - options.offset - pageRows;
      const reversed = offsetFromEnd < options.offset;
      const column = {
        uploaded_on: trafficDataFiles.uploadedOn,
        file_name: trafficDataFiles.fileName,
        start_data_datetime: trafficDataFiles.startDataDatetime,
        end_data_datetime: trafficDataFiles.endDataDatetime,
        review_status: trafficDataFiles.reviewStatus,
        site: trafficDataFiles.siteName,
        saved_vehicles: trafficDataFiles.savedVehicles,
      }[options.sort];
      const ascending = (options.direction === 'asc') !== reversed;
      // Reversing swaps asc and desc with their default null placement, so that the reversed
      // order is exactly the list's order backwards.
      const pageIds = await db
        .select({ id: trafficDataFiles.id })
        .from(trafficDataFiles)
        .where(where)
        .orderBy(
          ascending ? asc(column) : desc(column),
          reversed ? asc(trafficDataFiles.id) : desc(trafficDataFiles.id),
        )
        .limit(pageRows)
        .offset(reversed ? offsetFromEnd : options.offset);
      const ids = pageIds.map((row) => row.id);
      if (reversed) ids.reverse();
      // Only the page's rows are read in full, with their site and organisation.
      const found = await db
        .select({ file: trafficDataFiles, site: sites, organisationName: organisations.name })
        .from(trafficDataFiles)
        .leftJoin(sites, eq(sites.id, trafficDataFiles.siteId))
        .leftJoin(organisations, eq(organisations.id, trafficDataFiles.organisationId))
        .where(and(ownFiles, inArray(trafficDataFiles.id, ids)));
      const byId = new Map(found.map((row) => [row.file.id, row]));
      const rows = ids.flatMap((id) => byId.get(id) ?? []);
      return { rows, total };
    },

    /** The file with its site and the site's organisation name, for the file queries. */
    async findWithSite(id: string) {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({ file: trafficDataFiles, site: sites, organisationName: organisations.name })
        .from(trafficDataFiles)
        .leftJoin(sites, eq(sites.id, trafficDataFiles.siteId))
        .leftJoin(organisations, eq(organisations.id, sites.ownerOrganisationId))
        .where(eq(trafficDataFiles.id, id));
      return row;
    },
  };
}

export const FILE_SORTS = [
  'uploaded_on',
  'file_name',
  'start_data_datetime',
  'end_data_datetime',
  'review_status',
  'site',
  'saved_vehicles',
] as const;

export interface FileListOptions {
  /** Null lists every organisation's files (platform staff). */
  organisationId: string | null;
  search?: string | undefined;
  /** A review status, or LOAD for files still processing. */
  status?: string | undefined;
  sort: (typeof FILE_SORTS)[number];
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
