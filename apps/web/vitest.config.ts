import { defineProject } from 'vitest/config';
import { srcAlias } from './srcAlias.ts';

export default defineProject({
  resolve: { alias: [srcAlias] },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // Typing into MUI fields in jsdom takes a few milliseconds a key; on a loaded 2-core machine
    // a form test can pass 5 s of work without anything being wrong.
    testTimeout: 20_000,
  },
});
