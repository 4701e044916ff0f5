import { describe, expect, it } from 'vitest';
import { findCoordinates, findSiteId } from './sid.ts';

describe('findSiteId', () => {
  it('reads SID: from the first text that has one', () => {
    expect(
      findSiteId(undefined, 'Main St northbound SID:3f2a9c1e-0b7d-4c1a-9e55-1234567890ab lane 1'),
    ).toBe('3f2a9c1e-0b7d-4c1a-9e55-1234567890ab');
    expect(findSiteId('no id here')).toBeUndefined();
  });
});

describe('findCoordinates', () => {
  it('reads decimal coordinates and refuses out-of-range ones', () => {
    expect(findCoordinates('Pole 12 GPS: -33.86510, 151.20990')).toEqual({
      latitude: -33.8651,
      longitude: 151.2099,
    });
    expect(findCoordinates('99.123456, 10.123456')).toBeUndefined();
  });
});
