// Matching, the process_file task's second step: the site a file's header names (or a new one),
// its time zone, and how the file's classes fit the site's scheme.
import {
  classMapping,
  findClassScheme,
  knownClassScheme,
  type ClassScheme,
} from '@roadcount/domain';
import {
  findCoordinates,
  findSiteId,
  FormatError,
  type CounterFileHeader,
  type DirectionCode,
} from '@roadcount/formats';
import type { FileRow, IngestRepository } from './ingest.repository.ts';
import type { SiteMatchingRepository, SiteRow } from './siteMatching.repository.ts';
import { matchSite, type SiteMatch } from './siteMatching.ts';

export type UploadOrganisation = NonNullable<
  Awaited<ReturnType<IngestRepository['findOrganisation']>>
>;

/** Channels of files that name no direction: 1 is the site's direction one, 2 its direction two. */
function laneDirectionsOf(site: SiteRow): Record<number, DirectionCode> {
  const directions: Record<number, DirectionCode> = {};
  if (site.directionOne !== null) directions[1] = site.directionOne as DirectionCode;
  if (site.directionTwo !== null) directions[2] = site.directionTwo as DirectionCode;
  return directions;
}

/**
 * Placeholder directions of a new site whose file names none (Jamar channels, Eco-Counter IN and
 * OUT): channel 1 north, channel 2 south, two opposite directions the user renames later (the
 * site's reprocess then moves the data with them).
 */
const PLACEHOLDER_DIRECTIONS: Record<number, DirectionCode> = { 1: 1, 2: 5 };

/** Formats whose files name no direction: their channels take the site's directions. */
const DIRECTIONLESS_FORMATS = new Set<CounterFileHeader['format']>(['jamar', 'ecocounter']);

/** What matching decided for a file, which reading, storing and review go by. */
export interface FileMatch {
  /** The file's header, with a SID or coordinates of the upload's description. */
  header: CounterFileHeader;
  match: SiteMatch;
  /** The rule that first matched the file (a rerun keeps the site it was given). */
  firstRule: SiteMatch['rule'];
  timeZone: string;
  /** The file's scheme (as its reader declares it); a new site takes it. */
  fileScheme: ClassScheme | undefined;
  siteScheme: ClassScheme;
  /** The site classifies by length: each vehicle's class is its length bin. */
  classifyByLength: boolean;
  /** The file's classes fit the site's scheme (or were reclassified by length). */
  schemeMapped: boolean;
  /** The site's scheme as a lookup of its class indexes. */
  inSiteScheme: Uint8Array;
  /** A new site of a file that names no direction: its channels get placeholder directions. */
  placeholders: boolean;
  /** The directions of the file's channels, for its reader. */
  laneDirections: Record<number, DirectionCode>;
}

/** Matches a file, once its reader has its header, to its site (SPEC section 4). */
export async function matchUpload(
  sites: SiteMatchingRepository,
  upload: { file: FileRow; organisation: UploadOrganisation; defaultTimeZone: string },
  fromFile: CounterFileHeader,
): Promise<FileMatch> {
  const { file, organisation, defaultTimeZone } = upload;
  // SPEC matching order: a SID or coordinates in the upload's description count too.
  const description = typeof file.logs.description === 'string' ? file.logs.description : undefined;
  const coordinates = findCoordinates(description);
  const describedSiteId = findSiteId(description);
  const header: CounterFileHeader = {
    ...fromFile,
    ...(fromFile.siteId === undefined && describedSiteId ? { siteId: describedSiteId } : {}),
    ...(fromFile.latitude === undefined && coordinates ? coordinates : {}),
  };
  // A rerun keeps the site the file was first matched to.
  const kept = file.siteId
    ? await sites.findInOrganisation(file.organisationId, file.siteId)
    : undefined;
  // A file that created its site ('new') finds that site again, not another new one.
  const keptRule = (file.logs.match as { rule?: SiteMatch['rule'] } | undefined)?.rule;
  const fallbackName = file.fileName.replace(/\.[^.]+$/, '');
  const match: SiteMatch = kept
    ? { rule: !keptRule || keptRule === 'new' ? 'sid' : keptRule, site: kept }
    : await matchSite(sites, file.organisationId, header, fallbackName);
  // SPEC section 1: the subscription limits the sites; a file needing a new one waits.
  if (match.rule === 'new' && (await sites.countLive(file.organisationId)) >= organisation.maxSites)
    throw new FormatError('subscriptionFull', { limit: organisation.maxSites });
  const firstRule = keptRule && kept ? keptRule : match.rule;
  const timeZone =
    match.rule === 'new' ? (header.timeZone ?? defaultTimeZone) : match.site.timeZone;
  const fileScheme = knownClassScheme(header.classScheme);
  // A bike upload naming no scheme counts bicycles.
  const siteScheme =
    match.rule === 'new'
      ? (fileScheme ??
        findClassScheme(header.classScheme ?? (file.kind === 'bike' ? 'bike' : undefined)))
      : findClassScheme(match.site.classScheme);
  const mapping = fileScheme
    ? classMapping(fileScheme, siteScheme)
    : siteScheme.id === 'length'
      ? 'length'
      : header.classScheme
        ? null
        : 'same';
  const classifyByLength = mapping === 'length';
  // Interval counts carry modes, which every site takes.
  const schemeMapped = mapping !== null || header.kind === 'intervals';
  const inSiteScheme = new Uint8Array(256);
  for (const vehicleClass of (classifyByLength ? findClassScheme('length') : siteScheme).classes)
    inSiteScheme[vehicleClass.class_index & 255] = 1;
  const placeholders =
    match.rule === 'new' &&
    header.directions.length === 0 &&
    DIRECTIONLESS_FORMATS.has(header.format);
  return {
    header,
    match,
    firstRule,
    timeZone,
    fileScheme,
    siteScheme,
    classifyByLength,
    schemeMapped,
    inSiteScheme,
    placeholders,
    laneDirections: placeholders
      ? PLACEHOLDER_DIRECTIONS
      : match.rule === 'new'
        ? {}
        : laneDirectionsOf(match.site),
  };
}

/** The matched site, created now when the match is a new one. */
export async function siteOfMatch(
  sites: SiteMatchingRepository,
  file: FileRow,
  fileMatch: FileMatch,
  sawSecondChannel: boolean,
): Promise<SiteRow> {
  const { match, header, placeholders, fileScheme, timeZone } = fileMatch;
  if (match.rule !== 'new') return match.site;
  // Pedestrians: chosen at upload (kind pedestrian), or an Eco-Counter file not sent as bicycles.
  const pedestrianCounts =
    (header.kind === 'intervals' && file.kind === 'pedestrian') ||
    (header.format === 'ecocounter' && file.kind !== 'bike');
  return sites.insert({
    ownerOrganisationId: file.organisationId,
    name: await sites.uniqueName(file.organisationId, match.name),
    latitude: match.latitude,
    longitude: match.longitude,
    timeZone,
    siteType: 'temporary',
    classScheme: fileScheme?.id ?? header.classScheme ?? (file.kind === 'bike' ? 'bike' : null),
    directionOne: header.directions[0] ?? (placeholders ? PLACEHOLDER_DIRECTIONS[1] : null),
    directionTwo:
      header.directions[1] ?? (placeholders && sawSecondChannel ? PLACEHOLDER_DIRECTIONS[2] : null),
    pedestriansIncluded: pedestrianCounts,
    coreSiteMeta: {
      site_context: [file.kind === 'bike' ? 'BIKE' : pedestrianCounts ? 'PED' : 'VEH'],
      time_span: 'TS_T',
      // Directions given for the file's channels until the user names the real ones.
      ...(placeholders ? { placeholder_directions: true } : {}),
      // The counter station's code: its next files find this site by it.
      ...(header.stationCode?.trim() ? { station_code: header.stationCode.trim() } : {}),
    },
  });
}
