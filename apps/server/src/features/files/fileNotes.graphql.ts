import { serverMessage, userNotificationInputSchema } from '@roadcount/domain';
import type { IResolvers } from 'mercurius';
import type { Access } from '../../infra/access/access.ts';
import { authorize } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import { parsed } from '../../infra/validation.ts';
import { requireViewer, withHttpErrors, type GraphqlContext } from '../../infra/graphql/context.ts';
import type { FileNotesRepository } from './fileNotes.repository.ts';

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
    "SPEC section 7: a notification about a file to review (function_id file_review) for a user of its organisation, or for all its admins when userId is omitted. message holds trafficdatafile_id, and optionally source ('frontend') and user_approved_dc, nothing else."
    create_user_notification(userId: ID, function_id: String!, message: JSON!): Boolean!
    "A viewer asks the organisation's admins to review a file waiting for review (SPEC section 4)."
    requestQualityApproval(fileId: ID!): Boolean!
  }
`;

const MAX_NOTE_LENGTH = 5000;

/** UTC, year-month-day hour:minute (SPEC section 9). */
export function noteTime(date: Date): string {
  return date.toISOString().slice(0, 16).replace('T', ' ');
}

function checkContent(content: string): string {
  const text = content.trim();
  if (text === '') throw new HttpError(400, serverMessage('noteEmpty'));
  if (text.length > MAX_NOTE_LENGTH)
    throw new HttpError(400, serverMessage('noteTooLong', { max: MAX_NOTE_LENGTH }));
  return text;
}

export function fileNotesResolvers(deps: {
  notes: FileNotesRepository;
  access: Access;
}): IResolvers<unknown, GraphqlContext> {
  const { notes, access } = deps;
  async function notesOf(fileId: string) {
    const rows = await notes.list(fileId);
    return rows.map((row) => ({
      content: row.content,
      when: noteTime(row.createdOn),
      who: row.username,
    }));
  }
  async function oneFile(context: GraphqlContext, fileId: string) {
    const viewer = requireViewer(context);
    const file = await access.file(viewer, 'files.notes', fileId);
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
          await notes.insert([
            {
              organisationId: file.organisationId,
              fileId: file.id,
              content: checkContent(args.content),
              userId: viewer.userId,
              username: viewer.row.username,
            },
          ]);
          return notesOf(file.id);
        }),
      updateTrafficDataFileNotes: (_root, args: { ecoId: string; notes: string[] }, context) =>
        withHttpErrors(async () => {
          const { viewer, file } = await oneFile(context, args.ecoId);
          const wanted = args.notes.map(checkContent);
          await notes.replace(file.id, (existing) => {
            const unused = [...existing];
            return wanted.map((content) => {
              const index = unused.findIndex((note) => note.content === content);
              const kept = index >= 0 ? unused.splice(index, 1)[0] : undefined;
              return {
                organisationId: file.organisationId,
                fileId: file.id,
                content,
                userId: kept ? kept.userId : viewer.userId,
                username: kept?.username ?? viewer.row.username,
                ...(kept ? { createdOn: kept.createdOn } : {}),
              };
            });
          });
          return notesOf(file.id);
        }),
      create_user_notification: (
        _root,
        args: { userId?: string | null; function_id: string; message: unknown },
        context,
      ) =>
        withHttpErrors(async () => {
          const viewer = authorize(requireViewer(context), 'notifications.send');
          const input = parsed(userNotificationInputSchema, args);
          const file = await access.file(viewer, 'files.read', input.message.trafficdatafile_id);
          if (input.userId) {
            const recipient = await notes.userOrganisation(input.userId);
            if (!recipient) throw new HttpError(404);
            if (recipient.organisationId !== file.organisationId) throw new HttpError(403);
          }
          await notes.notify({
            organisationId: file.organisationId,
            userId: input.userId ?? null,
            functionId: input.function_id,
            message: {
              trafficdatafile_id: file.id,
              source: 'frontend',
              user_approved_dc: input.message.user_approved_dc === true,
              requested_by: viewer.row.username,
            },
          });
          return true;
        }),
      requestQualityApproval: (_root, args: { fileId: string }, context) =>
        withHttpErrors(async () => {
          const viewer = requireViewer(context);
          const file = await access.file(viewer, 'files.requestApproval', args.fileId);
          if (file.reviewStatus !== 'WFR')
            throw new HttpError(409, serverMessage('approvalOnlyWaiting'));
          // SPEC section 7: a notification for the organisation's admins (user null: all of them).
          await notes.notify({
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
          const files = await access.files(viewer, 'files.notes', args.fileIds);
          await notes.insert(
            files.map((file) => ({
              organisationId: file.organisationId,
              fileId: file.id,
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
