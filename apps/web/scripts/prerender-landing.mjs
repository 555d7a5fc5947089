#!/usr/bin/env node
/**
 * Build step, after the light build (vite.capture.config.ts): renders the landing page into
 * dist/capture/landing.html and landing-sv.html, with its stylesheet inlined, so / and /sv show
 * the whole page (and a crawler reads it) before any script runs; src/landing/main.tsx hydrates
 * it. The renderer is src/landing/prerender.tsx, built for Node by the same config (same aliases,
 * same asset addresses) into a temporary directory: docs/decisions/036-landing-and-help-centre.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(web, 'dist', 'capture');
const PAGES = [
  ['landing.html', 'en'],
  ['landing-sv.html', 'sv'],
];

const started = Date.now();
const out = mkdtempSync(path.join(tmpdir(), 'leadcapture-landing-ssr-'));
try {
  await build({
    configFile: path.join(web, 'vite.capture.config.ts'),
    logLevel: 'warn',
    build: {
      ssr: path.join(web, 'src', 'landing', 'prerender.tsx'),
      outDir: out,
      emptyOutDir: true,
      manifest: false,
      minify: false,
    },
  });
  const bundle = readdirSync(out).find((name) => /^prerender\.m?js$/.test(name));
  if (bundle === undefined) throw new Error(`the landing renderer was not built in ${out}`);
  const { prerenderedHtml } = await import(pathToFileURL(path.join(out, bundle)).href);
  // The page's stylesheet, /capture/assets/x.css, is dist/capture/assets/x.css.
  const read = (href) => readFileSync(path.join(dist, href.replace(/^\/capture\//, '')), 'utf8');
  for (const [file, language] of PAGES) {
    const html = readFileSync(path.join(dist, file), 'utf8');
    writeFileSync(path.join(dist, file), prerenderedHtml(html, language, read));
  }
  console.log(`prerendered ${PAGES.map(([file]) => file).join(', ')} in ${Date.now() - started} ms`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
