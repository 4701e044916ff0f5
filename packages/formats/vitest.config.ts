import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'formats',
    include: ['src/**/*.test.ts'],
    // The property tests try thousands of inputs: on a loaded 2-core machine that can pass 5 s.
    testTimeout: 30_000,
  },
});
