import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../test/envelope.ts';
import { createEvent, createPublicOffer } from '../test/capture.ts';
import { createTestApp, registerUser, type TestApp } from '../test/helpers.ts';

/**
 * The web builds side by side: the SPA shell (dist/index.html) for the app's paths, the capture
 * page's own build (dist/capture/capture.html) for /capture/… and /sv/capture/…, each with its
 * own Content-Security-Policy, and the sign-in page's (dist/capture/signin.html) for /auth/login.
 */

const APP_SCRIPT = "document.documentElement.dataset.shell = 'app';";
const CAPTURE_SCRIPT = "document.documentElement.dataset.shell = 'capture';";
const INDEX_HTML = `<!doctype html><html><head><script>${APP_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const SIGN_IN_SCRIPT = "document.documentElement.dataset.shell = 'signin';";
const SIGN_IN_HTML = `<!doctype html><html><head><script>${SIGN_IN_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const CAPTURE_HTML = `<!doctype html><html lang="en"><head><title>LeadCapture</title><meta name="description" content="Leave your details." /><script>${CAPTURE_SCRIPT}</script><script type="module" src="/capture/assets/capture-1a2b3c.js"></script></head><body><div id="root"></div></body></html>`;

/** light-my-request's own user agent reads as a bot; a person's browser does not. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const LANDING_SCRIPT = "document.documentElement.dataset.shell = 'landing';";
const landingHtml = (lang: string) =>
  `<!doctype html><html lang="${lang}"><head><script>${LANDING_SCRIPT}</script><link rel="canonical" href="%PUBLIC_URL%/${lang === 'sv' ? 'sv' : ''}" /></head><body><div id="root"></div></body></html>`;

const sha = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

function directives(csp: string | string[] | number | undefined): Map<string, string> {
  if (typeof csp !== 'string') return new Map();
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name = '', ...values] = d.split(/\s+/);
        return [name, values.join(' ')];
      }),
  );
}

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'leadcapture-spa-'));
  const webDir = path.join(root, 'dist');
  mkdirSync(path.join(webDir, 'assets'), { recursive: true });
  mkdirSync(path.join(webDir, 'capture', 'assets'), { recursive: true });
  writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(webDir, 'capture', 'capture.html'), CAPTURE_HTML);
  writeFileSync(path.join(webDir, 'capture', 'signin.html'), SIGN_IN_HTML);
  writeFileSync(path.join(webDir, 'capture', 'landing.html'), landingHtml('en'));
  writeFileSync(path.join(webDir, 'capture', 'landing-sv.html'), landingHtml('sv'));
  writeFileSync(path.join(webDir, 'capture', 'assets', 'capture-1a2b3c.js'), 'console.info("capture");');
  t = await createTestApp({ env: { WEB_DIST_DIR: webDir, PUBLIC_URL: 'https://leads.example.com' } });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('the capture page build', () => {
  it.each([
    '/capture/booth-2026',
    '/capture/booth-2026/',
    '/capture/booth-2026?src=qr&utm_source=flyer',
    '/sv/capture/booth-2026',
    '/capture/confirm?token=abc',
    '/sv/capture/confirm?token=abc',
    '/capture',
    '/capture/',
    '/capture?src=qr',
    '/show/spring-deal',
    '/sv/show/spring-deal?src=qr',
  ])('answers GET %s with capture.html, revalidated on every visit', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(CAPTURE_HTML);
  });

  it('answers an unknown short link with the capture page and 404, under its policy', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/p/e0000000000a' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toBe(CAPTURE_HTML);
    expect(directives(res.headers['content-security-policy']).get('img-src')).toBe("'self' data: https:");
  });

  it("puts a public event's and offer's name, text and logo in the page's head for link previews", async () => {
    const owner = await registerUser(t);
    const organizationId = owner.organization?.id ?? '';
    const event = await createEvent(t, organizationId, { name: 'Nordic <Expo> & "Friends"' });
    const offer = await createPublicOffer(t, organizationId);
    const page = await t.app.inject({ method: 'GET', url: `/sv/capture/${event.slug}?src=qr` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="sv">');
    expect(page.body).toContain('<title>Nordic &lt;Expo&gt; &amp; &quot;Friends&quot; - LeadCapture</title>');
    expect(page.body).toContain(
      '<meta property="og:title" content="Nordic &lt;Expo&gt; &amp; &quot;Friends&quot; - LeadCapture" />',
    );
    expect(page.body).toContain(
      `<meta property="og:url" content="https://leads.example.com/sv/capture/${event.slug}" />`,
    );
    expect(page.body).toContain('<meta property="og:description" content="Lämna dina uppgifter');
    expect(page.body).toContain('<meta property="og:locale" content="sv_SE" />');
    // The inline script is untouched, so its CSP hash still holds.
    expect(page.body).toContain(`<script>${CAPTURE_SCRIPT}</script>`);
    const offerPage = await t.app.inject({ method: 'GET', url: `/show/${offer.slug}` });
    expect(offerPage.body).toContain('<meta property="og:title" content="Spring deal - LeadCapture" />');
    expect(offerPage.body).toContain('<meta name="twitter:card" content="summary" />');
  });

  it('answers HEAD too', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/capture/booth-2026' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  it("keeps the app shell for the app's pages, and answers look-alikes 404 with it", async () => {
    for (const url of ['/sv/leads', '/events/booth-2026']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
    for (const url of ['/captured', '/sv/captures/x', '/xx/capture/booth', '/showcase']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('sends the capture policy: images from https anywhere (form image fields), no WebSocket, the rest as strict as the app', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/capture/booth-2026?src=qr' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('script-src')).toContain(sha(CAPTURE_SCRIPT));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('img-src')).toBe("'self' data: https:");
    expect(csp.get('connect-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    // The other security headers are the app's.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // One policy header, not the app's and the capture's both.
    expect(typeof res.headers['content-security-policy']).toBe('string');
  });

  it('keeps the app policy on the app shell (no third-party images there)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/leads' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('img-src')).toBe("'self' data: blob:");
    expect(csp.get('connect-src')).toBe("'self' ws: wss:");
    expect(csp.get('script-src')).toContain(sha(APP_SCRIPT));
  });

  it('serves the capture build’s hashed assets as immutable files', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/capture/assets/capture-1a2b3c.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.info("capture");');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers other methods on capture paths, and the public API, with JSON envelopes', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/capture/booth-2026', payload: {} }), 404, 'NOT_FOUND');
    const api = await t.app.inject({ method: 'GET', url: '/api/v1/public/events/no-such-event-here/' });
    expectError(api, 404, 'NOT_FOUND');
    expect(api.body).not.toContain('<html');
  });
});

describe('the sign-in page build', () => {
  it.each([
    '/auth/login',
    '/auth/login/',
    '/auth/login?redirect=%2Fleads',
    '/sv/auth/login',
    '/sv/auth/login?redirect=x',
  ])('answers GET %s with signin.html under the app policy, revalidated on every visit', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(SIGN_IN_HTML);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toContain(sha(SIGN_IN_SCRIPT));
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('leaves the other sign-in journeys, and look-alikes, to the app shell', async () => {
    for (const url of ['/auth/register', '/auth/forgot-password', '/sv/auth/verify-email?token=x']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
    for (const url of ['/auth/login-help', '/xx/auth/login', '/sv/auth']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('keeps POST /auth/login off the page (the API is under /api/v1)', async () => {
    expectError(await t.app.inject({ method: 'POST', url: '/auth/login', payload: {} }), 404, 'NOT_FOUND');
  });
});

describe('document status codes (03-decisions §4d)', () => {
  const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
  const FIREFOX = BROWSER;

  it.each([
    '/dashboard',
    '/events/7c1f2e1a-2b7d-4c55-9a4e-0f5b0b6b1d2e',
    '/events/form/7c1f2e1a-2b7d-4c55-9a4e-0f5b0b6b1d2e',
    '/sv/settings/billing/usage?checkout=success',
    '/leads/',
    '/staff/users',
    '/onboarding',
  ])('answers the page %s with 200 and the shell', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': FIREFOX } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
  });

  it.each(['/nope', '/sv/nope', '/sv/sv', '/events/1/2', '/leads/form/1/x', '/dashboard/x', '/en/dashboard'])(
    'answers the unknown page %s with 404 and the shell, which shows the error page',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': FIREFOX } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX_HTML);
    },
  );

  it('answers HEAD of an unknown page with 404 too', async () => {
    expect((await t.app.inject({ method: 'HEAD', url: '/nope' })).statusCode).toBe(404);
  });

  it('does not show a crawler the error page: 404 and nothing to index', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sv/nope', headers: { 'user-agent': GOOGLEBOT } });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toBe(INDEX_HTML);
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(res.body).not.toContain('<script');
    // A real page is the same for a crawler as for anyone.
    const page = await t.app.inject({ method: 'GET', url: '/sv/contact', headers: { 'user-agent': GOOGLEBOT } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe(INDEX_HTML);
  });
});

describe('the landing page build (decision 036)', () => {
  it.each([
    ['/', 'en'],
    ['/?utm_source=newsletter', 'en'],
    ['/sv', 'sv'],
    ['/sv/', 'sv'],
    ['/sv?utm_source=nyhetsbrev', 'sv'],
  ])('answers GET %s with the landing page in its language, absolute addresses filled in', async (url, lang) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<html lang="${lang}">`);
    expect(res.body).toContain(`href="https://leads.example.com/${lang === 'sv' ? 'sv' : ''}"`);
    expect(res.body).not.toContain('%PUBLIC_URL%');
    // Its inline theme script is allowed by hash like the other pages'.
    expect(directives(res.headers['content-security-policy']).get('script-src')).toContain(sha(LANDING_SCRIPT));
  });

  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['identity', undefined],
    [undefined, undefined],
  ])('sends it compressed when the browser takes it (Accept-Encoding %s: %s)', async (accept, coding) => {
    const headers = { 'user-agent': BROWSER, ...(accept === undefined ? {} : { 'accept-encoding': accept }) };
    const res = await t.app.inject({ method: 'GET', url: '/sv', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(coding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    const body =
      coding === 'br'
        ? brotliDecompressSync(res.rawPayload)
        : coding === 'gzip'
          ? gunzipSync(res.rawPayload)
          : res.rawPayload;
    expect(body.toString('utf8')).toBe(landingHtml('sv').replaceAll('%PUBLIC_URL%', 'https://leads.example.com'));
  });

  it.each([
    ['/', 'signed_in=1', undefined, '/dashboard'],
    ['/sv', 'signed_in=1; locale=sv', undefined, '/sv/dashboard'],
    ['/', 'locale=sv', undefined, '/sv'],
    ['/', 'locale=sv', 'https://www.google.com/', '/sv'],
    ['/', 'locale=sv', 'https://leads.example.com/sv', null],
    ['/', 'locale=en', undefined, null],
    ['/', 'locale=de', undefined, null],
    ['/sv', 'locale=en', undefined, null],
    ['/', undefined, undefined, null],
  ])(
    'GET %s with cookies %s (from %s): redirected to %s before anything is drawn',
    async (url, cookie, referer, to) => {
      const headers = {
        'user-agent': BROWSER,
        host: 'leads.example.com',
        ...(cookie === undefined ? {} : { cookie }),
        ...(referer === undefined ? {} : { referer }),
      };
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.headers.vary).toMatch(/cookie/i);
      if (to === null) {
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain(LANDING_SCRIPT);
      } else {
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(to);
      }
    },
  );

  it('leaves every other page, and look-alikes, to the app shell', async () => {
    for (const url of ['/sv/help', '/sv/leads']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(LANDING_SCRIPT);
    }
  });
});

describe('without the capture build', () => {
  it('falls back to the app shell for capture and sign-in paths', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'leadcapture-spa-'));
    const webDir = path.join(other, 'dist');
    mkdirSync(webDir);
    writeFileSync(path.join(webDir, 'index.html'), INDEX_HTML);
    const app = await createTestApp({ env: { WEB_DIST_DIR: webDir } });
    try {
      const signIn = await app.app.inject({ method: 'GET', url: '/auth/login' });
      expect(signIn.statusCode).toBe(200);
      expect(signIn.body).toBe(INDEX_HTML);
      // The app has no capture page of its own: its shell shows the error page, with the status.
      const capture = await app.app.inject({
        method: 'GET',
        url: '/capture/booth-2026',
        headers: { 'user-agent': BROWSER },
      });
      expect(capture.statusCode).toBe(404);
      expect(capture.body).toBe(INDEX_HTML);
      for (const url of ['/', '/sv']) {
        const res = await app.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER } });
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(INDEX_HTML);
      }
    } finally {
      await app.close();
      rmSync(other, { recursive: true, force: true });
    }
  });
});
