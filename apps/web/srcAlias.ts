import { fileURLToPath } from 'node:url';

/** `@/x` is `src/x`, as tsconfig.json's paths say; vite.config.ts and vitest.config.ts use it. */
export const srcAlias = {
  find: /^@\//,
  replacement: fileURLToPath(new URL('./src/', import.meta.url)),
};
