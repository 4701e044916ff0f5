import { describe, expect, it } from 'vitest';
import {
  EXCLUSION_MESSAGES,
  timeExclusionSchema,
  vehicleExclusionFilterSchema,
} from './exclusions.ts';

const messages = (input: unknown) =>
  vehicleExclusionFilterSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('saved vehicle exclusion filters', () => {
  it('keep what is given and read empty conditions as none', () => {
    expect(
      vehicleExclusionFilterSchema.parse({
        name: '  Buses  ',
        description: '',
        classes: [4, 3, 3],
        start_time: '2025-05-01T00:00:00+01:00',
      }),
    ).toEqual({
      name: 'Buses',
      description: null,
      min_speed_mps: null,
      max_speed_mps: null,
      headway_greater_than_s: null,
      classes: [3, 4],
      start_time: '2025-04-30T23:00:00.000Z',
      end_time: null,
    });
  });

  it('need a name and at least one condition', () => {
    expect(messages({ name: ' ', max_speed_mps: 2 })).toEqual([EXCLUSION_MESSAGES.nameRequired]);
    expect(messages({ name: 'Nothing', classes: [] })).toEqual([EXCLUSION_MESSAGES.noCondition]);
    // Every problem at once, so that a form shows them together.
    expect(messages({ name: '', min_speed_mps: 10, max_speed_mps: 5 })).toEqual([
      EXCLUSION_MESSAGES.nameRequired,
      EXCLUSION_MESSAGES.speedOrder,
    ]);
    expect(messages({ name: '' })).toEqual([
      EXCLUSION_MESSAGES.nameRequired,
      EXCLUSION_MESSAGES.noCondition,
    ]);
  });

  it('refuse a minimum speed above the maximum, negative figures and a backwards range', () => {
    expect(messages({ name: 'Slow', min_speed_mps: 10, max_speed_mps: 5 })).toEqual([
      EXCLUSION_MESSAGES.speedOrder,
    ]);
    expect(messages({ name: 'Odd', min_speed_mps: -1, headway_greater_than_s: -2 })).toEqual([
      EXCLUSION_MESSAGES.speedNegative,
      EXCLUSION_MESSAGES.headwayNegative,
    ]);
    expect(
      messages({
        name: 'Roadworks',
        start_time: '2025-06-02T00:00:00Z',
        end_time: '2025-06-01T00:00:00Z',
      }),
    ).toEqual([EXCLUSION_MESSAGES.timeOrder]);
    expect(messages({ name: 'Bad', start_time: 'yesterday' })).toEqual([
      EXCLUSION_MESSAGES.instant,
    ]);
  });
});

describe('time exclusions', () => {
  it('read days and times as the kernel counts them, 00:00 as the end of the day', () => {
    expect(timeExclusionSchema.parse({ days: [4, 0, 0], from: '07:30', to: '09:00' })).toEqual({
      days: [0, 4],
      fromMinute: 450,
      toMinute: 540,
    });
    expect(timeExclusionSchema.parse({ days: [5, 6], from: '22:00', to: '00:00' })).toEqual({
      days: [5, 6],
      fromMinute: 1320,
      toMinute: 1440,
    });
  });

  it('refuse no day, a time that is not one and a backwards range', () => {
    const problem = (input: unknown) =>
      timeExclusionSchema.safeParse(input).error?.issues[0]?.message;
    expect(problem({ days: [], from: '07:00', to: '09:00' })).toBe(EXCLUSION_MESSAGES.days);
    expect(problem({ days: [7], from: '07:00', to: '09:00' })).toBeDefined();
    expect(problem({ days: [1], from: '7am', to: '09:00' })).toBe(EXCLUSION_MESSAGES.time);
    expect(problem({ days: [1], from: '10:00', to: '09:00' })).toBe(EXCLUSION_MESSAGES.timeRange);
  });
});
