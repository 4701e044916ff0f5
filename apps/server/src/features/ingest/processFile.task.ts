import {
  BATCH_ROWS,
  createQualityAccumulator,
  IntervalColumnsBuilder,
  pacedBy,
  runIntervalQualityTests,
  type QualityTestResult,
  QUALITY_REASONS,
  VehicleColumnsBuilder,
  type VehicleColumns,
  type QualityTestName,
} from '@roadcount/analytics';
import {
  classMapping,
  DEFAULT_ORGANISATION_SETTINGS,
  findClassScheme,
  knownClassScheme,
  LENGTH_BINS_M,
  type ClassScheme,
  type OrganisationSettings,
  serverMessage,
} from '@roadcount/domain';
import {
  findCoordinates,
  findSiteId,
  FormatError,
  LocalTimeConverter,
  readCounterFile,
  type CounterFileHeader,
  type DirectionCode,
} from '@roadcount/formats';
import { catalogueTranslate, mailLocale } from '../../infra/mail/mailText.ts';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import type { SiteData } from '../siteData/index.ts';
import type { IngestRepository } from './ingest.repository.ts';
import type { SiteRow, SiteMatchingRepository } from './siteMatching.repository.ts';
import { matchSite, type SiteMatch } from './siteMatching.ts';

export const DEFAULT_SITE_TIME_ZONE = 'UTC';

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

/**
 * How a vehicle file's classes fit its site's scheme, checked as it is read: 'mapped' when they
 * fit (or were reclassified by length); otherwise why it is held for review, as the data-quality
 * flag the review dialog shows (value: the vehicles concerned, threshold 0).
 */
type SchemeCheck =
  | { kind: 'class_scheme_mismatch'; fileScheme: string }
  | { kind: 'class_scheme_no_lengths' }
  | { kind: 'classes_outside_scheme' };

const SCHEME_REASONS: Record<SchemeCheck['kind'], string> = {
  class_scheme_mismatch:
    "The file's class scheme differs from the site's and no mapping between them exists",
  class_scheme_no_lengths: 'The site classifies by length but the file measures no vehicle lengths',
  classes_outside_scheme: "Vehicles in classes the site's class scheme does not have",
};

/** Under the length scheme a vehicle's class is its length bin (1 to 4), whatever the counter said. */
export function lengthClass(lengthM: number): number {
  if (!Number.isFinite(lengthM) || lengthM <= 0) return 0;
  return 1 + LENGTH_BINS_M.filter((edge) => lengthM >= edge).length;
}

/** User review statuses a reprocess keeps: the data changed, the reviewer's decision did not. */
const REVIEWED_STATUSES = new Set(['ACC', 'REJ']);

/**
 * The process_file task: read the raw upload, match it to a site, store its vehicles as one Arrow
 * object, run the quality tests and set the review status. Safe to run twice: the same file
 * always writes the same column object and keeps the site it was first given.
 */
export function createProcessFileHandler(deps: {
  ingest: IngestRepository;
  sites: SiteMatchingRepository;
  siteData: SiteData;
  queue: TaskQueue;
  xlsxMaxInflatedBytes?: number;
}) {
  return async function processFile(
    task: Job<'process_file' | 'process_national_platform_file'>,
  ): Promise<TaskOutcome> {
    const { fileId } = task.payload;
    // A site reprocess reruns each file, then refreshes the site's rollups once itself.
    const reprocess = task.payload.reprocess === true;
    const file = await deps.ingest.findFile(fileId);
    if (!file) throw new PermanentTaskError(serverMessage('taskFileMissing', { file: fileId }));
    const organisation = await deps.ingest.findOrganisation(file.organisationId);
    if (!organisation) throw new PermanentTaskError(serverMessage('taskFileOrganisationMissing'));
    const settings: OrganisationSettings = {
      ...DEFAULT_ORGANISATION_SETTINGS,
      ...organisation.preferences,
    };
    const configuredZone = organisation.preferences.time_zone;
    const defaultTimeZone =
      typeof configuredZone === 'string' && LocalTimeConverter.isValidTimeZone(configuredZone)
        ? configuredZone
        : DEFAULT_SITE_TIME_ZONE;

    const thresholds = {
      minSurveyHours: settings.min_survey_hours,
      lowestMaxAdt: settings.lowest_max_adt,
      minAverageRho: settings.min_average_rho,
      maxUnclassifiablePercent: settings.max_unclassifiable_percent,
      lengthOutlierFactor: settings.length_outlier_factor,
    };
    let match: SiteMatch | undefined;
    let timeZone = defaultTimeZone;
    let classifyByLength = false;
    // The site's scheme as a lookup of its class indexes, and what the file's classes made of it.
    let siteScheme: ClassScheme = findClassScheme(null);
    let fileScheme: ClassScheme | undefined;
    const inSiteScheme = new Uint8Array(256);
    let schemeMapped = true;
    let outsideScheme = 0;
    let withoutLength = 0;
    let placeholders = false;
    let sawSecondChannel = false;
    let firstRule: SiteMatch['rule'] | undefined;
    // Vehicles go to the column object, the scan file and the quality tests a batch at a time,
    // as they are read, and reading waits while either object has much still to store, so that
    // memory stays flat whatever the file's size. Batches only start once the header has given
    // the site, and with it the time zone.
    let columnsOutput:
      | {
          writer: ReturnType<SiteData['columnsWriter']>['writer'];
          stored: Promise<unknown>;
          quality: ReturnType<typeof createQualityAccumulator>;
          scan: ReturnType<SiteData['scanFileWriter']>['scan'];
          scanStored: Promise<unknown>;
        }
      | undefined;
    const outputColumns = (batch?: VehicleColumns) => {
      if (!columnsOutput) {
        const local = new LocalTimeConverter(timeZone);
        const { writer, stored } = deps.siteData.columnsWriter(file.id);
        // Awaited once the file is read; this only keeps an early failure from going unhandled.
        stored.catch(() => undefined);
        const quality = createQualityAccumulator(thresholds, (utcMs) => local.offsetAt(utcMs));
        // The columns as the site-detail scan reads them, so that a site loads by reading files.
        const { scan, stored: scanStored } = deps.siteData.scanFileWriter(file.id, task.id);
        scanStored.catch(() => undefined);
        columnsOutput = { writer, stored, quality, scan, scanStored };
      }
      if (batch) {
        columnsOutput.writer.write(batch);
        columnsOutput.quality.add(batch);
        columnsOutput.scan.add(batch);
      }
      return columnsOutput;
    };
    const builder = new VehicleColumnsBuilder(BATCH_ROWS, outputColumns);
    const intervalBuilder = new IntervalColumnsBuilder();
    let header: CounterFileHeader | undefined;
    const fallbackName = file.fileName.replace(/\.[^.]+$/, '');
    let summary;
    const outputsDrained = () =>
      columnsOutput && Promise.all([columnsOutput.writer.drained(), columnsOutput.scan.drained()]);
    try {
      const upload = pacedBy(await deps.siteData.rawUpload(file.s3Key), outputsDrained);
      summary = await readCounterFile(upload, {
        fileName: file.fileName,
        ...(deps.xlsxMaxInflatedBytes === undefined
          ? {}
          : { maxXlsxInflatedBytes: deps.xlsxMaxInflatedBytes }),
        resolveSite: async (fromFile) => {
          // SPEC matching order: a SID or coordinates in the upload's description count too.
          const description =
            typeof file.logs.description === 'string' ? file.logs.description : undefined;
          const coordinates = findCoordinates(description);
          const describedSiteId = findSiteId(description);
          const fileHeader: CounterFileHeader = {
            ...fromFile,
            ...(fromFile.siteId === undefined && describedSiteId
              ? { siteId: describedSiteId }
              : {}),
            ...(fromFile.latitude === undefined && coordinates ? coordinates : {}),
          };
          header = fileHeader;
          // A rerun keeps the site the file was first matched to.
          const kept = file.siteId
            ? await deps.sites.findInOrganisation(file.organisationId, file.siteId)
            : undefined;
          // A file that created its site ('new') finds that site again, not another new one.
          const keptRule = (file.logs.match as { rule?: SiteMatch['rule'] } | undefined)?.rule;
          match = kept
            ? { rule: !keptRule || keptRule === 'new' ? 'sid' : keptRule, site: kept }
            : await matchSite(deps.sites, file.organisationId, fileHeader, fallbackName);
          // SPEC section 1: the subscription limits the sites; a file needing a new one waits.
          if (
            match.rule === 'new' &&
            (await deps.sites.countLive(file.organisationId)) >= organisation.maxSites
          )
            throw new FormatError('subscriptionFull', { limit: organisation.maxSites });
          firstRule = keptRule && kept ? keptRule : match.rule;
          timeZone =
            match.rule === 'new' ? (fileHeader.timeZone ?? defaultTimeZone) : match.site.timeZone;
          // The file's scheme (as its reader declares it); a new site takes it.
          fileScheme = knownClassScheme(fileHeader.classScheme);
          // A bike upload naming no scheme counts bicycles.
          siteScheme =
            match.rule === 'new'
              ? (fileScheme ??
                findClassScheme(
                  fileHeader.classScheme ?? (file.kind === 'bike' ? 'bike' : undefined),
                ))
              : findClassScheme(match.site.classScheme);
          const mapping = fileScheme
            ? classMapping(fileScheme, siteScheme)
            : siteScheme.id === 'length'
              ? 'length'
              : fileHeader.classScheme
                ? null
                : 'same';
          classifyByLength = mapping === 'length';
          // Interval counts carry modes, which every site takes.
          schemeMapped = mapping !== null || fileHeader.kind === 'intervals';
          for (const vehicleClass of (classifyByLength ? findClassScheme('length') : siteScheme)
            .classes)
            inSiteScheme[vehicleClass.class_index & 255] = 1;
          placeholders =
            match.rule === 'new' &&
            fileHeader.directions.length === 0 &&
            DIRECTIONLESS_FORMATS.has(fileHeader.format);
          return {
            timeZone,
            laneDirections: placeholders
              ? PLACEHOLDER_DIRECTIONS
              : match.rule === 'new'
                ? {}
                : laneDirectionsOf(match.site),
          };
        },
        sink: {
          vehicle: (vehicle) => {
            if (vehicle.lane === 2) sawSecondChannel = true;
            if (classifyByLength) {
              if (!(vehicle.lengthM > 0)) withoutLength += 1;
              builder.push({ ...vehicle, classIndex: lengthClass(vehicle.lengthM) });
              return;
            }
            if (inSiteScheme[vehicle.classIndex] !== 1) outsideScheme += 1;
            builder.push(vehicle);
          },
          interval: (interval) => {
            if (interval.lane === 2) sawSecondChannel = true;
            intervalBuilder.push(interval);
          },
        },
        intervalMode: file.kind === 'bike' ? 'bike' : 'pedestrian',
      });
    } catch (error) {
      if (columnsOutput) {
        const reason = error instanceof Error ? error : new Error(String(error));
        columnsOutput.writer.abort(reason);
        columnsOutput.scan.abort(reason);
        await columnsOutput.stored.catch(() => undefined);
        await columnsOutput.scanStored.catch(() => undefined);
      }
      if (!(error instanceof FormatError)) throw error;
      await deps.ingest.updateFile(file.id, {
        reviewStatus: 'REJ',
        logs: { ...file.logs, saved_vehicles: 0, processing_error: error.message },
      });
      throw new PermanentTaskError(error.message);
    }
    if (!match || !header)
      throw new PermanentTaskError(serverMessage('taskFileNoData', { file: file.fileName }));
    const isIntervals = header.kind === 'intervals';
    // Pedestrians: chosen at upload (kind pedestrian), or an Eco-Counter file not sent as bicycles.
    const pedestrianCounts =
      (isIntervals && file.kind === 'pedestrian') ||
      (header.format === 'ecocounter' && file.kind !== 'bike');

    const site =
      match.rule === 'new'
        ? await deps.sites.insert({
            ownerOrganisationId: file.organisationId,
            name: await deps.sites.uniqueName(file.organisationId, match.name),
            latitude: match.latitude,
            longitude: match.longitude,
            timeZone,
            siteType: 'temporary',
            classScheme:
              fileScheme?.id ?? header.classScheme ?? (file.kind === 'bike' ? 'bike' : null),
            directionOne: header.directions[0] ?? (placeholders ? PLACEHOLDER_DIRECTIONS[1] : null),
            directionTwo:
              header.directions[1] ??
              (placeholders && sawSecondChannel ? PLACEHOLDER_DIRECTIONS[2] : null),
            pedestriansIncluded: pedestrianCounts,
            coreSiteMeta: {
              site_context: [file.kind === 'bike' ? 'BIKE' : pedestrianCounts ? 'PED' : 'VEH'],
              time_span: 'TS_T',
              // Directions given for the file's channels until the user names the real ones.
              ...(placeholders ? { placeholder_directions: true } : {}),
              // The counter station's code: its next files find this site by it.
              ...(header.stationCode?.trim() ? { station_code: header.stationCode.trim() } : {}),
            },
          })
        : match.site;

    let results: Partial<Record<QualityTestName, QualityTestResult>>;
    if (isIntervals) {
      const intervals = intervalBuilder.build();
      await deps.siteData.writeIntervals(file.id, intervals);
      const local = new LocalTimeConverter(site.timeZone);
      results = runIntervalQualityTests(intervals, thresholds, (utcMs) => local.offsetAt(utcMs));
    } else {
      for (const batch of builder.batches()) outputColumns(batch);
      const output = outputColumns();
      output.writer.finish();
      const scanWritten = output.scan.finish();
      await output.stored;
      if (scanWritten) await output.scanStored;
      else {
        // A measure that the first batch coded at too coarse a scale: coded from the columns.
        await output.scanStored.catch(() => undefined);
        await deps.siteData.writeScanFile(file.id, task.id);
      }
      results = output.quality.results();
    }
    // SPEC section 3: only failed tests are flagged; a missing flag means pass.
    const failed: Record<string, QualityTestResult & Record<string, unknown>> = Object.fromEntries(
      Object.entries(results)
        .filter(([, result]) => !result.passed)
        .map(([name, result]) => [
          name,
          { ...result, reason: QUALITY_REASONS[name as QualityTestName] },
        ]),
    );
    const schemeCheck: SchemeCheck | undefined = isIntervals
      ? undefined
      : !schemeMapped
        ? {
            kind: 'class_scheme_mismatch',
            fileScheme: fileScheme?.name ?? header.classScheme ?? '',
          }
        : classifyByLength && summary.vehicles > 0 && withoutLength === summary.vehicles
          ? { kind: 'class_scheme_no_lengths' }
          : !classifyByLength && outsideScheme > 0
            ? { kind: 'classes_outside_scheme' }
            : undefined;
    if (schemeCheck) {
      // Held for review with the reason: the vehicles concerned against a threshold of none.
      failed[schemeCheck.kind] = {
        passed: false,
        value:
          schemeCheck.kind === 'classes_outside_scheme'
            ? outsideScheme
            : schemeCheck.kind === 'class_scheme_no_lengths'
              ? withoutLength
              : summary.vehicles,
        threshold: 0,
        reason: SCHEME_REASONS[schemeCheck.kind],
        file_scheme:
          schemeCheck.kind === 'class_scheme_mismatch'
            ? schemeCheck.fileScheme
            : (fileScheme?.name ?? siteScheme.name),
        site_scheme: siteScheme.name,
      };
    }
    const notTotal = summary.directionsNotTotal;
    if (notTotal) {
      // Held for review naming the rows, in the uploader's language (the reason is shown as is).
      const locale = mailLocale(await deps.ingest.uploaderPreferences(file.uploadedBy));
      const lines = notTotal.lines.join(', ');
      failed.directions_not_total = {
        passed: false,
        value: notTotal.rows,
        threshold: 0,
        reason: catalogueTranslate(locale)(
          notTotal.rows > notTotal.lines.length
            ? 'fileChecks.directionsNotTotalFirst'
            : 'fileChecks.directionsNotTotal',
          { lines, rows: String(notTotal.rows) },
        ),
        lines: notTotal.lines,
      };
    }
    const uncertain = match.rule === 'new' ? undefined : match.uncertain;
    if (uncertain) {
      // Held for review naming the sites the station code could be, in the uploader's language.
      const locale = mailLocale(await deps.ingest.uploaderPreferences(file.uploadedBy));
      failed.station_code_uncertain = {
        passed: false,
        value: uncertain.candidates.length,
        threshold: 1,
        reason: catalogueTranslate(locale)('fileChecks.stationCodeUncertain', {
          code: uncertain.code,
          sites: uncertain.candidates.map((candidate) => candidate.name).join(', '),
        }),
        candidates: uncertain.candidates.map((candidate) => ({
          id: candidate.id,
          name: candidate.name,
        })),
      };
    }
    const needsReview = Object.keys(failed).length > 0 || settings.request_user_approve_quality;
    const reviewStatus =
      reprocess && file.reviewStatus && REVIEWED_STATUSES.has(file.reviewStatus)
        ? file.reviewStatus
        : needsReview
          ? 'WFR'
          : 'PDC';
    await deps.ingest.updateFile(file.id, {
      siteId: site.id,
      startDataDatetime: summary.firstMs === null ? null : new Date(summary.firstMs),
      endDataDatetime: summary.lastMs === null ? null : new Date(summary.lastMs),
      reviewStatus,
      logs: {
        ...file.logs,
        saved_vehicles: summary.vehicles,
        data_kind: isIntervals ? 'intervals' : 'vehicles',
        ...(isIntervals ? { saved_intervals: summary.intervals } : {}),
        data_qc_tests: failed,
        format: summary.header.format,
        match: { rule: firstRule ?? match.rule, site_id: site.id },
        // Where the file says it was counted: a site without GPS may take it (assume_coordinates).
        ...(header.latitude !== undefined && header.longitude !== undefined
          ? { gps: { latitude: header.latitude, longitude: header.longitude } }
          : {}),
        processing_error: undefined,
        // Names this run's column object, so that cached columns of an earlier run are not reused.
        columns_version: task.id,
        // The counter's own scheme: a scheme change back to it reads the upload again.
        file_class_scheme: fileScheme?.id,
        reclassified_into: undefined,
        class_counts: undefined,
      },
      summaryStats: { vehicles: summary.vehicles, quality: results },
    });
    // The organisation reviews every file: its admins are told this one waits.
    if (settings.request_user_approve_quality && !reprocess) {
      await deps.ingest.notify({
        organisationId: file.organisationId,
        userId: null,
        functionId: 'file_review',
        message: { trafficdatafile_id: file.id, source: 'ingest', user_approved_dc: false },
      });
    }
    // A file that passed joins its site at once: the site's rollups are rebuilt.
    if (reviewStatus === 'PDC' && !reprocess) {
      await deps.queue.enqueue({
        functionName: 'refresh_site_rollups',
        organisationId: file.organisationId,
        userId: task.userId,
        payload: { siteId: site.id },
      });
    }
    return {
      // Counters of people and bicycles say what they counted, not 'vehicles'.
      message: isIntervals
        ? serverMessage(
            file.kind === 'bike' ? 'taskFileProcessedBicycles' : 'taskFileProcessedPedestrians',
            {
              count: summary.vehicles,
              file: file.fileName,
              site: site.name,
              rule: match.rule,
              status: reviewStatus,
            },
          )
        : serverMessage('taskFileProcessed', {
            vehicles: summary.vehicles,
            file: file.fileName,
            site: site.name,
            rule: match.rule,
            status: reviewStatus,
          }),
      result: {
        fileId: file.id,
        siteId: site.id,
        vehicles: summary.vehicles,
        reviewStatus,
        rule: match.rule,
      },
    };
  };
}
