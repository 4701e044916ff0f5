import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  organisationSettingsSchema,
  passwordSchema,
  DEFAULT_ORGANISATION_SETTINGS,
} from './validation.ts';

describe('passwordSchema', () => {
  it('accepts 8 to 128 characters', () => {
    expect(passwordSchema.safeParse('a'.repeat(7)).success).toBe(false);
    expect(passwordSchema.safeParse('a'.repeat(8)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('a'.repeat(129)).success).toBe(false);
  });
});

describe('emailSchema', () => {
  it('normalises case and refuses malformed addresses with the SPEC message', () => {
    expect(emailSchema.parse(' Ann@Example.COM ')).toBe('ann@example.com');
    const result = emailSchema.safeParse('ann@');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Wrong email format, or the email is already taken',
    );
  });
});

describe('organisationSettingsSchema', () => {
  it('keeps the length outlier factor within 0 to 100', () => {
    expect(organisationSettingsSchema.safeParse(DEFAULT_ORGANISATION_SETTINGS).success).toBe(true);
    expect(
      organisationSettingsSchema.safeParse({
        ...DEFAULT_ORGANISATION_SETTINGS,
        length_outlier_factor: 101,
      }).success,
    ).toBe(false);
  });
});
