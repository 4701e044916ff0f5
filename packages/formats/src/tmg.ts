/**
 * FHWA Traffic Monitoring Guide exchange files for TMAS, pipe-delimited: station (.STA), hourly
 * volume (.VOL), hourly classification (.CLS) and hourly speed (.SPD), one file per record type
 * as TMAS takes them. The record layouts are the guide's (TMG 2016 chapter 7, tables 7-3, 7-9
 * and the classification and speed tables, as TMG 2022 chapter 4 keeps them for the historical
 * formats; docs/formats.md section 16 lists each field and where it comes from). A field with no
 * value is written empty between its pipes; counts are whole numbers, never blank when counted.
 *
 *   STA  S|state|station|direction|lane|year (4 digits)|functional class (e.g. 4U)|lanes in
 *        direction|sample type for TMAS (Y)|lanes monitored for volume|method of volume counting
 *        (2 portable, 3 permanent)|lanes monitored for class and speed|mechanism of class and
 *        speed (2, 3, 4 speed only)|method of classification|class groupings (13)|lanes
 *        monitored for weight (0)|method of weighing|weighing calibration|method of data
 *        retrieval (1 manual, 2 telemetry)|type of sensor|second type of sensor (N)|primary
 *        purpose|LRS route ID|LRS location point|latitude (8 digits, north, XX.XXXXXX)|
 *        longitude (9 digits, west, XXX.XXXXXX)|LTPP site|previous station|year established|
 *        year discontinued|FIPS county|HPMS sample type|HPMS sample|NHS|posted route signing|
 *        posted route number|station location (50 characters)
 *   VOL  3|state|functional class|station|direction|lane|year|month|day|day of week (1 Sunday)
 *        |24 hourly volumes (00-01 ... 23-24; empty: no data)|restrictions (0, 2 device problem)
 *   CLS  C|state|station|direction|lane|year|month|day|hour (00-23, its start)|interval (empty:
 *        60 minutes)|total volume|restrictions (0)|FHWA classes 1-13
 *   SPD  T|state|station|direction|lane|year|month|day|hour|interval (empty: 60 minutes)|first
 *        bin (empty: 20 mph and under)|number of bins (15)|total volume|15 speed bins (mph)
 *
 * Direction codes are the guide's (1 north ... 8 north-west, the same as Roadcount's); lane 1
 * is the outside lane. Only whole local days are written. Before the files are written, the
 * checks TMAS applies are run (tmgChecks): a station with a failure is not exported.
 */

/**
 * Upper bounds (mph, inclusive) of the guide's 15 speed bins: bin 1 holds 20 mph and under,
 * bin 2 over 20 up to 25 ... bin 14 over 80 up to 85, bin 15 over 85.
 */
export const TMG_SPEED_BINS_MPH = [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85];
const MPS_TO_MPH = 3600 / 1609.344;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** The guide's functional classification codes: 1 interstate ... 7 local, R rural, U urban. */
export const TMG_FUNCTIONAL_CLASSES = ['1', '2', '3', '4', '5', '6', '7'] as const;
/** The guide's type of sensor codes. */
export const TMG_SENSOR_TYPES = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'J',
  'K',
  'L',
  'M',
  'P',
  'Q',
  'R',
  'S',
  'T',
  'U',
  'V',
  'W',
  'X',
  'Z',
] as const;
/** The guide's primary purpose codes (P planning or traffic statistics, the default). */
export const TMG_PURPOSES = ['E', 'I', 'L', 'O', 'P', 'R'] as const;
/** The guide's method of vehicle classification codes (F axle spacing, FHWA 13, the default). */
export const TMG_CLASSIFICATION_METHODS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'I',
  'K',
  'L',
  'M',
  'N',
  'O',
  'R',
  'S',
  'V',
  'Z',
] as const;

/**
 * What the guide's station record needs that Roadcount does not hold, given for the export:
 * null where the user has not given it (the checks then name it).
 */
export interface TmgExportOptions {
  stateCode: string;
  year: number;
  /** e.g. '4U': the functional class digit and R (rural) or U (urban). */
  functionalClass: string | null;
  /** Three-digit FIPS county code. */
  countyCode: string | null;
  /** One of TMG_SENSOR_TYPES. */
  sensorType: string | null;
  /** One of TMG_PURPOSES. */
  primaryPurpose: string;
  /** One of TMG_CLASSIFICATION_METHODS. */
  classificationMethod: string;
}

export type TmgFailureCode =
  | 'coordinates_missing'
  | 'coordinates_invalid'
  | 'coordinates_hemisphere'
  | 'direction_invalid'
  | 'lane_invalid'
  | 'duplicate_records'
  | 'duplicate_station'
  | 'classes_not_fhwa'
  | 'no_whole_days'
  | 'functional_class_missing'
  | 'county_code_missing'
  | 'sensor_type_missing';

/**
 * A check that failed: its code, the site (empty for a value given for the whole export), the
 * figures the message names, and the message.
 */
export interface TmgFailure {
  code: TmgFailureCode;
  site: string;
  params: Record<string, string | number>;
  message: string;
}

/** One hour of one direction and lane: vehicles, per FHWA class (0-15) and per speed bin. */
interface HourTally {
  volume: number;
  classes: Int32Array;
  speeds: Int32Array;
}

/** A stretch of local time whose vehicles were left out (an excluded bad-data period). */
interface LocalWindow {
  startMs: number;
  endMs: number;
  direction: number | null;
  lane: number | null;
}

const keyOf = (direction: number, lane: number, hourNumber: number) =>
  `${direction}|${lane}|${hourNumber}`;

/** The bin of a speed: the first whose upper bound it does not pass, else the last. */
export function tmgSpeedBin(speedMps: number): number {
  const mph = speedMps * MPS_TO_MPH;
  let bin = 0;
  while (bin < TMG_SPEED_BINS_MPH.length && mph > (TMG_SPEED_BINS_MPH[bin] as number)) bin += 1;
  return bin;
}

/**
 * A station's vehicles counted per direction, lane and local hour, file by file, so that an
 * hour counted by two files (a duplicate record for TMAS) is found rather than summed.
 */
export class TmgStationTally {
  private readonly byFile = new Map<string, Map<string, HourTally>>();
  private readonly fileSpans = new Map<string, { firstLocalMs: number; lastLocalMs: number }>();
  private readonly excluded: LocalWindow[] = [];
  readonly invalidDirections = new Map<number, number>();
  readonly invalidLanes = new Map<number, number>();

  constructor(
    readonly site: {
      name: string;
      stationId: string;
      latitude: number | null;
      longitude: number | null;
      fhwaClasses: boolean;
      /** A continuous (permanent) counter rather than a portable one. */
      permanent: boolean;
      /** Its data comes by telemetry (a realtime site) rather than by collected files. */
      telemetry: boolean;
    },
    private readonly year: number,
  ) {}

  /** Adds a vehicle (local time as ms since 1970 of the local wall clock). */
  add(
    fileName: string,
    direction: number,
    lane: number,
    localMs: number,
    classIndex: number,
    speedMps: number,
  ) {
    let hours = this.byFile.get(fileName);
    if (!hours) this.byFile.set(fileName, (hours = new Map<string, HourTally>()));
    const span = this.fileSpans.get(fileName);
    if (!span) this.fileSpans.set(fileName, { firstLocalMs: localMs, lastLocalMs: localMs });
    else {
      if (localMs < span.firstLocalMs) span.firstLocalMs = localMs;
      if (localMs > span.lastLocalMs) span.lastLocalMs = localMs;
    }
    if (new Date(localMs).getUTCFullYear() !== this.year) return;
    if (!(direction >= 1 && direction <= 8)) {
      this.invalidDirections.set(direction, (this.invalidDirections.get(direction) ?? 0) + 1);
      return;
    }
    if (!(lane >= 1 && lane <= 9)) {
      this.invalidLanes.set(lane, (this.invalidLanes.get(lane) ?? 0) + 1);
      return;
    }
    const key = keyOf(direction, lane, Math.floor(localMs / HOUR_MS));
    let tally = hours.get(key);
    if (!tally)
      hours.set(
        key,
        (tally = {
          volume: 0,
          classes: new Int32Array(16),
          speeds: new Int32Array(TMG_SPEED_BINS_MPH.length + 1),
        }),
      );
    tally.volume += 1;
    if (classIndex >= 0 && classIndex < 16)
      tally.classes[classIndex] = (tally.classes[classIndex] as number) + 1;
    if (Number.isFinite(speedMps)) {
      const bin = tmgSpeedBin(speedMps);
      tally.speeds[bin] = (tally.speeds[bin] as number) + 1;
    }
  }

  /**
   * Marks a stretch of local time (end exclusive) whose vehicles were left out, in one
   * direction or lane or (null) all: the hours it touches have no data rather than none counted.
   */
  exclude(localStartMs: number, localEndMs: number, direction: number | null, lane: number | null) {
    this.excluded.push({ startMs: localStartMs, endMs: localEndMs, direction, lane });
  }

  /** Whether an excluded stretch touches the hour in the direction and lane. */
  hourExcluded(direction: number, lane: number, hourNumber: number): boolean {
    const start = hourNumber * HOUR_MS;
    return this.excluded.some(
      (window) =>
        window.startMs < start + HOUR_MS &&
        window.endMs > start &&
        (window.direction === null || window.direction === direction) &&
        (window.lane === null || window.lane === lane),
    );
  }

  /** The calendar year of the site's first counted vehicle (any file, any year), if any. */
  firstYear(): number | null {
    let first = Number.POSITIVE_INFINITY;
    for (const span of this.fileSpans.values()) first = Math.min(first, span.firstLocalMs);
    return Number.isFinite(first) ? new Date(first).getUTCFullYear() : null;
  }

  /**
   * The hours of the station, summed over its files, with the hours that more than one file
   * counts; only local days that a file covers whole (its first vehicle within the day's first
   * hour, its last within the last) are kept.
   */
  hours() {
    const merged = new Map<string, HourTally>();
    const countedBy = new Map<string, string>();
    const duplicates: { key: string; files: [string, string] }[] = [];
    for (const [fileName, hours] of this.byFile) {
      const span = this.fileSpans.get(fileName);
      if (!span) continue;
      for (const [key, tally] of hours) {
        const hourNumber = Number(key.split('|')[2]);
        const dayStart = Math.floor((hourNumber * HOUR_MS) / DAY_MS) * DAY_MS;
        if (
          span.firstLocalMs > dayStart + HOUR_MS ||
          span.lastLocalMs < dayStart + DAY_MS - HOUR_MS
        )
          continue;
        const other = countedBy.get(key);
        if (other !== undefined && other !== fileName) {
          duplicates.push({ key, files: [other, fileName] });
          continue;
        }
        countedBy.set(key, fileName);
        merged.set(key, tally);
      }
    }
    return { merged, duplicates };
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');
const hourText = (hourNumber: number) => {
  const date = new Date(hourNumber * HOUR_MS);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:00`;
};

/**
 * The checks TMAS applies, on every station of the export, and the station record's values the
 * user must give; an empty list means all passed.
 */
export function tmgChecks(
  stations: readonly TmgStationTally[],
  options: Pick<TmgExportOptions, 'functionalClass' | 'countyCode' | 'sensorType'>,
): TmgFailure[] {
  const failures: TmgFailure[] = [];
  if (options.functionalClass === null)
    failures.push({
      code: 'functional_class_missing',
      site: '',
      params: {},
      message:
        "the road's functional classification (1 interstate to 7 local, rural or urban) is not given; the station and volume records need it",
    });
  if (options.countyCode === null)
    failures.push({
      code: 'county_code_missing',
      site: '',
      params: {},
      message: 'the three-digit FIPS county code is not given; the station record needs it',
    });
  if (options.sensorType === null)
    failures.push({
      code: 'sensor_type_missing',
      site: '',
      params: {},
      message: "the counter's type of sensor is not given; the station record needs it",
    });
  const stationSites = new Map<string, string>();
  for (const station of stations) {
    const { name, stationId, latitude, longitude } = station.site;
    const fail = (code: TmgFailureCode, params: Record<string, string | number>, message: string) =>
      failures.push({ code, site: name, params, message: `${name}: ${message}` });
    if (latitude === null || longitude === null)
      fail(
        'coordinates_missing',
        {},
        'the site has no latitude and longitude, and TMAS rejects a station without coordinates',
      );
    else if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180)
      fail(
        'coordinates_invalid',
        { latitude, longitude },
        `the coordinates ${latitude}, ${longitude} are not a place on Earth`,
      );
    else if (latitude < 0 || longitude > 0)
      fail(
        'coordinates_hemisphere',
        { latitude, longitude },
        `the coordinates ${latitude}, ${longitude} are not north of the equator and west of Greenwich, the only ones the station record can hold`,
      );
    for (const [direction, vehicles] of station.invalidDirections)
      fail(
        'direction_invalid',
        { direction, vehicles },
        `${vehicles} vehicles have direction code ${direction}; TMG direction codes are 1 (north) to 8 (north-west)`,
      );
    for (const [lane, vehicles] of station.invalidLanes)
      fail(
        'lane_invalid',
        { lane, vehicles },
        `${vehicles} vehicles are in lane ${lane}; TMG lane codes are 1 (outside lane) to 9`,
      );
    const { merged, duplicates } = station.hours();
    const first = duplicates[0];
    if (first) {
      const [direction = 0, lane = 0, hourNumber = 0] = first.key.split('|').map(Number);
      fail(
        'duplicate_records',
        {
          hours: duplicates.length,
          first: hourText(hourNumber),
          direction,
          lane,
          fileA: first.files[0],
          fileB: first.files[1],
        },
        `${duplicates.length} hours are counted by more than one file, the first ${hourText(hourNumber)} in direction ${direction}, lane ${lane}, by ${first.files[0]} and ${first.files[1]}`,
      );
    }
    if (merged.size === 0)
      fail('no_whole_days', {}, 'no whole day of counts in the year, so there is nothing to send');
    const other = stationSites.get(stationId);
    if (other !== undefined)
      fail(
        'duplicate_station',
        { station: stationId, other },
        `station ID ${stationId} is also ${other}'s; each station needs its own ID (the asset management ID)`,
      );
    else stationSites.set(stationId, name);
  }
  return failures;
}

/**
 * What the export leaves out without failing: a site counting in a scheme other than FHWA 13
 * sends no classification records (TMAS takes FHWA classes only); its volumes and speeds go.
 */
export function tmgNotes(stations: readonly TmgStationTally[]): TmgFailure[] {
  return stations
    .filter((station) => !station.site.fhwaClasses)
    .map((station) => ({
      code: 'classes_not_fhwa' as const,
      site: station.site.name,
      params: {},
      message: `${station.site.name}: the site's class scheme is not FHWA 13, so no classification records are sent; change the class scheme in the site's tools to send them`,
    }));
}

/** A TMG station ID: the asset management ID's letters and digits, else the site id's, 6 long. */
export function tmgStationId(site: { id: string; assetManagementId: string | null }): string {
  const fromAsset = (site.assetManagementId ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  const source = fromAsset || site.id.toUpperCase().replace(/[^A-Z0-9]/g, '');
  return source.slice(-6).padStart(6, '0');
}

/** Free text in a field: no pipes or line breaks, at most `width` characters. */
const text = (value: string, width: number) =>
  value
    .replace(/[|\r\n]+/g, ' ')
    .trim()
    .slice(0, width)
    .trim();

/** Degrees as the guide's implied-decimal digits: 6 decimals, no sign, zero-filled to `width`. */
const implied = (degrees: number, width: number) =>
  pad(Math.round(Math.abs(degrees) * 1_000_000), width);

/** The four files' lines of the stations (run tmgChecks first; this writes what is there). */
export function tmgFiles(
  stations: readonly TmgStationTally[],
  options: TmgExportOptions,
): { station: string[]; volume: string[]; classification: string[]; speed: string[] } {
  const { stateCode, year } = options;
  const functionalClass = options.functionalClass ?? '';
  const files = {
    station: [] as string[],
    volume: [] as string[],
    classification: [] as string[],
    speed: [] as string[],
  };
  for (const tally of stations) {
    const { stationId, latitude, longitude, name, fhwaClasses, permanent, telemetry } = tally.site;
    const { merged } = tally.hours();
    const keys = [...merged.keys()]
      .map((key) => key.split('|').map(Number) as [number, number, number])
      .filter(([direction, lane, hourNumber]) => !tally.hourExcluded(direction, lane, hourNumber))
      .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    const pairs = new Set<string>();
    const lanesOf = new Map<number, Set<number>>();
    const days = new Map<string, { direction: number; lane: number; dayNumber: number }>();
    for (const [direction, lane, hourNumber] of keys) {
      pairs.add(`${direction}|${lane}`);
      let lanes = lanesOf.get(direction);
      if (!lanes) lanesOf.set(direction, (lanes = new Set<number>()));
      lanes.add(lane);
      const dayNumber = Math.floor((hourNumber * HOUR_MS) / DAY_MS);
      days.set(`${direction}|${lane}|${dayNumber}`, { direction, lane, dayNumber });
      const tallied = merged.get(keyOf(direction, lane, hourNumber)) as HourTally;
      const date = new Date(hourNumber * HOUR_MS);
      const when = [
        date.getUTCFullYear(),
        pad(date.getUTCMonth() + 1),
        pad(date.getUTCDate()),
        pad(date.getUTCHours()),
      ];
      const head = [stateCode, stationId, direction, lane, ...when, ''];
      if (fhwaClasses)
        files.classification.push(
          ['C', ...head, tallied.volume, 0, ...Array.from(tallied.classes.subarray(1, 14))].join(
            '|',
          ),
        );
      files.speed.push(
        ['T', ...head, '', TMG_SPEED_BINS_MPH.length + 1, tallied.volume, ...tallied.speeds].join(
          '|',
        ),
      );
    }
    for (const { direction, lane, dayNumber } of days.values()) {
      const date = new Date(dayNumber * DAY_MS);
      let restricted = false;
      const volumes = Array.from({ length: 24 }, (_, hour) => {
        const hourNumber = dayNumber * 24 + hour;
        if (tally.hourExcluded(direction, lane, hourNumber)) {
          restricted = true;
          return '';
        }
        return merged.get(keyOf(direction, lane, hourNumber))?.volume ?? 0;
      });
      files.volume.push(
        [
          '3',
          stateCode,
          functionalClass,
          stationId,
          direction,
          lane,
          date.getUTCFullYear(),
          pad(date.getUTCMonth() + 1),
          pad(date.getUTCDate()),
          date.getUTCDay() + 1,
          ...volumes,
          restricted ? 2 : 0,
        ].join('|'),
      );
    }
    const counting = permanent ? 3 : 2;
    const established = tally.firstYear();
    for (const pair of [...pairs].sort()) {
      const [direction = 0, lane = 0] = pair.split('|').map(Number);
      const lanes = Math.min(lanesOf.get(direction)?.size ?? 0, 9);
      files.station.push(
        [
          'S',
          stateCode,
          stationId,
          direction,
          lane,
          year,
          functionalClass,
          lanes,
          'Y',
          lanes,
          counting,
          lanes,
          fhwaClasses ? counting : 4,
          fhwaClasses ? options.classificationMethod : '',
          fhwaClasses ? 13 : '',
          0,
          '',
          '',
          telemetry ? 2 : 1,
          options.sensorType ?? '',
          'N',
          options.primaryPurpose,
          '',
          '',
          latitude === null ? '' : implied(latitude, 8),
          longitude === null ? '' : implied(longitude, 9),
          '',
          '',
          established ?? '',
          '',
          options.countyCode ?? '',
          '',
          '',
          '',
          '',
          '',
          text(name, 50),
        ].join('|'),
      );
    }
  }
  return files;
}
