import { describe, expect, it } from 'vitest';
import { speedLimitListSchema, speedLimitSchema } from './speedLimits.ts';

describe('speed limits', () => {
  it('apply from 1 Jan 1970 unless a date is given', () => {
    expect(speedLimitSchema.parse({ limit_mps: 13.4 })).toEqual({
      effective_from: '1970-01-01',
      limit_mps: 13.4,
    });
  });

  it('refuse a limit of 0, a date before 1970 and two limits on one date', () => {
    expect(speedLimitSchema.safeParse({ limit_mps: 0 }).error?.issues[0]?.message).toBe(
      'must be greater than 0',
    );
    expect(
      speedLimitSchema.safeParse({ limit_mps: 10, effective_from: '1969-12-31' }).error?.issues[0]
        ?.message,
    ).toBe('must be 1 Jan 1970 or later');
    expect(
      speedLimitListSchema.safeParse([
        { limit_mps: 10, effective_from: '2020-01-01' },
        { limit_mps: 12, effective_from: '2020-01-01' },
      ]).error?.issues[0]?.message,
    ).toBe('two limits start on the same date');
  });
});
