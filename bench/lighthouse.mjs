#!/usr/bin/env node
/**
 * Lighthouse (mobile) on the front door: performance, accessibility, best practices and SEO for
 * the landing page and the help centre in both languages, as issue 28 asks (performance and
 * accessibility 100 on the landing page). LIGHTHOUSE_PAGES="/,/help" picks other paths.
 *
 *   npm run build && node bench/lighthouse.mjs                 starts the built server itself
 *   node bench/lighthouse.mjs http://127.0.0.1:3000            a server already running
 *
 * Lighthouse 12 is run through npx (not a dependency: ~300 packages the app never needs); it
 * runs on Node 20 here (12.8.2 measured). Chromium is /usr/bin/chromium, or CHROMIUM_PATH.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

async function startServer() {
  const port = 3000 + Math.floor(Math.random() * 2000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leadcapture-lh-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: 'inherit',
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/v1/status/`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    base,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function lighthouse(url) {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'lh-report-')), 'report.json');
  const result = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--form-factor=mobile',
      `--only-categories=${CATEGORIES.join(',')}`,
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ],
    { env: { ...process.env, CHROME_PATH: chromium }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (result.status !== 0) throw new Error(`lighthouse exited ${result.status} for ${url}`);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((report.categories[c]?.score ?? 0) * 100)]));
  // What keeps a category below 100: its audits that did not pass, by weight.
  const failing = CATEGORIES.flatMap((c) =>
    report.categories[c].auditRefs
      .filter((ref) => ref.weight > 0 && (report.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${c}: ${ref.id} (${report.audits[ref.id].displayValue ?? report.audits[ref.id].score})`),
  );
  const metrics = Object.fromEntries(
    ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(
      (id) => [id, report.audits[id]?.displayValue],
    ),
  );
  return { scores, metrics, failing };
}

const given = process.argv[2];
const server = given ? { base: given.replace(/\/$/, ''), stop: () => {} } : await startServer();
try {
  const pages = (process.env.LIGHTHOUSE_PAGES || '/,/sv,/help,/sv/help').split(',');
  for (const page of pages) {
    const { scores, metrics, failing } = lighthouse(`${server.base}${page}`);
    console.log(JSON.stringify({ page, ...scores, metrics }));
    for (const line of failing) console.log(`  below 100: ${line}`);
  }
} finally {
  server.stop();
}
