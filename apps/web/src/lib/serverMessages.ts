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

/** A message from the server in the user's language where the catalogue knows it. */
export function localiseServerMessage(message: string): string {
  const known = serverMessageKey(message);
  if (!known) return message;
  const params =
    known.key.startsWith('formatNotRecognised') && known.params.problem
      ? { ...known.params, problem: localiseRecognition(known.params.problem) }
      : known.params;
  return i18n.t(`serverMessages.${known.key}`, { ...params, defaultValue: message });
}
