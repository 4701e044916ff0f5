import {
  deviceAnswer,
  deviceArrayAnswer,
  deviceArrayInputSchema,
  deviceArraysAnswer,
  deviceArrayUpdateSchema,
  deviceInputSchema,
  deviceListQuerySchema,
  deviceMappingAnswer,
  deviceMappingInputSchema,
  deviceMappingListQuerySchema,
  deviceMappingsAnswer,
  deviceMappingUpdateSchema,
  devicesAnswer,
  deviceUpdateSchema,
  gatewaysAnswer,
  gpsLocationAnswer,
  gpsLocationInputSchema,
  gpsLocationListQuerySchema,
  gpsLocationsAnswer,
  roadSectionAnswer,
  roadSectionInputSchema,
  roadSectionListQuerySchema,
  roadSectionsAnswer,
  roadSectionUpdateSchema,
} from '@roadcount/domain';
import { z } from 'zod';
import type { Router } from '../../infra/http/route.ts';
import type { HardwareService } from './hardware.service.ts';

const TAG = 'hardware';
const CONFIG = '/core/api/config';
const READ = { 200: 'found', 401: 'no session', 403: 'not yours' };
const WRITE = {
  400: 'invalid field (named)',
  401: 'no session',
  403: 'a viewer, or not yours',
  404: 'no such resource',
};
const searchQuery = z.object({ search: z.string().max(200).optional() });

/** SPEC section 7's hardware paths under /core/api/config/ (issue 27). */
export function registerHardwareRoutes(router: Router, service: HardwareService): void {
  router.define({
    method: 'get',
    path: `${CONFIG}/devices/`,
    summary: "The organisation's devices (studs, gateways, counters) with their state",
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    query: deviceListQuerySchema,
    responses: READ,
    answer: devicesAnswer,
    handler: ({ viewer, query }) => service.listDevices(viewer, query),
  });
  router.define({
    method: 'post',
    path: `${CONFIG}/devices/`,
    summary: 'Register a device',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: deviceInputSchema,
    status: 201,
    responses: { 201: 'registered', ...WRITE },
    answer: deviceAnswer,
    handler: ({ viewer, body }) => service.createDevice(viewer, body),
  });
  router.define({
    method: 'get',
    path: `${CONFIG}/devices/:id`,
    summary: 'A device with its state',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    responses: { ...READ, 404: 'no such device' },
    answer: deviceAnswer,
    handler: ({ viewer, params }) => service.getDevice(viewer, params.id ?? ''),
  });
  router.define({
    method: 'patch',
    path: `${CONFIG}/devices/:id`,
    summary: "Change a device's serial, model, name, notes, gateway or position",
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: deviceUpdateSchema,
    responses: { 200: 'changed', ...WRITE },
    answer: deviceAnswer,
    handler: ({ viewer, params, body }) => service.updateDevice(viewer, params.id ?? '', body),
  });
  router.define({
    method: 'delete',
    path: `${CONFIG}/devices/:id`,
    summary: 'Remove a device (a stud must first leave its arrays)',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    responses: { 204: 'removed', ...WRITE },
    handler: ({ viewer, params }) => service.deleteDevice(viewer, params.id ?? ''),
  });

  router.define({
    method: 'get',
    path: `${CONFIG}/rtg_devices/`,
    summary: 'The gateway list: gateways with the studs each hears',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    query: searchQuery,
    responses: READ,
    answer: gatewaysAnswer,
    handler: ({ viewer, query }) => service.listGateways(viewer, query.search),
  });
  router.define({
    method: 'get',
    path: `${CONFIG}/road_studs_devices/`,
    summary: 'The magnetometer list: roadstuds with their state and gateway',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    query: searchQuery,
    responses: READ,
    answer: devicesAnswer,
    handler: ({ viewer, query }) =>
      service.listDevices(viewer, { kind: 'roadstud', search: query.search }),
  });

  router.define({
    method: 'get',
    path: `${CONFIG}/device_arrays/`,
    summary: 'Device arrays: the studs across a lane, with their spacing',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    responses: READ,
    answer: deviceArraysAnswer,
    handler: ({ viewer }) => service.listArrays(viewer),
  });
  router.define({
    method: 'post',
    path: `${CONFIG}/device_arrays/`,
    summary: 'Make a device array of roadstuds',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: deviceArrayInputSchema,
    status: 201,
    responses: { 201: 'made', ...WRITE },
    answer: deviceArrayAnswer,
    handler: ({ viewer, body }) => service.createArray(viewer, body),
  });
  router.define({
    method: 'get',
    path: `${CONFIG}/device_arrays/:id`,
    summary: 'A device array',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    responses: { ...READ, 404: 'no such array' },
    answer: deviceArrayAnswer,
    handler: ({ viewer, params }) => service.getArray(viewer, params.id ?? ''),
  });
  router.define({
    method: 'patch',
    path: `${CONFIG}/device_arrays/:id`,
    summary: "Change a device array's name, spacing or studs",
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: deviceArrayUpdateSchema,
    responses: { 200: 'changed', ...WRITE },
    answer: deviceArrayAnswer,
    handler: ({ viewer, params, body }) => service.updateArray(viewer, params.id ?? '', body),
  });
  router.define({
    method: 'delete',
    path: `${CONFIG}/device_arrays/:id`,
    summary: 'Remove a device array and its mappings',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    responses: { 204: 'removed', ...WRITE },
    handler: ({ viewer, params }) => service.deleteArray(viewer, params.id ?? ''),
  });

  router.define({
    method: 'get',
    path: `${CONFIG}/device_mappings/`,
    summary: 'Which array measures which lane of which site, from when to when',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    query: deviceMappingListQuerySchema,
    responses: { ...READ, 404: 'no such site' },
    answer: deviceMappingsAnswer,
    handler: ({ viewer, query }) => service.listMappings(viewer, query.site_id),
  });
  router.define({
    method: 'post',
    path: `${CONFIG}/device_mappings/`,
    summary: 'Map a device array to a lane of a site from a time (until one, or still)',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: deviceMappingInputSchema,
    status: 201,
    responses: { 201: 'mapped', ...WRITE },
    answer: deviceMappingAnswer,
    handler: ({ viewer, body }) => service.createMapping(viewer, body),
  });
  router.define({
    method: 'patch',
    path: `${CONFIG}/device_mappings/:id`,
    summary: 'End a mapping at a time, or reopen it (valid_to null)',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: deviceMappingUpdateSchema,
    responses: { 200: 'changed', ...WRITE },
    answer: deviceMappingAnswer,
    handler: ({ viewer, params, body }) =>
      service.updateMapping(viewer, params.id ?? '', body.valid_to),
  });
  router.define({
    method: 'delete',
    path: `${CONFIG}/device_mappings/:id`,
    summary: 'Remove a mapping',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    responses: { 204: 'removed', ...WRITE },
    handler: ({ viewer, params }) => service.deleteMapping(viewer, params.id ?? ''),
  });

  router.define({
    method: 'get',
    path: `${CONFIG}/gps_locations/`,
    summary: "Devices' recorded positions, newest first (of one device with device_id)",
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    query: gpsLocationListQuerySchema,
    responses: { ...READ, 404: 'no such device' },
    answer: gpsLocationsAnswer,
    handler: ({ viewer, query }) => service.listLocations(viewer, query.device_id),
  });
  router.define({
    method: 'post',
    path: `${CONFIG}/gps_locations/`,
    summary: "Record a device's position (the newest is where the map shows it)",
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: gpsLocationInputSchema,
    status: 201,
    responses: { 201: 'recorded', ...WRITE },
    answer: gpsLocationAnswer,
    handler: ({ viewer, body }) => service.addLocation(viewer, body),
  });
  router.define({
    method: 'get',
    path: `${CONFIG}/gps_locations/:id`,
    summary: 'A recorded position',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    responses: { ...READ, 404: 'no such position' },
    answer: gpsLocationAnswer,
    handler: ({ viewer, params }) => service.getLocation(viewer, params.id ?? ''),
  });

  router.define({
    method: 'get',
    path: `${CONFIG}/road_sections/`,
    summary: 'Road sections: named stretches of road, each optionally tied to a site',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    query: roadSectionListQuerySchema,
    responses: { ...READ, 404: 'no such site' },
    answer: roadSectionsAnswer,
    handler: ({ viewer, query }) => service.listSections(viewer, query.site_id),
  });
  router.define({
    method: 'post',
    path: `${CONFIG}/road_sections/`,
    summary: 'Add a road section',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: roadSectionInputSchema,
    status: 201,
    responses: { 201: 'added', ...WRITE },
    answer: roadSectionAnswer,
    handler: ({ viewer, body }) => service.createSection(viewer, body),
  });
  router.define({
    method: 'get',
    path: `${CONFIG}/road_sections/:id`,
    summary: 'A road section',
    tag: TAG,
    auth: true,
    permission: 'hardware.read',
    responses: { ...READ, 404: 'no such section' },
    answer: roadSectionAnswer,
    handler: ({ viewer, params }) => service.getSection(viewer, params.id ?? ''),
  });
  router.define({
    method: 'patch',
    path: `${CONFIG}/road_sections/:id`,
    summary: "Change a road section's name, description, site or line",
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    body: roadSectionUpdateSchema,
    responses: { 200: 'changed', ...WRITE },
    answer: roadSectionAnswer,
    handler: ({ viewer, params, body }) => service.updateSection(viewer, params.id ?? '', body),
  });
  router.define({
    method: 'delete',
    path: `${CONFIG}/road_sections/:id`,
    summary: 'Remove a road section',
    tag: TAG,
    auth: true,
    permission: 'hardware.write',
    responses: { 204: 'removed', ...WRITE },
    handler: ({ viewer, params }) => service.deleteSection(viewer, params.id ?? ''),
  });
}
