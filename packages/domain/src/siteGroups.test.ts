import { describe, expect, it } from 'vitest';
import { SITE_GROUP_NAME_MAX, siteGroupNameProblem } from './siteGroups.ts';

describe('site group names', () => {
  it('are required, at most 60 characters and unique whatever the case', () => {
    expect(siteGroupNameProblem('  ', [])).toBe('required');
    expect(siteGroupNameProblem('x'.repeat(SITE_GROUP_NAME_MAX + 1), [])).toBe('tooLong');
    expect(siteGroupNameProblem('x'.repeat(SITE_GROUP_NAME_MAX), [])).toBeUndefined();
    expect(siteGroupNameProblem(' school routes ', ['School Routes'])).toBe('duplicate');
    expect(siteGroupNameProblem('School routes 2', ['School Routes'])).toBeUndefined();
  });
});
