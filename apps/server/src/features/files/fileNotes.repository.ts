import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { notes, userNotifications, users } from '../../infra/db/schema.ts';

const SUBJECT = 'traffic_data_file';

export type FileNoteRow = typeof notes.$inferSelect;

/** A note to store on a file; without createdOn it is written now. */
export interface NewFileNote {
  organisationId: string;
  fileId: string;
  content: string;
  userId: string | null;
  username: string;
  createdOn?: Date;
}

const toValues = ({ fileId, createdOn, ...note }: NewFileNote) => ({
  ...note,
  subject: SUBJECT,
  subjectId: fileId,
  ...(createdOn ? { createdOn } : {}),
});

const ofFile = (fileId: string) => and(eq(notes.subject, SUBJECT), eq(notes.subjectId, fileId));

/** Notes on traffic data files, and the notifications users are sent about files. */
export function createFileNotesRepository(db: Database) {
  return {
    /** The file's notes, oldest first. */
    list(fileId: string): Promise<FileNoteRow[]> {
      return db.select().from(notes).where(ofFile(fileId)).orderBy(asc(notes.createdOn));
    },

    async insert(values: NewFileNote[]): Promise<void> {
      await db.insert(notes).values(values.map(toValues));
    },

    /** Replaces the file's notes, in one transaction, with those `wanted` makes of the stored ones. */
    async replace(fileId: string, wanted: (existing: FileNoteRow[]) => NewFileNote[]) {
      await db.transaction(async (tx) => {
        const existing = await tx
          .select()
          .from(notes)
          .where(ofFile(fileId))
          .orderBy(asc(notes.createdOn));
        await tx.delete(notes).where(ofFile(fileId));
        const replacements = wanted(existing);
        if (replacements.length === 0) return;
        await tx.insert(notes).values(replacements.map(toValues));
      });
    },

    /** The organisation of a user, or undefined for no such user. */
    async userOrganisation(userId: string): Promise<{ organisationId: string | null } | undefined> {
      if (!isUuid(userId)) return undefined;
      const [row] = await db
        .select({ organisationId: users.organisationId })
        .from(users)
        .where(eq(users.id, userId));
      return row;
    },

    async notify(values: typeof userNotifications.$inferInsert): Promise<void> {
      await db.insert(userNotifications).values(values);
    },
  };
}

export type FileNotesRepository = ReturnType<typeof createFileNotesRepository>;
