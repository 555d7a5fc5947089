import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isbot } from 'isbot';
import { isAppPagePath } from '@leadcapture/contracts/app-pages';
import { readCookie } from '../modules/auth/session-cookie.ts';
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
 * What a shared link to a visitor's page shows before any script runs (link previews in chat and
 * mail apps read the HTML only): the event's or offer's name and text, its organiser's logo.
 */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute address of the organiser's logo, or null. */
  image: string | null;
  /** The page's canonical address (no query). */
  url: string;
  language: 'en' | 'sv';
}

/** Which visitor's page a path names: /capture/{slug} (an event) or /show/{slug} (an offer). */
export function visitorPageOf(url: string): { kind: 'event' | 'offer'; slug: string; language: 'en' | 'sv' } | null {
  const match = /^(\/sv)?\/(capture|show)\/([^/?#]{1,200})\/?(?:[?#]|$)/.exec(url);
  if (!match?.[3]) return null;
  let slug: string;
  try {
    slug = decodeURIComponent(match[3]);
  } catch {
    return null;
  }
  return { kind: match[2] === 'show' ? 'offer' : 'event', slug, language: match[1] ? 'sv' : 'en' };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** One line of at most `max` characters (link previews cut longer ones anyway). */
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};

/**
 * The capture page's HTML with the page's own title, description and Open Graph tags in its
 * head; the page's script sets the same title once it runs (meta.title).
 */
export function withPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(`${oneLine(meta.title, 120)} - LeadCapture`);
  const description = escapeHtml(oneLine(meta.description, 200));
  const tags = [
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="LeadCapture" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="${meta.language === 'sv' ? 'sv_SE' : 'en_US'}" />`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeHtml(meta.image)}" />`] : []),
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, `<meta name="description" content="${description}" />`)
    .replace('</head>', `    ${tags}\n  </head>`)
    .replace('<html lang="en">', `<html lang="${meta.language}">`);
}

/**
 * The visitor-facing page (the capture build) with its own security headers, or the envelope
 * when the web app is not built; with `meta`, the page's own title and Open Graph tags.
 */
export function capturePageSender(pages: WebPages, captureHeaders: SecurityHeaders) {
  return (reply: FastifyReply, meta?: PageMeta | null): FastifyReply => {
    if (!pages.capture) return reply.send(errorEnvelope(reply.statusCode, 'NOT_FOUND', 'Not found.'));
    reply.headers(captureHeaders);
    const page = meta ? withPageMeta(pages.capture.toString('utf8'), meta) : pages.capture;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  };
}

/** Whether an Accept-Encoding header takes `coding` (named, not refused with q=0). */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding) return false;
    return !params.some((param) => /^\s*q=0(?:\.0{0,3})?\s*$/.test(param));
  });
}

/**
 * A page sent compressed when the browser takes it, compressed once at start: the landing page
 * carries its whole render and stylesheet (~80 KB, ~14 KB as brotli), and its download is most
 * of a phone's wait for the first paint.
 */
export function compressedPageSender(page: Buffer) {
  const br = brotliCompressSync(page, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = gzipSync(page, { level: 9 });
  return (reply: FastifyReply, acceptEncoding: string | undefined): FastifyReply => {
    const vary = reply.getHeader('vary');
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', typeof vary === 'string' && vary !== '' ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(br);
    if (accepts(acceptEncoding, 'gzip')) return reply.header('content-encoding', 'gzip').send(gzip);
    return reply.send(page);
  };
}

/**
 * Where the landing page sends a visitor it is not for, before anything is drawn (spec 01 §2,
 * spec 02 §2): a signed-in user (the web app's readable `signed_in` marker) to the dashboard;
 * someone who chose Swedish and comes to the bare address from elsewhere (not from our own
 * language switch) to /sv. The page's script does the same where the page comes from a cache.
 */
export function landingRedirect(request: FastifyRequest, language: 'en' | 'sv'): string | null {
  if (readCookie(request, 'signed_in') !== null) return language === 'sv' ? '/sv/dashboard' : '/dashboard';
  if (language !== 'en' || readCookie(request, 'locale') !== 'sv') return null;
  const referer = request.headers.referer;
  const fromUs = referer !== undefined && URL.canParse(referer) && new URL(referer).host === request.host;
  return fromUs ? null : '/sv';
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
  sendCapturePage: (reply: FastifyReply, meta?: PageMeta | null) => FastifyReply,
  pageMeta: (url: string) => Promise<PageMeta | null> = async () => null,
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
  const landingPages = [
    ['/', 'en', pages.landing],
    // The server ignores a trailing slash: /sv/ is this route too.
    ['/sv', 'sv', pages.landingSv],
  ] as const;
  for (const [url, language, page] of landingPages) {
    if (page === undefined) continue;
    const send = compressedPageSender(page);
    app.get(url, { config: { public: true }, schema: { hide: true } }, (request, reply) => {
      // The answer depends on the visitor's cookies: no cache may hand one visitor's to another.
      reply.header('vary', 'Cookie');
      const to = landingRedirect(request, language);
      if (to !== null) return reply.header('cache-control', 'no-cache').redirect(to, 302);
      return send(reply, request.headers['accept-encoding']);
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && pages.capture && CAPTURE_PAGE_PATHS.test(request.url)) {
      // The page still loads when the lookup fails: its script shows not found or the error.
      return sendCapturePage(reply, await pageMeta(request.url).catch(() => null));
    }
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
