import { serverMessage } from '@roadcount/domain';
import { findCoordinates } from '@roadcount/formats';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import type { StaffToolsRepository } from './staffTools.repository.ts';

interface Deps {
  repository: StaffToolsRepository;
  siteData: SiteData;
  queue: TaskQueue;
}

/**
 * move_site_organisation (staff): the site goes to the receiving organisation with its files,
 * their notes, its groups and map notes, if that organisation's subscription has room for one
 * more site. A site already there is left as it is, so running the task twice changes nothing.
 */
export function createMoveSiteHandler(deps: Deps) {
  return async function moveSite(task: Job<'move_site_organisation'>): Promise<TaskOutcome> {
    const { siteId, organisationId } = task.payload;
    const site = await deps.repository.site(siteId);
    if (!site || site.deletedAt) throw new PermanentTaskError(serverMessage('taskMoveSiteMissing'));
    const target = await deps.repository.organisation(organisationId);
    if (!target) throw new PermanentTaskError(serverMessage('taskMoveOrganisationMissing'));
    if (site.ownerOrganisationId === target.id) {
      return {
        message: serverMessage('taskSiteAlreadyInOrganisation', {
          site: site.name,
          organisation: target.name,
        }),
        result: { siteId, organisationId, moved: false },
      };
    }
    const inUse = await deps.repository.liveSiteCount(target.id);
    if (inUse >= target.maxSites) {
      throw new PermanentTaskError(
        serverMessage('taskMoveSubscriptionFull', {
          organisation: target.name,
          limit: target.maxSites,
        }),
      );
    }
    const source = await deps.repository.organisation(site.ownerOrganisationId);
    await deps.queue.progress(
      task,
      serverMessage('taskProgressMovingSite', { site: site.name, organisation: target.name }),
      10,
    );
    const moved = await deps.repository.moveSite(site, target.id, source?.name ?? 'moved');
    return {
      message: serverMessage('taskSiteMoved', {
        site: moved.name,
        from: source?.name ?? '?',
        to: target.name,
        files: moved.files,
        fileNotes: moved.fileNotes,
        groups: moved.groups.length,
        mapNotes: moved.mapNotes,
      }),
      result: {
        siteId,
        organisationId,
        fromOrganisationId: site.ownerOrganisationId,
        moved: true,
        ...moved,
      },
    };
  };
}

/**
 * clean_lanes (staff): a site's lanes repeated in one direction at one position (same name and
 * type) are kept once, and each direction's positions are numbered again from the road centre,
 * 0, 1, 2, ... in their order. A clean site stays as it is.
 */
export function createCleanLanesHandler(deps: Deps) {
  return async function cleanLanes(task: Job<'clean_lanes'>): Promise<TaskOutcome> {
    const site = await deps.repository.site(task.payload.siteId);
    if (!site || site.deletedAt) throw new PermanentTaskError(serverMessage('taskSiteGone'));
    const all = await deps.repository.lanes(site.id);
    const seen = new Set<string>();
    const removed: string[] = [];
    const kept: typeof all = [];
    for (const lane of all) {
      const key = `${lane.direction}|${lane.positionId}|${lane.name}|${lane.laneType}`;
      if (seen.has(key)) removed.push(lane.id);
      else {
        seen.add(key);
        kept.push(lane);
      }
    }
    const positions: { id: string; positionId: number }[] = [];
    const nextByDirection = new Map<number, number>();
    for (const lane of kept) {
      const position = nextByDirection.get(lane.direction) ?? 0;
      nextByDirection.set(lane.direction, position + 1);
      if (lane.positionId !== position) positions.push({ id: lane.id, positionId: position });
    }
    await deps.repository.rewriteLanes(removed, positions);
    return {
      message: serverMessage('taskLanesCleaned', {
        site: site.name,
        removed: removed.length,
        renumbered: positions.length,
        kept: kept.length,
      }),
      result: { siteId: site.id, removed: removed.length, renumbered: positions.length },
    };
  };
}

/** The coordinates a file gives: those its header had, else those its upload's description names. */
function fileCoordinates(logs: Record<string, unknown>) {
  const gps = logs.gps as { latitude?: unknown; longitude?: unknown } | undefined;
  if (gps && typeof gps.latitude === 'number' && typeof gps.longitude === 'number')
    return { latitude: gps.latitude, longitude: gps.longitude };
  return typeof logs.description === 'string' ? findCoordinates(logs.description) : undefined;
}

/**
 * assume_coordinates (staff): each site of the organisation without GPS takes the coordinates
 * of its earliest file that gives some. Sites that have GPS, or whose files give none, stay.
 */
export function createAssumeCoordinatesHandler(deps: Deps) {
  return async function assumeCoordinates(task: Job<'assume_coordinates'>): Promise<TaskOutcome> {
    const found = await deps.repository.sitesWithoutCoordinates(task.payload.organisationId);
    const placed: string[] = [];
    for (const { site, files } of found) {
      const coordinates = files.map((file) => fileCoordinates(file.logs)).find(Boolean);
      if (!coordinates) continue;
      await deps.repository.setCoordinates(site.id, coordinates.latitude, coordinates.longitude);
      placed.push(site.name);
    }
    return {
      message: placed.length
        ? serverMessage('taskCoordinatesTaken', {
            placed: placed.length,
            found: found.length,
            names: placed.join(', '),
          })
        : serverMessage('taskCoordinatesNoneTaken', { found: found.length }),
      result: { placed, withoutCoordinates: found.length },
    };
  };
}

/**
 * clean_empty_files (staff): the organisation's processed files that saved nothing (no vehicle,
 * no interval, no error to read) are deleted with their stored forms and raw uploads.
 */
export function createCleanEmptyFilesHandler(deps: Deps) {
  return async function cleanEmptyFiles(task: Job<'clean_empty_files'>): Promise<TaskOutcome> {
    const files = await deps.repository.emptyFiles(task.payload.organisationId);
    for (const [index, file] of files.entries()) {
      await deps.siteData.deleteFileData(file, true);
      if (index % 20 === 0)
        await deps.queue.progress(
          task,
          serverMessage('taskProgressDeletingFile', {
            file: file.fileName,
            index: index + 1,
            count: files.length,
          }),
          (100 * index) / files.length,
        );
    }
    await deps.repository.deleteFiles(files.map((file) => file.id));
    return {
      message: files.length
        ? serverMessage('taskEmptyFilesDeleted', {
            count: files.length,
            names: files.map((file) => file.fileName).join(', '),
          })
        : serverMessage('taskNoEmptyFiles'),
      result: { deleted: files.map((file) => file.id) },
    };
  };
}
