import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startAppBroker } from './appBroker.ts';
import { ADMIN_PASSWORD, startApp } from './appServer.ts';
import { markTourSeen } from './browser.ts';

/** One server for the whole run; tests read its address from the provided context. */
export default async function setup(project: TestProject) {
  // WEB_DIST_DIR (relative to the repository root, as the server reads it) lets a build elsewhere be tested.
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const indexHtml = resolve(root, process.env.WEB_DIST_DIR ?? 'apps/web/dist', 'index.html');
  if (!existsSync(indexHtml))
    throw new Error('The web app is not built: run `npm run build` first.');
  // E2E_PORT: the port to serve on (a free one when unset), for machines whose ports are shared.
  const app = await startApp(process.env.E2E_PORT ? { PORT: process.env.E2E_PORT } : {});
  // Tests that sign the platform admin in by hand meet the map, not the tour of a first sign-in.
  await markTourSeen(app.url, 'admin', ADMIN_PASSWORD);
  project.provide('appUrl', app.url);
  project.provide('dataDir', app.dataDir);
  // The apps a few files share, set up otherwise (the demo surveys, a platform admin).
  const broker = await startAppBroker();
  project.provide('appBroker', broker.url);
  return async () => {
    await broker.stop();
    await app.stop();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    dataDir: string;
    /** Where the apps a few files share are served from (appBroker.ts). */
    appBroker: string;
  }
}
