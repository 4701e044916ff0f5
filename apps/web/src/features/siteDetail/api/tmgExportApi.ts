import { useMutation } from '@tanstack/react-query';
import { http, RequestError } from '@/lib/http.ts';
import type { ResponseBody } from '@/lib/openapi.ts';
import { readTokens } from '@/lib/session/tokenStorage.ts';

export type TmgCheck = ResponseBody<'/api/tmg/check', 'get'>;
export type TmgFailure = TmgCheck['failures'][number];

/** The export's year and state, and the station record's values (empty: not given). */
export interface TmgRequest {
  siteId: string;
  year: number;
  stateCode: string;
  functionalClass: string;
  countyCode: string;
  sensorType: string;
  primaryPurpose: string;
  classificationMethod: string;
}

const query = (request: TmgRequest) => {
  const params = new URLSearchParams({
    site_id: request.siteId,
    year: String(request.year),
    state_code: request.stateCode,
    primary_purpose: request.primaryPurpose,
    classification_method: request.classificationMethod,
  });
  // Left out when not given: the checks then name what the station record still needs.
  if (request.functionalClass) params.set('functional_class', request.functionalClass);
  if (request.countyCode) params.set('county_code', request.countyCode);
  if (request.sensorType) params.set('sensor_type', request.sensorType);
  return params.toString();
};

/** Runs the TMAS checks of a site's TMG export for a year. */
export function useTmgCheck() {
  return useMutation({
    mutationFn: (request: TmgRequest) => http.get<TmgCheck>(`/api/tmg/check?${query(request)}`),
  });
}

/** Saves the site's TMG files (a zip of .STA, .VOL, .CLS and .SPD) once the checks pass. */
export async function downloadTmg(request: TmgRequest): Promise<void> {
  const access = readTokens()?.access;
  const response = await fetch(`/api/tmg/export.zip?${query(request)}`, {
    headers: access ? { authorization: `Bearer ${access}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new RequestError(response.status, body.message ?? response.statusText, body);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'tmg.zip';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
