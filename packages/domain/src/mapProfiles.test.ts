import { describe, expect, it } from 'vitest';
import {
  activeAfterDelete,
  activeMapProfileSchema,
  mapProfileNameProblem,
  mapProfilesSchema,
  type MapProfile,
} from './mapProfiles.ts';

const profile = (name: string): MapProfile => ({
  name,
  layer: 'speed',
  dotSize: 7,
  dayRange: 'wholeWeek',
  satellite: false,
  showNotes: true,
});

describe('map layer profiles (SPEC sections 5 and 9)', () => {
  it('holds at most 5', () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map(profile);
    expect(mapProfilesSchema.safeParse(five).success).toBe(true);
    const six = mapProfilesSchema.safeParse([...five, profile('F')]);
    expect(six.error?.issues[0]?.message).toBe('At most 5 map layer profiles');
    expect(mapProfileNameProblem('F', five)).toBe('At most 5 map layer profiles');
  });

  it('needs a name of 1 to 20 characters, unique', () => {
    expect(mapProfileNameProblem(' ', [])).toBe('A profile name is 1 to 20 characters');
    expect(mapProfileNameProblem('x'.repeat(21), [])).toBe('A profile name is 1 to 20 characters');
    expect(mapProfileNameProblem('speeding', [profile('Speeding')])).toBe(
      'That profile name already exists',
    );
    expect(mapProfileNameProblem('Classes', [profile('Speeding')])).toBeUndefined();
  });

  it('numbers the active profile from 0 to 4', () => {
    expect(activeMapProfileSchema.safeParse(0).success).toBe(true);
    expect(activeMapProfileSchema.safeParse(4).success).toBe(true);
    expect(activeMapProfileSchema.safeParse(5).success).toBe(false);
    expect(activeMapProfileSchema.safeParse(-1).success).toBe(false);
  });

  it('keeps the active profile when another is deleted', () => {
    expect(activeAfterDelete(3, 1)).toBe(2);
    expect(activeAfterDelete(1, 3)).toBe(1);
    expect(activeAfterDelete(2, 2)).toBe(0);
  });
});
