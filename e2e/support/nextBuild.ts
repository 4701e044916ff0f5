import { createHash } from 'node:crypto';
import { cpSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Copies a built app into `target` as the next build would come out under another build id,
 * which building it again would take a minute to do: the id in the entry bundle changes, so the
 * bundle gets a new name, which the page, the other chunks and the service worker's precache list
 * then name, with the page's new revision.
 */
export function copyAsNextBuild(
  dist: string,
  target: string,
  ids: { current: string; next: string },
): void {
  cpSync(dist, target, { recursive: true });
  const assets = join(target, 'assets');
  const entry = /assets\/(index-[\w-]+\.js)/.exec(
    readFileSync(join(target, 'index.html'), 'utf8'),
  )?.[1];
  if (!entry) throw new Error(`no entry bundle named in ${dist}/index.html`);
  const bundle = readFileSync(join(assets, entry), 'utf8');
  const quoted = `\`${ids.current}\``;
  if (!bundle.includes(quoted)) throw new Error(`build id ${ids.current} not found in ${entry}`);
  const nextEntry = `index-${ids.next}.js`;
  writeFileSync(join(assets, entry), bundle.replaceAll(quoted, `\`${ids.next}\``));
  renameSync(join(assets, entry), join(assets, nextEntry));
  const rename = (path: string) => {
    const text = readFileSync(path, 'utf8');
    if (text.includes(entry)) writeFileSync(path, text.replaceAll(entry, nextEntry));
  };
  for (const name of readdirSync(assets).filter((file) => file.endsWith('.js')))
    rename(join(assets, name));
  rename(join(target, 'index.html'));
  const page = readFileSync(join(target, 'index.html'));
  const revision = createHash('md5').update(page).digest('hex');
  const worker = readFileSync(join(target, 'sw.js'), 'utf8')
    .replaceAll(entry, nextEntry)
    .replace(/(url:"index\.html",revision:")[0-9a-f]+"/, `$1${revision}"`);
  writeFileSync(join(target, 'sw.js'), worker);
}
