/**
 * Shared by the bench scripts (not a benchmark itself): ports, the API, Chromium, and the one
 * way every script prints and keeps its figures.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
