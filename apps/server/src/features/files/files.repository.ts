import { and, asc, count, desc, eq, ilike, isNull, ne, sql, type SQL } from 'drizzle-orm';
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
    async find(id: string): Promise<TrafficDataFileRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(trafficDataFiles).where(eq(trafficDataFiles.id, id));
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
     * One page of files, newest first by default, with the total: of one organisation or, for
     * platform staff, of all. Sorting, search and paging happen in the database.
     */
    async list(options: FileListOptions) {
      const conditions: (SQL | undefined)[] = [
        options.organisationId
          ? eq(trafficDataFiles.organisationId, options.organisationId)
          : undefined,
        // A deleted site's files are hidden with it until it is restored (left join: null too).
        isNull(sites.deletedAt),
      ];
      if (options.search) {
        const pattern = `%${options.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
        // Two index searches (trigram indexes on file and site names) joined by a union: an OR
        // across the join would make PostgreSQL scan every file of the organisation.
        const ownFiles = options.organisationId
          ? sql` and ${trafficDataFiles.organisationId} = ${options.organisationId}`
          : sql``;
        conditions.push(sql`${trafficDataFiles.id} in (
          select ${trafficDataFiles.id} from ${trafficDataFiles}
            where ${ilike(trafficDataFiles.fileName, pattern)}${ownFiles}
          union all
          select ${trafficDataFiles.id} from ${trafficDataFiles}
            where ${trafficDataFiles.siteId} in (
              select ${sites.id} from ${sites} where ${ilike(sites.name, pattern)}
            )${ownFiles}
        )`);
      }
      if (options.status === 'LOAD') conditions.push(isNull(trafficDataFiles.reviewStatus));
      else if (options.status) conditions.push(eq(trafficDataFiles.reviewStatus, options.status));
      const where = and(...conditions);
      const column = {
        uploaded_on: trafficDataFiles.uploadedOn,
        file_name: trafficDataFiles.fileName,
        start_data_datetime: trafficDataFiles.startDataDatetime,
        end_data_datetime: trafficDataFiles.endDataDatetime,
        review_status: trafficDataFiles.reviewStatus,
        site: sites.name,
        saved_vehicles: sql`(${trafficDataFiles.logs}->>'saved_vehicles')::bigint`,
      }[options.sort];
      const order = options.direction === 'asc' ? asc(column) : desc(column);
      const [rows, [total]] = await Promise.all([
        db
          .select({ file: trafficDataFiles, site: sites, organisationName: organisations.name })
          .from(trafficDataFiles)
          .leftJoin(sites, eq(sites.id, trafficDataFiles.siteId))
          .leftJoin(organisations, eq(organisations.id, trafficDataFiles.organisationId))
          .where(where)
          .orderBy(order, desc(trafficDataFiles.id))
          .limit(options.limit)
          .offset(options.offset),
        // The site join counts only because a deleted site hides its files.
        db
          .select({ total: count() })
          .from(trafficDataFiles)
          .leftJoin(sites, eq(sites.id, trafficDataFiles.siteId))
          .where(where),
      ]);
      return { rows, total: total?.total ?? 0 };
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
