#!/usr/bin/env node
/**
 * First-load JavaScript of a route: the entry chunk, the lazy page chunk and every chunk they
 * import statically, gzipped. Run after `npm run build -w apps/web`:
 *
 *   node apps/web/scripts/bundle-size.mjs                  login, home and dashboard
 *   node apps/web/scripts/bundle-size.mjs features/auth/pages/login-page.tsx
 *
 * The target for the login route is 120 KB; the mandated stack alone (react-dom, react-router,
 * i18next, TanStack Query, react-hook-form, tailwind-merge) is ~135 KB of it, see docs/web-app.md.
 * The script exits 1 above LOGIN_CEILING_KB, a guard against regressions until the stack changes.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const LOGIN_TARGET_KB = 120;
const LOGIN_CEILING_KB = 175;
const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

function closure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    seen.add(key);
    closure(manifest[key]?.imports ?? [], seen);
  }
  return seen;
}

function gzipKb(file) {
  return gzipSync(readFileSync(path.join(DIST, file))).length / 1024;
}

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const routes = process.argv.slice(2);
const pages =
  routes.length > 0
    ? routes.map((route) => `src/${route}`)
    : [
        'src/features/auth/pages/login-page.tsx',
        'src/features/home/pages/home-page.tsx',
        'src/features/dashboard/pages/dashboard-page.tsx',
      ];

let failed = false;
for (const page of pages) {
  if (manifest[page] === undefined) throw new Error(`${page} is not a chunk of the build`);
  const extra = page.includes('dashboard-page') ? ['src/app/layouts/dashboard-layout.tsx'] : [];
  const chunks = closure([entry, page, ...extra]);
  const total = [...chunks].reduce((sum, key) => sum + gzipKb(manifest[key].file), 0);
  console.log(`${page}: ${total.toFixed(1)} KB gzip in ${chunks.size} chunks`);
  if (page.includes('login-page')) {
    console.log(`  target ${LOGIN_TARGET_KB} KB, ceiling ${LOGIN_CEILING_KB} KB`);
    if (total > LOGIN_CEILING_KB) failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
