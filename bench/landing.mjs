#!/usr/bin/env node
/**
 * First-load JavaScript of the landing page (/ and /sv), gzip, against its budget of 40 KB
 * (issue 28, decision 036). Reads the built pages (apps/web/dist/capture/landing*.html), follows
 * every script and module preload they name and the static imports of those files, and gzips
 * each file alone (level 9, as scripts/compress.mjs writes the .gz the server sends).
 *
 *   npm run build -w apps/web && node bench/landing.mjs
 *
 * Exits 1 above the budget. The walkthrough's screenshots are images, loaded lazily: not counted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 40;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const fileOf = (url) => path.join(root, url.replace(/^\//, ''));
const kb = (bytes) => (bytes / 1024).toFixed(1);

function scriptsOf(html) {
  const urls = new Set();
  for (const [, src] of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"/g)) urls.add(src);
  for (const [, href] of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+\.js)"/g)) urls.add(href);
  return [...urls];
}

/** Static imports (`import … from "./x.js"`, `import "./x.js"`), not dynamic `import()`. */
function staticImportsOf(url, code) {
  const dir = path.posix.dirname(url);
  return [...code.matchAll(/(?:^|[;}\s])import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)].map(
    ([, spec]) => path.posix.join(dir, spec),
  );
}

let failed = false;
for (const page of ['landing.html', 'landing-sv.html']) {
  const html = readFileSync(path.join(root, 'capture', page), 'utf8');
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].reduce(
    (sum, [, body]) => sum + gzipSync(body, { level: 9 }).length,
    0,
  );
  const seen = new Map();
  const queue = scriptsOf(html);
  while (queue.length > 0) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    const code = readFileSync(fileOf(url));
    seen.set(url, { raw: code.length, gzip: gzipSync(code, { level: 9 }).length });
    queue.push(...staticImportsOf(url, code.toString('utf8')));
  }
  const total = [...seen.values()].reduce((sum, f) => sum + f.gzip, 0) + inline;
  console.log(
    `${page === 'landing.html' ? '/' : '/sv'}: ${kb(total)} KB gzip of JavaScript in ${seen.size} files (+ inline theme script ${kb(inline)} KB); budget ${BUDGET_KB} KB`,
  );
  for (const [url, f] of seen)
    console.log(`  ${url.padEnd(48)} ${kb(f.raw).padStart(7)} KB raw ${kb(f.gzip).padStart(6)} KB gzip`);
  if (total > BUDGET_KB * 1024) failed = true;
}
if (failed) {
  console.error(`over the budget of ${BUDGET_KB} KB`);
  process.exit(1);
}
