import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The link in the newest email the app wrote to its outbox for this address. */
export function latestLinkTo(dataDir: string, email: string): string {
  const outbox = join(dataDir, 'outbox');
  const newest = readdirSync(outbox)
    .filter((name) => name.endsWith(`${email.toLowerCase()}.eml`))
    .sort()
    .at(-1);
  if (!newest) throw new Error(`no email to ${email} in ${outbox}`);
  const text = readFileSync(join(outbox, newest), 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '=');
  const link = /https?:\/\/\S+\/auth\/password\?token=[\w-]+/.exec(text)?.[0];
  if (!link) throw new Error(`no link in ${newest}`);
  return link;
}
