import {
  ascendingRunsOf,
  CODE_SCALES,
  CODE_VALUES,
  codedMeasure,
  MeasureCoder,
  preparedOf,
  widenBounds,
  emptyBounds,
  type CodedMeasure,
  type PreparedColumns,
} from './preparedColumns.ts';
import {
  columnsByDirection,
  mapDirections,
  SCAN_COLUMN_NAMES,
  VEHICLE_COLUMN_TYPES,
  typedArrayIn,
  type Allocate,
  type ScanColumns,
} from './vehicleColumns.ts';
import type { RandomAccessFile } from './randomAccessFile.ts';

export type { RandomAccessFile } from './randomAccessFile.ts';

// A scan file holds one file's columns as the site-detail scan reads them: split by direction,
// with speed, headway and gap coded, so that loading a site is reading its scan files into
// memory. Layout: each column's bytes (8-byte aligned), the value tables of the codes, a JSON
// footer, the footer's length (4 bytes, little-endian) and `MAGIC`.

const MAGIC = 'RCSCAN01';
const TAIL_BYTES = 4 + MAGIC.length;
const FORMAT = 1;

const COLUMN_TYPES = {
  ...(Object.fromEntries(
    SCAN_COLUMN_NAMES.map((name) => [name, VEHICLE_COLUMN_TYPES[name]]),
  ) as Pick<typeof VEHICLE_COLUMN_TYPES, (typeof SCAN_COLUMN_NAMES)[number]>),
  speedCode: Uint16Array,
  headwayCode: Uint16Array,
  gapCode: Uint16Array,
} as const;
type ScanFileColumn = keyof typeof COLUMN_TYPES;
const COLUMN_NAMES = Object.keys(COLUMN_TYPES) as ScanFileColumn[];

/** Where a part of the file lies. */
interface Section {
  offset: number;
  bytes: number;
}

const MEASURES = [
  { name: 'speed', column: 'speedMps', codes: 'speedCode', overflow: false },
  { name: 'headway', column: 'headwayS', codes: 'headwayCode', overflow: true },
  { name: 'gap', column: 'gapS', codes: 'gapCode', overflow: true },
] as const;
type MeasureName = (typeof MEASURES)[number]['name'];

interface Footer {
  format: number;
  /** Null when the file has no vehicles (JSON has no infinities). */
  minTimeMs: number | null;
  maxTimeMs: number | null;
  maxSpeedMps: number;
  /** The run that wrote the file's columns: a scan file of another run is not used. */
  version: string;
  measures: Record<MeasureName, { scale: number; values: Section }>;
  batches: {
    rows: number;
    ascendingRuns: number[] | null;
    columns: Record<ScanFileColumn, Section>;
  }[];
}

/** Where a scan file's writer stood (`ScanFileWriter.mark`). */
export interface ScanFileMark {
  offset: number;
  batches: number;
  bounds: ReturnType<typeof emptyBounds>;
}

/**
 * What a scan file's writer learns from a file's batches before writing: the bounds of times
 * and speeds, and the scale at which each measure codes exactly. Fed as the batches are made
 * (at ingest), or by a pass over the file's columns.
 */
export class ScanFileCoding {
  private readonly candidates = MEASURES.map(({ overflow }) =>
    CODE_SCALES.map((scale) => new MeasureCoder(scale, overflow)),
  );
  readonly bounds = emptyBounds();

  add(batch: ScanColumns): void {
    widenBounds(this.bounds, batch);
    MEASURES.forEach(({ column }, measure) => {
      for (const coder of this.candidates[measure] ?? []) coder.code(batch[column]);
    });
  }

  /** Each measure's coder at the first scale that codes it exactly; null when one has none. */
  coders(): MeasureCoder[] | null {
    const coders = this.candidates.map((coders) => coders.find((coder) => coder.codable));
    return coders.every((coder) => coder !== undefined) ? coders : null;
  }
}

/**
 * Writes a file's scan file a batch at a time, as chunks to write in order. With `coders` (a
 * coding learnt from all the file's batches), every batch is coded with them. Without, each
 * measure is coded at the first scale that codes the first batch exactly, so that a file is
 * written as its batches are made without going over them twice: should a later batch need a
 * finer scale, the batches already written would have to be coded again, and the writer gives
 * up (`add` answers null; `uncodable` tells whether any scale could have coded the file).
 */
export class ScanFileWriter {
  private offset = 0;
  private readonly batches: Footer['batches'] = [];
  private readonly bounds = emptyBounds();
  private readonly coders: MeasureCoder[];
  private readonly learnt: boolean;
  private given = false;
  /** Given up because no scale codes a measure: the file has no scan file. */
  uncodable = false;

  constructor(
    private version: string,
    coders?: MeasureCoder[],
  ) {
    this.learnt = coders !== undefined;
    this.coders =
      coders ??
      MEASURES.map(({ overflow }) => new MeasureCoder(CODE_SCALES[0] as number, overflow));
  }

  /** The chunks of a batch of the file's columns; null once the writer has given up. */
  add(file: ScanColumns): Uint8Array[] | null {
    if (this.given) return null;
    widenBounds(this.bounds, file);
    const parts = columnsByDirection(file);
    const codes: Uint16Array[][] = [];
    for (const [measure, { column }] of MEASURES.entries()) {
      const partCodes = this.code(measure, parts, column);
      if (!partCodes) {
        this.given = true;
        return null;
      }
      codes.push(partCodes);
    }
    const chunks: Uint8Array[] = [];
    for (const [part, batch] of parts.entries()) {
      const columns = {} as Record<ScanFileColumn, Section>;
      for (const name of SCAN_COLUMN_NAMES) columns[name] = this.put(batch[name], chunks);
      for (const [measure, { codes: name }] of MEASURES.entries())
        columns[name] = this.put(codes[measure]?.[part] as Uint16Array, chunks);
      const runs = ascendingRunsOf(batch.timeMs);
      this.batches.push({
        rows: batch.timeMs.length,
        ascendingRuns: runs ? [...runs] : null,
        columns,
      });
    }
    return chunks;
  }

  /**
   * Where the writer stands: its bytes so far (the chunks before the value tables), batches and
   * bounds. A file appended to keeps the writer and its marks between writes (a realtime day).
   */
  mark(): ScanFileMark {
    return { offset: this.offset, batches: this.batches.length, bounds: { ...this.bounds } };
  }

  /**
   * Goes back to a mark taken before: the batches added since are forgotten, and the next chunks
   * are written from the mark's offset (the file is cut there). The measures' value tables keep
   * what they learnt, which only refuses a value that would have shared a code with one dropped.
   */
  rewind(mark: ScanFileMark): void {
    if (this.given) throw new Error('scan file: rewound after the writer gave up');
    this.offset = mark.offset;
    this.batches.length = mark.batches;
    Object.assign(this.bounds, mark.bounds);
  }

  /**
   * The last chunks: the value tables of the codes, the footer and the tail; `version` names
   * this writing when it is not the writer's first.
   */
  finish(version?: string): Uint8Array[] {
    if (this.given) throw new Error('scan file: finished after the writer gave up');
    if (version !== undefined) this.version = version;
    const chunks: Uint8Array[] = [];
    const measures = {} as Footer['measures'];
    for (const [measure, { name }] of MEASURES.entries()) {
      const coder = this.coders[measure] as MeasureCoder;
      measures[name] = { scale: coder.scale, values: this.put(coder.values, chunks) };
    }
    const { bounds } = this;
    const footer: Footer = {
      format: FORMAT,
      version: this.version,
      minTimeMs: Number.isFinite(bounds.minTimeMs) ? bounds.minTimeMs : null,
      maxTimeMs: Number.isFinite(bounds.maxTimeMs) ? bounds.maxTimeMs : null,
      maxSpeedMps: bounds.maxSpeedMps,
      measures,
      batches: this.batches,
    };
    const json = new TextEncoder().encode(JSON.stringify(footer));
    const tail = new Uint8Array(TAIL_BYTES);
    new DataView(tail.buffer).setUint32(0, json.length, true);
    tail.set(new TextEncoder().encode(MAGIC), 4);
    chunks.push(json, tail);
    return chunks;
  }

  /** Each part's codes of a measure, at the writer's scale (or a later one, at the first batch). */
  private code(
    measure: number,
    parts: ScanColumns[],
    column: (typeof MEASURES)[number]['column'],
  ): Uint16Array[] | null {
    for (;;) {
      const coder = this.coders[measure] as MeasureCoder;
      const codes = parts.map((part) => new Uint16Array(part.timeMs.length));
      if (parts.every((part, index) => coder.code(part[column], codes[index]))) return codes;
      const next = CODE_SCALES[CODE_SCALES.indexOf(coder.scale) + 1];
      if (this.learnt || this.batches.length > 0 || next === undefined) {
        // The last scale fails only where every scale before it failed the first batch.
        this.uncodable = this.learnt || next === undefined;
        return null;
      }
      this.coders[measure] = new MeasureCoder(next, MEASURES[measure]?.overflow ?? false);
    }
  }

  /** A view's bytes and padding to the next multiple of 8, added to `chunks`; where they lie. */
  private put(view: ArrayBufferView, chunks: Uint8Array[]): Section {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const section = { offset: this.offset, bytes: bytes.length };
    chunks.push(bytes);
    const pad = (8 - (bytes.length % 8)) % 8;
    if (pad > 0) chunks.push(PADDING.subarray(0, pad));
    this.offset += bytes.length + pad;
    return section;
  }
}

const PADDING = new Uint8Array(8);

/**
 * The scan file of a file's columns, as chunks to write, given its record batches (read once
 * more first when `coding` has not seen them); null when a measure cannot be coded (such a
 * file is prepared from its columns when a site loads).
 */
export async function scanFileChunks(
  batchesOf: () => AsyncIterable<ScanColumns>,
  version: string,
  coding?: ScanFileCoding,
): Promise<AsyncGenerator<Uint8Array> | null> {
  let learnt = coding;
  if (!learnt) {
    learnt = new ScanFileCoding();
    for await (const batch of batchesOf()) learnt.add(batch);
  }
  const coders = learnt.coders();
  if (!coders) return null;
  return (async function* chunks() {
    const writer = new ScanFileWriter(version, coders);
    for await (const batch of batchesOf()) yield* writer.add(batch) ?? [];
    yield* writer.finish();
  })();
}

async function footerOf(file: RandomAccessFile): Promise<Footer | null> {
  if (file.size < TAIL_BYTES) return null;
  const tail = new Uint8Array(TAIL_BYTES);
  await file.read(tail, file.size - TAIL_BYTES);
  if (new TextDecoder().decode(tail.subarray(4)) !== MAGIC) return null;
  const length = new DataView(tail.buffer).getUint32(0, true);
  if (length > file.size - TAIL_BYTES) return null;
  const json = new Uint8Array(length);
  await file.read(json, file.size - TAIL_BYTES - length);
  try {
    const footer = JSON.parse(new TextDecoder().decode(json)) as Footer;
    return footer.format === FORMAT ? footer : null;
  } catch {
    return null;
  }
}

/** A scan file of a site, the run its columns must come from, and its direction map. */
export interface ScanFileSource {
  file: RandomAccessFile;
  version: string;
  /** Direction codes in the file → the codes they count as on the site. */
  directionMap?: Record<string, number> | undefined;
}

/**
 * A site's prepared columns read from its files' scan files into memory from `memory`; null
 * when one is missing, of another run, or coded differently from the others (two values at one
 * code, or another scale): the site is then prepared from its columns.
 */
export async function preparedFromScanFiles(
  sources: ScanFileSource[],
  memory: Allocate,
): Promise<PreparedColumns | null> {
  const footers: Footer[] = [];
  for (const source of sources) {
    const footer = await footerOf(source.file);
    if (!footer || footer.version !== source.version) return null;
    footers.push(footer);
  }
  // Each measure's value table for the whole site, when the files agree on every code.
  const tables: Float64Array[] = [];
  for (const { name } of MEASURES) {
    const scale = scaleOf(footers, name);
    if (footers.some((footer) => footer.measures[name].scale !== scale)) return null;
    const table = typedArrayIn(Float64Array, memory, CODE_VALUES).fill(Number.NaN);
    const values = new Float64Array(CODE_VALUES);
    for (const [index, footer] of footers.entries()) {
      await readSection(sources[index] as ScanFileSource, footer.measures[name].values, values);
      for (let code = 0; code < CODE_VALUES; code += 1) {
        const value = values[code] as number;
        if (value !== value) continue;
        const known = table[code] as number;
        if (known !== known) table[code] = value;
        else if (known !== value) return null;
      }
    }
    tables.push(table);
  }
  const batches: ScanColumns[] = [];
  const ascendingRuns: (Int32Array | null)[] = [];
  const codes: Uint16Array[][] = MEASURES.map(() => []);
  const bounds = emptyBounds();
  for (const [index, footer] of footers.entries()) {
    const source = sources[index] as ScanFileSource;
    bounds.minTimeMs = Math.min(bounds.minTimeMs, footer.minTimeMs ?? Number.POSITIVE_INFINITY);
    bounds.maxTimeMs = Math.max(bounds.maxTimeMs, footer.maxTimeMs ?? Number.NEGATIVE_INFINITY);
    bounds.maxSpeedMps = Math.max(bounds.maxSpeedMps, footer.maxSpeedMps);
    for (const batch of footer.batches) {
      const columns = {} as Record<ScanFileColumn, ArrayBufferView>;
      for (const name of COLUMN_NAMES) {
        const column: ArrayBufferView = typedArrayIn(
          COLUMN_TYPES[name] as Float64ArrayConstructor,
          memory,
          batch.rows,
        );
        await readSection(source, batch.columns[name], column);
        columns[name] = column;
      }
      const scanColumns = Object.fromEntries(
        SCAN_COLUMN_NAMES.map((name) => [name, columns[name]]),
      ) as unknown as ScanColumns;
      const { directionMap } = source;
      if (directionMap) mapDirections(scanColumns.direction, directionMap, scanColumns.direction);
      batches.push(scanColumns);
      ascendingRuns.push(batch.ascendingRuns ? Int32Array.from(batch.ascendingRuns) : null);
      MEASURES.forEach(({ codes: name }, measure) =>
        codes[measure]?.push(columns[name] as Uint16Array),
      );
    }
  }
  const measureOf = (measure: number): CodedMeasure =>
    codedMeasure(
      codes[measure] ?? [],
      tables[measure] as Float64Array,
      scaleOf(footers, (MEASURES[measure] as (typeof MEASURES)[number]).name),
    );
  return preparedOf(
    batches,
    ascendingRuns,
    { speed: measureOf(0), headway: measureOf(1), gap: measureOf(2) },
    bounds,
  );
}

/** The scale of the first file's codes of a measure (any scale when there are no files). */
function scaleOf(footers: Footer[], name: MeasureName): number {
  return footers[0]?.measures[name].scale ?? (CODE_SCALES[0] as number);
}

async function readSection(
  source: ScanFileSource,
  section: Section,
  into: ArrayBufferView,
): Promise<void> {
  if (section.bytes !== into.byteLength)
    throw new Error(
      `scan file: a section of ${section.bytes} bytes where ${into.byteLength} were expected`,
    );
  await source.file.read(
    new Uint8Array(into.buffer, into.byteOffset, into.byteLength),
    section.offset,
  );
}
