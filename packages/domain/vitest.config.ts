import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'domain',
    include: ['src/**/*.test.ts'],
    // Property tests try thousands of inputs: on a loaded 2-core machine that can pass 5 s.
    testTimeout: 30_000,
  },
});
