import { serverMessage } from '@roadcount/domain';
import { HttpError } from '../../infra/errors.ts';
import type { VehicleSpan } from '../siteData/index.ts';

/**
 * Time bins the site-detail fields of one request may draw together: a year at 15-minute bins
 * (35,040) is allowed, a year at 5-minute bins (105,120) is not. The answer grows with them.
 */
export const MAX_REQUEST_BINS = 50_000;
/**
 * Vehicles the site-detail fields of one request may read together: the whole history of a
 * busy continuous site (about 7 years at 10,000 vehicles a day). A scan's time grows with them.
 */
export const MAX_REQUEST_VEHICLES = 25_000_000;

/** What a site-detail field will touch: its time bins and the vehicles it reads. */
export interface SiteDetailPrice {
  bins: number;
  vehicles: number;
}

/**
 * The price of a site-detail field, known before its scan from the files' metadata: the bins
 * of `binMinutes` that cover the first to the last moment of data within the window, and the
 * vehicles of each file in proportion to the part of its span the window covers (all of them
 * for a file whose span is unknown).
 */
export function siteDetailPrice(
  spans: readonly VehicleSpan[],
  window: { startMs: number; endMs: number },
  binMinutes: number,
): SiteDetailPrice {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let vehicles = 0;
  for (const span of spans) {
    if (span.startMs === null || span.endMs === null) {
      vehicles += span.vehicles;
      continue;
    }
    const from = Math.max(span.startMs, window.startMs);
    const to = Math.min(span.endMs, window.endMs);
    if (from > to) continue;
    first = Math.min(first, from);
    last = Math.max(last, to);
    const length = span.endMs - span.startMs;
    vehicles += length > 0 ? Math.ceil((span.vehicles * (to - from)) / length) : span.vehicles;
  }
  const binMs = binMinutes * 60_000;
  const bins = first > last ? 0 : Math.max(1, Math.ceil((last - first) / binMs));
  return { bins, vehicles };
}

/**
 * The site-detail fields of one request: what they have spent so far (each field is priced
 * before its scan, and refused, 400 saying what to narrow, once the request's total would pass
 * a limit), and what they read once for all of them (a site's access and facts).
 */
export function createSiteDetailRequest() {
  const spent: SiteDetailPrice = { bins: 0, vehicles: 0 };
  const reads = new Map<string, Promise<unknown>>();
  return {
    /** What `read` gives, read once for the whole request under `key`. */
    once<T>(key: string, read: () => Promise<T>): Promise<T> {
      let found = reads.get(key) as Promise<T> | undefined;
      if (!found) {
        found = read();
        reads.set(key, found);
      }
      return found;
    },
    spend(price: SiteDetailPrice): void {
      const bins = spent.bins + price.bins;
      const vehicles = spent.vehicles + price.vehicles;
      if (bins > MAX_REQUEST_BINS)
        throw new HttpError(
          400,
          serverMessage('siteDetailTooManyBins', { bins, max: MAX_REQUEST_BINS }),
        );
      if (vehicles > MAX_REQUEST_VEHICLES)
        throw new HttpError(
          400,
          serverMessage('siteDetailTooManyVehicles', { vehicles, max: MAX_REQUEST_VEHICLES }),
        );
      spent.bins = bins;
      spent.vehicles = vehicles;
    },
  };
}

export type SiteDetailRequest = ReturnType<typeof createSiteDetailRequest>;
