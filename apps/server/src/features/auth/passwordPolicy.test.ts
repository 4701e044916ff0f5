import { describe, expect, it } from 'vitest';
import { HttpError } from '../../infra/errors.ts';
import { assertAcceptablePassword, COMMON_PASSWORD_MESSAGE } from './passwordPolicy.ts';

function refusal(password: string, context = {}): string | undefined {
  try {
    assertAcceptablePassword(password, context);
    return undefined;
  } catch (error) {
    return error instanceof HttpError ? error.message : String(error);
  }
}

describe('assertAcceptablePassword', () => {
  it('accepts 8 characters and refuses 7', () => {
    expect(refusal('kq7!vTz2')).toBeUndefined();
    expect(refusal('kq7!vTz')).toBe('Use at least 8 characters');
  });

  it('refuses more than 128 characters', () => {
    expect(refusal('x9'.repeat(65))).toBe('Use at most 128 characters');
  });

  it('refuses the most common passwords whatever their case', () => {
    expect(refusal('password')).toBe(COMMON_PASSWORD_MESSAGE);
    expect(refusal('Qwertyuiop')).toBe(COMMON_PASSWORD_MESSAGE);
  });

  it('refuses the username as the password', () => {
    expect(refusal('roadworks-ann', { username: 'Roadworks-Ann' })).toBe(
      'The password must not be your username or email.',
    );
  });
});
