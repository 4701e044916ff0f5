import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['./support/globalSetup.ts'],
    env: { TZ: 'UTC' },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One browser and one server on 2 cores: run files one after another.
    fileParallelism: false,
  },
});
