import { CONTROL_CHARACTERS_MESSAGE } from './plainText.ts';

/** SPEC section 8: the message shown for each HTTP status the product names. */
export const ERROR_CATALOGUE = {
  400: "That request doesn't look quite right",
  403: "You aren't currently authorised for this resource",
  404: "We can't find what you're looking for",
  500: "Looks like we can't connect to the server right now",
  502: "We're having a few issues, rest assured we are on it. Please try again in a minute.",
  503: "We're down for a moment",
} as const;

/** SPEC section 8: what a missing resource is answered with, by kind; the catalogue's 404 unless named. */
export const NOT_FOUND_MESSAGES = {
  site: "We couldn't find that site. It may have been deleted",
  file: ERROR_CATALOGUE[404],
  siteGroup: ERROR_CATALOGUE[404],
  mapNote: ERROR_CATALOGUE[404],
  survey: "We couldn't find that survey",
  device: "We couldn't find that device",
  deviceArray: "We couldn't find that device array",
} as const;

export type CataloguedStatus = keyof typeof ERROR_CATALOGUE;

/**
 * Messages the server answers with, by key: the web shows each in the user's language
 * (`serverMessages.<key>` in its locale files), and any other message as the server wrote it.
 */
export const SERVER_MESSAGES = {
  badRequest: ERROR_CATALOGUE[400],
  forbidden: ERROR_CATALOGUE[403],
  notFound: ERROR_CATALOGUE[404],
  unreachable: ERROR_CATALOGUE[500],
  badGateway: ERROR_CATALOGUE[502],
  unavailable: ERROR_CATALOGUE[503],
  siteNotFound: NOT_FOUND_MESSAGES.site,
  invalidCredentials: 'No active account found with the given credentials',
  demoRefused:
    'The demo account cannot do this: every visitor shares it, so it changes nothing shared or that signs it in.',
  demoSessionMissing:
    'Sign in to the demo again: what you ask for is kept for your visit alone, and this sign-in is from before visits were kept apart.',
  startAfterEnd: 'The start date must not be later than the end date.',
  figureNotExplained: "The figure '{{figure}}' is not one of {{figures}}.",
  fieldNotDateTime: "{{field}} '{{value}}' is not a date and time.",
  figureNotExplainedHere: 'This figure cannot be explained for this site.',
  usernameTaken: 'This username is already taken.',
  organisationMissing: 'This organisation does not exist.',
  chooseOrganisation: 'Choose an organisation for this user.',
  chooseOrganisationToList: 'Choose an organisation: organisation_id is required.',
  deleteOwnAccount: 'You cannot delete your own account.',
  passwordForEmail: 'Enter your current password to change your email.',
  passwordIsName: 'The password must not be your username or email.',
  wrongCurrentPassword: 'The current password is not correct.',
  organisationNameTaken: "An organisation named '{{name}}' already exists.",
  siteNamesTaken: 'Site names are unique; already taken: {{names}}',
  siteCsvTooLarge: 'The CSV is too large; split it into smaller files',
  sitesNeedOrganisation: 'Sites belong to an organisation; sign in as one of its users',
  noteEmpty: 'A note needs some text.',
  noteTooLong: 'A note is at most {{max}} characters.',
  approvalOnlyWaiting: 'Only a file waiting for review can be sent for approval.',
  mapNotesOrganisation: 'Choose the organisation of the map notes.',
  noteGroupMissing: 'That note group does not exist.',
  groupNeedsSites: 'choose the sites of the new group',
  imageType: '{{file}}: Only jpeg, jpg and png images are accepted.',
  imageExists: 'File name already exists: {{file}}',
  surveyReopenCompleted: 'Only a completed survey can be reopened',
  surveyStaffPlanning: 'Platform staff plan sites from an organisation',
  staffUploadOnBehalf: 'Platform staff upload on behalf of an organisation from its account.',
  fileTooLarge: 'A file is larger than the limit of {{mib}} MiB.',
  imageTooLarge: 'An image is larger than the limit of {{mib}} MiB.',
  subscriptionSites:
    'The subscription allows {{limit}} sites and the organisation has {{existing}}; delete one or ask for a larger subscription',
  subscriptionUsers:
    'Your subscription allows {{limit}} active users and all are in use. Delete a user or ask for a larger subscription.',
  tooManyAttempts: 'Too many attempts. Please wait {{seconds}} seconds and try again.',
  attachmentTooLarge: 'An attachment is larger than {{mib}} MiB.',
  tooManyAttachments: 'Attach at most {{max}} files.',
  reportMissing: 'There is no such report',
  reportGroupEmpty: 'siteGroupId: the group has no sites',
  reportOneOrganisation: 'siteIds: a report covers the sites of one organisation',
  reportExpired: 'The report has expired; request it again',
  reportNotReady: 'The report is not ready yet',
  deviceNotFound: NOT_FOUND_MESSAGES.device,
  deviceArrayNotFound: NOT_FOUND_MESSAGES.deviceArray,
  deviceSerialTaken: "A device with serial '{{serial}}' is already registered.",
  deviceNotKind: '{{field}}: the device {{serial}} is not a {{kind}}',
  deviceInArray: 'The device {{serial}} is in the array {{array}}; take it out first',
  laneNotOfSite: "lane_id: the lane is not one of the site's lanes",
  mappingEndBeforeStart: 'valid_to: must be later than valid_from',
  mappingOverlaps: 'The lane is already measured by another array from {{from}}',
  hardwareNeedsOrganisation: 'Hardware belongs to an organisation; sign in as one of its users',
  gatewayKeyInvalid: 'The gateway key is not valid or has been revoked',
  ingestField: 'Batch refused, nothing stored: {{field}}: {{problem}}',
  ingestBeforeGateway:
    "Batch refused, nothing stored: {{field}}: {{timestamp}} is before {{earliest}}, a day before the gateway was registered or its studs' first mapping starts",
  ingestAhead:
    "Batch refused, nothing stored: {{field}}: {{timestamp}} is more than {{minutes}} minutes ahead of the server's clock ({{now}})",
  ingestUnknownSensor:
    'Batch refused, nothing stored: {{field}}: no stud {{sensor}} is heard by this gateway',
  billMissing: 'There is no such bill',
  renewalTooSoon:
    'renewal_on: renewal notice is given at least {{days}} days ahead; choose a date after {{date}}',
  translationLocale: 'locale: {{locale}} is not one of the interface languages',
  tmgChecksFailed: 'The TMG export did not pass its checks: {{failures}}',
  badDataPeriodMissing: 'There is no such bad-data period',
  badDataRealZeroSilentOnly:
    'decision: only a silent stretch can be a real zero; keep or exclude this period',
  badDataDecision: 'decision: must be one of {{decisions}}',
  reportSurveyEmpty: 'surveyId: the survey has no sites',
  // A site-detail request priced before its scan (apps/server analysis/siteDetailBudget.ts).
  siteDetailTooManyBins:
    'This asks for {{bins}} time bins, more than the {{max}} one request may draw: choose a shorter time range or a longer time aggregation',
  siteDetailTooManyVehicles:
    'This reads {{vehicles}} vehicles, more than the {{max}} one request may: choose a shorter time range',
  // Any text of a request, named by its field: NUL and the other control characters are refused.
  controlCharacters: `{{field}}: ${CONTROL_CHARACTERS_MESSAGE}`,
  viewingReadOnly:
    "You are viewing another organisation's data read-only; return to your own view to make changes",
  // A counter file no reader recognised (docs/formats.md), its `problem` one of
  // RECOGNITION_MESSAGES; the most precise location first, as the first pattern that fits wins.
  formatNotRecognisedField:
    "{{file}}, line {{line}}, field '{{field}}': the format is not recognised: {{problem}}",
  formatNotRecognisedLine: '{{file}}, line {{line}}: the format is not recognised: {{problem}}',
  formatNotRecognised: '{{file}}: the format is not recognised: {{problem}}',
  // What a task says while it runs and when it ends (the Tasks card, uploads, site tools).
  taskQueued: 'Queued',
  taskQueuedFor: 'Queued for {{site}}',
  taskQueuedFile: 'Queued {{file}}',
  taskChangelogQueued: 'Changelog {{heading}} queued',
  taskMergeQueued: 'Merging {{names}} into {{site}}',
  taskDeletionQueued: 'Deletion of {{site}} is queued',
  taskPermanentDeletionQueued: 'Permanent deletion of {{site}} is queued',
  taskHeadwayQueued: 'Queued: summary statistics for a headway threshold of {{seconds}} s',
  taskBillsQueued: 'Bills for {{month}} queued',
  taskDeletingLapsed: 'Deleting the data of organisations lapsed over 12 months ago',
  taskBadDataChanged: 'Bad-data periods changed',
  taskProgressDay: '{{day}}: day {{index}} of {{days}}',
  taskProgressBills: 'Bills for {{month}}: {{index}} of {{count}} organisations',
  taskProgressReclassifying: 'Reclassifying into {{scheme}} {{file}} ({{index}} of {{count}})',
  taskProgressReprocessing: 'Reprocessing {{file}} ({{index}} of {{count}})',
  taskProgressReuploading: 'Re-uploading {{file}} ({{index}} of {{count}})',
  taskProgressDeletingFile: 'Deleting {{file}} ({{index}} of {{count}})',
  taskProgressSite: 'Site {{index}} of {{count}}',
  taskProgressMovingSite: 'Moving {{site}} to {{organisation}}',
  taskProgressDemoDeleting: 'Deleting what was added to the demo',
  taskProgressDemoUploading: 'Uploading the demo surveys again',
  taskProgressReportSites: '{{percent}}% · site {{index}} of {{count}}',
  taskProgressChangelog: 'Sent {{sent}} of {{count}}',
  taskFileProcessed:
    '{{vehicles}} vehicles from {{file}} matched to {{site}} ({{rule}}); {{status}}',
  taskFileProcessedPedestrians:
    '{{count}} pedestrians from {{file}} matched to {{site}} ({{rule}}); {{status}}',
  taskFileProcessedBicycles:
    '{{count}} bicycles from {{file}} matched to {{site}} ({{rule}}); {{status}}',
  taskFileNoSite: '{{file}} has no site',
  taskFileAccepted:
    '{{file}} accepted: its data joined its site, which now counts {{vehicles}} vehicles',
  taskFileAcceptedPedestrians:
    '{{file}} accepted: its counts joined its site, which now counts {{count}} pedestrians',
  taskFileAcceptedBicycles:
    '{{file}} accepted: its counts joined its site, which now counts {{count}} bicycles',
  taskFileRejected:
    '{{file}} rejected: left out of its site, which now counts {{vehicles}} vehicles',
  taskFileRejectedPedestrians:
    '{{file}} rejected: left out of its site, which now counts {{count}} pedestrians',
  taskFileRejectedBicycles:
    '{{file}} rejected: left out of its site, which now counts {{count}} bicycles',
  taskSiteReprocessed:
    '{{site}}: {{files}} files reprocessed ({{vehicles}} vehicles, {{reclassified}} reclassified into {{scheme}} from their stored records)',
  taskSiteReuploaded:
    '{{site}}: vehicles emptied and {{files}} file(s) processed again from their uploads ({{vehicles}} vehicles)',
  taskSiteReuploadedBicycles:
    '{{site}}: counts emptied and {{files}} file(s) processed again from their uploads ({{count}} bicycles)',
  taskSiteReuploadedPedestrians:
    '{{site}}: counts emptied and {{files}} file(s) processed again from their uploads ({{count}} pedestrians)',
  taskQualityRecalculated:
    '{{site}}: data quality recalculated for {{tested}} files, {{failing}} failing',
  taskRollupsRebuilt:
    '{{site}}: {{rows}} daily rollups from {{files}} files; {{flagged}} bad-data periods flagged',
  taskRollupsRebuiltSurveys:
    '{{site}}: {{rows}} daily rollups from {{files}} files; {{flagged}} bad-data periods flagged; {{surveys}} survey(s) completed',
  taskNoSiteToReprocess: 'No site to reprocess',
  taskSummaryStatisticsRefreshed:
    'Summary statistics of {{sites}} site(s) reprocessed for a headway threshold of {{seconds}} s',
  taskRecorrelated: '{{vehicles}} vehicles correlated over {{days}} days',
  taskSitesMerged:
    'Merged {{count}} site(s) ({{names}}) into {{target}}: {{files}} file(s) moved; {{target}} now counts {{vehicles}} vehicles.',
  taskMergeNothingLeft: '{{site}} already holds the merged sites: nothing more to merge.',
  taskSiteGonePermanently: 'The site was already deleted permanently',
  taskSiteAlreadyDeleted: '{{site}} was already deleted: nothing more to do',
  taskSiteDeleted: '{{site}} is deleted; it can be restored from the deleted sites',
  taskSiteDeletedForGood: '{{site}} and its {{files}} files are deleted permanently',
  taskSiteAlreadyInOrganisation: '{{site}} is already in {{organisation}}: nothing to move.',
  taskSiteMoved:
    '{{site}} moved from {{from}} to {{to}} with {{files}} file(s), {{fileNotes}} file note(s), {{groups}} group(s) and {{mapNotes}} map note(s).',
  taskLanesCleaned:
    '{{site}}: {{removed}} repeated lane(s) removed, {{renumbered}} renumbered; {{kept}} lane(s) kept.',
  taskCoordinatesTaken:
    "{{placed}} of {{found}} site(s) without GPS took their files' coordinates: {{names}}.",
  taskCoordinatesNoneTaken: "0 of {{found}} site(s) without GPS took their files' coordinates.",
  taskEmptyFilesDeleted: '{{count}} empty file(s) deleted: {{names}}.',
  taskNoEmptyFiles: '0 empty file(s) deleted.',
  taskNoLapsedOrganisation: 'No organisation is past its 12 months of retention',
  taskLapsedDeleted: 'Deleted the data of {{names}}',
  taskBillsMade:
    '{{made}} bill(s) made for {{month}}; {{existing}} organisation(s) already had one',
  taskChangelogSent: 'The changelog was sent to {{count}} user(s)',
  taskDemoReset:
    'The demo is back to its seed: {{sites}} site(s) and {{files}} file(s) removed; {{surveys}} demo survey(s) queued again.',
  taskReportAlreadyMade: '{{file}} was already made: nothing more to do',
  taskReportReady: '{{file}} is ready',
  // Why a task ended in error, when it is not the file's own format error.
  taskSiteMissing: 'The site {{site}} no longer exists.',
  taskSiteGone: 'The site no longer exists.',
  taskSiteRestored: '{{site}} was restored, so it is not deleted permanently',
  taskMergeTargetMissing: 'The target site of the merge no longer exists.',
  taskFileMissing: 'The file {{file}} no longer exists.',
  taskFileOrganisationMissing: 'The file’s organisation no longer exists.',
  taskFileNoData: '{{file}}: the file has no data',
  taskReviewedFileMissing: 'The reviewed file no longer exists.',
  taskFileNotReviewed: '{{file}} has not been reviewed.',
  taskMoveSiteMissing: 'The site to move no longer exists.',
  taskMoveOrganisationMissing: 'The organisation to move the site to no longer exists.',
  taskMoveSubscriptionFull:
    "{{organisation}}'s subscription allows {{limit}} sites and all are in use: raise its limit or delete a site there, then retry.",
  taskNoDemoOrganisation: 'This server has no demo organisation.',
  taskReportDeleted: 'The report was deleted before it was made',
  taskReportParameters: "The report's parameters are not valid: {{problem}}",
  reportExclusionElsewhere:
    "filter.vehicle_exclusions: '{{id}}' is not a saved exclusion filter of the sites' organisation",
  inputField: 'Refused, nothing saved: {{field}}: {{problem}}',
  taskReportUserInactive: 'The user who requested the report is no longer active',
  taskReportNoFiles: 'The sites have no uploaded file in the period',
} as const;

export type ServerMessageKey = keyof typeof SERVER_MESSAGES;

/**
 * Why a counter file was not recognised: the `problem` of the formatNotRecognised messages, shown
 * in the user's language (`formatRecognition.<key>` in the web's locale files). `mark` and
 * `formats` are themselves messages of this catalogue; `text` quotes the file.
 */
export const RECOGNITION_MESSAGES = {
  knownFormats:
    'a MetroCount vehicle listing, a Jamar, Roadcount or Eco-Counter CSV, or a national-platform xlsx',
  emptyFile: 'the file is empty; expected {{formats}}',
  onlyBlankLines: 'the file holds only blank lines; expected {{formats}}',
  unknownFirstLine: "'{{text}}' does not begin any format Roadcount reads; expected {{formats}}",
  beforeRoadcountHeader:
    "'{{text}}' comes before the Roadcount CSV header at line {{headerLine}}; only blank lines and '#' comments may",
  roadcountBegins: "a Roadcount CSV header begins with 'timestamp', not '{{text}}'",
  roadcountNoLane: "the Roadcount CSV header has no 'lane' column",
  beforeEcoCounterPeriod:
    "'{{text}}' comes before the Eco-Counter 'Period,' line at line {{periodLine}}; only blank lines may",
  ecoCounterBegins: "an Eco-Counter CSV begins with a 'Period,' line, not '{{text}}'",
  markMissing: '{{mark}} is not among the first {{lines}} lines, read to recognise the format',
  // After the other quoted messages: a quoted text may itself hold "' is not ".
  markNearly: "'{{text}}' is not {{mark}}",
  metroCountSite: "the 'Site:' line of a MetroCount listing",
  metroCountProfile:
    "a MetroCount listing's 'Survey Duration:', 'Data type:' or 'Column Legend:' line",
  jamarStart: "the 'Date/Time:,' line of a Jamar CSV",
  jamarTable: "the 'Veh. No.,' header of a Jamar CSV's vehicle table",
  ecoCounterTime: "the 'Time,' header of an Eco-Counter CSV",
} as const;

export type RecognitionMessageKey = keyof typeof RECOGNITION_MESSAGES;

/**
 * What is wrong in a counter file a reader refused (a `FormatError`), shown in the user's
 * language (`formatErrors.<key>` in the web's locale files) after its location (`file, line N,
 * field 'X': `). Parameters that quote the file stay as written; counts are written `en-GB`.
 * Read back in order, the first that fits wins: a longer wording comes before the shorter one
 * it begins with.
 */
export const FORMAT_ERROR_MESSAGES = {
  valueMissing: 'value is missing',
  notNumber: "'{{value}}' is not a number",
  headerNoColumn: "the header has no '{{column}}' column",
  headerNoSpeedColumn: 'the header has no speed column (speed_kmh, speed_mph or speed_mps)',
  fieldCount: 'expected {{expected}} fields as in the header, found {{found}}',
  notTimestamp: "'{{value}}' is not an ISO 8601 timestamp",
  notRoadcountDirection: "'{{value}}' is not a direction (N, E, S, W or 0 to 8)",
  speedNegative: 'speed {{speed}} is negative',
  fileEmpty: 'the file is empty',
  headerWithoutVehicles: 'the file has a header but no vehicles',
  notJamarDateTime: "'{{value}}' is not a date and time (M/D/YYYY h:mm:ss AM)",
  jamarNoHeader:
    "no 'Veh. No., Date, Time, Channel, Class, Speed' header line was found by the end of the file",
  jamarNoVehicle: 'the file ends without a vehicle after its header',
  unknownUnits: "units '{{units}}' are not ones this reader knows",
  metroCountNoSpeed: "the table has no 'Speed' column",
  metroCountNoUnits: "the profile has no 'Units:' line before the table",
  notMetroCountDateTime: "'{{value}}' is not a date and time (YYYY-MM-DD HH:MM:SS)",
  notDirection: "'{{value}}' is not a direction",
  metroCountNoTable:
    "no vehicle table ('Date-Time ...' header line) was found by the end of the file",
  notMetroCount:
    "this is not a MetroCount vehicle listing: no 'Units:' line or vehicle table was found by the end of the file",
  metroCountTableEmpty: 'the vehicle table is empty: the file ends after its header',
  metroCountFooter:
    'the footer says {{expected}} vehicles but the table lists {{found}}; the file may be cut short',
  ecoCounterNoCounter: 'the header names no counter column',
  notEcoCounterTime: "'{{value}}' is not a time (Aug 14, 2025 1:00 PM or 2025-08-14 13:00:00)",
  ecoCounterTotalInOut: 'the total {{total}} is not IN {{in}} + OUT {{out}}',
  ecoCounterTotalIn: 'the total {{total}} is not IN {{in}}',
  ecoCounterNoHeader: "no 'Time,...' header line was found by the end of the file",
  ecoCounterNoInterval: 'the file ends without an interval after its header',
  nationalCellNotNamed: "'{{cell}}' does not name a class and a direction (IN, OUT or NON)",
  nationalCellsNotNamed: '{{cells}} do not name a class and a direction (IN, OUT or NON)',
  nationalTooManyColumns:
    '{{count}} data columns, more than the {{max}} one import takes: {{columns}} are over the limit',
  nationalLaneNeeded: 'a lane number is needed where class and direction repeat: {{columns}}',
  nationalNotDateTime: "'{{value}}' is not a date and time",
  nationalNotCount: "'{{value}}' is not a count",
  nationalNoHeader: 'the workbook has no header row',
  nationalNoData: 'the workbook has no data rows after its header row',
  lineTooLong:
    "the line is longer than {{limit}} characters, more than any counter file's line: the file is not a counter file, or its line ends are missing",
  xlsxEncrypted:
    "the file is not a readable xlsx workbook ('{{entry}}' is encrypted): save it again as .xlsx from a spreadsheet program",
  xlsxUnknownCompression:
    "the file is not a readable xlsx workbook ('{{entry}}' uses an unknown compression): save it again as .xlsx from a spreadsheet program",
  // `detail` is the zip or spreadsheet library's own words.
  xlsxNotReadable:
    'the file is not a readable xlsx workbook ({{detail}}): save it again as .xlsx from a spreadsheet program',
  xlsxFileTooLarge:
    'the file is larger than {{size}} MB, more than the {{limit}} MB an xlsx workbook may inflate to: the workbook is refused unread',
  xlsxEntryTooLarge:
    "'{{entry}}' inside it inflates to {{size}} MB, more than the {{limit}} MB an xlsx workbook may inflate to: the workbook is refused unread",
  xlsxEntriesTooLarge:
    'its entries inflate to {{size}} MB or more, more than the {{limit}} MB an xlsx workbook may inflate to: the workbook is refused unread',
  xlsxTooManyEntries:
    'the workbook holds {{count}} files, more than the {{max}} an xlsx workbook may hold: the workbook is refused unread',
  // `problem` is one of RECOGNITION_MESSAGES.
  notRecognised: 'the format is not recognised: {{problem}}',
  // The ingest task's refusal of a file that would need a site beyond the subscription.
  subscriptionFull:
    'The subscription allows {{limit}} sites and all are in use; this file matches none of them, so delete a site or ask for a larger subscription, then upload it again',
} as const;

export type FormatErrorKey = keyof typeof FORMAT_ERROR_MESSAGES;

/** Where in a counter file a problem is: as much of it as is known. */
export interface FormatErrorLocation {
  file?: string;
  line?: number;
  field?: string;
}

type MessageParams = Record<string, string | number | undefined>;

function fill(template: string, params: MessageParams): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(params[name] ?? ''));
}

/** A catalogued message in English, its `{{name}}` parameters filled in. */
export function serverMessage(key: ServerMessageKey, params: MessageParams = {}): string {
  return fill(SERVER_MESSAGES[key], params);
}

/**
 * A counter file's problem in English, after its location: `london.csv, line 12, field 'speed':
 * 'abc' is not a number`.
 */
export function formatErrorMessage(
  key: FormatErrorKey,
  params: MessageParams = {},
  { file, line, field }: FormatErrorLocation = {},
): string {
  const where = [
    file,
    line === undefined ? undefined : `line ${line}`,
    field === undefined ? undefined : `field '${field}'`,
  ].filter((part) => part !== undefined);
  const problem = fill(FORMAT_ERROR_MESSAGES[key], params);
  return where.length > 0 ? `${where.join(', ')}: ${problem}` : problem;
}

/** Why a counter file was not recognised, in English, its parameters filled in. */
export function recognitionMessage(key: RecognitionMessageKey, params: MessageParams = {}): string {
  return fill(RECOGNITION_MESSAGES[key], params);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a catalogue's messages back: each as a pattern that reads its parameters, tried in the
 * catalogue's order; the key and parameters of the first that fits, or undefined for other text.
 * A parameter may be empty (a file's line quoted when it holds nothing visible).
 */
function messageReader<Key extends string>(catalogue: Record<Key, string>) {
  const patterns = (Object.keys(catalogue) as Key[]).map((key) => {
    const names: string[] = [];
    const source = catalogue[key]
      .split(/(\{\{\w+\}\})/)
      .map((part) => {
        const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
        if (!name) return escapeRegExp(part);
        names.push(name);
        return '(.*?)';
      })
      .join('');
    return { key, names, pattern: new RegExp(`^${source}$`, 's') };
  });
  return (message: string): { key: Key; params: Record<string, string> } | undefined => {
    for (const { key, names, pattern } of patterns) {
      const match = pattern.exec(message);
      if (match)
        return {
          key,
          params: Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ''])),
        };
    }
    return undefined;
  };
}

/** The key and parameters of a catalogued server message, or undefined for any other text. */
export const serverMessageKey = messageReader<ServerMessageKey>(SERVER_MESSAGES);

/** The key and parameters of a reason a file was not recognised, or undefined for other text. */
export const recognitionMessageKey = messageReader<RecognitionMessageKey>(RECOGNITION_MESSAGES);

const readFormatProblem = messageReader<FormatErrorKey>(FORMAT_ERROR_MESSAGES);

/** The locations `formatErrorMessage` writes, each part present or not; a file name last. */
const LOCATION_PATTERNS = [
  /^(?<file>.+?), line (?<line>\d+), field '(?<field>.*)'$/s,
  /^line (?<line>\d+), field '(?<field>.*)'$/s,
  /^(?<file>.+?), line (?<line>\d+)$/s,
  /^line (?<line>\d+)$/,
  /^(?<file>.+?), field '(?<field>.*)'$/s,
  /^field '(?<field>.*)'$/s,
  /^(?<file>.+)$/s,
];

function readLocation(text: string): FormatErrorLocation | undefined {
  for (const pattern of LOCATION_PATTERNS) {
    const groups = pattern.exec(text)?.groups;
    if (!groups) continue;
    return {
      ...(groups.file === undefined ? {} : { file: groups.file }),
      ...(groups.line === undefined ? {} : { line: Number(groups.line) }),
      ...(groups.field === undefined ? {} : { field: groups.field }),
    };
  }
  return undefined;
}

/**
 * The location, key and parameters of a counter file's problem as `formatErrorMessage` wrote it,
 * or undefined for other text. The location ends at the first `: ` after which a catalogued
 * problem follows (a problem may itself hold `: `).
 */
export function formatErrorKey(
  message: string,
):
  | { key: FormatErrorKey; params: Record<string, string>; location: FormatErrorLocation }
  | undefined {
  for (let at = message.indexOf(': '); at >= 0; at = message.indexOf(': ', at + 1)) {
    const location = readLocation(message.slice(0, at));
    const problem = location && readFormatProblem(message.slice(at + 2));
    if (location && problem) return { ...problem, location };
  }
  const problem = readFormatProblem(message);
  return problem && { ...problem, location: {} };
}

/** Standard reason phrases for the statuses the catalogue does not name. */
const STATUS_TEXT: Record<number, string> = {
  401: 'Unauthorized',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  501: 'Not Implemented',
  504: 'Gateway Timeout',
};

export function isCataloguedStatus(status: number): status is CataloguedStatus {
  return Object.hasOwn(ERROR_CATALOGUE, status);
}

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? 'Server Error' : 'Error');
}

/** The text a user sees for a failed request: the catalogue's wording, else 'status text'. */
export function messageForStatus(status: number, fallbackText?: string): string {
  if (isCataloguedStatus(status)) return ERROR_CATALOGUE[status];
  return `${status} ${fallbackText || statusText(status)}`;
}
