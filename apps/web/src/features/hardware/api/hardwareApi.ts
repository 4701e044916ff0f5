import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeviceKind } from '@roadcount/domain';
import { graphql } from '@/generated/gql.ts';
import { graphqlRequest } from '@/lib/graphql.ts';
import { http } from '@/lib/http.ts';
import type { RequestBody, ResponseBody } from '@/lib/openapi.ts';

export type Device = ResponseBody<'/core/api/config/devices/{id}', 'get'>;
export type Gateway = ResponseBody<'/core/api/config/rtg_devices/', 'get'>[number];
export type DeviceArray = ResponseBody<'/core/api/config/device_arrays/{id}', 'get'>;
export type DeviceMapping = ResponseBody<'/core/api/config/device_mappings/', 'get'>[number];
export type DeviceInput = RequestBody<'/core/api/config/devices/', 'post'>;
export type DeviceUpdate = RequestBody<'/core/api/config/devices/{id}', 'patch'>;
export type DeviceArrayInput = RequestBody<'/core/api/config/device_arrays/', 'post'>;
export type DeviceMappingInput = RequestBody<'/core/api/config/device_mappings/', 'post'>;
export type RoadSection = ResponseBody<'/core/api/config/road_sections/{id}', 'get'>;
export type RoadSectionInput = RequestBody<'/core/api/config/road_sections/', 'post'>;

const hardwareKeys = {
  all: ['hardware'] as const,
  devices: (kind: DeviceKind | undefined, search: string) =>
    [...hardwareKeys.all, 'devices', kind ?? 'all', search] as const,
  gateways: (search: string) => [...hardwareKeys.all, 'gateways', search] as const,
  arrays: () => [...hardwareKeys.all, 'arrays'] as const,
  mappings: (siteId: string | undefined) =>
    [...hardwareKeys.all, 'mappings', siteId ?? 'all'] as const,
  sections: (siteId: string | undefined) =>
    [...hardwareKeys.all, 'sections', siteId ?? 'all'] as const,
  sectionSites: (search: string) => [...hardwareKeys.all, 'sectionSites', search] as const,
};

/** The organisation's devices of a kind (all kinds when none), matching the search. */
export function useDevices(kind: DeviceKind | undefined, search = '') {
  return useQuery({
    queryKey: hardwareKeys.devices(kind, search),
    queryFn: () => http.get('/core/api/config/devices/', { query: { kind, search } }),
  });
}

/** Gateways with the studs each hears. */
export function useGateways(search = '') {
  return useQuery({
    queryKey: hardwareKeys.gateways(search),
    queryFn: () => http.get('/core/api/config/rtg_devices/', { query: { search } }),
  });
}

export function useDeviceArrays() {
  return useQuery({
    queryKey: hardwareKeys.arrays(),
    queryFn: () => http.get('/core/api/config/device_arrays/'),
  });
}

/** Mappings of one site, or of every site of the organisation. */
export function useDeviceMappings(siteId?: string) {
  return useQuery({
    queryKey: hardwareKeys.mappings(siteId),
    queryFn: () => http.get('/core/api/config/device_mappings/', { query: { site_id: siteId } }),
  });
}

/**
 * The organisation's road sections (named stretches of road, each a line of points), or those
 * linked to one site.
 */
export function useRoadSections(siteId?: string) {
  return useQuery({
    queryKey: hardwareKeys.sections(siteId),
    queryFn: () => http.get('/core/api/config/road_sections/', { query: { site_id: siteId } }),
  });
}

const SECTION_SITES = graphql(`
  query RoadSectionSites($search: String) {
    sites(search: $search, page: 0, page_size: 50, sort: "name", direction: "asc") {
      sites {
        id
        name
        latitude
        longitude
      }
    }
  }
`);

/** The organisation's sites matching the search, by name: those a road section may be tied to. */
export function useRoadSectionSites(search: string) {
  return useQuery({
    queryKey: hardwareKeys.sectionSites(search),
    queryFn: async () =>
      (await graphqlRequest(SECTION_SITES, { search: search || null })).sites.sites,
  });
}

/** Every change to hardware refreshes every hardware list: they show one another's records. */
function useHardwareMutation<Variables, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hardwareKeys.all }),
  });
}

export const useCreateDevice = () =>
  useHardwareMutation((input: DeviceInput) => http.post('/core/api/config/devices/', input));

export const useUpdateDevice = () =>
  useHardwareMutation(({ id, changes }: { id: string; changes: DeviceUpdate }) =>
    http.patch('/core/api/config/devices/{id}', changes, { path: { id } }),
  );

export const useDeleteDevice = () =>
  useHardwareMutation((id: string) =>
    http.delete('/core/api/config/devices/{id}', { path: { id } }),
  );

export const useCreateDeviceArray = () =>
  useHardwareMutation((input: DeviceArrayInput) =>
    http.post('/core/api/config/device_arrays/', input),
  );

export const useUpdateDeviceArray = () =>
  useHardwareMutation(({ id, changes }: { id: string; changes: Partial<DeviceArrayInput> }) =>
    http.patch('/core/api/config/device_arrays/{id}', changes, { path: { id } }),
  );

export const useDeleteDeviceArray = () =>
  useHardwareMutation((id: string) =>
    http.delete('/core/api/config/device_arrays/{id}', { path: { id } }),
  );

export const useCreateDeviceMapping = () =>
  useHardwareMutation((input: DeviceMappingInput) =>
    http.post('/core/api/config/device_mappings/', input),
  );

export const useEndDeviceMapping = () =>
  useHardwareMutation(({ id, validTo }: { id: string; validTo: string | null }) =>
    http.patch('/core/api/config/device_mappings/{id}', { valid_to: validTo }, { path: { id } }),
  );

export const useDeleteDeviceMapping = () =>
  useHardwareMutation((id: string) =>
    http.delete('/core/api/config/device_mappings/{id}', { path: { id } }),
  );

/** Makes a new ingest key for a gateway (the old one stops working): answered this once. */
export const useRotateGatewayKey = () =>
  useHardwareMutation((id: string) =>
    http.post('/core/api/config/rtg_devices/{id}/api_key', {}, { path: { id } }),
  );

/** Revokes a gateway's ingest key: its batches are refused until a new key is made. */
export const useRevokeGatewayKey = () =>
  useHardwareMutation((id: string) =>
    http.delete('/core/api/config/rtg_devices/{id}/api_key', { path: { id } }),
  );

export const useCreateRoadSection = () =>
  useHardwareMutation((input: RoadSectionInput) =>
    http.post('/core/api/config/road_sections/', input),
  );

export const useUpdateRoadSection = () =>
  useHardwareMutation(({ id, changes }: { id: string; changes: Partial<RoadSectionInput> }) =>
    http.patch('/core/api/config/road_sections/{id}', changes, { path: { id } }),
  );

export const useDeleteRoadSection = () =>
  useHardwareMutation((id: string) =>
    http.delete('/core/api/config/road_sections/{id}', { path: { id } }),
  );
