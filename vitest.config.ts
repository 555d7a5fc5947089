import { defineConfig } from 'vitest/config';

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
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          // happy-dom, not jsdom: jsdom 31 breaks vitest on Node 20 (ENGINEERING.md, known traps).
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Whole pages render in some tests; a loaded machine must not fail them on time alone.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
