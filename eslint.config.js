import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Re-exports (`export ... from`) and `import()` cross a boundary as much as an import does.
const dependencyNodes = ['import', 'dynamic-import', 'export'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/drizzle/**',
      // Written by npm run codegen; codegen:check keeps them as generated.
      'apps/web/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // ARCHITECTURE.md: a feature never imports another feature; shared needs go through
    // siteData (stored data), infra/ or packages/domain, and infra/ imports no feature. Only
    // the composition roots (app.ts, the entry points, the task handlers) see every feature.
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts'] } },
      'boundaries/include': ['apps/server/src/**/*.ts'],
      'boundaries/dependency-nodes': dependencyNodes,
      'boundaries/elements': [
        { type: 'siteData', pattern: 'apps/server/src/features/siteData' },
        { type: 'feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        { type: 'infra', pattern: 'apps/server/src/infra' },
        { type: 'cli', pattern: 'apps/server/src/cli' },
        { type: 'root', pattern: 'apps/server/src/*.ts', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'feature',
              disallow: ['feature', 'root', 'cli'],
              message:
                'A feature imports no other feature (${dependency.feature}): use siteData, infra/ or packages/domain, or have app.ts pass it in',
            },
            { from: 'feature', allow: [['feature', { feature: '${from.feature}' }]] },
            {
              from: 'siteData',
              disallow: ['feature', 'root', 'cli'],
              message: 'siteData imports no feature',
            },
            {
              from: 'infra',
              disallow: ['feature', 'siteData', 'root', 'cli'],
              message: 'infra/ imports no feature',
            },
          ],
        },
      ],
      // siteData is entered through its index (and analysis threads, which have no database,
      // through threads.ts), so that what it keeps stays its own.
      'boundaries/entry-point': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              target: 'siteData',
              disallow: '**',
              message:
                'Import siteData from its index (siteData/index.ts), not ${dependency.source}',
            },
            { target: 'siteData', allow: ['index.ts', 'threads.ts'] },
          ],
        },
      ],
    },
  },
  {
    // A test may build its fixtures from siteData's stored forms directly.
    files: ['apps/server/src/**/*.test.ts'],
    rules: { 'boundaries/entry-point': 'off' },
  },
  {
    // STYLE.md, web: a feature imports ui/, lib/, i18n, generated types and @roadcount/domain,
    // never another feature; pages/ and the root files (routes.tsx, App.tsx, main.tsx) compose
    // features, passing one into another as a prop where they meet. ui/ and lib/ import no
    // feature, and lib/ nothing of ui/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      'boundaries/include': ['apps/web/src/**/*.{ts,tsx}'],
      'boundaries/dependency-nodes': dependencyNodes,
      'boundaries/elements': [
        { type: 'feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'page', pattern: 'apps/web/src/pages' },
        { type: 'ui', pattern: 'apps/web/src/ui' },
        { type: 'lib', pattern: 'apps/web/src/lib' },
        { type: 'i18n', pattern: 'apps/web/src/i18n' },
        { type: 'generated', pattern: 'apps/web/src/generated' },
        { type: 'test', pattern: 'apps/web/src/test' },
        { type: 'root', pattern: 'apps/web/src/*.{ts,tsx}', mode: 'file' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'feature',
              disallow: ['feature', 'page', 'root'],
              message:
                'A feature imports no other feature (${dependency.feature}): use ui/ or lib/, or have a page pass it in as a prop',
            },
            { from: 'feature', allow: [['feature', { feature: '${from.feature}' }]] },
            {
              from: ['ui', 'lib'],
              disallow: ['feature', 'page', 'root', 'test'],
              message: 'ui/ and lib/ import no feature and no page',
            },
            { from: 'lib', disallow: ['ui'], message: 'lib/ imports nothing from ui/' },
          ],
        },
      ],
    },
  },
  {
    // Benchmarks use the product as its users do: the packages' entries (@roadcount/*) and the
    // server's one entry for benchmarks (apps/server/src/bench.ts), never its internals. The
    // e2e harness starts servers and browsers for them.
    files: ['bench/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts'] } },
      'boundaries/include': ['bench/**', 'apps/**', 'packages/**', 'e2e/**'],
      'boundaries/dependency-nodes': dependencyNodes,
      'boundaries/elements': [
        { type: 'bench', pattern: 'bench', mode: 'folder' },
        { type: 'serverEntry', pattern: 'apps/server/src/bench.ts', mode: 'full' },
        { type: 'webGenerated', pattern: 'apps/web/src/generated/**', mode: 'full' },
        { type: 'harness', pattern: 'e2e', mode: 'folder' },
        { type: 'product', pattern: ['apps/*', 'packages/*'], mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'bench',
              disallow: ['product'],
              message:
                'A benchmark imports the product through @roadcount/* or apps/server/src/bench.ts, not ${dependency.source}',
            },
          ],
        },
      ],
    },
  },
  {
    // No import loops: a loop inside a folder is one module in two files. (Loops between
    // features cannot form: the boundaries above forbid the imports.) import-x follows value
    // imports; `import type` is erased and never loops at run time.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/web/tsconfig.json',
            'apps/server/tsconfig.json',
            'packages/*/tsconfig.json',
            'bench/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // SQL lives in *.repository.ts files (siteData owns its own stored forms; the schema declares
    // tables and indexes). Routes are declared with
    // router.define, so that each is validated, documented and given its permission.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repository.ts',
      '**/*.test.ts',
      'apps/server/src/features/siteData/**',
      'apps/server/src/infra/db/schema.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(select|selectDistinctOn|execute)$/]',
          message: 'SQL lives in a *.repository.ts file',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'SQL lives in a *.repository.ts file',
        },
        {
          selector:
            "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|patch|delete|route)$/]",
          message: 'Declare routes with router.define (schemas, permission, OpenAPI)',
        },
      ],
    },
  },
  {
    // ARCHITECTURE.md: packages/analytics is pure computation over typed arrays. Files, streams
    // and their pacing are the server's: it opens, reads and stores, and hands the kernels bytes
    // or a file to read at positions (RandomAccessFile).
    files: ['packages/analytics/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fs', 'fs/promises', 'stream', 'stream/promises', 'stream/web'].flatMap((name) =>
            [name, `node:${name}`].map((path) => ({
              name: path,
              message: 'packages/analytics does no I/O: the server reads, writes and streams',
            })),
          ),
        },
      ],
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
