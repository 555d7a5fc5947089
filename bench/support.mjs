/**
 * Shared by the bench scripts (not a benchmark itself): ports, the API, Chromium, and the one
 * way every script prints and keeps its figures.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_ARGS } from '../scripts/server-node-args.mjs';

export const root = fileURLToPath(new URL('..', import.meta.url));
export const CHROMIUM = '/usr/bin/chromium';
/** The flags the project's browser tests use (README), so measurements match them. */
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts a Node.js script with the server's own Node.js flags (scripts/server-node-args.mjs, as
 * `npm start` runs it) and `nodeArgs`; `env` is added to this process's environment.
 */
export function spawnNode(script, env, nodeArgs = []) {
  return spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

/**
 * The built server (apps/server/dist) on 127.0.0.1, logging warnings only, with `env` (PORT,
 * DATA_DIR, …). BENCH_API_NODE_ARGS adds node flags, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * to see where its time goes.
 */
export function spawnServer(env) {
  const nodeArgs = (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawnNode(
    path.join(root, 'apps/server/dist/main.js'),
    { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    nodeArgs,
  );
}

/** Resolves once `url` answers 2xx; throws after `ms`. */
export async function waitFor(url, ms = 30_000) {
  const started = performance.now();
  for (;;) {
    if (performance.now() - started > ms) throw new Error(`${url} did not answer within ${ms} ms`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not listening yet */
    }
    await sleep(50);
  }
}

/** One JSON call to the API under test; throws with the answer on any non-2xx. */
export async function api(base, method, url, body, token) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
}

/**
 * Prints `title`, then one PASS/FAIL line per [name, value, ok, target], and keeps `results` as
 * bench/results/<name>.json.
 */
export function report(title, targets, name, results) {
  console.log(`\n${title}`);
  for (const [label, value, ok, target] of targets) {
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${label}: ${value}  [target ${target}]`);
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  writeFileSync(path.join(root, 'bench/results', `${name}.json`), JSON.stringify(results, null, 2));
}
