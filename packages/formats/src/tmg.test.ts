import { describe, expect, it } from 'vitest';
import { tmgChecks, tmgFiles, tmgNotes, tmgStationId, TmgStationTally } from './tmg.ts';

const site = {
  name: 'Check Road',
  stationId: 'ABC123',
  latitude: 40.7,
  longitude: -74,
  fhwaClasses: true,
};
const at = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour, minute);

/** A file with one vehicle at the start and one at the end of 4 March: a whole day. */
function wholeDay(station: TmgStationTally, file: string, direction = 1, lane = 1) {
  station.add(file, direction, lane, at(4, 0, 5), 2, 20);
  station.add(file, direction, lane, at(4, 23, 55), 2, 20);
}

describe('TMG checks', () => {
  it('pass a station with coordinates, valid codes and one file per hour', () => {
    const station = new TmgStationTally(site, 2025);
    wholeDay(station, 'a.csv');
    expect(tmgChecks([station])).toEqual([]);
  });

  it('name the hours two files both count, the direction and lane codes outside the guide', () => {
    const station = new TmgStationTally(site, 2025);
    wholeDay(station, 'a.csv');
    wholeDay(station, 'b.csv'); // the same two hours again: 2 duplicate hours
    station.add('a.csv', 0, 1, at(4, 12), 2, 20); // direction 0: undefined
    station.add('a.csv', 1, -1, at(4, 12), 2, 20); // no lane
    station.add('a.csv', 1, -1, at(4, 13), 2, 20);
    const failures = tmgChecks([station]);
    expect(failures.map((failure) => [failure.code, failure.params])).toEqual([
      ['direction_invalid', { direction: 0, vehicles: 1 }],
      ['lane_invalid', { lane: -1, vehicles: 2 }],
      [
        'duplicate_records',
        {
          hours: 2,
          first: '2025-03-04 00:00',
          direction: 1,
          lane: 1,
          fileA: 'a.csv',
          fileB: 'b.csv',
        },
      ],
    ]);
  });

  it('fail two sites sharing a station ID; note a scheme other than FHWA 13', () => {
    const first = new TmgStationTally(site, 2025);
    const second = new TmgStationTally({ ...site, name: 'Other Road', fhwaClasses: false }, 2025);
    wholeDay(first, 'a.csv');
    wholeDay(second, 'b.csv');
    expect(tmgChecks([first, second]).map((failure) => `${failure.site}: ${failure.code}`)).toEqual(
      ['Other Road: duplicate_station'],
    );
    expect(tmgNotes([first, second]).map((note) => `${note.site}: ${note.code}`)).toEqual([
      'Other Road: classes_not_fhwa',
    ]);
    // Its volumes and speeds go; its classification records do not.
    const files = tmgFiles([second], '36', 2025);
    expect([files.volume.length, files.speed.length, files.classification.length]).toEqual([
      1, 2, 0,
    ]);
  });

  it('make six-character station IDs from the asset management ID, else the site id', () => {
    expect(tmgStationId({ id: 'x', assetManagementId: 'tmg-001' })).toBe('TMG001');
    expect(
      tmgStationId({ id: '0f1e2d3c-aaaa-bbbb-cccc-00000000a7b2', assetManagementId: null }),
    ).toBe('00A7B2');
  });
});
