import type { z } from 'zod';
import { issuePath, serverMessage } from '@roadcount/domain';
import { HttpError } from './errors.ts';

/** Validates a request part with a zod schema; a failure is a 400 naming each field. */
export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new HttpError(
      400,
      undefined,
      result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * Validates input with a zod schema; a failure is a 400 whose message names the first wrong
 * field and what is wrong with it (`message.trafficdatafile_id: must name a traffic data file`).
 */
export function parsed<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw new HttpError(
    400,
    serverMessage('inputField', {
      field: issuePath(issue?.path ?? []) || 'input',
      problem: issue?.message ?? 'is not valid',
    }),
  );
}
