import { useMutation } from '@tanstack/react-query';
import { http, RequestError } from '@/lib/http.ts';
import type { paths } from '@/generated/openapi.ts';
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

type TmgQuery = NonNullable<paths['/api/tmg/check']['get']['parameters']['query']>;

/**
 * The export's query; empty values are left out, so the checks name what is still needed. The
 * form offers only the document's codes for the sensor, purpose and method (TmgExportPanel).
 */
const query = (request: TmgRequest): TmgQuery => ({
  site_id: request.siteId,
  year: request.year,
  state_code: request.stateCode,
  functional_class: request.functionalClass,
  county_code: request.countyCode,
  sensor_type: (request.sensorType || undefined) as TmgQuery['sensor_type'],
  primary_purpose: request.primaryPurpose as TmgQuery['primary_purpose'],
  classification_method: request.classificationMethod as TmgQuery['classification_method'],
});

const searchOf = (values: TmgQuery) =>
  new URLSearchParams(
    Object.entries(values).flatMap(([name, value]) => (value ? [[name, String(value)]] : [])),
  ).toString();

/** Runs the TMAS checks of a site's TMG export for a year. */
export function useTmgCheck() {
  return useMutation({
    mutationFn: (request: TmgRequest) => http.get('/api/tmg/check', { query: query(request) }),
  });
}

/** Saves the site's TMG files (a zip of .STA, .VOL, .CLS and .SPD) once the checks pass. */
export async function downloadTmg(request: TmgRequest): Promise<void> {
  const access = readTokens()?.access;
  const response = await fetch(`/api/tmg/export.zip?${searchOf(query(request))}`, {
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
