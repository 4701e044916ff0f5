import { describe, expect, it } from 'vitest';
import { markedPoint, pickedCoordinates } from './locationPick.ts';

describe('picking a site on the map', () => {
  it('takes the clicked point to six decimal places', () => {
    expect(pickedCoordinates({ lng: -0.979623456, lat: 51.428761234 })).toEqual({
      latitude: 51.428761,
      longitude: -0.979623,
    });
  });

  it('brings a point picked on a repeated world back into -180 to 180', () => {
    expect(pickedCoordinates({ lng: 359, lat: 10 })).toEqual({ latitude: 10, longitude: -1 });
    expect(pickedCoordinates({ lng: -190, lat: 10 })).toEqual({ latitude: 10, longitude: 170 });
    expect(pickedCoordinates({ lng: 180, lat: 10 }).longitude).toBe(180);
  });

  it('marks typed coordinates only when both are numbers in range', () => {
    expect(markedPoint('51.5', '-0.1')).toEqual({ latitude: 51.5, longitude: -0.1 });
    expect(markedPoint('', '-0.1')).toBeNull();
    expect(markedPoint('95', '-0.1')).toBeNull();
    expect(markedPoint('51.5', 'west')).toBeNull();
  });
});
