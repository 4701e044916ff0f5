import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordSchema, serverMessage } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';

// About 30,000 of the passwords most often found in breaches.
const COMMON_PASSWORDS = new Set(dictionary['passwords-common'].map((word) => word.toLowerCase()));

export const COMMON_PASSWORD_MESSAGE =
  'This password is one of the most common and easily guessed. Please choose another.';

/** What is wrong with a new password, in the catalogue's words; undefined when it will do. */
export function passwordProblem(
  password: string,
  context: { username?: string; email?: string } = {},
): string | undefined {
  const result = passwordSchema.safeParse(password);
  if (!result.success) return result.error.issues[0]?.message ?? 'Invalid password';
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return COMMON_PASSWORD_MESSAGE;
  const personal = [context.username, context.email?.split('@')[0]].filter(
    (value): value is string => typeof value === 'string' && value.length >= 3,
  );
  if (personal.some((value) => lowered === value.toLowerCase()))
    return serverMessage('passwordIsName');
  return undefined;
}

/** Throws a 400 that says what is wrong with a new password. */
export function assertAcceptablePassword(
  password: string,
  context: { username?: string; email?: string } = {},
) {
  const problem = passwordProblem(password, context);
  if (problem !== undefined) throw new HttpError(400, problem);
}
