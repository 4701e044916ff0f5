import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    },
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
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
);
