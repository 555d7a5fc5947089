import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Resolved from this file, not the cwd, so `vite build` behaves the same whether it runs
// from the repo root (`npm run build -w apps/web`) or from apps/web.
const root = fileURLToPath(new URL('.', import.meta.url));

const THEME_TAG = '<script src="/theme-init.js"></script>';

/**
 * public/theme-init.js goes into index.html inline: it must run before the first paint, and as a
 * file it is a render-blocking round trip (a revalidation on every visit, too). The server allows
 * it in its CSP by hash (apps/server/src/app.ts); the file stays the source its unit test runs.
 */
function inlineThemeScript(): Plugin {
  return {
    name: 'leadcapture:inline-theme-script',
    transformIndexHtml(html) {
      if (!html.includes(THEME_TAG)) throw new Error(`index.html no longer has ${THEME_TAG}`);
      const script = readFileSync(new URL('./public/theme-init.js', import.meta.url), 'utf8')
        .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
        .trim();
      return html.replace(THEME_TAG, `<script>${script}</script>`);
    },
  };
}

/**
 * Preloads the Latin Inter file (every page's text) from index.html. Found from the CSS only
 * after the first render, it was the last request before the largest paint: Chrome holds text
 * back briefly for a font that is on its way (docs/decisions/010-web-performance-budget.md).
 */
function preloadTextFont(): Plugin {
  return {
    name: 'leadcapture:preload-text-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        );
        if (font === undefined) throw new Error('the Latin Inter font is no longer in the build');
        const attrs = { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Builds with React Router's production files. Its package exports only `dist/development`
 * (remix-run/react-router#12532, #14102), whose warnings build their messages on every call: each
 * route path compiled at start made a template string from the path, twice over for the two
 * languages. `dist/production` is the same code with ENABLE_DEV_WARNINGS false.
 */
function reactRouterProductionFiles(): Plugin {
  const development = createRequire(import.meta.url).resolve('react-router');
  const production = development.replace(/([\\/]dist[\\/])development([\\/])index\.m?js$/, '$1production$2index.mjs');
  return {
    name: 'leadcapture:react-router-production',
    apply: 'build',
    config() {
      if (production === development || !existsSync(production)) {
        throw new Error(`react-router no longer ships dist/production next to ${development}`);
      }
      return { resolve: { alias: [{ find: /^react-router$/, replacement: production }] } };
    },
  };
}

/**
 * zod with its English messages only. zod's index re-exports every language it speaks as a
 * namespace (`z.locales`) that the bundler cannot drop: ~50 KB gzip of Arabic to Vietnamese on
 * every page that validates. The app says its errors through i18n (lib/validation-messages.ts)
 * and never switches zod's locale, so the namespace keeps English, the one zod itself configures.
 */
function zodEnglishOnly(): Plugin {
  const english = createRequire(import.meta.url).resolve('zod/v4/locales/en.js');
  return {
    name: 'leadcapture:zod-english-only',
    apply: 'build',
    // Before Vite's own resolver, which would answer the relative path first.
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '../locales/index.js' || !importer || !/[\\/]node_modules[\\/]zod[\\/]/.test(importer))
        return null;
      return '\0zod-locales';
    },
    load(id) {
      return id === '\0zod-locales' ? `export { default as en } from ${JSON.stringify(english)};` : null;
    },
  };
}

/** This build's id: the app compares it with builds/latest.json to learn of a newer one (spec 01 §7). */
const BUILD_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** Writes dist/builds/latest.json, the build metadata file the app polls (lib/pwa/build-poll.ts). */
function buildMetadata(): Plugin {
  return {
    name: 'leadcapture:build-metadata',
    apply: 'build',
    generateBundle() {
      const source = JSON.stringify({ id: BUILD_ID, timestamp: new Date().toISOString() });
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source });
    },
  };
}

/**
 * The installable app (spec 02 §4, docs/offline.md): the manifest, and /sw.js built from
 * src/sw.ts by Workbox (injectManifest) with the app shell's files listed for precaching. The
 * page registers it itself (lib/pwa/register.ts).
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  registerType: 'prompt',
  includeAssets: ['favicon.svg'],
  manifest: {
    id: '/',
    name: 'LeadCapture',
    short_name: 'LeadCapture',
    description: 'Capture and manage leads at trade shows and events.',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#ffffff',
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // The app shell and its code; not the light build (dist/capture, built after this one and
    // cached by the worker when a capture page is visited) nor the .br/.gz twins.
    globPatterns: ['**/*.{js,css,html,woff2,svg,png}'],
    globIgnores: ['capture/**', 'builds/**'],
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
  },
});

// Vite only reads a default export; config files are the one exception to named exports.
export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    inlineThemeScript(),
    preloadTextFont(),
    reactRouterProductionFiles(),
    zodEnglishOnly(),
    buildMetadata(),
    pwa,
  ],
  define: { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(BUILD_ID) },
  build: {
    // The server serves this directory next to the API, so the path is part of the contract.
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // dist/.vite/manifest.json: lets scripts/bundle-size.mjs measure what each route loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        // Fewer, fuller files on the first page (docs/decisions/010-web-performance-budget.md). The
        // automatic split makes one file per set of pages sharing a module: ~20 requests for the
        // login page and ~50 for the dashboard, each a round trip on a phone. Modules land in the
        // first group that matches, highest priority first; the rest stay automatic.
        codeSplitting: {
          groups: [
            // Everything the entry imports statically: it all loads before the first render anyway.
            { name: 'app', tags: ['$initial'], priority: 10 },
            // Small pieces every page's chrome draws (theme and language controls, logo, queries).
            {
              name: 'shell',
              test: /src[\\/](components[\\/](theme-toggle|language-switch|logo-mark)\.tsx|lib[\\/]use-theme\.ts)|react-query[\\/].*[\\/](useMutation|useQuery)\.js|mutationObserver|lucide-react[\\/].*[\\/](sun|moon)\.mjs|@radix-ui[\\/]react-(primitive|slot|compose-refs)[\\/]/,
              priority: 9,
            },
            // Small components (controls, display) and the icons: a few KB together, dozens of files
            // apart. Before the form stack, which would otherwise take the controls along with it.
            {
              name: 'ui',
              test: /src[\\/]components[\\/](ui[\\/](badge|card|skeleton|empty-state|spinner|progress|table|field|input|checkbox|select|textarea|form-alert)|page-header)\.tsx|@radix-ui[\\/]react-label[\\/]/,
              priority: 8,
            },
            // react-hook-form and what wraps it: the pages with a form, not every page with a control.
            {
              name: 'forms',
              test: /react-hook-form|src[\\/]components[\\/]ui[\\/]form-field\.tsx|src[\\/]lib[\\/]validation-messages\.ts/,
              priority: 7,
            },
            // zod, one file: a page that validates anything needs it whole. The contract modules
            // stay apart, each with the pages that import it: building a schema costs a phone
            // time when its module runs, and a page that checks one answer (the Lobby's figures)
            // ran every schema of the product when they were one file (~180 ms at 4x CPU).
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 6 },
            // date-fns and the helpers around it.
            { name: 'dates', test: /node_modules[\\/]date-fns[\\/]|src[\\/]lib[\\/]format\.ts/, priority: 6 },
            { name: 'icons', test: /lucide-react/, priority: 5 },
            // Dialog and menus with the Radix parts under them (one file, not ten): every signed-in
            // page fetches them after its first paint for the shell's drawer and menus
            // (lib/use-deferred-overlay.ts). No other app modules: they would drag their imports along.
            {
              name: 'overlays',
              test: /@radix-ui[\\/]react-(dialog|dropdown-menu)[\\/]|src[\\/]components[\\/]ui[\\/](dialog|dropdown-menu)\.tsx/,
              priority: 4,
            },
          ],
        },
      },
    },
  },
  server: {
    // In development the API runs as its own process; proxying keeps the browser on one
    // origin, exactly like production where the server serves both.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // The live channels (docs/live.md): WebSockets on the same origin.
      '/ws': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
      // The sign-in page is the light build's (vite.capture.config.ts), which the server serves
      // once built: `npm run build -w apps/web` after changing it (docs/decisions/022).
      '^(/sv)?/auth/login/?(\\?.*)?$': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // So is the landing page at / and /sv (decision 036).
      '^/(sv/?)?(\\?.*)?$': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      '/capture/assets': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
