import { defineConfig } from 'vitest/config';

// `npm test` runs every unit and integration test; the e2e workspace runs separately on a built app.
export default defineConfig({
  test: {
    env: { TZ: 'UTC' },
    projects: [
      'packages/*/vitest.config.ts',
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
    ],
  },
});
