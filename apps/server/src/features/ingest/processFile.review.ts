// Review, the process_file task's last step: the flags a file is held for review with (failed
// quality tests, a class scheme that does not fit, direction rows that do not add up, an
// uncertain station code) and the review status they give it.
import {
  QUALITY_REASONS,
  type QualityTestName,
  type QualityTestResult,
} from '@roadcount/analytics';
import type { OrganisationSettings } from '@roadcount/domain';
import { catalogueTranslate, mailLocale } from '../../infra/mail/mailText.ts';
import type { FileRow, IngestRepository } from './ingest.repository.ts';
import type { FileMatch } from './processFile.match.ts';
import type { FileReading } from './processFile.read.ts';
import type { QualityResults } from './processFile.store.ts';

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

/** User review statuses a reprocess keeps: the data changed, the reviewer's decision did not. */
const REVIEWED_STATUSES = new Set(['ACC', 'REJ']);

export type ReviewFlags = Record<string, QualityTestResult & Record<string, unknown>>;

/** The flags a file is held for review with; none means it passed. */
export async function reviewFlags(
  ingest: Pick<IngestRepository, 'uploaderPreferences'>,
  file: FileRow,
  results: QualityResults,
  reading: FileReading,
  fileMatch: FileMatch,
): Promise<ReviewFlags> {
  const { summary, outsideScheme, withoutLength } = reading;
  const { header, match, schemeMapped, classifyByLength, fileScheme, siteScheme } = fileMatch;
  const isIntervals = header.kind === 'intervals';
  // SPEC section 3: only failed tests are flagged; a missing flag means pass.
  const failed: ReviewFlags = Object.fromEntries(
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
    const locale = mailLocale(await ingest.uploaderPreferences(file.uploadedBy));
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
    const locale = mailLocale(await ingest.uploaderPreferences(file.uploadedBy));
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
  return failed;
}

/**
 * The review status: a reprocess keeps a reviewer's decision; a file with flags, or of an
 * organisation that reviews every file, waits for review (WFR); else it passes (PDC).
 */
export function reviewStatusOf(
  file: FileRow,
  failed: ReviewFlags,
  settings: OrganisationSettings,
  reprocess: boolean,
): string {
  const needsReview = Object.keys(failed).length > 0 || settings.request_user_approve_quality;
  return reprocess && file.reviewStatus && REVIEWED_STATUSES.has(file.reviewStatus)
    ? file.reviewStatus
    : needsReview
      ? 'WFR'
      : 'PDC';
}
