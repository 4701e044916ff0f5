/** Direction codes of SPEC section 3: 0 undefined, 1 north, 3 east, 5 south, 7 west (even codes between). */
export type DirectionCode = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** One vehicle as a counter saw it, in SI units and UTC. NaN where the file has no value. */
export interface VehicleObservation {
  timeMs: number;
  lane: number;
  direction: DirectionCode;
  classIndex: number;
  speedMps: number;
  lengthM: number;
  headwayS: number;
  gapS: number;
  axles: number;
  wheelbaseM: number;
  /** Correlation certainty 0 to 1 (the product shows 0 to 100). */
  rho: number;
}

/** A count over an interval (bike and pedestrian counters). */
export interface IntervalObservation {
  startMs: number;
  durationS: number;
  direction: DirectionCode;
  lane: number;
  count: number;
  mode: 'vehicle' | 'bike' | 'pedestrian';
}

export type FormatName = 'metrocount' | 'jamar' | 'roadcount' | 'ecocounter' | 'national';

/** What a file says about where it was recorded, read before its data. */
export interface CounterFileHeader {
  format: FormatName;
  siteName?: string;
  attribute?: string;
  description?: string;
  /** From `SID:<id>` in the description, attribute or header. */
  siteId?: string;
  /**
   * The counter station's own code (Jamar `Station ID:`): files of one station carry the same
   * code, which matches a site as a SID does (SPEC section 4).
   */
  stationCode?: string;
  latitude?: number;
  longitude?: number;
  /** An IANA zone the file names, if any. */
  timeZone?: string;
  /**
   * The class scheme of the file's vehicles: as the file names it (MetroCount `Scheme:`), or
   * the scheme id the format always uses (Jamar 'fhwa13', Eco-Counter 'modes'). Absent when the
   * file's classes are those of the site it joins (Roadcount CSV).
   */
  classScheme?: string;
  /** Directions the file declares, in the order it lists them. */
  directions: DirectionCode[];
  kind: 'vehicles' | 'intervals';
}

/** What the caller decides once it knows the header: the site's time zone and lane layout. */
export interface SiteContext {
  timeZone: string;
  /** Direction of each lane or channel number, for files that name no direction. */
  laneDirections?: Record<number, DirectionCode>;
}

export interface ObservationSink {
  vehicle: (observation: VehicleObservation) => void;
  interval: (observation: IntervalObservation) => void;
}

export interface ReadSummary {
  header: CounterFileHeader;
  vehicles: number;
  intervals: number;
  firstMs: number | null;
  lastMs: number | null;
  /**
   * Lines whose direction counts cannot make the row's total (Eco-Counter): read as given, the
   * file waits for review naming them.
   */
  directionsNotTotal?: { rows: number; lines: number[] };
}

export interface ReadOptions {
  fileName: string;
  /** Called once with the header; answers the site's context (after matching the site). */
  resolveSite: (header: CounterFileHeader) => Promise<SiteContext>;
  sink: ObservationSink;
  /** What interval counters count in this file (bike or pedestrian counters); bike by default. */
  intervalMode?: 'bike' | 'pedestrian';
  /** What an xlsx's entries may inflate to in all; `MAX_XLSX_INFLATED_BYTES` (200 MB) unless set. */
  maxXlsxInflatedBytes?: number;
}
