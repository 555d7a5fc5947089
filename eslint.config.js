// One lint configuration for the monorepo: typescript-eslint (type-aware), React hooks and
// jsx-a11y for the web app, and import boundaries that keep the layering of ENGINEERING.md.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const relativeOnly = ['.*', '../*', './*'];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'e2e/artifacts/**',
      'bench/results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [...tseslint.configs.strictTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      // Fastify handlers and hooks are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': ['error', { allowConstantLoopConditions: true }],
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // Classic scripts served as they are (public/theme-init.js runs before the app, in <head>).
    files: ['apps/web/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  // --- the server: configuration is read in config.ts only -------------------------------
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts only.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/apps/web/**', '@leadcapture/web', '@leadcapture/web/*'],
              message: 'The server never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  // --- the server: modules meet only through their public files (docs/architecture.md, "Modules")
  {
    name: 'server/module-boundaries',
    files: ['apps/server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      // Each folder of modules/ is one element, named by its folder.
      'boundaries/elements': [{ type: 'server-module', pattern: 'apps/server/src/modules/*', capture: ['module'] }],
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              // Into another module: its <module>.service.ts, or one of its *.table.ts (the schema
              // and joins need them); never its routes, helpers or inner services.
              from: { element: { type: 'server-module' } },
              disallow: {
                to: {
                  element: {
                    type: 'server-module',
                    captured: { module: '!{{from.captured.module}}' },
                    fileInternalPath: '!({{to.captured.module}}.service.ts|*.table.ts)',
                  },
                },
              },
              message:
                'A module imports another only through its public service file ({{to.captured.module}}.service.ts) or its tables.',
            },
          ],
        },
      ],
    },
  },
  // --- contracts: the HTTP contract only, depending on zod alone ---------------------------
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*', '!zod', '!zod/*', ...relativeOnly.map((p) => `!${p}`)],
              message: 'packages/contracts depends only on zod and never on an app.',
            },
          ],
        },
      ],
    },
  },
  // --- the web app: lib -> features -> app, and features meet only through their api/ -----
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
    },
  },
  {
    files: [
      'apps/web/src/lib/**/*.{ts,tsx}',
      'apps/web/src/utils/**/*.{ts,tsx}',
      'apps/web/src/components/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'lib, utils and components sit below features and app.',
            },
            {
              group: ['@leadcapture/server', '@leadcapture/server/*', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**'], message: 'Features do not import the app shell.' },
            {
              // A sibling feature's internals (`../../leads/components/…`, `../../clients/utils/…`),
              // not the shared src/components or src/lib (`../../../lib/…`), which every feature builds on.
              regex: '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/(components|pages|hooks|utils|lib)/',
              message: 'Features meet only through their api/ files.',
            },
            {
              group: ['../../../features/*/!(api)/**'],
              message: 'Features meet only through their api/ files.',
            },
            {
              group: ['@leadcapture/server', '@leadcapture/server/*', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The public capture page and its form renderer: a preact/compat bundle of 60 KB at most
    // (docs/decisions/011-capture-page-preact.md); vite.capture.config.ts also fails the build.
    files: ['apps/web/src/capture/**/*.{ts,tsx}', 'apps/web/src/components/form-renderer/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**', '**/lib/api-client*', '**/i18n/i18n*', '**/lib/cn*', '**/ui/**'],
              message: "The capture page carries none of the dashboard's code.",
            },
            {
              group: ['zod', 'i18next', 'react-i18next', '@tanstack/*', 'radix-ui', '@radix-ui/*', 'react-router'],
              message: 'Too big for the capture page (60 KB of JavaScript in all).',
            },
            {
              group: [
                '@leadcapture/contracts/*',
                '!@leadcapture/contracts/form-fields',
                '!@leadcapture/contracts/public-capture',
                '!@leadcapture/contracts/event-urls',
                '!@leadcapture/contracts/event-status',
                '!@leadcapture/contracts/constants',
                '!@leadcapture/contracts/brand-color',
              ],
              message: 'Only the zod-free contracts may reach the capture page.',
            },
            {
              group: ['@leadcapture/server', '@leadcapture/server/*', '**/apps/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.test-support.ts',
      'apps/server/test/**/*.ts',
      'e2e/**',
      'bench/**',
      'scripts/**',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
);
