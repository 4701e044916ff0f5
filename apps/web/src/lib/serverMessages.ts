import { recognitionMessageKey, serverMessageKey } from '@roadcount/domain';
import i18n from '../i18n/i18n.ts';

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

/** A message from the server in the user's language where the catalogue knows it. */
export function localiseServerMessage(message: string): string {
  const known = serverMessageKey(message);
  if (!known) return message;
  const params =
    known.key.startsWith('formatNotRecognised') && known.params.problem
      ? { ...known.params, problem: localiseRecognition(known.params.problem) }
      : known.key.startsWith('task')
        ? localiseParams(known.params)
        : known.params;
  return i18n.t(`serverMessages.${known.key}`, { ...params, defaultValue: message });
}
