import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helpers.ts';

/**
 * The installable app's files (docs/offline.md): the service worker, the manifest and the build
 * metadata file are served as themselves (not the SPA shell), with their own types, and never
 * cached long: a browser that kept an old sw.js would never learn of a new version.
 */

const SW = "self.addEventListener('fetch', () => {});";
const MANIFEST = JSON.stringify({ name: 'LeadCapture', start_url: '/dashboard', display: 'standalone' });
const LATEST = JSON.stringify({ id: 'build-1', timestamp: '2026-11-27T10:00:00.000Z' });

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'leadcapture-pwa-'));
  const webDir = path.join(root, 'dist');
  mkdirSync(path.join(webDir, 'builds'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(path.join(webDir, 'sw.js'), SW);
  writeFileSync(path.join(webDir, 'manifest.webmanifest'), MANIFEST);
  writeFileSync(path.join(webDir, 'builds', 'latest.json'), LATEST);
  writeFileSync(path.join(webDir, 'pwa-192x192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the installable app files', () => {
  it('serves /sw.js as JavaScript, revalidated on every check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SW);
  });

  it('serves /manifest.webmanifest as a web app manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body)).toMatchObject({ display: 'standalone' });
  });

  it('serves the build metadata file the app polls, never from a cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/builds/latest.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(res.body)).toEqual({ id: 'build-1', timestamp: '2026-11-27T10:00:00.000Z' });
  });

  it('serves the icons as PNG', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pwa-192x192.png' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });
});
