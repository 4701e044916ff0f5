/**
 * FHWA Traffic Monitoring Guide 2022 exchange files for TMAS, pipe-delimited (chapter 4):
 * station (.STA), hourly volume (.VOL), hourly classification (.CLS) and hourly speed (.SPD),
 * one file per record type as TMAS takes them. Field lists, in order:
 *
 *   STA  S|state|station|direction|lane|year|latitude|longitude|location|volume|class|speed
 *   VOL  3|state|station|direction|lane|year|month|day|day of week (1 Sunday)|24 hourly volumes
 *   CLS  C|state|station|direction|lane|year|month|day|hour (00-23)|total|FHWA classes 1-13
 *   SPD  S|state|station|direction|lane|year|month|day|hour (00-23)|total|15 speed bins (mph)
 *
 * Direction codes are the guide's (1 north ... 8 north-west, the same as Roadcount's); lane 1
 * is the outside lane. Only whole local days are written. Before the files are written, the
 * checks TMAS applies are run (tmgChecks): a station with a failure is not exported.
 */

/** Upper bounds (mph, exclusive) of the speed bins; the last bin holds 85 mph and over. */
export const TMG_SPEED_BINS_MPH = [20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85];
const MPS_TO_MPH = 3600 / 1609.344;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export type TmgFailureCode =
  | 'coordinates_missing'
  | 'coordinates_invalid'
  | 'direction_invalid'
  | 'lane_invalid'
  | 'duplicate_records'
  | 'duplicate_station'
  | 'classes_not_fhwa'
  | 'no_whole_days';

/** A check that failed: its code, the site, the figures the message names, and the message. */
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

const keyOf = (direction: number, lane: number, hourNumber: number) =>
  `${direction}|${lane}|${hourNumber}`;

/**
 * A station's vehicles counted per direction, lane and local hour, file by file, so that an
 * hour counted by two files (a duplicate record for TMAS) is found rather than summed.
 */
export class TmgStationTally {
  private readonly byFile = new Map<string, Map<string, HourTally>>();
  private readonly fileSpans = new Map<string, { firstLocalMs: number; lastLocalMs: number }>();
  readonly invalidDirections = new Map<number, number>();
  readonly invalidLanes = new Map<number, number>();

  constructor(
    readonly site: {
      name: string;
      stationId: string;
      latitude: number | null;
      longitude: number | null;
      fhwaClasses: boolean;
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
      const mph = speedMps * MPS_TO_MPH;
      let bin = 0;
      while (bin < TMG_SPEED_BINS_MPH.length && mph >= (TMG_SPEED_BINS_MPH[bin] as number))
        bin += 1;
      tally.speeds[bin] = (tally.speeds[bin] as number) + 1;
    }
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

/** The checks TMAS applies, on every station of the export; an empty list means all passed. */
export function tmgChecks(stations: readonly TmgStationTally[]): TmgFailure[] {
  const failures: TmgFailure[] = [];
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

const field = (text: string) => text.replace(/[|\r\n]+/g, ' ').trim();

/** The four files' lines of the stations (run tmgChecks first; this writes what is there). */
export function tmgFiles(
  stations: readonly TmgStationTally[],
  stateCode: string,
  year: number,
): { station: string[]; volume: string[]; classification: string[]; speed: string[] } {
  const files = {
    station: [] as string[],
    volume: [] as string[],
    classification: [] as string[],
    speed: [] as string[],
  };
  for (const tally of stations) {
    const { stationId, latitude, longitude, name } = tally.site;
    const { merged } = tally.hours();
    const keys = [...merged.keys()]
      .map((key) => key.split('|').map(Number) as [number, number, number])
      .sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]);
    const head = (recordType: string, direction: number, lane: number) =>
      `${recordType}|${stateCode}|${stationId}|${direction}|${lane}`;
    const pairs = new Set<string>();
    const days = new Map<string, { direction: number; lane: number; dayNumber: number }>();
    for (const [direction, lane, hourNumber] of keys) {
      pairs.add(`${direction}|${lane}`);
      const dayNumber = Math.floor((hourNumber * HOUR_MS) / DAY_MS);
      days.set(`${direction}|${lane}|${dayNumber}`, { direction, lane, dayNumber });
      const tallied = merged.get(keyOf(direction, lane, hourNumber)) as HourTally;
      const date = new Date(hourNumber * HOUR_MS);
      const when = `${date.getUTCFullYear()}|${pad(date.getUTCMonth() + 1)}|${pad(date.getUTCDate())}|${pad(date.getUTCHours())}`;
      const classes = Array.from(tallied.classes.subarray(1, 14));
      if (tally.site.fhwaClasses)
        files.classification.push(
          `${head('C', direction, lane)}|${when}|${classes.reduce((sum, count) => sum + count, 0)}|${classes.join('|')}`,
        );
      const speeds = Array.from(tallied.speeds);
      files.speed.push(
        `${head('S', direction, lane)}|${when}|${speeds.reduce((sum, count) => sum + count, 0)}|${speeds.join('|')}`,
      );
    }
    for (const { direction, lane, dayNumber } of days.values()) {
      const date = new Date(dayNumber * DAY_MS);
      const volumes = Array.from({ length: 24 }, (_, hour) => {
        const tallied = merged.get(keyOf(direction, lane, dayNumber * 24 + hour));
        return tallied ? tallied.volume : 0;
      });
      files.volume.push(
        `${head('3', direction, lane)}|${date.getUTCFullYear()}|${pad(date.getUTCMonth() + 1)}|${pad(date.getUTCDate())}|${date.getUTCDay() + 1}|${volumes.join('|')}`,
      );
    }
    for (const pair of [...pairs].sort()) {
      const [direction = 0, lane = 0] = pair.split('|').map(Number);
      files.station.push(
        `${head('S', direction, lane)}|${year}|${(latitude ?? 0).toFixed(6)}|${(longitude ?? 0).toFixed(6)}|${field(name)}|Y|Y|Y`,
      );
    }
  }
  return files;
}
