import { PassThrough, Readable } from 'node:stream';
import { SITE_DETAIL_PARTS } from '@roadcount/analytics';
import {
  explanationLines,
  findClassScheme,
  isRole,
  SPEED_UNITS,
  type ExplainedFigure,
  type FigureExplanation,
  REPORT_FILES,
  reportRequestSchema,
  type ReportParameters,
  serverMessage,
} from '@roadcount/domain';
import type { UserSource, Viewer } from '../../infra/auth/viewer.ts';
import type { BlobStore } from '../../infra/blob/blobStore.ts';
import type { Mailer } from '../../infra/mail/mailer.ts';
import {
  catalogueTranslate,
  mailBody,
  mailDateTime,
  mailLocale,
  mailText,
} from '../../infra/mail/mailText.ts';
import type { Job } from '../../infra/queue/jobs.ts';
import type { TaskQueue } from '../../infra/queue/taskQueue.ts';
import { PermanentTaskError, type TaskOutcome } from '../../infra/queue/worker.ts';
import { reportAadt, type ReportContext, type SiteFigures } from './reportFigures.ts';
import type { SiteDetailSource } from './siteDetailSource.ts';
import type { ReportsRepository } from './reports.repository.ts';
import { geojsonBytes, shapefileZip } from './gisExport.ts';
import { geopackageFile } from './geopackage.ts';
import { rawFilesZip } from './rawFilesZip.ts';
import { siteSummaryPdf } from './siteSummaryPdf.ts';
import {
  EVENT_COUNT_HEADER,
  EVENT_LIST_COLUMNS,
  eventCountRows,
  eventListLine,
  SIGN_FILE_HEADER,
  signFileRow,
  VEHICLE_FLOW_HEADER,
  vehicleFlowRows,
} from './reportFunctions.ts';
import { overspeedWorkbook, readOverspeed, type SiteOverspeed } from './overspeed.ts';
import { sheetName, standardWorkbook } from './standardWorkbook.ts';
import { stateFundingWorkbook } from './stateFunding.ts';
import { UNIVERSAL_CSV_HEADER, universalCsvText } from './universalCsv.ts';
import type { Notifier } from '../../infra/notifications/notifier.repository.ts';

/** A site's vehicles that pass a filter, as Roadcount CSV text: the header, then lines. */
export type VehiclesCsvSource = (
  viewer: Viewer,
  siteId: string,
  payload: ReportParameters['filter'] & { start_time: string; end_time: string },
) => AsyncGenerator<string>;

/** How a site's figures were made (issue 36), under the report's filter. */
export type ExplainFiguresSource = (
  viewer: Viewer,
  siteId: string,
  figures: readonly ExplainedFigure[],
  payload: ReportParameters['filter'] & { start_time: string; end_time: string },
) => Promise<FigureExplanation[]>;

/** The figures whose making the standard spreadsheet's sheet and the PDF's page set out. */
const REPORT_EXPLAINED: readonly ExplainedFigure[] = ['adt', 'aadt', 'speed85', 'volume'];

/** The report types that carry a 'How these figures were made' sheet or page. */
const EXPLAINED_TYPES: readonly string[] = ['standard_spreadsheet', 'site_summary_pdf'];

/** Chunks of about 256 kB from many small pieces of text, rather than one write each. */
async function* chunked(pieces: AsyncIterable<string> | Iterable<string>) {
  let chunk = '';
  for await (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= 262_144) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/** Types whose file is made from the vehicles themselves, not from the site-detail figures. */
const VEHICLE_TYPES: readonly string[] = ['individual_vehicles', 'event_list', 'raw_files'];

/** Types written site by site as the sites are read, never holding every site's figures. */
const STREAMED_TYPES: readonly string[] = ['standard_spreadsheet', 'universal_csv'];

/**
 * The parts of the site-detail answer a report reads: all but the days with data and the reasons
 * vehicles were left out (each a pass of its own over the vehicles, which no report shows).
 */
const REPORT_PARTS = SITE_DETAIL_PARTS.filter(
  (part) => part !== 'availability' && part !== 'leftOut',
);

/** The least time between two progress reports of a report's task, ms. */
const PROGRESS_MS = 250;

/** How many sites' figures are read ahead of the one being written. */
const READ_AHEAD = 3;

/** No limit on a report's size beyond the store's own. */
const MAX_REPORT_BYTES = Number.MAX_SAFE_INTEGER;

const className = (scheme: string, classIndex: number) =>
  findClassScheme(scheme).classes.find((entry) => entry.class_index === classIndex)?.name ??
  String(classIndex);

const safeFileName = (text: string) =>
  text
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'report';

/**
 * The generate_site_reports task (SPEC section 4): reads each site's figures through the
 * analysis service (the site-detail kernel, with the requester's rights), writes the report's
 * file to the blob store, and tells the requester. Safe to run twice: a run that stopped before
 * the report was complete writes the file again under the same key; a run after it was complete
 * leaves it as it is and tells no one again.
 */
export function createGenerateReportHandler(deps: {
  reports: ReportsRepository;
  blobs: BlobStore;
  queue: TaskQueue;
  users: UserSource;
  mailer: Mailer;
  publicUrl: string;
  siteDetail: SiteDetailSource;
  /** The analysis service's vehicles CSV (docs/formats.md, section 3) for a site and filter. */
  vehiclesCsv: VehiclesCsvSource;
  /** How the figures were made: the same explanation the site detail's dialog shows. */
  explainFigures?: ExplainFiguresSource;
  retentionMs: number;
  softwareVersion: string;
  notifier: Notifier;
}) {
  return async function generateReport(
    task: Job<'generate_site_reports'> | Job<'custom_report'> | Job<'zip_download_eco_files'>,
  ): Promise<TaskOutcome> {
    const found = await deps.reports.find(task.payload.reportId);
    if (!found) throw new PermanentTaskError(serverMessage('taskReportDeleted'));
    const { report } = found;
    // Run again once made: the file stays as it is, and no one is told a second time.
    if (report.completedAt)
      return {
        message: serverMessage('taskReportAlreadyMade', { file: report.fileName ?? '' }),
        result: { reportId: report.id, sizeBytes: report.sizeBytes, fileName: report.fileName },
      };
    // The sites are resolved: a group or survey the request named is kept only as a record.
    const parsed = reportRequestSchema.safeParse({
      ...report.parameters,
      siteGroupId: null,
      surveyId: null,
    });
    if (!parsed.success)
      throw new PermanentTaskError(
        serverMessage('taskReportParameters', { problem: parsed.error.issues[0]?.message ?? '' }),
      );
    const parameters: ReportParameters = { ...parsed.data, siteIds: parsed.data.siteIds };
    const user = report.userId ? await deps.users.findById(report.userId) : undefined;
    if (!user?.isActive || !isRole(user.role))
      throw new PermanentTaskError(serverMessage('taskReportUserInactive'));
    const viewer: Viewer = {
      userId: user.id,
      role: user.role,
      organisationId: user.organisationId,
      isDemo: user.isDemo,
      ...(report.demoSession ? { demoSession: report.demoSession } : {}),
      row: user,
    };

    const figures: SiteFigures[] = [];
    const overspeed: SiteOverspeed[] = [];
    const byClass: Map<number, SiteFigures>[] = [];
    const limits: { effectiveFrom: string; limitMps: number }[][] = [];
    const total = parameters.siteIds.length;
    const payload = {
      ...parameters.filter,
      start_time: parameters.start,
      end_time: parameters.end,
    };
    let shown = { percent: -1, at: 0 };
    const progress = async (done: number) => {
      // Reading the sites is most of the work; writing the file is the last tenth.
      const percent = Math.round((done / total) * 90);
      // Told at most four times a second (and at the last site): a report of a hundred small
      // sites would otherwise spend more on telling its progress than on some of its sites.
      const now = performance.now();
      if (percent === shown.percent || (now - shown.at < PROGRESS_MS && done < total)) return;
      shown = { percent, at: now };
      await deps.reports.setProgress(report.id, percent);
      await deps.queue.progress(
        task,
        serverMessage('taskProgressReportSites', { percent, index: done, count: total }),
      );
    };
    /** One site's figures (and, for the report types that need them, its other readings). */
    const readSite = async (siteId: string) => {
      if (parameters.type === 'overspeed') {
        const read = await readOverspeed(
          deps.siteDetail,
          viewer,
          siteId,
          await deps.reports.speedLimits(siteId),
          parameters,
        );
        return { site: read.figures, overspeed: read };
      }
      const site = await deps.siteDetail(viewer, {
        siteId,
        payload,
        aggregationMinutes: parameters.aggregationMinutes,
        parts: REPORT_PARTS,
      });
      if (parameters.type === 'sign_file')
        return { site, limits: await deps.reports.speedLimits(siteId) };
      if (parameters.type !== 'event_count') return { site };
      // Each class's time bins: the same filter narrowed to that class.
      const classes = new Map<number, SiteFigures>();
      for (const entry of site.classes.filter((item) => item.vehicles > 0))
        classes.set(
          entry.classIndex,
          await deps.siteDetail(viewer, {
            siteId,
            payload: { ...payload, active_classes: [entry.classIndex] },
            aggregationMinutes: parameters.aggregationMinutes,
            parts: ['bins'],
          }),
        );
      return { site, classes };
    };

    /**
     * The sites' readings in the order asked, a few sites read at once (the analysis threads
     * work on the next sites while this thread writes the last one out), each given on as soon
     * as it and those before it are read: no more than READ_AHEAD sites are held at a time.
     */
    async function* readSites() {
      const ids = parameters.siteIds;
      const pending: Promise<Awaited<ReturnType<typeof readSite>>>[] = [];
      let next = 0;
      const start = () => {
        const id = ids[next];
        next += 1;
        if (id === undefined) return;
        const reading = readSite(id);
        // A failure is thrown when its turn comes; until then it must not go unhandled.
        reading.catch(() => undefined);
        pending.push(reading);
      };
      while (next < Math.min(READ_AHEAD, ids.length)) start();
      for (let done = 0; done < ids.length; done += 1) {
        const reading = pending.shift();
        if (!reading) break;
        const read = await reading;
        if (next < ids.length) start();
        await progress(done + 1);
        yield read;
      }
    }

    /** Reads every site first, for the report types written from all sites at once. */
    if (!VEHICLE_TYPES.includes(parameters.type) && !STREAMED_TYPES.includes(parameters.type))
      for await (const read of readSites()) {
        figures.push(read.site);
        if (read.overspeed) overspeed.push(read.overspeed);
        if (read.classes) byClass.push(read.classes);
        if (read.limits) limits.push(read.limits);
      }
    async function* streamedFigures() {
      for await (const read of readSites()) {
        names.push(read.site.site_name);
        yield read.site;
      }
    }
    /** The sites' names, as a streamed report reads them. */
    const names: string[] = [];

    /**
     * The vehicles of every site in turn under one header (`header`, or the vehicles CSV's own),
     * each line through `line` when given.
     */
    async function* vehicleLines(line?: (text: string) => string, header?: string) {
      if (header) yield `${header}\n`;
      for (const [index, siteId] of parameters.siteIds.entries()) {
        let first = true;
        for await (const piece of deps.vehiclesCsv(viewer, siteId, payload)) {
          let body = piece;
          if (first) {
            // Each site's CSV starts with its header line: written once.
            first = false;
            const own = piece.slice(0, piece.indexOf('\n') + 1);
            if (!header && index === 0) yield own;
            body = piece.slice(own.length);
          }
          if (!line) yield body;
          else
            yield body
              .split('\n')
              .filter(Boolean)
              .map((text) => `${line(text)}\n`)
              .join('');
        }
        await progress(index + 1);
      }
    }

    const locale = mailLocale(user.preferences);
    const translate = catalogueTranslate(locale);
    const context: ReportContext = {
      parameters,
      softwareVersion: deps.softwareVersion,
      generatedAt: new Date(),
      className,
      locale,
      aadt: (site) => reportAadt(site, locale, translate),
    };
    const { explainFigures } = deps;
    if (explainFigures && EXPLAINED_TYPES.includes(parameters.type)) {
      const unit = SPEED_UNITS[parameters.units];
      const text = (key: string, params?: Record<string, string | number>) =>
        translate(
          key,
          Object.fromEntries(Object.entries(params ?? {}).map(([name, v]) => [name, String(v)])),
        );
      context.explain = {
        title: text('figureExplanation.sheetTitle'),
        lines: async (siteId) =>
          (await explainFigures(viewer, siteId, REPORT_EXPLAINED, payload)).flatMap((explained) =>
            explanationLines(explained, text, locale, { perMps: unit.factor, label: unit.label }),
          ),
      };
    }
    const { extension } = REPORT_FILES[parameters.type];
    const blobKey = `reports/${report.organisationId}/${report.id}.${extension}`;
    let sizeBytes: number;
    switch (parameters.type) {
      case 'standard_spreadsheet': {
        const stream = new PassThrough();
        const writing = standardWorkbook(streamedFigures(), context, stream).catch(
          (error: unknown) => {
            stream.destroy(error instanceof Error ? error : new Error(String(error)));
            throw error;
          },
        );
        const [stored] = await Promise.all([
          deps.blobs.putStream(blobKey, stream, MAX_REPORT_BYTES),
          writing,
        ]);
        sizeBytes = stored.sizeBytes;
        break;
      }
      case 'state_funding':
      case 'gis_geojson':
      case 'gis_shapefile':
      case 'gis_geopackage':
      case 'site_summary_pdf': {
        const write = {
          state_funding: stateFundingWorkbook,
          site_summary_pdf: siteSummaryPdf,
          gis_geojson: (all: readonly SiteFigures[], settings: ReportContext) =>
            Promise.resolve(geojsonBytes(all, settings)),
          gis_shapefile: shapefileZip,
          gis_geopackage: geopackageFile,
        }[parameters.type];
        const bytes = await write(figures, context);
        await deps.blobs.putBytes(blobKey, bytes);
        sizeBytes = bytes.byteLength;
        break;
      }
      case 'overspeed': {
        const taken = new Set(['report']);
        const names = figures.map((site) => sheetName(site.site_name, taken));
        const bytes = await overspeedWorkbook(overspeed, context, names);
        await deps.blobs.putBytes(blobKey, bytes);
        sizeBytes = bytes.byteLength;
        break;
      }
      case 'raw_files': {
        const files = await deps.reports.rawFiles(
          parameters.siteIds,
          new Date(parameters.start),
          new Date(parameters.end),
        );
        if (files.length === 0) throw new PermanentTaskError(serverMessage('taskReportNoFiles'));
        sizeBytes = (
          await deps.blobs.putStream(blobKey, rawFilesZip(files, deps.blobs), MAX_REPORT_BYTES)
        ).sizeBytes;
        break;
      }
      case 'universal_csv': {
        // Each site's rows come as pieces of some 64 kB, passed on as they are.
        const pieces = async function* () {
          yield Buffer.from(`${UNIVERSAL_CSV_HEADER}\n`);
          for await (const site of streamedFigures()) yield* universalCsvText(site, context);
        };
        sizeBytes = (await deps.blobs.putStream(blobKey, Readable.from(pieces()), MAX_REPORT_BYTES))
          .sizeBytes;
        break;
      }
      case 'vehicle_flow':
      case 'sign_file':
      case 'event_count': {
        const type = parameters.type;
        const rows = function* () {
          if (type === 'sign_file') {
            yield `${SIGN_FILE_HEADER}\n`;
            for (const [index, site] of figures.entries())
              yield `${signFileRow(site, limits[index] ?? [], context)}\n`;
          } else if (type === 'vehicle_flow') {
            yield `${VEHICLE_FLOW_HEADER}\n`;
            for (const site of figures) yield* vehicleFlowRows(site, context);
          } else {
            yield `${EVENT_COUNT_HEADER}\n`;
            for (const [index, site] of figures.entries())
              yield* eventCountRows(site, byClass[index] ?? new Map(), context);
          }
        };
        sizeBytes = (
          await deps.blobs.putStream(blobKey, Readable.from(chunked(rows())), MAX_REPORT_BYTES)
        ).sizeBytes;
        break;
      }
      case 'individual_vehicles':
      case 'event_list': {
        const lines =
          parameters.type === 'individual_vehicles'
            ? vehicleLines()
            : vehicleLines(eventListLine, EVENT_LIST_COLUMNS.join(','));
        sizeBytes = (
          await deps.blobs.putStream(blobKey, Readable.from(chunked(lines)), MAX_REPORT_BYTES)
        ).sizeBytes;
        break;
      }
    }
    const day = context.generatedAt.toISOString().slice(0, 10);
    const subject = total === 1 ? (figures[0]?.site_name ?? names[0] ?? 'site') : `${total}-sites`;
    const fileName = `${safeFileName(`${parameters.type.replace('_', '-')}-${subject}`)}-${day}.${extension}`;
    // A demo visitor's report keeps the early expiry it was asked with (issue 38).
    const kept = new Date(Date.now() + deps.retentionMs);
    const expiresAt =
      report.demoSession && report.expiresAt && report.expiresAt < kept ? report.expiresAt : kept;
    await deps.reports.complete(report.id, { fileName, blobKey, sizeBytes, expiresAt });

    await deps.notifier.notify({
      organisationId: report.organisationId,
      userId: report.userId,
      kind: 'report_ready',
      message: {
        text: `Your report ${fileName} is ready.`,
        report_id: report.id,
        file_name: fileName,
        expires_at: expiresAt.toISOString(),
      },
      taskId: task.id,
      demoSession: report.demoSession,
    });
    // The demo account's mailbox is no visitor's: the visitor sees the report on Downloads.
    const recipient = report.demoSession ? undefined : await deps.reports.recipient(report.userId);
    if (recipient) {
      const locale = mailLocale(recipient.preferences);
      const link = `${deps.publicUrl}/ui/downloads`;
      await deps.mailer.send({
        to: recipient.email,
        subject: mailText(locale, 'reportReady.subject', { file: fileName }),
        text: mailBody(locale, recipient.firstName || recipient.username, [
          mailText(locale, 'reportReady.done', {
            file: fileName,
            link,
            expires: mailDateTime(locale, expiresAt),
          }),
        ]),
        link,
      });
    }
    return {
      message: serverMessage('taskReportReady', { file: fileName }),
      result: { reportId: report.id, sizeBytes, fileName },
    };
  };
}
