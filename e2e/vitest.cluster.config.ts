import { defineConfig } from 'vitest/config';

// The cluster suite (`npm run test:cluster`): no browser; it starts its own processes.
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 180_000,
    hookTimeout: 240_000,
    fileParallelism: false,
  },
});
