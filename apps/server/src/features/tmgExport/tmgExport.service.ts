import { PassThrough, type Readable } from 'node:stream';
import { inExcludedWindow } from '@roadcount/analytics';
import { findClassScheme, serverMessage } from '@roadcount/domain';
import {
  LocalTimeConverter,
  tmgChecks,
  tmgFiles,
  tmgNotes,
  tmgStationId,
  TmgStationTally,
  type TmgExportOptions,
  type TmgFailure,
} from '@roadcount/formats';
import archiver from 'archiver';
import type { Access, SiteRow } from '../../infra/access/access.ts';
import type { Viewer } from '../../infra/auth/viewer.ts';
import { HttpError } from '../../infra/errors.ts';
import type { SiteData } from '../siteData/index.ts';
import type { TmgExportRepository } from './tmgExport.repository.ts';

const HOUR_MS = 3_600_000;

/**
 * What is exported: one site or a site group, for a calendar year, under a state's FIPS code,
 * with the station record's values Roadcount does not hold (null: not given, a check fails).
 */
export interface TmgExportInput extends TmgExportOptions {
  siteId?: string | undefined;
  groupId?: string | undefined;
}

/**
 * FHWA TMG 2022 export (TMAS files) of a site or a site group for a year: each site's vehicles
 * counted per direction, lane and local hour from its stored records, the checks TMAS applies
 * run first, and the four files written only when every check passes.
 */
export function createTmgExportService(deps: {
  access: Access;
  siteData: SiteData;
  repository: TmgExportRepository;
}) {
  async function sitesOf(viewer: Viewer, input: TmgExportInput): Promise<SiteRow[]> {
    if (input.groupId) {
      const group = await deps.access.siteGroup(viewer, 'sites.read', input.groupId);
      const ids = await deps.repository.groupSiteIds(group.id);
      if (ids.length === 0) throw new HttpError(400, serverMessage('reportGroupEmpty'));
      const found = await deps.access.sites(viewer, 'sites.read', ids);
      return ids.map((id) => found.find((site) => site.id === id) as SiteRow);
    }
    return [await deps.access.site(viewer, 'sites.read', input.siteId ?? '')];
  }

  async function tally(site: SiteRow, year: number): Promise<TmgStationTally> {
    const station = new TmgStationTally(
      {
        name: site.name,
        stationId: tmgStationId(site),
        latitude: site.latitude,
        longitude: site.longitude,
        fhwaClasses: findClassScheme(site.classScheme).id === 'fhwa13',
        // The guide's method of counting: a continuous or realtime counter is permanent.
        permanent: site.siteType === 'continuous' || site.siteType === 'realtime',
        telemetry: site.realtime || site.siteType === 'realtime',
      },
      year,
    );
    const local = new LocalTimeConverter(site.timeZone);
    // The zone's offset changes on the hour at most: asked once per hour.
    let offsetHour = Number.NaN;
    let offsetMs = 0;
    // Excluded bad-data periods (issue 25) are not sent to the national database either.
    const excluded = await deps.siteData.excludedWindows(site.id);
    // Their hours have no data in the records, rather than the vehicles left after them.
    for (const window of excluded)
      station.exclude(
        window.startMs + local.offsetAt(window.startMs),
        window.endMs + local.offsetAt(window.endMs),
        window.direction ?? null,
        window.lane ?? null,
      );
    for await (const { fileName, batch } of deps.siteData.vehicleBatchesByFile(site.id)) {
      const { timeMs, direction, lane, classIndex, speedMps } = batch;
      for (let index = 0; index < timeMs.length; index += 1) {
        const utcMs = timeMs[index] as number;
        if (inExcludedWindow(excluded, utcMs, direction[index] as number, lane[index] as number))
          continue;
        const hour = Math.floor(utcMs / HOUR_MS);
        if (hour !== offsetHour) {
          offsetHour = hour;
          offsetMs = local.offsetAt(utcMs);
        }
        station.add(
          fileName,
          direction[index] as number,
          lane[index] as number,
          utcMs + offsetMs,
          classIndex[index] as number,
          speedMps[index] as number,
        );
      }
    }
    return station;
  }

  async function run(viewer: Viewer, input: TmgExportInput) {
    const sites = await sitesOf(viewer, input);
    const stations: TmgStationTally[] = [];
    for (const site of sites) stations.push(await tally(site, input.year));
    return { sites, stations, failures: tmgChecks(stations, input) };
  }

  return {
    /** The checks' failures (none: the export would be accepted) and the records it would hold. */
    async check(viewer: Viewer, input: TmgExportInput) {
      const { sites, stations, failures } = await run(viewer, input);
      const files = tmgFiles(stations, input);
      return {
        passed: failures.length === 0,
        sites: sites.length,
        failures,
        notes: tmgNotes(stations),
        records: {
          station: files.station.length,
          volume: files.volume.length,
          classification: files.classification.length,
          speed: files.speed.length,
        },
      };
    },

    /** The four files in one zip; 422 naming each failure when a check fails. */
    async download(
      viewer: Viewer,
      input: TmgExportInput,
    ): Promise<{ fileName: string; stream: Readable } | { failures: TmgFailure[] }> {
      const { sites, stations, failures } = await run(viewer, input);
      if (failures.length > 0) return { failures };
      const files = tmgFiles(stations, input);
      const label = (sites.length === 1 ? tmgStationId(sites[0] as SiteRow) : 'GROUP').slice(0, 12);
      const base = `TMG_${input.stateCode}_${input.year}_${label}`;
      const archive = archiver('zip', { zlib: { level: 6 } });
      const out = new PassThrough();
      archive.on('error', (error) => out.destroy(error));
      archive.pipe(out);
      const text = (lines: string[]) => (lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '');
      archive.append(text(files.station), { name: `${base}.STA` });
      archive.append(text(files.volume), { name: `${base}.VOL` });
      archive.append(text(files.classification), { name: `${base}.CLS` });
      archive.append(text(files.speed), { name: `${base}.SPD` });
      void archive.finalize();
      return { fileName: `${base}.zip`, stream: out };
    },
  };
}

export type TmgExportService = ReturnType<typeof createTmgExportService>;
