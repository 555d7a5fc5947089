#!/usr/bin/env node
/**
 * First-load JavaScript of a route, gzip, the files a browser downloads when it opens the URL
 * (bench/web.mjs measures the same in Chromium). Run after `npm run build -w apps/web`:
 *
 *   node apps/web/scripts/bundle-size.mjs                  sign-in, capture, landing and dashboard
 *   node apps/web/scripts/bundle-size.mjs --files          the same, file by file
 *   node apps/web/scripts/bundle-size.mjs features/leads/pages/leads-page.tsx
 *
 * Two builds: the app (dist/) and the light pages (dist/capture/: the sign-in and capture pages,
 * the landing page, preact, docs/decisions/011 and 022). Two figures per route:
 *   to render   the entry and its imports, and for an app route its layout and page chunks with
 *               theirs and its strings (i18n core namespaces and the page's, one file each, English)
 *   after       what the page then loads by itself, unasked
 * The sum is the route's first load. The script exits 1 when a route with a target is above it:
 * 120 KB for /auth/login (issue 3), 60 KB for the capture page (issue 4), 40 KB for the landing
 * page (issue 28), or when /dashboard needs zod to render.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const CORE_NAMESPACES = ['common', 'errors'];
const LANGUAGE = 'en';

function readBuild(dir) {
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
  return { dir, manifest, entry: Object.keys(manifest).find((key) => manifest[key].src === 'index.html') };
}
const builds = { app: readBuild(DIST), light: readBuild(path.join(DIST, 'capture')) };

/** Routes measured by default: the build, what each loads besides the build's entry, a target. */
const ROUTES = [
  { name: '/auth/login', build: 'light', chunks: ['signin.html'], namespaces: [], after: [], targetKb: 120 },
  { name: '/capture/{slug}', build: 'light', chunks: ['capture.html'], namespaces: [], after: [], targetKb: 60 },
  // The landing pages share one script that the build's manifest does not list under their HTML:
  // the files come from the built page's own script and preload tags.
  { name: '/', build: 'light', html: 'landing.html', chunks: [], namespaces: [], after: [], targetKb: 40 },
  {
    name: '/dashboard',
    build: 'app',
    chunks: ['src/app/layouts/dashboard-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    namespaces: ['dashboard'],
    after: [],
    // The signed-in shell paints without zod: answers it waits for are checked by hand
    // (contracts/*-check.ts), other schemas download beside their requests (decision 010).
    without: ['zod'],
  },
];

function closure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    if (manifest[key] === undefined) throw new Error(`${key} is not a chunk of the build`);
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** A namespace file of the language; none when the build put it in a chunk already counted. */
function namespaceKeys(manifest, namespaces) {
  return namespaces
    .map((namespace) => `src/locales/${LANGUAGE}/${namespace}.json`)
    .filter((key) => manifest[key] !== undefined);
}

const gzipKb = ({ dir, manifest }, key) => gzipSync(readFileSync(path.join(dir, manifest[key].file))).length / 1024;

/** The scripts a built page names (its module scripts and preloads), as manifest-like entries. */
function scriptsOfPage(build, html) {
  const page = readFileSync(path.join(build.dir, html), 'utf8');
  const sources = [
    ...page.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="\/capture\/([^"]+\.js)"/g),
  ];
  for (const [, file] of sources) build.manifest[file] ??= { file };
  return sources.map(([, file]) => file);
}
const sum = (build, keys) => [...keys].reduce((total, key) => total + gzipKb(build, key), 0);

const args = process.argv.slice(2);
const showFiles = args.includes('--files');
const pages = args.filter((arg) => !arg.startsWith('--'));
const routes =
  pages.length > 0
    ? pages.map((page) => ({ name: page, build: 'app', chunks: [`src/${page}`], namespaces: [], after: [] }))
    : ROUTES;

for (const { dir, manifest } of Object.values(builds)) {
  for (const chunk of Object.values(manifest)) {
    if (!existsSync(path.join(dir, chunk.file))) throw new Error(`${dir} is stale: build again`);
  }
}
let failed = false;
for (const route of routes) {
  const build = builds[route.build];
  const { manifest } = build;
  const start = build.entry === undefined ? [] : [build.entry];
  const strings = route.build === 'app' ? namespaceKeys(manifest, [...CORE_NAMESPACES, ...route.namespaces]) : [];
  const pageScripts = route.html === undefined ? [] : scriptsOfPage(build, route.html);
  const render = closure(manifest, route.html === undefined ? [...start, ...route.chunks, ...strings] : pageScripts);
  const after = new Set([...closure(manifest, route.after)].filter((key) => !render.has(key)));
  const renderKb = sum(build, render);
  const afterKb = sum(build, after);
  const totalKb = renderKb + afterKb;
  console.log(
    `${route.name}: ${totalKb.toFixed(1)} KB gzip = ${renderKb.toFixed(1)} KB to render (${render.size} files)` +
      ` + ${afterKb.toFixed(1)} KB after (${after.size} files)`,
  );
  if (showFiles) {
    for (const [label, keys] of [
      ['render', render],
      ['after', after],
    ]) {
      for (const key of keys)
        console.log(`    ${label.padEnd(6)} ${gzipKb(build, key).toFixed(1).padStart(6)} KB  ${manifest[key].file}`);
    }
  }
  for (const name of route.without ?? []) {
    const found = [...render].filter((key) => path.basename(manifest[key].file).startsWith(`${name}-`));
    console.log(
      `  without ${name}: ${found.length === 0 ? 'met' : `MISSED (${found.map((key) => manifest[key].file)})`}`,
    );
    if (found.length > 0) failed = true;
  }
  if (route.targetKb !== undefined) {
    const met = totalKb <= route.targetKb;
    console.log(`  target ${route.targetKb} KB: ${met ? 'met' : 'MISSED'}`);
    if (!met) failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
