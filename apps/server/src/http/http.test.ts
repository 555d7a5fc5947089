import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Status } from '@leadcapture/contracts/status';
import { PASSWORD, createTestApp, registerUser, uniqueAddress, uniqueEmail, type TestApp } from '../../test/helpers.ts';
import { expectError, type SuccessEnvelope, type ErrorEnvelope } from '../../test/envelope.ts';

const ALLOWED_ORIGIN = 'https://app.example.com';
const THEME_SCRIPT = "document.documentElement.classList.add('dark');";
const INDEX_HTML = `<!doctype html><html><head><title>LeadCapture test shell</title><script>${THEME_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'leadcapture-web-'));
  // A file beside the web directory that must never be served.
  writeFileSync(path.join(root, 'secret.txt'), 'TOP-SECRET');
  const webDir = path.join(root, 'dist');
  mkdirSync(webDir);
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'assets', 'app-3f2a1c.js'), 'console.info("app");');
  // What apps/web/scripts/compress.mjs writes beside each asset.
  writeFileSync(path.join(webDir, 'assets', 'app-3f2a1c.js.br'), brotliCompressSync('console.info("app");'));
  writeFileSync(path.join(webDir, 'assets', 'app-3f2a1c.js.gz'), gzipSync('console.info("app");'));
  writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({
    env: { CORS_ORIGINS: `${ALLOWED_ORIGIN}, https://admin.example.com`, WEB_DIST_DIR: webDir },
  });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('envelope and routing', () => {
  it('answers /api/v1/status/ in the success envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/status/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json<SuccessEnvelope<Status>>();
    expect(Object.keys(body).sort()).toEqual(['data', 'meta', 'status', 'status_code']);
    expect(body.status).toBe('success');
    expect(body.status_code).toBe(200);
    expect(new Date(body.meta.timestamp).toISOString()).toBe(body.meta.timestamp);
    expect(body.data).toEqual({
      status: 'ok',
      version: t.config.version,
      database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
      uptime_seconds: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(body.data.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(typeof body.data.version).toBe('string');
  });

  it('answers the same with and without the trailing slash, without a redirect', async () => {
    for (const url of ['/api/v1/status', '/api/v1/status/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.json<SuccessEnvelope<Status>>().data.status).toBe('ok');
    }
  });

  it('reaches POST routes with and without the trailing slash', async () => {
    const user = await registerUser(t);
    for (const url of ['/api/v1/auth/login', '/api/v1/auth/login/']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: uniqueAddress(),
        payload: { email: user.email, password: PASSWORD },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.json<SuccessEnvelope<{ user: { id: string } }>>().data.user.id).toBe(user.user.id);
    }
    // And the route's own errors, not a 404, for bad credentials without the slash.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: 'Wrong-password-1' },
    });
    expectError(wrong, 401, 'INVALID_CREDENTIALS');
  });

  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/nope/'],
    ['POST', '/api/v1/clients-of-nobody/'],
    ['DELETE', '/api/v1/status/'],
    ['GET', '/api'],
    ['GET', '/api/v2/status/'],
  ] as const)('answers %s %s with the 404 envelope', async (method, url) => {
    const error = expectError(await t.app.inject({ method, url }), 404, 'NOT_FOUND');
    expect(error.message).toBe(`Not found: ${method} ${url}`);
  });

  it('does not echo the query string of an unknown path', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope/?token=s3cr3t-value' });
    expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Not found: GET /api/v1/nope/');
    expect(res.body).not.toContain('s3cr3t-value');
  });
});

describe('request bodies', () => {
  const login = (payload: string, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers 400 BAD_REQUEST for malformed JSON', async () => {
    const error = expectError(await login('{"email": "a@example.com", "password": '), 400, 'BAD_REQUEST');
    expect(error.message).toBe('Malformed JSON in request body.');
    expectError(await login("{'email': 'single quotes'}"), 400, 'BAD_REQUEST');
  });

  it('answers 400 BAD_REQUEST for an empty JSON body', async () => {
    expectError(await login(''), 400, 'BAD_REQUEST');
  });

  it('answers 422 for JSON that is not an object', async () => {
    expectError(await login('[1, 2, 3]'), 422, 'VALIDATION_ERROR');
    expectError(await login('"a string"'), 422, 'VALIDATION_ERROR');
    expectError(await login('null'), 422, 'VALIDATION_ERROR');
  });

  it('answers 400 BAD_REQUEST for text with a NUL character, in a body or a query, and keeps serving', async () => {
    // PostgreSQL stores no NUL in text: such a value used to reach the database and fail there.
    const owner = await registerUser(t);
    const auth = { authorization: `Bearer ${owner.access}` };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/',
      headers: auth,
      payload: { first_name: 'Gre\u0000ta', last_name: 'Berg', email: uniqueEmail(), company: 'Fjord AB' },
    });
    const error = expectError(created, 400, 'BAD_REQUEST');
    expect(error.message).toBe('Text may not contain the NUL character (\\u0000).');
    const searched = await t.app.inject({ method: 'GET', url: '/api/v1/leads/?search=Gre%00ta', headers: auth });
    expectError(searched, 400, 'BAD_REQUEST');
    const fine = await t.app.inject({ method: 'GET', url: '/api/v1/leads/?search=Greta', headers: auth });
    expect(fine.statusCode).toBe(200);
  });

  it('answers 413 PAYLOAD_TOO_LARGE for a JSON body over 1 MB', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024) });
    const error = expectError(await login(big), 413, 'PAYLOAD_TOO_LARGE');
    expect(error.message).toMatch(/1 MB/);
  });

  it('accepts a JSON body just under 1 MB as far as the size limit goes', async () => {
    // The field is too long for the schema, so this is a 422, not a 413.
    const body = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1000 * 1000) });
    expect(body.length).toBeLessThan(1024 * 1024);
    expectError(await login(body), 422, 'VALIDATION_ERROR');
  });

  it('answers a text/plain body with an error envelope, not a crash', async () => {
    const res = await login('email=a@example.com&password=secret123', 'text/plain');
    expect([400, 415, 422]).toContain(res.statusCode);
    const body = res.json<ErrorEnvelope>();
    expectError(res, res.statusCode, body.error.code);
    expect(['BAD_REQUEST', 'UNSUPPORTED_MEDIA_TYPE', 'VALIDATION_ERROR']).toContain(body.error.code);
  });

  it.each(['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'answers 415 UNSUPPORTED_MEDIA_TYPE for %s',
    async (contentType) => {
      expectError(await login('<login/>', contentType), 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );
});

describe('headers', () => {
  it('sends an x-request-id and echoes a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/v1/status/' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/status/' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const traced = await t.app.inject({
      method: 'GET',
      url: '/api/v1/status/',
      headers: { 'x-request-id': 'trace-42.lb:7f3a' },
    });
    expect(traced.headers['x-request-id']).toBe('trace-42.lb:7f3a');
    // Also on errors.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/nope/',
      headers: { 'x-request-id': 'trace-43' },
    });
    expect(missing.headers['x-request-id']).toBe('trace-43');
  });

  it.each(['has spaces and <script>', 'x'.repeat(129), 'line\\nbreak'])(
    'replaces a malformed incoming request id (%j)',
    async (incoming) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/status/', headers: { 'x-request-id': incoming } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-request-id']).toMatch(UUID);
    },
  );

  it("sends the web app the pages' security headers", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/leads' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = res.headers['content-security-policy'] ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-frame-options'] ?? '').toMatch(/^(DENY|SAMEORIGIN)$/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it.each([
    ['an API answer', '/api/v1/status/'],
    ['an API error', '/api/v1/nope/'],
  ])("sends %s an API's security headers, none that only a document reads", async (_what, url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const documentOnly of [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
      'x-powered-by',
    ])
      expect(res.headers[documentOnly]).toBeUndefined();
  });

  it("keeps the site's headers on the API documentation page", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['content-security-policy'] ?? '').toContain("frame-ancestors 'none'");
  });
});

describe('API documentation', () => {
  it('serves the OpenAPI document listing the routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, unknown>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/login/']).toHaveProperty('post');
    expect(doc.paths['/api/v1/auth/register/']).toHaveProperty('post');
    expect(doc.paths['/api/v1/organizations/{id}/']).toHaveProperty('patch');
    expect(doc.paths['/api/v1/organizations/current/settings/']).toHaveProperty('get');
    // Every documented operation answers the envelope schemas, errors included.
    const login = doc.paths['/api/v1/auth/login/']?.post as { responses: Record<string, unknown> };
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
  });

  it('serves a readable HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body.toLowerCase()).toContain('swagger');
    expect(res.body).not.toBe(INDEX_HTML);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/v1/auth/login/',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });

  it('allows a configured origin', async () => {
    const res = await preflight(ALLOWED_ORIGIN);
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST');
    // The second configured origin too.
    expect((await preflight('https://admin.example.com')).headers['access-control-allow-origin']).toBe(
      'https://admin.example.com',
    );
  });

  it.each(['https://evil.example.com', 'https://app.example.com.evil.net', 'http://app.example.com'])(
    'does not allow %s',
    async (origin) => {
      const res = await preflight(origin);
      // Without Access-Control-Allow-Origin the browser refuses; nothing else matters.
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    },
  );

  it('answers a simple request from the allowed origin with the exposed headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/status/', headers: { origin: ALLOWED_ORIGIN } });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(String(res.headers['access-control-expose-headers'])).toContain('x-request-id');
    expect(String(res.headers['access-control-expose-headers'])).toContain('retry-after');
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/v1/status/',
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('the web app', () => {
  it.each(['/', '/sv/leads', '/auth/reset-password?token=abc'])('answers the SPA shell for GET %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(INDEX_HTML);
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/login' });
    const scriptSrc = (res.headers['content-security-policy'] ?? '')
      .split(';')
      .find((d) => d.startsWith('script-src '));
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`script-src 'self' 'sha256-${hash}'`);
  });

  it('serves static files, hashed assets as immutable', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-3f2a1c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.info("app");');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A file without a hash in its name may change under the same address.
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the precompressed file the browser accepts, and plain to one that accepts none', async () => {
    const url = '/assets/app-3f2a1c.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.info("app");');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('console.info("app");');
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.info("app");');
  });

  it('keeps API paths on the JSON 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nope' });
    expectError(res, 404, 'NOT_FOUND');
    expect(res.body).not.toContain('<html');
  });

  it('answers other methods on web paths with the 404 envelope, not the shell', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/sv/leads', payload: {} }), 404, 'NOT_FOUND');
  });

  it('does not serve files outside the web directory', async () => {
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/../../secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).not.toContain('TOP-SECRET');
      expect([200, 400, 403, 404], url).toContain(res.statusCode);
    }
  });
});

describe('when the database is gone', () => {
  let broken: TestApp;
  beforeAll(async () => {
    broken = await createTestApp();
    await broken.database.close();
  });
  afterAll(() => broken.app.close());

  it('answers 503 SERVICE_UNAVAILABLE with Retry-After and no internals, and keeps serving', async () => {
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email: uniqueEmail(), password: PASSWORD },
    });
    const error = expectError(res, 503, 'SERVICE_UNAVAILABLE');
    expect(error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is unavailable. Try again in a few seconds.',
    });
    expect(res.headers['retry-after']).toBe('5');
    for (const leak of [
      'stack',
      ' at ',
      '.ts:',
      'node_modules',
      'PGlite',
      'pglite',
      'pool',
      'closed',
      'select',
      'users',
    ]) {
      expect(res.body, leak).not.toContain(leak);
    }
    // The process is still serving, and its status says what is down.
    const status = await broken.app.inject({ method: 'GET', url: '/api/v1/status/' });
    expect(expectError(status, 503, 'SERVICE_UNAVAILABLE').details).toEqual({
      database: 'down',
      database_kind: broken.database.kind,
    });
    expect(status.headers['retry-after']).toBe('5');
  });
});
