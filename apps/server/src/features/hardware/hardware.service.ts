import {
  isDeviceSilent,
  serverMessage,
  type DeviceArrayInput,
  type DeviceInput,
  type DeviceKind,
  type DeviceMappingInput,
  type DeviceUpdate,
  type deviceArrayUpdateSchema,
  type gpsLocationInputSchema,
  type roadSectionInputSchema,
  type roadSectionUpdateSchema,
} from '@roadcount/domain';
import type { z } from 'zod';
import { organisationScope, scopedOrganisationId, type Access } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type {
  DeviceArrayRow,
  DeviceMappingRow,
  DeviceRow,
  GpsLocationRow,
  HardwareRepository,
  RoadSectionWithSite,
} from './hardware.repository.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toDevice(row: DeviceRow, now: Date, silenceMinutes: number) {
  return {
    id: row.id,
    kind: row.kind as DeviceKind,
    serial: row.serial,
    model: row.model,
    name: row.name,
    notes: row.notes,
    gateway_id: row.gatewayId,
    latitude: row.latitude,
    longitude: row.longitude,
    last_seen_at: iso(row.lastSeenAt),
    battery_percent: row.batteryPercent,
    signal_dbm: row.signalDbm,
    silent: isDeviceSilent(row.lastSeenAt, now, silenceMinutes),
    has_api_key: row.apiKeyHash !== null,
    created_on: row.createdOn.toISOString(),
  };
}

const toArray = (row: DeviceArrayRow) => ({
  id: row.id,
  name: row.name,
  spacing_m: row.spacingM,
  device_ids: row.deviceIds,
  created_on: row.createdOn.toISOString(),
});

const toMapping = (row: DeviceMappingRow) => ({
  id: row.id,
  device_array_id: row.deviceArrayId,
  site_id: row.siteId,
  lane_id: row.laneId,
  valid_from: row.validFrom.toISOString(),
  valid_to: iso(row.validTo),
});

const toLocation = (row: GpsLocationRow) => ({
  id: row.id,
  device_id: row.deviceId,
  latitude: row.latitude,
  longitude: row.longitude,
  recorded_at: row.recordedAt.toISOString(),
});

const toSection = (row: RoadSectionWithSite) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  site_id: row.siteId,
  site_name: row.siteName,
  coordinates: row.coordinates,
  created_on: row.createdOn.toISOString(),
});

/** The device registry of issue 27: every call opens its resources through the access helpers. */
export function createHardwareService(deps: {
  repository: HardwareRepository;
  access: Access;
  silenceMinutes: number;
  now?: () => Date;
}) {
  const { repository, access } = deps;
  const now = deps.now ?? (() => new Date());
  const device = (row: DeviceRow) => toDevice(row, now(), deps.silenceMinutes);

  /** The organisation a new record belongs to: the viewer's (platform staff have none). */
  function ownOrganisation(viewer: Viewer): string {
    if (!viewer.organisationId)
      throw new HttpError(400, serverMessage('hardwareNeedsOrganisation'));
    return viewer.organisationId;
  }

  /**
   * A live site of the section's organisation: another organisation's is refused as any of its
   * resources is, a deleted or missing one is not found.
   */
  async function sectionSite(viewer: Viewer, siteId: string, organisationId: string) {
    const site = await access.site(viewer, 'hardware.write', siteId);
    if (site.ownerOrganisationId !== organisationId) throw new HttpError(403);
    return site;
  }

  async function sectionWithSite(id: string) {
    const row = await repository.section(id);
    if (!row) throw new Error(`road section ${id} vanished`);
    return row;
  }

  /** The device, the organisation's and of the kind the field asks for. */
  async function deviceOfKind(viewer: Viewer, id: string, kind: DeviceKind, field: string) {
    const found = await access.device(viewer, 'hardware.write', id);
    if (found.kind !== kind)
      throw new HttpError(
        400,
        serverMessage('deviceNotKind', { field, serial: found.serial, kind }),
      );
    return found;
  }

  async function checkSerial(organisationId: string, serial: string, exceptId?: string) {
    if (await repository.serialTaken(organisationId, serial, exceptId))
      throw new HttpError(400, serverMessage('deviceSerialTaken', { serial }));
  }

  async function checkArrayDevices(viewer: Viewer, ids: readonly string[]) {
    for (const [index, id] of ids.entries())
      await deviceOfKind(viewer, id, 'roadstud', `device_ids.${index}`);
  }

  return {
    async listDevices(viewer: Viewer, filter: { kind?: DeviceKind; search?: string }) {
      const scope = organisationScope(viewer, 'hardware.read');
      return (await repository.listDevices(scopedOrganisationId(scope), filter)).map(device);
    },

    async getDevice(viewer: Viewer, id: string) {
      return device(await access.device(viewer, 'hardware.read', id));
    },

    /** Gateways with the studs each hears. */
    async listGateways(viewer: Viewer, search?: string) {
      const scope = organisationScope(viewer, 'hardware.read');
      const gateways = await repository.listDevices(scopedOrganisationId(scope), {
        kind: 'gateway',
        search,
      });
      const studs = await repository.studsOf(gateways.map((gateway) => gateway.id));
      return gateways.map((gateway) => ({
        ...device(gateway),
        studs: studs
          .filter((stud) => stud.gatewayId === gateway.id)
          .map((stud) => ({ id: stud.id, serial: stud.serial })),
      }));
    },

    async createDevice(viewer: Viewer, input: DeviceInput) {
      const organisationId = ownOrganisation(viewer);
      await checkSerial(organisationId, input.serial);
      if (input.gateway_id) {
        if (input.kind !== 'roadstud')
          throw new HttpError(
            400,
            serverMessage('deviceNotKind', {
              field: 'gateway_id',
              serial: input.serial,
              kind: 'roadstud',
            }),
          );
        await deviceOfKind(viewer, input.gateway_id, 'gateway', 'gateway_id');
      }
      const row = await repository.insertDevice({
        organisationId,
        kind: input.kind,
        serial: input.serial,
        model: input.model ?? null,
        name: input.name ?? null,
        notes: input.notes ?? null,
        gatewayId: input.gateway_id ?? null,
      });
      if (input.latitude != null && input.longitude != null) {
        await repository.insertLocation({
          organisationId,
          deviceId: row.id,
          latitude: input.latitude,
          longitude: input.longitude,
        });
        return device(await access.device(viewer, 'hardware.read', row.id));
      }
      return device(row);
    },

    async updateDevice(viewer: Viewer, id: string, input: DeviceUpdate) {
      const found = await access.device(viewer, 'hardware.write', id);
      if (input.serial !== undefined) await checkSerial(found.organisationId, input.serial, id);
      if (input.gateway_id) {
        if (found.kind !== 'roadstud')
          throw new HttpError(
            400,
            serverMessage('deviceNotKind', {
              field: 'gateway_id',
              serial: found.serial,
              kind: 'roadstud',
            }),
          );
        await deviceOfKind(viewer, input.gateway_id, 'gateway', 'gateway_id');
      }
      await repository.updateDevice(id, {
        ...(input.serial === undefined ? {} : { serial: input.serial }),
        ...(input.model === undefined ? {} : { model: input.model }),
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.notes === undefined ? {} : { notes: input.notes }),
        ...(input.gateway_id === undefined ? {} : { gatewayId: input.gateway_id }),
      });
      if (input.latitude != null && input.longitude != null)
        await repository.insertLocation({
          organisationId: found.organisationId,
          deviceId: id,
          latitude: input.latitude,
          longitude: input.longitude,
        });
      return device(await access.device(viewer, 'hardware.read', id));
    },

    /** A stud still in an array is refused: the array's lane would lose a sensor unseen. */
    async deleteDevice(viewer: Viewer, id: string) {
      const found = await access.device(viewer, 'hardware.write', id);
      const [holding] = await repository.arraysHolding(found.organisationId, id);
      if (holding)
        throw new HttpError(
          400,
          serverMessage('deviceInArray', { serial: found.serial, array: holding.name }),
        );
      await repository.deleteDevice(id);
    },

    async listArrays(viewer: Viewer) {
      const scope = organisationScope(viewer, 'hardware.read');
      return (await repository.listArrays(scopedOrganisationId(scope))).map(toArray);
    },

    async getArray(viewer: Viewer, id: string) {
      return toArray(await access.deviceArray(viewer, 'hardware.read', id));
    },

    async createArray(viewer: Viewer, input: DeviceArrayInput) {
      const organisationId = ownOrganisation(viewer);
      await checkArrayDevices(viewer, input.device_ids);
      return toArray(
        await repository.insertArray({
          organisationId,
          name: input.name,
          spacingM: input.spacing_m,
          deviceIds: [...new Set(input.device_ids)],
        }),
      );
    },

    async updateArray(viewer: Viewer, id: string, input: z.infer<typeof deviceArrayUpdateSchema>) {
      await access.deviceArray(viewer, 'hardware.write', id);
      if (input.device_ids) await checkArrayDevices(viewer, input.device_ids);
      return toArray(
        await repository.updateArray(id, {
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(input.spacing_m === undefined ? {} : { spacingM: input.spacing_m }),
          ...(input.device_ids === undefined ? {} : { deviceIds: [...new Set(input.device_ids)] }),
        }),
      );
    },

    async deleteArray(viewer: Viewer, id: string) {
      await access.deviceArray(viewer, 'hardware.write', id);
      await repository.deleteArray(id);
    },

    async listMappings(viewer: Viewer, siteId?: string) {
      if (siteId) {
        const site = await access.site(viewer, 'hardware.read', siteId);
        return (await repository.listMappings(site.ownerOrganisationId, site.id)).map(toMapping);
      }
      const scope = organisationScope(viewer, 'hardware.read');
      return (await repository.listMappings(scopedOrganisationId(scope))).map(toMapping);
    },

    /** Maps an array to a lane of a site, all three the viewer's organisation's. */
    async createMapping(viewer: Viewer, input: DeviceMappingInput) {
      const array = await access.deviceArray(viewer, 'hardware.write', input.device_array_id);
      const site = await access.site(viewer, 'hardware.write', input.site_id);
      if (site.ownerOrganisationId !== array.organisationId) throw new HttpError(403);
      const lane = await repository.lane(input.lane_id);
      if (!lane || lane.siteId !== site.id)
        throw new HttpError(400, serverMessage('laneNotOfSite'));
      const from = new Date(input.valid_from);
      const to = input.valid_to ? new Date(input.valid_to) : null;
      const overlap = await repository.overlappingMapping(lane.id, from, to);
      if (overlap)
        throw new HttpError(
          400,
          serverMessage('mappingOverlaps', { from: overlap.validFrom.toISOString() }),
        );
      return toMapping(
        await repository.insertMapping({
          organisationId: array.organisationId,
          deviceArrayId: array.id,
          siteId: site.id,
          laneId: lane.id,
          validFrom: from,
          validTo: to,
        }),
      );
    },

    /** Ends (or reopens) a mapping; its array, site and lane stay. */
    async updateMapping(viewer: Viewer, id: string, validTo: string | null) {
      const mapping = await access.deviceMapping(viewer, 'hardware.write', id);
      const to = validTo ? new Date(validTo) : null;
      if (to && to <= mapping.validFrom)
        throw new HttpError(400, serverMessage('mappingEndBeforeStart'));
      const overlap = await repository.overlappingMapping(
        mapping.laneId,
        mapping.validFrom,
        to,
        mapping.id,
      );
      if (overlap)
        throw new HttpError(
          400,
          serverMessage('mappingOverlaps', { from: overlap.validFrom.toISOString() }),
        );
      return toMapping(await repository.updateMapping(id, { validTo: to }));
    },

    async deleteMapping(viewer: Viewer, id: string) {
      await access.deviceMapping(viewer, 'hardware.write', id);
      await repository.deleteMapping(id);
    },

    async listLocations(viewer: Viewer, deviceId?: string) {
      if (deviceId) {
        const found = await access.device(viewer, 'hardware.read', deviceId);
        return (await repository.listLocations(found.organisationId, found.id)).map(toLocation);
      }
      const scope = organisationScope(viewer, 'hardware.read');
      return (await repository.listLocations(scopedOrganisationId(scope))).map(toLocation);
    },

    async addLocation(viewer: Viewer, input: z.infer<typeof gpsLocationInputSchema>) {
      const found = await access.device(viewer, 'hardware.write', input.device_id);
      return toLocation(
        await repository.insertLocation({
          organisationId: found.organisationId,
          deviceId: found.id,
          latitude: input.latitude,
          longitude: input.longitude,
          ...(input.recorded_at ? { recordedAt: new Date(input.recorded_at) } : {}),
        }),
      );
    },

    async getLocation(viewer: Viewer, id: string) {
      return toLocation(await access.gpsLocation(viewer, 'hardware.read', id));
    },

    async listSections(viewer: Viewer, siteId?: string) {
      if (siteId) {
        const site = await access.site(viewer, 'hardware.read', siteId);
        return (await repository.listSections(site.ownerOrganisationId, site.id)).map(toSection);
      }
      const scope = organisationScope(viewer, 'hardware.read');
      return (await repository.listSections(scopedOrganisationId(scope))).map(toSection);
    },

    async getSection(viewer: Viewer, id: string) {
      await access.roadSection(viewer, 'hardware.read', id);
      return toSection(await sectionWithSite(id));
    },

    async createSection(viewer: Viewer, input: z.infer<typeof roadSectionInputSchema>) {
      const organisationId = ownOrganisation(viewer);
      if (input.site_id) await sectionSite(viewer, input.site_id, organisationId);
      const made = await repository.insertSection({
        organisationId,
        name: input.name,
        description: input.description ?? null,
        siteId: input.site_id ?? null,
        coordinates: input.coordinates,
      });
      return toSection(await sectionWithSite(made.id));
    },

    async updateSection(
      viewer: Viewer,
      id: string,
      input: z.infer<typeof roadSectionUpdateSchema>,
    ) {
      const found = await access.roadSection(viewer, 'hardware.write', id);
      if (input.site_id) await sectionSite(viewer, input.site_id, found.organisationId);
      await repository.updateSection(id, {
        ...(input.name === undefined ? {} : { name: input.name }),
        ...(input.description === undefined ? {} : { description: input.description }),
        ...(input.site_id === undefined ? {} : { siteId: input.site_id }),
        ...(input.coordinates === undefined ? {} : { coordinates: input.coordinates }),
      });
      return toSection(await sectionWithSite(id));
    },

    async deleteSection(viewer: Viewer, id: string) {
      await access.roadSection(viewer, 'hardware.write', id);
      await repository.deleteSection(id);
    },
  };
}

export type HardwareService = ReturnType<typeof createHardwareService>;
