import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startApp } from './appServer.ts';

/** One server for the whole run; tests read its address from the provided context. */
export default async function setup(project: TestProject) {
  const indexHtml = fileURLToPath(new URL('../../apps/web/dist/index.html', import.meta.url));
  if (!existsSync(indexHtml))
    throw new Error('The web app is not built: run `npm run build` first.');
  const app = await startApp();
  project.provide('appUrl', app.url);
  project.provide('dataDir', app.dataDir);
  return () => app.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    dataDir: string;
  }
}
