import { z } from 'zod';
import { plainText } from './plainText.ts';
import { FEEDBACK_MIN_EXCLUSIVE_LENGTH } from './constants.ts';

/** SPEC sections 3 and 7: what Help sends to the provider's support team. */
export const SUPPORT_KINDS = ['feedback', 'subscription'] as const;
export type SupportKind = (typeof SUPPORT_KINDS)[number];

/** Attachments of one feedback: a few screenshots or documents, each of moderate size. */
export const FEEDBACK_ATTACHMENTS = { maxFiles: 5, maxBytes: 10 * 1024 * 1024 } as const;
export const SUPPORT_TEXT_MAX_LENGTH = 5000;

export const SUPPORT_MESSAGES = {
  tooShort: `Write more than ${FEEDBACK_MIN_EXCLUSIVE_LENGTH} characters`,
  /** SPEC section 8: a feedback or subscription failure. */
  failure: 'Sorry, there is something wrong. Please try again or contact support',
} as const;

/** SPEC section 5: more than 5 characters, counted without the spaces around them. */
export function isSendableSupportText(text: string): boolean {
  return text.trim().length > FEEDBACK_MIN_EXCLUSIVE_LENGTH;
}

export const supportTextSchema = plainText()
  .trim()
  .max(SUPPORT_TEXT_MAX_LENGTH)
  .refine(isSendableSupportText, SUPPORT_MESSAGES.tooShort);

/**
 * SPEC section 7, POST /bill/subscription/. The user, email and organisation are the token's:
 * those sent are accepted for the SPEC's shape and must match when given.
 */
export const subscriptionEnquirySchema = z.object({
  feedback: supportTextSchema,
  userId: z.string().optional(),
  email: z.string().optional(),
  orgId: z.string().nullable().optional(),
});

/**
 * SPEC section 5: an attachment's name as shown, its stem cut to 10 characters and its extension
 * kept ('quarterly-report.pdf' → 'quarterly-.pdf').
 */
export function shortAttachmentName(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const hasExtension = dot > 0 && dot < fileName.length - 1;
  const stem = hasExtension ? fileName.slice(0, dot) : fileName;
  const extension = hasExtension ? fileName.slice(dot) : '';
  return `${[...stem].slice(0, 10).join('')}${extension}`;
}
