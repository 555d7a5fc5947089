import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isbot } from 'isbot';
import { isAppPagePath } from '@leadcapture/contracts/app-pages';
import { errorEnvelope } from './envelope.ts';
import type { SecurityHeaders } from './security-headers.ts';

/**
 * The built web app's pages, read once at start: the SPA shell, the visitors' capture page and
 * the sign-in page (the last two are light builds of their own: decisions 011 and 022). Any of
 * them is missing when the web app is not built; the API still serves.
 */
export interface WebPages {
  dir: string;
  spa?: Buffer;
  capture?: Buffer;
  signIn?: Buffer;
  /** The landing page in English (/) and Swedish (/sv), decision 036. */
  landing?: Buffer;
  landingSv?: Buffer;
}

/**
 * Paths served by the public capture page's own build instead of the SPA shell: events'
 * capture pages and offer pages.
 */
const CAPTURE_PAGE_PATHS = /^(?:\/sv)?\/(?:capture|show)(?:[/?]|$)/;

/** The sign-in page; the web app sends the browser here by a full page load. */
const SIGN_IN_PAGE_PATHS = /^(?:\/sv)?\/auth\/login\/?(?:\?|$)/;

/**
 * Reads the built pages. `publicUrl` fills the landing page's `%PUBLIC_URL%` (canonical, hreflang
 * and Open Graph addresses must be absolute, and the build cannot know the address).
 */
export function readWebPages(dir: string, publicUrl = ''): WebPages {
  const read = (...parts: string[]) => {
    const file = path.join(dir, ...parts);
    return existsSync(file) ? readFileSync(file) : undefined;
  };
  const withUrl = (page: Buffer | undefined) =>
    page && Buffer.from(page.toString('utf8').replaceAll('%PUBLIC_URL%', publicUrl), 'utf8');
  const spa = read('index.html');
  const capture = read('capture', 'capture.html');
  const signIn = read('capture', 'signin.html');
  const landing = withUrl(read('capture', 'landing.html'));
  const landingSv = withUrl(read('capture', 'landing-sv.html'));
  return {
    dir,
    ...(spa ? { spa } : {}),
    ...(capture ? { capture } : {}),
    ...(signIn ? { signIn } : {}),
    ...(landing ? { landing } : {}),
    ...(landingSv ? { landingSv } : {}),
  };
}

/**
 * CSP sources for the inline scripts of the pages, by hash: the theme script runs before the
 * first paint, and as a file it was a render-blocking round trip
 * (docs/decisions/010-web-performance-budget.md). Any other inline script stays blocked.
 */
export function inlineScriptHashes(pages: WebPages): string[] {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
  const hashes = [pages.spa, pages.capture, pages.signIn, pages.landing, pages.landingSv].flatMap((html) =>
    html === undefined
      ? []
      : [...html.toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
          ([, body]) => `'sha256-${sha256(body ?? '')}'`,
        ),
  );
  return [...new Set(hashes)];
}

/**
 * The visitor-facing page (the capture build) with its own security headers, or the envelope
 * when the web app is not built.
 */
export function capturePageSender(pages: WebPages, captureHeaders: SecurityHeaders) {
  return (reply: FastifyReply): FastifyReply => {
    if (!pages.capture) return reply.send(errorEnvelope(reply.statusCode, 'NOT_FOUND', 'Not found.'));
    reply.headers(captureHeaders);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(pages.capture);
  };
}

/**
 * What a crawler gets for an unknown page: the status and nothing to index, not the error page
 * (spec 02 §2: bots are not shown it).
 */
const BOT_NOT_FOUND = Buffer.from(
  '<!doctype html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>404</title></head><body></body></html>',
);

/**
 * Serves the built web app: hashed assets as immutable files, each page by its path, deep links
 * to the SPA shell (HTTP 404 for a path that is none of the app's pages, whose shell then shows
 * the error page), and the envelope's 404 for everything under /api.
 */
export async function registerWebApp(
  app: FastifyInstance,
  pages: WebPages,
  sendCapturePage: (reply: FastifyReply) => FastifyReply,
): Promise<void> {
  if (pages.spa) {
    await app.register(fastifyStatic, {
      root: pages.dir,
      index: 'index.html',
      wildcard: true,
      // The web build writes .br and .gz beside each asset (apps/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // Hashed build assets never change; everything else is revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  const sendPage = (reply: FastifyReply, page: Buffer) =>
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  // The landing page: own routes, since the static files would answer / with the app's index.html.
  const { landing, landingSv } = pages;
  if (landing)
    app.get('/', { config: { public: true }, schema: { hide: true } }, (_req, reply) => sendPage(reply, landing));
  // The server ignores a trailing slash: /sv/ is this route too.
  if (landingSv)
    app.get('/sv', { config: { public: true }, schema: { hide: true } }, (_req, reply) => sendPage(reply, landingSv));
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && pages.capture && CAPTURE_PAGE_PATHS.test(request.url)) return sendCapturePage(reply);
    if (isRead && pages.signIn && SIGN_IN_PAGE_PATHS.test(request.url)) return sendPage(reply, pages.signIn);
    const pathOnly = request.url.split('?')[0] ?? request.url;
    // Deep links (/sv/leads, /events/x) are the SPA's to route; the route table is shared
    // (contracts/app-pages.ts), so an unknown page answers 404 before the app runs.
    if (!isApi && pages.spa && isRead) {
      if (isAppPagePath(pathOnly)) return sendPage(reply, pages.spa);
      reply.code(404);
      return sendPage(reply, isbot(request.headers['user-agent']) ? BOT_NOT_FOUND : pages.spa);
    }
    return reply.code(404).send(errorEnvelope(404, 'NOT_FOUND', `Not found: ${request.method} ${pathOnly}`));
  });
}
