import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'formats', include: ['src/**/*.test.ts'] } });
