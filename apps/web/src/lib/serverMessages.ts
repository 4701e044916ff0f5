import { serverMessageKey } from '@roadcount/domain';
import i18n from '../i18n/i18n.ts';

/** A message from the server in the user's language where the catalogue knows it. */
export function localiseServerMessage(message: string): string {
  const known = serverMessageKey(message);
  return known
    ? i18n.t(`serverMessages.${known.key}`, { ...known.params, defaultValue: message })
    : message;
}
