import tailwindcss from '@tailwindcss/vite';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

/**
 * The second build of apps/web, the light pages: the public capture page (/capture/{slug},
 * /sv/capture/{slug}), the sign-in page (/auth/login, /sv/auth/login) and the landing page (/ and
 * /sv, decision 036: one HTML file per language for its meta tags), each its own HTML entry
 * and bundle, with React aliased to preact/compat so they load a few tens of KB of JavaScript
 * instead of the dashboard's runtime (docs/decisions/011-capture-page-preact.md,
 * 022-sign-in-page.md). Runs after the main build (`npm run build`); writes dist/capture/
 * (capture.html, signin.html), which the server serves for those paths (apps/server/src/app.ts).
 */

const root = fileURLToPath(new URL('.', import.meta.url));
const THEME_TAG = '<script src="/theme-init.js"></script>';

/** The same inlined theme script as index.html (vite.config.ts): the server's CSP allows it by hash. */
function inlineThemeScript(): Plugin {
  return {
    name: 'leadcapture:capture-inline-theme-script',
    transformIndexHtml: {
      // Before Vite looks at the page's scripts: it cannot bundle a classic one.
      order: 'pre',
      handler(html) {
        if (!html.includes(THEME_TAG)) throw new Error(`a light page's HTML no longer has ${THEME_TAG}`);
        const script = readFileSync(new URL('./public/theme-init.js', import.meta.url), 'utf8')
          .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
          .trim();
        return html.replace(THEME_TAG, `<script>${script}</script>`);
      },
    },
  };
}

/**
 * Fails the build when a light page pulls in what it must never carry: React itself (the alias
 * missed an import), zod (through a contracts module that uses it), i18next, TanStack Query,
 * Radix, tailwind-merge, or the dashboard's own code (app, features, lib/api-client, the app's
 * i18n setup). lib/session.ts, framework-free cookies, is the sign-in page's to use.
 */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, 'React (import it through the preact/compat alias)'],
  [/[\\/]node_modules[\\/]zod[\\/]/, 'zod (use the zod-free contracts: form-fields, public-capture, event-urls)'],
  [/[\\/]node_modules[\\/](i18next|react-i18next)[\\/]/, 'i18next (use src/capture/i18n.ts)'],
  [/[\\/]node_modules[\\/]@tanstack[\\/]/, 'TanStack'],
  [/[\\/]node_modules[\\/](radix-ui|@radix-ui)[\\/]/, 'Radix'],
  [/[\\/]node_modules[\\/](tailwind-merge|clsx|class-variance-authority)[\\/]/, 'class helpers of the app'],
  [/[\\/]src[\\/](app|features)[\\/]/, "the dashboard's code"],
  [/[\\/]src[\\/]lib[\\/](api-client|paywall|toast)\.ts/, "the dashboard's API client"],
  [/[\\/]src[\\/]i18n[\\/]i18n\.ts/, "the app's i18next setup"],
];

function keepCaptureBundleSmall(): Plugin {
  return {
    name: 'leadcapture:capture-bundle-guard',
    apply: 'build',
    generateBundle() {
      const offenders: string[] = [];
      for (const id of this.getModuleIds()) {
        const hit = FORBIDDEN.find(([pattern]) => pattern.test(id));
        if (hit) offenders.push(`${id}: ${hit[1]}`);
      }
      if (offenders.length > 0) this.error(`the light pages must not contain:\n  ${offenders.join('\n  ')}`);
    },
  };
}

/**
 * React imports made Preact's: the light pages' builds, the landing page's build-time render and
 * its hydration test (vitest.config.ts, project web-preact).
 */
export const PREACT_ALIASES = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // The landing page's build-time render (src/landing/prerender.tsx): Preact's own
  // renderer, so the HTML is what the page's hydration expects.
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

// Vite only reads a default export; config files are the one exception to named exports.
export default defineConfig({
  root,
  // Its assets live under /capture/assets/ (dist/capture/assets/), beside the page's paths.
  base: '/capture/',
  // favicon.svg and theme-init.js are copied to dist/ by the main build already.
  publicDir: false,
  resolve: { alias: PREACT_ALIASES },
  plugins: [tailwindcss(), inlineThemeScript(), keepCaptureBundleSmall()],
  // The landing page's renderer for the build (scripts/prerender-landing.mjs) is one file that
  // runs from a temporary directory: everything bundled, and through the aliases above (an
  // external lucide-react would import React itself).
  ssr: { noExternal: true },
  build: {
    // Only dist/capture is emptied: the main build's dist/ stays.
    outDir: fileURLToPath(new URL('./dist/capture', import.meta.url)),
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      input: {
        capture: fileURLToPath(new URL('./capture.html', import.meta.url)),
        signin: fileURLToPath(new URL('./signin.html', import.meta.url)),
        landing: fileURLToPath(new URL('./landing.html', import.meta.url)),
        'landing-sv': fileURLToPath(new URL('./landing-sv.html', import.meta.url)),
      },
      // lucide-react marks its modules "use client", which means nothing in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.id?.includes('lucide-react') === true) return;
        handler(level, log);
      },
    },
  },
});
