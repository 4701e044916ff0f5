import { describe, expect, it } from 'vitest';
import { siteUpdateSchema } from './sites.ts';

const valid = {
  name: 'London Road',
  latitude: 51.45,
  longitude: -0.96,
  direction_one: 'N',
  direction_two: 'S',
  site_type: 'temporary',
  time_zone: 'Europe/London',
  class_scheme: 'arx',
  pedestrians_included: false,
} as const;

const problems = (change: Record<string, unknown>) =>
  siteUpdateSchema
    .safeParse({ ...valid, ...change })
    .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);

describe('site edits', () => {
  it('accept a complete site', () => {
    expect(siteUpdateSchema.safeParse(valid).success).toBe(true);
  });

  it('keep coordinates in range and together', () => {
    expect(problems({ latitude: 91 })).toEqual(['latitude: must be from -90 to 90']);
    expect(problems({ longitude: -181 })).toEqual(['longitude: must be from -180 to 180']);
    expect(problems({ longitude: null })).toEqual([
      'longitude: latitude and longitude go together',
    ]);
  });

  it('need direction two to be the opposite of direction one', () => {
    expect(problems({ direction_two: 'E' })).toEqual([
      'direction_two: must be the opposite of direction one',
    ]);
    expect(problems({ direction_one: 'X' })).toEqual(['direction_one: must be N, E, S or W']);
    expect(problems({ direction_two: null })).toBeUndefined();
  });

  it('need a name and a real time zone', () => {
    expect(problems({ name: '  ' })).toEqual(['name: is required']);
    expect(problems({ time_zone: 'Mars/Olympus' })).toEqual([
      'time_zone: must be a time zone such as Europe/London',
    ]);
  });
});
