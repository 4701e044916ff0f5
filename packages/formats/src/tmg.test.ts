import { describe, expect, it } from 'vitest';
import {
  tmgChecks,
  tmgFiles,
  tmgNotes,
  tmgSpeedBin,
  tmgStationId,
  TmgStationTally,
  type TmgExportOptions,
} from './tmg.ts';

const site = {
  name: 'Check Road',
  stationId: 'ABC123',
  latitude: 40.7,
  longitude: -74,
  fhwaClasses: true,
  permanent: true,
  telemetry: false,
};
const options: TmgExportOptions = {
  stateCode: '36',
  year: 2025,
  functionalClass: '4U',
  countyCode: '061',
  sensorType: 'L',
  primaryPurpose: 'P',
  classificationMethod: 'F',
};
const given = { functionalClass: '4U', countyCode: '061', sensorType: 'L' };
const at = (day: number, hour: number, minute = 0) => Date.UTC(2025, 2, day, hour, minute);
/** 25 mph and 50 mph exactly (1 mph = 0.44704 m/s), on the upper bounds of bins 2 and 7. */
const MPH_25 = 11.176;
const MPH_50 = 22.352;

/** A file with one vehicle at the start and one at the end of 4 March: a whole day. */
function wholeDay(station: TmgStationTally, file: string, direction = 1, lane = 1) {
  station.add(file, direction, lane, at(4, 0, 5), 2, 20);
  station.add(file, direction, lane, at(4, 23, 55), 2, 20);
}

/**
 * Tuesday 4 March 2025, one file: north (1) lane 1 a car at 00:05 at 25 mph, a five-axle
 * semitrailer (class 9) at 08:10 at 50 mph, an unclassified vehicle without a speed at 08:20
 * and a pickup (3) at 23:55 at 40 m/s (89.5 mph); south (5) lane 2 a car at 00:30 at 25 mph
 * and one at 23:40 at 50 mph.
 */
function handBuilt() {
  const station = new TmgStationTally(site, 2025);
  station.add('a.csv', 1, 1, at(4, 0, 5), 2, MPH_25);
  station.add('a.csv', 1, 1, at(4, 8, 10), 9, MPH_50);
  station.add('a.csv', 1, 1, at(4, 8, 20), 0, Number.NaN);
  station.add('a.csv', 1, 1, at(4, 23, 55), 3, 40);
  station.add('a.csv', 5, 2, at(4, 0, 30), 2, MPH_25);
  station.add('a.csv', 5, 2, at(4, 23, 40), 2, MPH_50);
  return station;
}

describe('TMG records', () => {
  it('write the station record field by field (TMG 2016 table 7-3, pipe-delimited)', () => {
    const files = tmgFiles([handBuilt()], options);
    const north = [
      'S', // record type: station
      '36', // FIPS state code
      'ABC123', // station identification
      '1', // direction of travel code: north
      '1', // lane of travel: outside lane
      '2025', // year of data, four digits
      '4U', // functional classification code: minor arterial, urban (given)
      '1', // number of lanes in direction indicated: lane 1 only counted northbound
      'Y', // sample type for TMAS
      '1', // number of lanes monitored for traffic volume
      '3', // method of traffic volume counting: permanent (a continuous site)
      '1', // number of lanes monitored for vehicle class and/or speed
      '3', // mechanism of vehicle classification and/or speed: permanent device
      'F', // method for vehicle classification: axle spacing, FHWA 13 (given)
      '13', // vehicle classification groupings: FHWA 13
      '0', // number of lanes monitored for truck weight
      '', // method of truck weighing: none
      '', // calibration of weighing system: none
      '1', // method of data retrieval: not automated (files collected)
      'L', // type of sensor: inductive loop (given)
      'N', // second type of sensor: none
      'P', // primary purpose: planning or traffic statistics (given)
      '', // LRS route ID: not held
      '', // LRS location point: not held
      '40700000', // latitude 40.700000, implied decimal after 2 digits
      '074000000', // longitude 74.000000 west, implied decimal after 3 digits
      '', // LTPP site identification
      '', // previous station ID
      '2025', // year station established: the first vehicle counted, 4 March 2025
      '', // year station discontinued
      '061', // FIPS county code (given)
      '', // HPMS sample type: not held
      '', // HPMS sample identifier
      '', // national highway system: not held
      '', // posted route signing: not held
      '', // posted signed route number: not held
      'Check Road', // station location
    ];
    // South: the same but direction 5, lane 2.
    const south = [...north];
    south[3] = '5';
    south[4] = '2';
    expect(files.station).toEqual([north.join('|'), south.join('|')]);
  });

  it('write the hourly volume record (TMG 2016 table 7-9): 24 hours, then restrictions', () => {
    const files = tmgFiles([handBuilt()], options);
    const head = (direction: string, lane: string) => [
      '3', // record type: hourly volume
      '36', // FIPS state code
      '4U', // functional classification code
      'ABC123', // station identification
      direction, // direction of travel code
      lane, // lane of travel
      '2025', // year of data
      '03', // month of data
      '04', // day of data
      '3', // day of week: Tuesday (1 Sunday, 2 Monday, 3 Tuesday)
    ];
    // North: 1 vehicle 00-01, 2 vehicles 08-09 (the unclassified one counts), 1 vehicle 23-24.
    const north = ['1', '0', '0', '0', '0', '0', '0', '0', '2', '0', '0', '0'];
    north.push('0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1');
    // South: 1 vehicle 00-01, 1 vehicle 23-24.
    const south = ['1', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'];
    south.push('0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1');
    expect(files.volume).toEqual([
      [...head('1', '1'), ...north, '0' /* restrictions: none */].join('|'),
      [...head('5', '2'), ...south, '0' /* restrictions: none */].join('|'),
    ]);
  });

  it('write the classification record: total of every vehicle, then FHWA classes 1-13', () => {
    const files = tmgFiles([handBuilt()], options);
    const eightAm = [
      'C', // record type: vehicle classification
      '36', // FIPS state code
      'ABC123', // station identification
      '1', // direction of travel code
      '1', // lane of travel
      '2025', // year of data
      '03', // month of data
      '04', // day of data
      '08', // hour of data: the hour starting 08:00
      '', // time interval: empty, 60 minutes
      '2', // total interval volume: the class 9 and the unclassified vehicle
      '0', // restrictions: none
      '0', // class 1 motorcycles
      '0', // class 2 passenger cars
      '0', // class 3 other two-axle, four-tire single units
      '0', // class 4 buses
      '0', // class 5 two-axle, six-tire single units
      '0', // class 6 three-axle single units
      '0', // class 7 four or more axle single units
      '0', // class 8 four or fewer axle single trailers
      '1', // class 9 five-axle single trailers
      '0', // class 10 six or more axle single trailers
      '0', // class 11 five or fewer axle multi-trailers
      '0', // class 12 six-axle multi-trailers
      '0', // class 13 seven or more axle multi-trailers
    ];
    // North: hours 00, 08 and 23; south: hours 00 and 23.
    expect(files.classification).toHaveLength(5);
    expect(files.classification[1]).toBe(eightAm.join('|'));
  });

  it('write the speed record: 15 bins, 20 mph and under first, a bound in the lower bin', () => {
    const files = tmgFiles([handBuilt()], options);
    const record = (hour: string, total: string, bins: string[]) =>
      [
        'T', // record type: speed
        '36', // FIPS state code
        'ABC123', // station identification
        '1', // direction of travel code
        '1', // lane of travel
        '2025', // year of data
        '03', // month of data
        '04', // day of data
        hour, // hour of data
        '', // time interval: empty, 60 minutes
        '', // definition of first speed bin: empty, 20 mph and under
        '15', // total number of speed bins
        total, // total interval volume
        ...bins, // bins 1 (0-20 mph), 2 (over 20 to 25) ... 14 (over 80 to 85), 15 (over 85)
      ].join('|');
    // 00h: 25 mph exactly is in bin 2 (over 20 to 25), not bin 3.
    const midnight = ['0', '1', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0'];
    // 08h: 50 mph exactly is in bin 7 (over 45 to 50); the vehicle without a speed is only in
    // the total.
    const eight = ['0', '0', '0', '0', '0', '0', '1', '0', '0', '0', '0', '0', '0', '0', '0'];
    // 23h: 40 m/s = 40 × 3,600 / 1,609.344 = 89.5 mph, over 85: bin 15.
    const late = ['0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '0', '1'];
    expect(files.speed.slice(0, 3)).toEqual([
      record('00', '1', midnight),
      record('08', '2', eight),
      record('23', '1', late),
    ]);
    expect(files.speed).toHaveLength(5);
    // 20 mph = 8.9408 m/s: bin 1; 20.5 mph = 9.16432 m/s: bin 2; 90 mph: bin 15 (index 14).
    expect([tmgSpeedBin(8.9408), tmgSpeedBin(9.16432), tmgSpeedBin(40.2336)]).toEqual([0, 1, 14]);
  });

  it('leave an excluded hour empty, mark the day restricted, and send no hourly records', () => {
    const station = handBuilt();
    // Excluded 08:00-09:00 north lane 1: its two vehicles are no data, not none counted.
    station.exclude(at(4, 8), at(4, 9), 1, 1);
    const files = tmgFiles([station], options);
    const fields = (files.volume[0] ?? '').split('|');
    // Fields 11-34 are the 24 hours: 08-09 is field 19 (index 18).
    expect([fields[10], fields[18], fields[33], fields[34]]).toEqual(['1', '', '1', '2']);
    expect(files.classification.map((line) => line.split('|')[8])).toEqual([
      '00',
      '23',
      '00',
      '23',
    ]);
    expect(files.speed).toHaveLength(4);
    // South is untouched: restrictions 0.
    expect(files.volume[1]?.split('|')[34]).toBe('0');
  });
});

describe('TMG checks', () => {
  it('pass a station with coordinates, valid codes, one file per hour and the values given', () => {
    const station = new TmgStationTally(site, 2025);
    wholeDay(station, 'a.csv');
    expect(tmgChecks([station], given)).toEqual([]);
  });

  it('name each station value the user has not given', () => {
    const station = new TmgStationTally(site, 2025);
    wholeDay(station, 'a.csv');
    const failures = tmgChecks([station], {
      functionalClass: null,
      countyCode: null,
      sensorType: null,
    });
    expect(failures.map((failure) => [failure.code, failure.site])).toEqual([
      ['functional_class_missing', ''],
      ['county_code_missing', ''],
      ['sensor_type_missing', ''],
    ]);
  });

  it('fail a site without coordinates, or south of the equator or east of Greenwich', () => {
    const none = new TmgStationTally({ ...site, name: 'No GPS', latitude: null }, 2025);
    const east = new TmgStationTally(
      { ...site, name: 'Paris', stationId: 'PAR001', latitude: 48.85, longitude: 2.35 },
      2025,
    );
    wholeDay(none, 'a.csv');
    wholeDay(east, 'b.csv');
    const failures = tmgChecks([none, east], given);
    expect(failures.map((failure) => failure.message)).toEqual([
      'No GPS: the site has no latitude and longitude, and TMAS rejects a station without coordinates',
      'Paris: the coordinates 48.85, 2.35 are not north of the equator and west of Greenwich, the only ones the station record can hold',
    ]);
  });

  it('name the hours two files both count, the direction and lane codes outside the guide', () => {
    const station = new TmgStationTally(site, 2025);
    wholeDay(station, 'a.csv');
    wholeDay(station, 'b.csv'); // the same two hours again: 2 duplicate hours
    station.add('a.csv', 0, 1, at(4, 12), 2, 20); // direction 0: undefined
    station.add('a.csv', 1, -1, at(4, 12), 2, 20); // no lane
    station.add('a.csv', 1, -1, at(4, 13), 2, 20);
    const failures = tmgChecks([station], given);
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
    expect(
      tmgChecks([first, second], given).map((failure) => `${failure.site}: ${failure.code}`),
    ).toEqual(['Other Road: duplicate_station']);
    expect(tmgNotes([first, second]).map((note) => `${note.site}: ${note.code}`)).toEqual([
      'Other Road: classes_not_fhwa',
    ]);
    // Its volumes and speeds go; its classification records do not, and its station record
    // says speed only (mechanism 4) with no classification method or groupings.
    const files = tmgFiles([second], options);
    expect([files.volume.length, files.speed.length, files.classification.length]).toEqual([
      1, 2, 0,
    ]);
    expect(files.station[0]?.split('|').slice(12, 15)).toEqual(['4', '', '']);
  });

  it('make six-character station IDs from the asset management ID, else the site id', () => {
    expect(tmgStationId({ id: 'x', assetManagementId: 'tmg-001' })).toBe('TMG001');
    expect(
      tmgStationId({ id: '0f1e2d3c-aaaa-bbbb-cccc-00000000a7b2', assetManagementId: null }),
    ).toBe('00A7B2');
  });
});
