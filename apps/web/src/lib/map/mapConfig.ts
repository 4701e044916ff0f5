import { useQuery } from '@tanstack/react-query';
import { http } from '../http.ts';
import type { ResponseBody } from '../openapi.ts';

/** GET /api/map/config: the base map's style and tiles, as the server is configured. */
export type MapConfig = ResponseBody<'/api/map/config', 'get'>;

export function useMapConfig() {
  return useQuery({
    queryKey: ['mapConfig'],
    queryFn: () => http.get('/api/map/config'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
