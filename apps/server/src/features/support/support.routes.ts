import type {} from '@fastify/multipart';
import {
  contactAnswer,
  supportMessagesAnswer,
  FEEDBACK_ATTACHMENTS,
  subscriptionEnquirySchema,
  supportTextSchema,
  serverMessage,
} from '@roadcount/domain';
import { z } from 'zod';
import { HttpError } from '../../infra/errors.ts';
import type { Router } from '../../infra/http/route.ts';
import { plainField } from '../../infra/validation.ts';
import type { ReceivedAttachment, SupportService } from './support.service.ts';

const FILE_FIELD = /^file-\d+$/;

/** The problem with a feedback text, in the validation's words, or none. */
function textProblem(text: string): string | undefined {
  const parsed = supportTextSchema.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * Help (SPEC sections 2 and 7): POST /bill/feedback (multipart: feedback, userId, email and
 * file-0, file-1, ...) and POST /bill/subscription/; the sender is the token's user, whatever the
 * body names. Platform staff list what was sent.
 */
export function registerSupportRoutes(
  router: Router,
  support: SupportService,
  supportEmail: string,
): void {
  router.define({
    method: 'get',
    path: '/bill/contact',
    summary: "The support team's address, shown in Help",
    tag: 'help',
    auth: true,
    permission: 'signed-in',
    responses: { 200: 'the address', 401: 'no session' },
    answer: contactAnswer,
    handler: () => Promise.resolve({ email: supportEmail }),
  });

  router.define({
    method: 'post',
    path: '/bill/feedback',
    summary: 'Send feedback to the support team, with attachments (multipart)',
    tag: 'help',
    auth: true,
    permission: 'support.send',
    multipart: `feedback: the text (more than 5 characters); userId, email: yours (the token's are used); file-0, file-1, ...: up to ${FEEDBACK_ATTACHMENTS.maxFiles} attachments of at most ${FEEDBACK_ATTACHMENTS.maxBytes / 1024 / 1024} MiB each`,
    status: 201,
    responses: {
      201: 'stored and mailed',
      400: 'text of 5 characters or fewer, or not multipart',
      403: 'the demo account, or not allowed',
      413: 'an attachment too large, or too many',
      502: 'Sorry, there is something wrong. Please try again or contact support',
    },
    handler: async ({ viewer, request }) => {
      if (!request.isMultipart())
        throw new HttpError(400, 'Send the feedback as multipart/form-data.');
      let text = '';
      const attachments: ReceivedAttachment[] = [];
      try {
        for await (const part of request.parts({
          limits: { fileSize: FEEDBACK_ATTACHMENTS.maxBytes, files: FEEDBACK_ATTACHMENTS.maxFiles },
        })) {
          if (part.type === 'field') {
            if (part.fieldname === 'feedback') text = String(part.value);
            continue;
          }
          if (!FILE_FIELD.test(part.fieldname)) {
            await part.toBuffer();
            throw new HttpError(400, `${part.fieldname}: attachments go in file-0, file-1, ...`);
          }
          const bytes = await part.toBuffer();
          attachments.push({
            fileName: plainField(
              (part.filename || part.fieldname).trim(),
              `${part.fieldname} file name`,
            ),
            contentType: part.mimetype || 'application/octet-stream',
            bytes,
          });
        }
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE')
          throw new HttpError(
            413,
            serverMessage('attachmentTooLarge', {
              mib: FEEDBACK_ATTACHMENTS.maxBytes / 1024 / 1024,
            }),
          );
        if (code === 'FST_FILES_LIMIT')
          throw new HttpError(
            413,
            serverMessage('tooManyAttachments', { max: FEEDBACK_ATTACHMENTS.maxFiles }),
          );
        throw error;
      }
      const problem = textProblem(text);
      if (problem) throw new HttpError(400, `feedback: ${problem}`);
      return support.send(viewer, 'feedback', text.trim(), attachments);
    },
  });

  router.define({
    method: 'post',
    path: '/bill/subscription/',
    summary: 'Ask the support team for a subscription for your organisation',
    tag: 'help',
    auth: true,
    permission: 'support.send',
    body: subscriptionEnquirySchema,
    status: 201,
    responses: {
      201: 'stored and mailed',
      400: 'text of 5 characters or fewer',
      403: 'the demo account, or not allowed',
      502: 'Sorry, there is something wrong. Please try again or contact support',
    },
    handler: async ({ viewer, body }) => support.send(viewer, 'subscription', body.feedback),
  });

  router.define({
    method: 'get',
    path: '/bill/support-messages',
    summary: 'Feedback and subscription enquiries sent, newest first (platform staff)',
    tag: 'help',
    auth: true,
    permission: 'staff.tools',
    query: z.object({ limit: z.coerce.number().int().min(1).max(1000).default(200) }),
    responses: { 200: 'the messages with their attachments', 403: 'not platform staff' },
    answer: supportMessagesAnswer,
    handler: async ({ query }) => support.list(query.limit),
  });

  router.define({
    method: 'get',
    path: '/bill/support-messages/attachments/:attachmentId',
    summary: "A feedback's attachment (platform staff)",
    tag: 'help',
    auth: true,
    permission: 'staff.tools',
    responses: { 200: 'the file', 403: 'not platform staff', 404: 'no such attachment' },
    handler: async ({ params, reply }) => {
      const { row, bytes } = await support.attachment(params.attachmentId ?? '');
      return reply
        .header('content-type', row.contentType)
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(row.fileName)}`,
        )
        .send(Buffer.from(bytes));
    },
  });
}
