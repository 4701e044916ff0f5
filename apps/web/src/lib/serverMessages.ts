import {
  FORMAT_ERROR_MESSAGES,
  formatErrorKey,
  recognitionMessageKey,
  serverMessageKey,
} from '@roadcount/domain';
import i18n from '@/i18n/i18n.ts';

/**
 * Why a counter file was not recognised, in the user's language; its `mark` and `formats` are
 * catalogued in turn, and `text` quotes the file as it is.
 */
function localiseRecognition(message: string): string {
  const known = recognitionMessageKey(message);
  if (!known) return message;
  const params = Object.fromEntries(
    Object.entries(known.params).map(([name, value]) => [
      name,
      name === 'text' ? value : localiseRecognition(value),
    ]),
  );
  return i18n.t(`formatRecognition.${known.key}`, { ...params, defaultValue: message });
}

/** A task message's parameters that count something: written as the user writes numbers. */
const COUNTS = new Set([
  'vehicles',
  'files',
  'rows',
  'count',
  'made',
  'existing',
  'sites',
  'surveys',
  'tested',
  'failing',
  'reclassified',
]);

/** Counts in the user's way of writing numbers; a file's match rule and review state in words. */
function localiseParams(params: Record<string, string>): Record<string, string> {
  const number = new Intl.NumberFormat(i18n.language);
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      if (COUNTS.has(name) && /^\d+$/.test(value)) return [name, number.format(Number(value))];
      if (name === 'rule') return [name, i18n.t(`taskMatchRule.${value}`, { defaultValue: value })];
      if (name === 'status')
        return [name, i18n.t(`files.status.${value}`, { defaultValue: value })];
      return [name, value];
    }),
  );
}

/** A counter file's problem's parameters that are numbers (written `en-GB`, as `1,024.5`). */
const FORMAT_NUMBERS = new Set([
  'expected',
  'found',
  'total',
  'in',
  'out',
  'count',
  'max',
  'limit',
  'size',
  'speed',
]);

/** A number as the server wrote it in English, in the user's way; other text as it is. */
function localiseNumber(text: string): string {
  if (!/^-?\d{1,3}(,\d{3})*(\.\d+)?$|^-?\d+(\.\d+)?$/.test(text)) return text;
  return new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 10 }).format(
    Number(text.replaceAll(',', '')),
  );
}

/**
 * What a reader found wrong in a counter file, in the user's language after its location
 * (`file, line N, field 'X'`); quoted file text stays as it is.
 */
function localiseFormatError(message: string): string | undefined {
  const known = formatErrorKey(message);
  if (!known) return undefined;
  const params = Object.fromEntries(
    Object.entries(known.params).map(([name, value]) => [
      name,
      name === 'problem'
        ? localiseRecognition(value)
        : FORMAT_NUMBERS.has(name)
          ? localiseNumber(value)
          : value,
    ]),
  );
  const problem = i18n.t(`formatErrors.${known.key}`, {
    ...params,
    defaultValue: FORMAT_ERROR_MESSAGES[known.key],
  });
  const { file, line, field } = known.location;
  const where = [
    file,
    line === undefined
      ? undefined
      : i18n.t('formatErrorLocation.line', { line: localiseNumber(String(line)) }),
    field === undefined ? undefined : i18n.t('formatErrorLocation.field', { field }),
  ].filter((part) => part !== undefined);
  return where.length > 0
    ? i18n.t('formatErrorLocation.located', { where: where.join(', '), problem })
    : problem;
}

/** A message from the server in the user's language where the catalogue knows it. */
export function localiseServerMessage(message: string): string {
  const known = serverMessageKey(message);
  if (!known) return localiseFormatError(message) ?? message;
  const params =
    known.key.startsWith('formatNotRecognised') && known.params.problem
      ? { ...known.params, problem: localiseRecognition(known.params.problem) }
      : known.key.startsWith('task')
        ? localiseParams(known.params)
        : known.params;
  return i18n.t(`serverMessages.${known.key}`, { ...params, defaultValue: message });
}
