import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SUPPORT_MESSAGES, type SupportKind } from '@roadcount/domain';
import type { Viewer } from '../../infra/auth/viewer.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import { HttpError } from '../../infra/errors.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import type { SupportRepository } from './support.repository.ts';

export interface ReceivedAttachment {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const SUBJECTS: Record<SupportKind, string> = {
  feedback: 'Feedback',
  subscription: 'Subscription enquiry',
};

/**
 * Help's messages to the support team (SPEC sections 2, 3, 7): stored with the sender from the
 * token, their attachments in the blob store, and mailed to the support address. A message that
 * cannot be mailed is not kept, so that the sender's retry does not leave a copy behind.
 */
export function createSupportService(deps: {
  repository: SupportRepository;
  blobs: BlobStore;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
  log: FastifyBaseLogger;
}) {
  return {
    async send(
      viewer: Viewer,
      kind: SupportKind,
      text: string,
      attachments: ReceivedAttachment[] = [],
    ): Promise<{ id: string }> {
      const messageId = randomUUID();
      const stored = attachments.map((attachment, position) => ({
        ...attachment,
        position,
        blobKey: `support/${messageId}/${position}`,
      }));
      await Promise.all(stored.map((file) => deps.blobs.putBytes(file.blobKey, file.bytes)));
      const row = await deps.repository.insert(
        {
          id: messageId,
          kind,
          userId: viewer.userId,
          organisationId: viewer.organisationId,
          username: viewer.row.username,
          email: viewer.row.email,
          text,
        },
        stored.map((file) => ({
          position: file.position,
          fileName: file.fileName,
          contentType: file.contentType,
          sizeBytes: file.bytes.length,
          blobKey: file.blobKey,
        })),
      );
      try {
        await deps.mailer.send({
          to: deps.supportEmail,
          subject: `Roadcount ${SUBJECTS[kind]} from ${viewer.row.username}`,
          text: [
            `${SUBJECTS[kind]} from ${viewer.row.username} <${viewer.row.email}>`,
            `User id: ${viewer.userId}`,
            `Organisation id: ${viewer.organisationId ?? 'none (platform staff)'}`,
            `Sent: ${row.createdOn.toISOString()}`,
            '',
            text,
            '',
            `Every message: ${deps.publicUrl}/ui/help`,
          ].join('\n'),
          attachments: attachments.map((attachment) => ({
            filename: attachment.fileName,
            content: attachment.bytes,
            contentType: attachment.contentType,
          })),
        });
      } catch (error) {
        await deps.repository.remove(messageId);
        await Promise.all(stored.map((file) => deps.blobs.delete(file.blobKey).catch(() => {})));
        deps.log.error({ err: error, kind }, 'support message not mailed, not kept');
        throw new HttpError(502, SUPPORT_MESSAGES.failure);
      }
      return { id: row.id };
    },

    async list(limit = 200) {
      const rows = await deps.repository.list(limit);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind as SupportKind,
        username: row.username,
        email: row.email,
        organisation_id: row.organisationId,
        organisation_name: row.organisationName,
        text: row.text,
        created_on: row.createdOn.toISOString(),
        attachments: row.attachments.map((attachment) => ({
          id: attachment.id,
          file_name: attachment.fileName,
          content_type: attachment.contentType,
          size_bytes: attachment.sizeBytes,
        })),
      }));
    },

    async attachment(id: string) {
      const row = await deps.repository.attachment(id);
      if (!row) throw new HttpError(404);
      return { row, bytes: await deps.blobs.getBytes(row.blobKey) };
    },
  };
}

export type SupportService = ReturnType<typeof createSupportService>;
