import {
  type FileHandle,
  RecordBatchFileWriter,
  RecordBatchReader,
  Table,
  tableFromArrays,
  tableFromIPC,
  tableToIPC,
} from 'apache-arrow';
import type { RandomAccessFile } from './randomAccessFile.ts';

/** The columns of one processed file, in SI units and UTC milliseconds. NaN where unknown. */
export interface VehicleColumns {
  timeMs: Float64Array;
  lane: Int16Array;
  direction: Uint8Array;
  classIndex: Int16Array;
  speedMps: Float32Array;
  lengthM: Float32Array;
  headwayS: Float32Array;
  gapS: Float32Array;
  axles: Int16Array;
  wheelbaseM: Float32Array;
  rho: Float32Array;
}

type ColumnName = keyof VehicleColumns;
type TypedArray = VehicleColumns[ColumnName];

/** Each column's array type. */
export const VEHICLE_COLUMN_TYPES: {
  [K in ColumnName]: new (length: number) => VehicleColumns[K];
} = {
  timeMs: Float64Array,
  lane: Int16Array,
  direction: Uint8Array,
  classIndex: Int16Array,
  speedMps: Float32Array,
  lengthM: Float32Array,
  headwayS: Float32Array,
  gapS: Float32Array,
  axles: Int16Array,
  wheelbaseM: Float32Array,
  rho: Float32Array,
};

export const COLUMN_NAMES = Object.keys(VEHICLE_COLUMN_TYPES) as ColumnName[];

/** The columns the filters and the site-detail figures read (a vehicle's other measures aside). */
export const SCAN_COLUMN_NAMES = [
  'timeMs',
  'lane',
  'direction',
  'classIndex',
  'speedMps',
  'headwayS',
  'gapS',
] as const satisfies readonly ColumnName[];

export type ScanColumns = Pick<VehicleColumns, (typeof SCAN_COLUMN_NAMES)[number]>;

/** Integer columns cannot hold NaN; this marks a missing integer. */
export const MISSING_INTEGER = -1;

export type VehicleRow = { [K in ColumnName]: number };

/**
 * Rows per batch: big enough for fast scans, small enough that growing never copies much, and
 * that the batches ingest holds at once (the one being filled, those being stored, and their scan
 * files' parts) stay a few tens of megabytes.
 */
export const BATCH_ROWS = 1 << 18;

function allocate(capacity: number): VehicleColumns {
  return Object.fromEntries(
    COLUMN_NAMES.map((name) => [name, new VEHICLE_COLUMN_TYPES[name](capacity)]),
  ) as unknown as VehicleColumns;
}

/**
 * Appends vehicles into typed arrays in batches of fixed size: no object per vehicle is kept and
 * nothing is copied as it grows, so memory stays near 39 bytes a vehicle.
 */
export class VehicleColumnsBuilder {
  private readonly full: VehicleColumns[] = [];
  private current: VehicleColumns;
  private used = 0;
  length = 0;

  /**
   * With `onFullBatch`, each full batch is handed over and not kept, so a file of any size is
   * held one batch at a time; `batches()` then answers only the last, partial batch.
   */
  constructor(
    private readonly batchRows = BATCH_ROWS,
    private readonly onFullBatch?: (batch: VehicleColumns) => void,
  ) {
    this.current = allocate(Math.min(batchRows, 65_536));
  }

  push(row: VehicleRow): void {
    if (this.used === this.current.timeMs.length) this.makeRoom();
    const at = this.used;
    const columns = this.current;
    columns.timeMs[at] = row.timeMs;
    columns.lane[at] = Number.isFinite(row.lane) ? row.lane : MISSING_INTEGER;
    columns.direction[at] = row.direction;
    columns.classIndex[at] = Number.isFinite(row.classIndex) ? row.classIndex : MISSING_INTEGER;
    columns.speedMps[at] = row.speedMps;
    columns.lengthM[at] = row.lengthM;
    columns.headwayS[at] = row.headwayS;
    columns.gapS[at] = row.gapS;
    columns.axles[at] = Number.isFinite(row.axles) ? row.axles : MISSING_INTEGER;
    columns.wheelbaseM[at] = row.wheelbaseM;
    columns.rho[at] = row.rho;
    this.used = at + 1;
    this.length += 1;
  }

  /** Small files start small; the first batch grows to full size, later ones start full. */
  private makeRoom(): void {
    const capacity = this.current.timeMs.length;
    if (capacity < this.batchRows) {
      const bigger = allocate(Math.min(this.batchRows, capacity * 4));
      for (const name of COLUMN_NAMES) bigger[name].set(this.current[name]);
      this.current = bigger;
      return;
    }
    if (this.onFullBatch) this.onFullBatch(this.current);
    else this.full.push(this.current);
    this.current = allocate(this.batchRows);
    this.used = 0;
  }

  /** The filled batches (views, not copies). */
  batches(): VehicleColumns[] {
    return this.used > 0
      ? [...this.full, columnsSlice(this.current, 0, this.used)]
      : [...this.full];
  }

  /** All vehicles in one set of arrays (a copy when there is more than one batch). */
  build(): VehicleColumns {
    return concatColumns(this.batches());
  }
}

// Rows copied by element size, each function meeting one array type only (so it stays fast);
// 4- and 2-byte columns are copied as their bits, so every value (NaN too) comes through as is.
function gather64(source: Float64Array, rows: Int32Array, into: Float64Array): void {
  for (let at = 0; at < rows.length; at += 1) into[at] = source[rows[at] as number] as number;
}
function gather32(source: Uint32Array, rows: Int32Array, into: Uint32Array): void {
  for (let at = 0; at < rows.length; at += 1) into[at] = source[rows[at] as number] as number;
}
function gather16(source: Uint16Array, rows: Int32Array, into: Uint16Array): void {
  for (let at = 0; at < rows.length; at += 1) into[at] = source[rows[at] as number] as number;
}
function gather8(source: Uint8Array, rows: Int32Array, into: Uint8Array): void {
  for (let at = 0; at < rows.length; at += 1) into[at] = source[rows[at] as number] as number;
}

/** One column's `rows`, in their order, copied into `into` (of the column's type). */
function gatherRows<T extends TypedArray>(source: T, rows: Int32Array, into: T): T {
  const view = <V>(
    Type: new (buffer: ArrayBufferLike, offset: number, length: number) => V,
    of: T,
  ) => new Type(of.buffer, of.byteOffset, of.length);
  if (source instanceof Float64Array) gather64(source, rows, into as Float64Array);
  else if (source.BYTES_PER_ELEMENT === 4)
    gather32(view(Uint32Array, source), rows, view(Uint32Array, into));
  else if (source.BYTES_PER_ELEMENT === 2)
    gather16(view(Uint16Array, source), rows, view(Uint16Array, into));
  else gather8(view(Uint8Array, source), rows, view(Uint8Array, into));
  return into;
}

/**
 * Writes `direction` into `into` (the same array, or one as long) with each code mapped through
 * `map` (direction codes as stored → the codes they count as; codes not in it stay as they are).
 */
export function mapDirections(
  direction: Uint8Array,
  map: Record<string, number>,
  into: Uint8Array,
): Uint8Array {
  const lookup = new Uint8Array(256).map((_, code) => map[String(code)] ?? code);
  for (let index = 0; index < direction.length; index += 1)
    into[index] = lookup[direction[index] as number] as number;
  return into;
}

/**
 * Memory for prepared columns: a view of `bytes` bytes starting 8-byte aligned, not necessarily
 * zeroed (every byte is written before it is read).
 */
export type Allocate = (bytes: number) => Uint8Array;

/** Fresh shared memory, which other threads read without a copy of their own. */
export const sharedMemory: Allocate = (bytes) => new Uint8Array(new SharedArrayBuffer(bytes));

/** A typed array of `length` elements in memory from `memory`. */
export function typedArrayIn<T extends ArrayBufferView>(
  Type: (new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T) & {
    BYTES_PER_ELEMENT: number;
  },
  memory: Allocate,
  length: number,
): T {
  const view = memory(length * Type.BYTES_PER_ELEMENT);
  return new Type(view.buffer, view.byteOffset, length);
}

/**
 * The columns the scans read (`ScanColumns`) as one set per direction (directions ascending),
 * each holding that direction's rows in their order: a scan then meets each direction's time
 * bins one after another. Copies into memory from `memory` (shared memory, say, so that other
 * threads can read them without a copy of their own); without it, the columns of a single
 * direction are kept as they are.
 */
export function columnsByDirection(
  columns: ScanColumns,
  { memory }: { memory?: Allocate } = {},
): ScanColumns[] {
  const { direction } = columns;
  const counts = new Uint32Array(256);
  for (let index = 0; index < direction.length; index += 1)
    counts[direction[index] as number] = (counts[direction[index] as number] as number) + 1;
  const present = [...counts.keys()].filter((value) => (counts[value] as number) > 0);
  if (present.length <= 1 && !memory) return [columns];
  const copy = <T extends TypedArray>(column: T, length: number): T => {
    const Type = column.constructor as (new (
      buffer: ArrayBufferLike,
      byteOffset: number,
      length: number,
    ) => T) & { BYTES_PER_ELEMENT: number };
    return memory
      ? typedArrayIn(Type, memory, length)
      : new Type(new ArrayBuffer(length * Type.BYTES_PER_ELEMENT), 0, length);
  };
  const setOf = (into: (name: (typeof SCAN_COLUMN_NAMES)[number]) => TypedArray) =>
    Object.fromEntries(
      SCAN_COLUMN_NAMES.map((name) => [name, into(name)]),
    ) as unknown as ScanColumns;
  if (present.length <= 1)
    return [
      setOf((name) => {
        const into = copy(columns[name], columns[name].length);
        into.set(columns[name]);
        return into;
      }),
    ];
  // Every row in one pass, each direction's rows after the last's (a stable counting sort).
  const starts = new Uint32Array(256);
  for (let value = 1; value < 256; value += 1)
    starts[value] = (starts[value - 1] as number) + (counts[value - 1] as number);
  const order = new Int32Array(direction.length);
  const cursor = starts.slice();
  for (let index = 0; index < direction.length; index += 1) {
    const value = direction[index] as number;
    order[cursor[value] as number] = index;
    cursor[value] = (cursor[value] as number) + 1;
  }
  return present.map((value) => {
    const start = starts[value] as number;
    const rows = order.subarray(start, start + (counts[value] as number));
    return setOf((name) => gatherRows(columns[name], rows, copy(columns[name], rows.length)));
  });
}

/**
 * An Arrow IPC file made batch by batch: `write` each batch as it is built (its arrays are
 * encoded as they are, not copied: they must not change until stored), take the file's bytes
 * from `chunks` as they are made, then `finish`; `abort` ends the chunks with the error. Where
 * the bytes go, and how fast, is the caller's (the server streams them to its store).
 */
export function createArrowColumnsEncoder(): {
  chunks: AsyncIterable<Uint8Array>;
  write: (batch: VehicleColumns) => void;
  finish: () => void;
  abort: (error: Error) => void;
} {
  const writer = new RecordBatchFileWriter();
  return {
    chunks: writer as AsyncIterable<Uint8Array>,
    write: (batch) => {
      for (const recordBatch of tableFromArrays({ ...batch }).batches) writer.write(recordBatch);
    },
    finish: () => {
      writer.finish();
      writer.close();
    },
    abort: (error) => {
      writer.abort(error);
    },
  };
}

/** One Arrow IPC file holding the columns. */
export function columnsToArrow(columns: VehicleColumns): Uint8Array {
  return tableToIPC(tableFromArrays({ ...columns }), 'file');
}

/**
 * One Arrow IPC file holding the batches in turn, made at once: for columns already in memory,
 * written without the turns of a stream (a realtime day rewritten while ingest keeps the
 * process busy).
 */
export function batchesToArrow(batches: readonly VehicleColumns[]): Uint8Array {
  if (batches.length === 0) return columnsToArrow(allocate(0));
  const recordBatches = batches.flatMap((batch) => tableFromArrays({ ...batch }).batches);
  return tableToIPC(new Table(recordBatches), 'file');
}

/** Arrow IPC's end-of-stream marker: a continuation word and a zero length. */
const ARROW_STREAM_END = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0]);

/**
 * The parts of an Arrow IPC stream of vehicle columns, so that one can be written a record batch
 * at a time and read whole: `schema` (the stream's first message), `body` (the batches' record
 * batch messages) and `end` (the end-of-stream marker). A stream is a `schema`, the bodies in
 * turn, then `end`; a batch appended is written over the old `end`.
 */
export function arrowStreamParts(batches: readonly VehicleColumns[]) {
  const stream = tableToIPC(
    batches.length === 0
      ? tableFromArrays({ ...allocate(0) })
      : new Table(batches.flatMap((batch) => tableFromArrays({ ...batch }).batches)),
    'stream',
  );
  // The first message, the schema: the continuation word, its metadata's length, the metadata.
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  if (view.getInt32(0, true) !== -1) throw new Error('arrow stream: no continuation word');
  const schemaBytes = 8 + view.getInt32(4, true);
  return {
    schema: stream.subarray(0, schemaBytes),
    body:
      batches.length === 0
        ? new Uint8Array(0)
        : stream.subarray(schemaBytes, stream.length - ARROW_STREAM_END.length),
    end: ARROW_STREAM_END,
  };
}

/** The batches as one: their columns end to end. */
export function concatColumns(batches: readonly VehicleColumns[]): VehicleColumns {
  if (batches.length === 1) return batches[0] as VehicleColumns;
  const rows = batches.reduce((sum, batch) => sum + batch.timeMs.length, 0);
  const joined = allocate(rows);
  let at = 0;
  for (const batch of batches) {
    for (const name of COLUMN_NAMES) joined[name].set(batch[name], at);
    at += batch.timeMs.length;
  }
  return joined;
}

/** The columns' rows sorted by time (rows of one instant keep their order). */
export function columnsInTimeOrder(columns: VehicleColumns): VehicleColumns {
  const { timeMs } = columns;
  const rows = Int32Array.from({ length: timeMs.length }, (_, row) => row).sort(
    (a, b) => (timeMs[a] as number) - (timeMs[b] as number) || a - b,
  );
  const sorted = allocate(rows.length);
  for (const name of COLUMN_NAMES) gatherRows(columns[name], rows, sorted[name]);
  return sorted;
}

/** The columns' rows [from, to), over the same memory. */
export function columnsSlice(columns: VehicleColumns, from: number, to: number): VehicleColumns {
  return Object.fromEntries(
    COLUMN_NAMES.map((name) => [name, columns[name].subarray(from, to)]),
  ) as unknown as VehicleColumns;
}

/** The named columns of an Arrow table or record batch, as typed arrays over its buffers where it can. */
function columnsOf(source: {
  getChild(name: string): { toArray(): unknown } | null;
}): VehicleColumns {
  return Object.fromEntries(
    COLUMN_NAMES.map((name) => {
      const vector = source.getChild(name);
      if (!vector) throw new Error(`the column file has no '${name}' column`);
      return [name, vector.toArray() as TypedArray];
    }),
  ) as unknown as VehicleColumns;
}

/** Columns from an Arrow IPC file: typed arrays over the file's own buffers where possible. */
export function columnsFromArrow(bytes: Uint8Array): VehicleColumns {
  return columnsOf(tableFromIPC(bytes));
}

/**
 * The columns of an Arrow IPC file one record batch at a time, each over the batch's own
 * buffers (no copy of the whole file's columns, as `columnsFromArrow` makes when there are
 * several). Given a file to read at positions (the caller opens it and reads), only one batch
 * is read into memory at a time.
 */
export async function* columnBatchesFromArrow(
  source: Uint8Array | RandomAccessFile,
): AsyncGenerator<VehicleColumns> {
  if (source instanceof Uint8Array) {
    for (const batch of tableFromIPC(source).batches) yield columnsOf(batch);
    return;
  }
  const reader = await RecordBatchReader.from(arrowFileOf(source));
  for await (const batch of reader) yield columnsOf(batch);
}

/**
 * A file read at positions as Arrow's file reader reads an open file: its size, and reads that
 * fill what they are given. The reader holds no handle of its own: the caller closes the file.
 */
function arrowFileOf(file: RandomAccessFile): FileHandle {
  const handle = {
    // Arrow tells an open file by a number here; it never uses it.
    fd: -1,
    stat: () => Promise.resolve({ size: file.size }),
    read: async (buffer: Uint8Array, offset: number, length: number, position: number) => {
      await file.read(buffer.subarray(offset, offset + length), position);
      return { bytesRead: length, buffer };
    },
    close: () => Promise.resolve(),
  };
  return handle as unknown as FileHandle;
}
