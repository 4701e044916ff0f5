import type { IResolvers } from 'mercurius';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { authorize } from '../../infra/auth/viewer.ts';
import type { Database } from '../../infra/db/database.ts';
import { isUuid } from '../../infra/db/ids.ts';
import { notes, trafficDataFiles, userNotifications, users } from '../../infra/db/schema.ts';
import { HttpError } from '../../infra/errors.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';

export const fileNotesTypeDefs = /* GraphQL */ `
  "SPEC section 3: a note on a file; when is UTC, year-month-day hour:minute."
  type FileNote {
    content: String!
    when: String!
    who: String!
  }

  extend type Query {
    "A file's notes, oldest first (platform admins)."
    getFileNotes(fileId: ID!): [FileNote!]!
  }

  extend type Mutation {
    "Appends a note to one file (platform admins); answers the file's notes."
    appendTrafficDataFileNote(fileId: ID!, content: String!): [FileNote!]!
    "Appends the same note to each file (platform admins); answers how many files got it."
    appendTrafficDataFileNotes(fileIds: [ID!]!, content: String!): Int!
    "Replaces a file's notes with this list (platform admins); notes kept unchanged keep their time and author."
    updateTrafficDataFileNotes(ecoId: ID!, notes: [String!]!): [FileNote!]!
    "SPEC section 7: a notification about a file for a user of its organisation, or for all its admins when userId is omitted. message names trafficdatafile_id."
    create_user_notification(userId: ID, function_id: String!, message: JSON!): Boolean!
    "A viewer asks the organisation's admins to review a file waiting for review (SPEC section 4)."
    requestQualityApproval(fileId: ID!): Boolean!
  }
`;

const SUBJECT = 'traffic_data_file';
const MAX_NOTE_LENGTH = 5000;

/** UTC, year-month-day hour:minute (SPEC section 9). */
export function noteTime(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

function checkContent(content: string): string {
  const text = content.trim();
  if (text === '') throw new HttpError(400, 'A note needs some text.');
  if (text.length > MAX_NOTE_LENGTH)
    throw new HttpError(400, `A note is at most ${MAX_NOTE_LENGTH} characters.`);
  return text;
}

export function fileNotesResolvers(db: Database): IResolvers<unknown, GraphqlContext> {
  async function filesOf(ids: string[]) {
    const valid = ids.filter(isUuid);
    if (valid.length === 0) return [];
    return db
      .select({ id: trafficDataFiles.id, organisationId: trafficDataFiles.organisationId })
      .from(trafficDataFiles)
      .where(inArray(trafficDataFiles.id, valid));
  }
  async function notesOf(fileId: string) {
    const rows = await db
      .select()
      .from(notes)
      .where(and(eq(notes.subject, SUBJECT), eq(notes.subjectId, fileId)))
      .orderBy(asc(notes.createdOn));
    return rows.map((row) => ({
      content: row.content,
      when: noteTime(row.createdOn),
      who: row.username,
    }));
  }
  async function oneFile(context: GraphqlContext, fileId: string) {
    const viewer = authorize(requireViewer(context), 'files.notes');
    const [file] = await filesOf([fileId]);
    if (!file) throw new HttpError(404);
    authorize(viewer, 'files.notes', { organisationId: file.organisationId });
    return { viewer, file };
  }
  return {
    Query: {
      getFileNotes: (_root, args: { fileId: string }, context) =>
        withHttpErrors(async () => {
          await oneFile(context, args.fileId);
          return notesOf(args.fileId);
        }),
    },
    Mutation: {
      appendTrafficDataFileNote: (_root, args: { fileId: string; content: string }, context) =>
        withHttpErrors(async () => {
          const { viewer, file } = await oneFile(context, args.fileId);
          await db.insert(notes).values({
            organisationId: file.organisationId,
            subject: SUBJECT,
            subjectId: file.id,
            content: checkContent(args.content),
            userId: viewer.userId,
            username: viewer.row.username,
          });
          return notesOf(file.id);
        }),
      updateTrafficDataFileNotes: (_root, args: { ecoId: string; notes: string[] }, context) =>
        withHttpErrors(async () => {
          const { viewer, file } = await oneFile(context, args.ecoId);
          const wanted = args.notes.map(checkContent);
          await db.transaction(async (tx) => {
            const existing = await tx
              .select()
              .from(notes)
              .where(and(eq(notes.subject, SUBJECT), eq(notes.subjectId, file.id)))
              .orderBy(asc(notes.createdOn));
            await tx
              .delete(notes)
              .where(and(eq(notes.subject, SUBJECT), eq(notes.subjectId, file.id)));
            if (wanted.length === 0) return;
            const unused = [...existing];
            await tx.insert(notes).values(
              wanted.map((content) => {
                const index = unused.findIndex((note) => note.content === content);
                const kept = index >= 0 ? unused.splice(index, 1)[0] : undefined;
                return {
                  organisationId: file.organisationId,
                  subject: SUBJECT,
                  subjectId: file.id,
                  content,
                  userId: kept ? kept.userId : viewer.userId,
                  username: kept?.username ?? viewer.row.username,
                  ...(kept ? { createdOn: kept.createdOn } : {}),
                };
              }),
            );
          });
          return notesOf(file.id);
        }),
      create_user_notification: (
        _root,
        args: { userId?: string | null; function_id: string; message: unknown },
        context,
      ) =>
        withHttpErrors(async () => {
          const viewer = authorize(requireViewer(context), 'files.read');
          const message =
            args.message && typeof args.message === 'object' && !Array.isArray(args.message)
              ? (args.message as Record<string, unknown>)
              : null;
          const fileId = message?.trafficdatafile_id;
          if (typeof fileId !== 'string')
            throw new HttpError(400, 'message.trafficdatafile_id must name a traffic data file.');
          const functionId = args.function_id.trim();
          if (functionId === '' || functionId.length > 100)
            throw new HttpError(400, 'function_id must be 1 to 100 characters.');
          const [file] = await filesOf([fileId]);
          if (!file) throw new HttpError(404);
          authorize(viewer, 'files.read', { organisationId: file.organisationId });
          if (args.userId) {
            const [recipient] = isUuid(args.userId)
              ? await db
                  .select({ organisationId: users.organisationId })
                  .from(users)
                  .where(eq(users.id, args.userId))
              : [];
            if (!recipient) throw new HttpError(404);
            if (recipient.organisationId !== file.organisationId) throw new HttpError(403);
          }
          await db.insert(userNotifications).values({
            organisationId: file.organisationId,
            userId: args.userId ?? null,
            functionId,
            message: {
              ...message,
              trafficdatafile_id: file.id,
              source: 'frontend',
              user_approved_dc: message?.user_approved_dc === true,
              requested_by: viewer.row.username,
            },
          });
          return true;
        }),
      requestQualityApproval: (_root, args: { fileId: string }, context) =>
        withHttpErrors(async () => {
          const viewer = authorize(requireViewer(context), 'files.requestApproval');
          const [file] = isUuid(args.fileId)
            ? await db.select().from(trafficDataFiles).where(eq(trafficDataFiles.id, args.fileId))
            : [];
          if (!file) throw new HttpError(404);
          authorize(viewer, 'files.requestApproval', { organisationId: file.organisationId });
          if (file.reviewStatus !== 'WFR')
            throw new HttpError(409, 'Only a file waiting for review can be sent for approval.');
          // SPEC section 7: a notification for the organisation's admins (user null: all of them).
          await db.insert(userNotifications).values({
            organisationId: file.organisationId,
            userId: null,
            functionId: 'file_review',
            message: {
              trafficdatafile_id: file.id,
              source: 'frontend',
              user_approved_dc: false,
              requested_by: viewer.row.username,
            },
          });
          return true;
        }),
      appendTrafficDataFileNotes: (_root, args: { fileIds: string[]; content: string }, context) =>
        withHttpErrors(async () => {
          const viewer = authorize(requireViewer(context), 'files.notes');
          const content = checkContent(args.content);
          const files = await filesOf([...new Set(args.fileIds)]);
          if (files.length !== new Set(args.fileIds).size) throw new HttpError(404);
          for (const file of files)
            authorize(viewer, 'files.notes', { organisationId: file.organisationId });
          await db.insert(notes).values(
            files.map((file) => ({
              organisationId: file.organisationId,
              subject: SUBJECT,
              subjectId: file.id,
              content,
              userId: viewer.userId,
              username: viewer.row.username,
            })),
          );
          return files.length;
        }),
    },
  };
}
