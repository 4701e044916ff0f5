import type { z } from 'zod';
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
