import { messageForStatus } from '@roadcount/domain';
import { RequestError } from '@/lib/http.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';
import type { FilterPayload } from './siteDetailApi.ts';

async function saveDownload(path: string, fileName: string) {
  const access = readTokens()?.access;
  const response = await fetch(path, {
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (!response.ok) throw new RequestError(response.status, messageForStatus(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const safeName = (siteName: string) => siteName.replace(/[^\w.-]+/g, '_');

/** Saves the vehicles that pass the filters as the Roadcount CSV the server writes. */
export async function downloadVehicles(siteId: string, siteName: string, filter: FilterPayload) {
  await saveDownload(
    `/api/sites/${siteId}/vehicles.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    `${safeName(siteName)}-vehicles.csv`,
  );
}

/** Saves the summary (cards, bins, classes, speeding) for the same filters as an xlsx workbook. */
export async function downloadSummary(
  siteId: string,
  siteName: string,
  filter: FilterPayload,
  aggregationMinutes: number,
  units: 'metric' | 'imperial',
) {
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    aggregation: String(aggregationMinutes),
    units,
  });
  await saveDownload(
    `/api/sites/${siteId}/summary.xlsx?${query.toString()}`,
    `${safeName(siteName)}-summary.xlsx`,
  );
}
