#!/usr/bin/env node
/**
 * Browser tests against the real build: starts `apps/server/dist/main.js` (which also serves
 * apps/web/dist) on a free port with a fresh data directory, waits for the status endpoint,
 * then runs every e2e/*.spec.mjs in one shared Chromium.
 *
 *   npm run build && node e2e/run.mjs            all specs
 *   node e2e/run.mjs status                       only specs whose file name contains "status"
 *
 * Specs run two at a time (E2E_CONCURRENCY): each signs up its own accounts, so they share the
 * server safely, and most of a spec's time is spent waiting on the page, not on a CPU. A spec
 * that must have the server to itself exports `exclusive = true` and runs alone, after the rest.
 *
 * A spec is a module whose default export is `async ({ browser, baseURL }) => {}` that throws
 * (node:assert/strict) on failure. Plain JavaScript on purpose: it runs on a bare `node`,
 * with no build step between a change and its test.
 *
 * A spec that needs something running before the server starts (a test identity provider the
 * server is configured with) exports `serverSetup({ baseURL })`, answering
 * `{ env, context, close }`: `env` is added to the server's environment, `context` is merged
 * into that spec's argument, `close` runs at the end. Only selected specs' setups run.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = path.resolve(E2E_DIR, '..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/server/dist/main.js');
const WEB_INDEX = path.join(REPO_ROOT, 'apps/web/dist/index.html');
const CHROMIUM_PATH = '/usr/bin/chromium';
const STATUS_PATH = '/api/v1/status/';
const PERSON_USER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const STARTUP_TIMEOUT_MS = 30_000;
// Two specs share the machine: the longest (staff) takes about 170 s beside another on a
// loaded 2-core machine; a spec past this limit is stuck, not slow.
const SPEC_TIMEOUT_MS = 240_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;

/** Asks the OS for a port nobody uses, so parallel runs and a running dev server never clash. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the probe port'));
      });
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function startServer(port, dataDir, extraEnv) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    // PUBLIC_URL = the address the browser uses: absolute URLs the API hands out (logo_url, mailed
    // links) must be same-origin with the page, or the CSP (img-src 'self') blocks them.
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // The scheduled jobs every 2 s, so a spec sees a reminder without a hook to trigger it.
      SCHEDULER_INTERVAL_MS: process.env.SCHEDULER_INTERVAL_MS ?? '2000',
      // Specs' local receivers (webhooks, Slack) listen on 127.0.0.1.
      OUTBOUND_ALLOW_PRIVATE: 'true',
      // Specs register more accounts than one address may in an hour; support.mjs gives each
      // registration its own X-Forwarded-For, which the server reads behind this flag.
      TRUST_PROXY: 'true',
      // The staff account e2e/staff.spec.mjs signs in with (created at start, docs/staff.md).
      STAFF_EMAIL: 'staff@e2e.example.com',
      STAFF_PASSWORD: 'E2E-staff-console-2026',
      // What the selected specs' serverSetup asked for (e.g. OIDC_* of a test identity provider).
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Server warnings are shown as they happen: they are often the reason a spec fails.
  const forward = (chunk) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) process.stderr.write(`[server] ${line}\n`);
  };
  child.stdout.on('data', forward);
  child.stderr.on('data', forward);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  return { child, exited };
}

async function waitForServer(baseURL, server) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let lastProblem = 'no answer yet';
  let exit;
  void server.exited.then((result) => {
    exit = result;
  });
  while (Date.now() < deadline) {
    if (exit) throw new Error(`server exited before it was ready (code ${exit.code}, signal ${exit.signal})`);
    try {
      const response = await fetch(new URL(STATUS_PATH, baseURL), { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await sleep(200);
  }
  throw new Error(`server not ready after ${STARTUP_TIMEOUT_MS / 1000} s (${lastProblem})`);
}

async function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  const stopped = await Promise.race([server.exited.then(() => true), sleep(SHUTDOWN_TIMEOUT_MS).then(() => false)]);
  if (!stopped) {
    process.stderr.write(`server ignored SIGTERM for ${SHUTDOWN_TIMEOUT_MS / 1000} s, killing it\n`);
    server.child.kill('SIGKILL');
    await server.exited;
  }
}

async function findSpecs(filters) {
  const files = (await readdir(E2E_DIR)).filter((file) => file.endsWith('.spec.mjs')).sort();
  return filters.length === 0 ? files : files.filter((file) => filters.some((filter) => file.includes(filter)));
}

function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function describeError(error) {
  const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}

const loadSpec = (file) => import(pathToFileURL(path.join(E2E_DIR, file)).href);

const FAILURE_DIR = path.join(E2E_DIR, 'artifacts', 'failures');

/**
 * The shared browser as one spec sees it: the contexts it opens are kept, with the last API
 * answers over 399 on each, so a failure can say what the spec's pages showed and were told.
 */
function browserFor(browser) {
  const opened = [];
  const watch = (context) => {
    const problems = [];
    context.on('response', (response) => {
      if (response.status() < 400) return;
      problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
      if (problems.length > 8) problems.shift();
    });
    opened.push({ context, problems });
    return context;
  };
  const proxy = new Proxy(browser, {
    get(target, property) {
      if (property === 'newContext') return async (...args) => watch(await target.newContext(...args));
      if (property === 'newPage')
        return async (...args) => {
          const page = await target.newPage(...args);
          watch(page.context());
          return page;
        };
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { browser: proxy, opened };
}

/** What a failed spec's open pages show (address, text, screenshot) and the API refused them. */
async function describePages(file, opened) {
  const lines = [];
  let shot = 0;
  for (const { context, problems } of opened) {
    for (const page of context.pages()) {
      if (page.isClosed()) continue;
      shot += 1;
      const name = `${file.replace('.spec.mjs', '')}-${shot}.png`;
      const text = await page
        .evaluate(() => globalThis.document.body?.innerText ?? '')
        .catch(() => '(no text: the page did not answer)');
      await mkdir(FAILURE_DIR, { recursive: true });
      await page.screenshot({ path: path.join(FAILURE_DIR, name), timeout: 5_000 }).catch(() => {});
      lines.push(`    page ${page.url()} (e2e/artifacts/failures/${name})`);
      lines.push(`      shows: ${text.replace(/\s+/g, ' ').trim().slice(0, 600)}`);
      if (problems.length > 0) lines.push(`      refused: ${problems.join('; ')}`);
    }
    await context.close().catch(() => {});
  }
  return lines.join('\n');
}

async function runSpec(file, context) {
  const module = await loadSpec(file);
  if (typeof module.default !== 'function') throw new Error(`${file} has no default export function`);
  await withTimeout(Promise.resolve(module.default(context)), SPEC_TIMEOUT_MS, file);
}

/** Runs `files` with at most `limit` at once; each result is reported as it ends. */
async function runPool(files, limit, run) {
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) await run(file);
  };
  await Promise.all(Array.from({ length: Math.min(limit, queue.length) }, worker));
}

async function main() {
  const specs = await findSpecs(process.argv.slice(2));
  let passed = 0;
  let failed = 0;
  let server;
  let browser;
  let dataDir;
  /** serverSetup results of the selected specs, by file. */
  const setups = new Map();

  // Ctrl-C must not leave a server holding the port or a Chromium behind.
  const abort = async (signal) => {
    process.stderr.write(`\n${signal}: stopping\n`);
    await browser?.close().catch(() => {});
    if (server) await stopServer(server);
    for (const setup of setups.values()) await setup.close?.().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', () => void abort('SIGINT'));
  process.once('SIGTERM', () => void abort('SIGTERM'));

  try {
    if (specs.length === 0) throw new Error('no e2e/*.spec.mjs matched');
    for (const [file, hint] of [
      [SERVER_ENTRY, 'npm run build -w apps/server'],
      [WEB_INDEX, 'npm run build -w apps/web'],
      [CHROMIUM_PATH, 'apt-get install -y chromium'],
    ]) {
      if (!existsSync(file)) throw new Error(`${path.relative(REPO_ROOT, file) || file} is missing; run: ${hint}`);
    }

    const port = await freePort();
    const baseURL = `http://127.0.0.1:${port}`;
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'leadcapture-e2e-'));
    const extraEnv = {};
    for (const file of specs) {
      const module = await loadSpec(file);
      if (typeof module.serverSetup !== 'function') continue;
      const setup = await module.serverSetup({ baseURL });
      setups.set(file, setup);
      Object.assign(extraEnv, setup.env);
    }
    server = startServer(port, dataDir, extraEnv);
    await waitForServer(baseURL, server);

    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        // The journeys play people: headless Chromium's own user agent ("HeadlessChrome") reads
        // as a bot, and bots get a bare 404 instead of the error page (decision 035).
        `--user-agent=${PERSON_USER_AGENT}`,
      ],
    });

    const concurrency = Math.max(1, Number(process.env.E2E_CONCURRENCY ?? '2') || 1);
    console.log(`e2e: ${specs.length} spec(s) against ${baseURL}, ${concurrency} at a time`);
    const exclusive = [];
    const shared = [];
    for (const file of specs) ((await loadSpec(file)).exclusive === true ? exclusive : shared).push(file);
    const run = async (file) => {
      const started = performance.now();
      const watched = browserFor(browser);
      try {
        await runSpec(file, { browser: watched.browser, baseURL, dataDir, ...setups.get(file)?.context });
        passed += 1;
        console.log(`  ✓ ${file} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
      } catch (error) {
        failed += 1;
        console.log(`  ✗ ${file}\n${describeError(error)}\n${await describePages(file, watched.opened)}`);
      }
    };
    await runPool(shared, concurrency, run);
    await runPool(exclusive, 1, run);
  } catch (error) {
    // Nothing could run: every selected spec counts as failed so the summary cannot look green.
    failed = Math.max(specs.length - passed, 1);
    console.log(`e2e setup failed\n${describeError(error)}`);
  } finally {
    await browser?.close().catch(() => {});
    if (server) await stopServer(server);
    for (const setup of setups.values()) await setup.close?.().catch(() => {});
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }

  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = failed > 0 ? 1 : 0;
}

await main();
