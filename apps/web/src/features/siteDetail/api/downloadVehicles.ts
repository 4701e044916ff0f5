import { messageForStatus } from '@roadcount/domain';
import { RequestError } from '../../../lib/http.ts';
import { readTokens } from '../../session/tokenStorage.ts';
import type { FilterPayload } from './siteDetailApi.ts';

/** Saves the vehicles that pass the filters as the Roadcount CSV the server writes. */
export async function downloadVehicles(siteId: string, siteName: string, filter: FilterPayload) {
  const access = readTokens()?.access;
  const response = await fetch(
    `/api/sites/${siteId}/vehicles.csv?filter=${encodeURIComponent(JSON.stringify(filter))}`,
    { headers: access ? { authorization: `Bearer ${access}` } : {} },
  );
  if (!response.ok) throw new RequestError(response.status, messageForStatus(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${siteName.replace(/[^\w.-]+/g, '_')}-vehicles.csv`;
  link.click();
  URL.revokeObjectURL(url);
}
