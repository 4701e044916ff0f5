import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every module `entry` loads: project files by path, packages by name (type-only imports left out). */
function importGraph(entry: string) {
  const files = new Set<string>();
  const packages = new Set<string>();
  const pending = [resolve(entry)];
  while (pending.length > 0) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^import\s+(type\s+)?[^'"]*?from\s+'([^']+)'/gms)) {
      const [, typeOnly, specifier] = match as unknown as [string, string | undefined, string];
      if (typeOnly) continue;
      if (specifier.startsWith('.')) pending.push(join(dirname(file), specifier));
      else
        packages.add(
          specifier.startsWith('@')
            ? specifier.split('/').slice(0, 2).join('/')
            : (specifier.split('/')[0] as string),
        );
    }
  }
  return { files: [...files], packages: [...packages] };
}

describe('npm run worker', () => {
  // The analysis threads come by a dynamic import, only when it takes report tasks
  // (workerReports.test.ts makes a report with them).
  it('loads the queue and its handlers, not the HTTP server, GraphQL or analysis threads', () => {
    const { files, packages } = importGraph(join(import.meta.dirname, 'worker.ts'));
    expect(files.some((file) => file.endsWith('features/ingest/processFile.task.ts'))).toBe(true);
    expect(files.some((file) => file.endsWith('infra/queue/worker.ts'))).toBe(true);
    expect(
      files.filter((file) =>
        /features\/analysis\/|infra\/graphql\/|infra\/http\/|\/app\.ts$/.test(file),
      ),
    ).toEqual([]);
    expect(
      packages.filter((name) =>
        ['fastify', 'mercurius', 'graphql', '@fastify/multipart'].includes(name),
      ),
    ).toEqual([]);
  });
});
