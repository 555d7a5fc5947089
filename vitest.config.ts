import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/vite.capture.config.ts';

const web = {
  root: './apps/web',
  include: ['src/**/*.test.{ts,tsx}'],
  // happy-dom, not jsdom: jsdom 31 breaks vitest on Node 20 (ENGINEERING.md, known traps).
  environment: 'happy-dom',
  setupFiles: ['./src/test/setup.ts'],
  // Whole pages render in some tests; a loaded machine must not fail them on time alone.
  testTimeout: 15_000,
};

/** Tests of a light page as the browser runs it, on Preact (the light build's aliases). */
const webPreact = ['src/**/*.preact.test.{ts,tsx}'];

const webFreshModules = [
  'src/app/page-strings.test.ts',
  'src/components/ui/toaster.test.tsx',
  'src/features/billing/pages/portal-page.test.tsx',
  'src/i18n/i18n.test.tsx',
  'src/lib/cookies.test.ts',
  'src/lib/session.test.ts',
];

/** One runner for the whole repository; `--project server` runs the API suite alone. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        define: { __APP_VERSION__: JSON.stringify('0.0.0-test') },
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./test/global-setup.ts'],
          setupFiles: ['./test/no-outbound.ts'],
          // Each file builds its own app and database, so files need no fresh module graph:
          // importing the server once per worker instead of once per file halves the suite's CPU.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          ...web,
          name: 'web',
          exclude: [...webFreshModules, ...webPreact],
          // The screens' files share their worker's module graph (React, the router, i18n
          // loaded once per worker): a third of the CPU of a fresh graph per file.
          isolate: false,
        },
      },
      {
        // Files that test a module's own first-load state (the session, cookies read once per
        // run, i18n's first namespaces, a module-level cache) get a fresh module graph each.
        test: { ...web, name: 'web-fresh', include: webFreshModules },
      },
      {
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            // Its ES build (Node's condition picks the CommonJS one, which requires React itself).
            { find: /^lucide-react$/, replacement: 'lucide-react/dist/esm/lucide-react.mjs' },
          ],
        },
        test: {
          ...web,
          name: 'web-preact',
          include: webPreact,
          setupFiles: [],
          // Through the aliases too: an external lucide-react would import React itself.
          server: { deps: { inline: ['lucide-react'] } },
        },
      },
    ],
  },
});
