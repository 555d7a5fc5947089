import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** Response headers by name, as `reply.headers()` takes them. */
export type SecurityHeaders = Readonly<Record<string, string>>;

/**
 * The headers helmet sets for `options`, worked out once at start-up. @fastify/helmet called
 * `helmet(options)` on every request, which parses and checks the whole policy again each time
 * (a tenth of the API's busy time under a capture rush, decision 023). Our policies are fixed
 * strings (no per-request nonces or directive functions), so every response gets the same
 * headers: helmet still decides them, on a response that is never sent, and each request copies them.
 */
export function securityHeaders(options: HelmetOptions): SecurityHeaders {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error !== undefined) throw error instanceof Error ? error : new Error('helmet refused its options');
  });
  const headers = Object.entries(response.getHeaders()).map(([name, value]) => [
    name,
    Array.isArray(value) ? value.join(', ') : String(value),
  ]);
  if (headers.length === 0) throw new Error('helmet set no headers');
  return Object.freeze(Object.fromEntries(headers) as Record<string, string>);
}

/** The pages' Content Security Policy; `scriptHashes` names the pages' inline scripts. */
function pageDirectives(scriptHashes: readonly string[]) {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...scriptHashes],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}

/**
 * The three sets of headers the app sends:
 * - `site`: the web app's pages and the API's documentation;
 * - `capture`: the visitors' page, whose policy differs in two places: an image field of a form
 *   is an https address anywhere (the form's author chose it), and the page opens no WebSocket;
 * - `api`: JSON answers are no documents: no script, style or frame of theirs ever runs, so they
 *   carry the set OWASP's REST cheat sheet names (a policy that allows nothing and no framing,
 *   nosniff, HSTS, no referrer, same-origin resource policy) instead of the pages' policy and the
 *   headers only a document reads (opener and agent-cluster isolation, DNS prefetch, IE's download
 *   and XSS switches, Flash's cross-domain policy): about half the bytes of every answer, which a
 *   rush of captures writes thousands of times a second.
 */
export function responseHeaderSets(scriptHashes: readonly string[]) {
  const directives = pageDirectives(scriptHashes);
  const withPolicy = (policy: ReturnType<typeof pageDirectives>) =>
    securityHeaders({ contentSecurityPolicy: { directives: policy }, crossOriginEmbedderPolicy: false });
  return {
    site: withPolicy(directives),
    capture: withPolicy({ ...directives, imgSrc: ["'self'", 'data:', 'https:'], connectSrc: ["'self'"] }),
    api: securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: { action: 'deny' },
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    }),
  };
}

/**
 * Every answer gets its set before anything else runs: JSON under /api/v1 the API's, the API's
 * documentation pages and everything else the site's. The visitors' page replaces the site's
 * set with its own when it is sent (web-app.ts).
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  sets: ReturnType<typeof responseHeaderSets>,
  apiPrefix: string,
): void {
  const docsPrefix = `${apiPrefix}/docs`;
  const isApiAnswer = (url: string) => url.startsWith(`${apiPrefix}/`) && !url.startsWith(docsPrefix);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? sets.api : sets.site);
    done();
  });
}
