import type { VehicleColumns } from '@roadcount/analytics';
import type {
  CounterFileHeader,
  IntervalObservation,
  ReadSummary,
  SiteContext,
} from '@roadcount/formats';

/** Where a file-reading thread reads uploads from. */
export interface FileReaderWorkerData {
  dataDir: string;
  s3: { bucket: string; endpoint: string | undefined; region: string } | undefined;
}

/** What the task worker asks a file-reading thread. */
export type FileReaderRequest =
  | {
      type: 'read';
      id: number;
      key: string;
      fileName: string;
      intervalMode: 'bike' | 'pedestrian';
      /** Batches taken so far (Int32 at 0), counted by the task worker; the thread waits on it. */
      taken: SharedArrayBuffer;
    }
  /** The answer to a header: the site's context, or that matching failed and the read stops. */
  | { type: 'site'; id: number; context: SiteContext; classifyByLength: boolean }
  | { type: 'site-failed'; id: number };

/** What a file-reading thread reports while it reads. */
export type FileReaderMessage =
  | { type: 'header'; id: number; header: CounterFileHeader }
  | { type: 'vehicles'; id: number; columns: VehicleColumns }
  | { type: 'intervals'; id: number; intervals: IntervalObservation[] }
  | { type: 'done'; id: number; summary: ReadSummary }
  | {
      type: 'error';
      id: number;
      message: string;
      /** Set when the file itself is at fault (a FormatError), with its location. */
      format?: { location: { file?: string; line?: number; field?: string } };
    };
