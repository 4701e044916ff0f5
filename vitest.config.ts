import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// `npm test` runs every unit and integration test; the e2e workspace runs separately on a built app.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    // Vitest runs one file less than there are cores at a time: on a 2-core machine (CI's) that
    // is one, and the suite ran file after file while the server tests waited on their sockets and
    // workers with a core idle. Two at a time there; as many as before on larger machines.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      'packages/*/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
