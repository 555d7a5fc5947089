import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { maintainTables, MAINTENANCE_TASK } from './db/maintenance.ts';
import { authHook } from './http/auth-hook.ts';
import type { AppDeps } from './http/deps.ts';
import { errorEnvelope } from './http/envelope.ts';
import { handleError } from './http/errors.ts';
import { securityHeaders } from './http/security-headers.ts';
import { createThrottle, memoryThrottleStore, redisThrottleStore, type ThrottleStore } from './http/throttle.ts';
import { createLiveEventBus, liveEventHandler } from './jobs/live-events.ts';
import { createOutboxWorker } from './jobs/outbox.ts';
import { createScheduler } from './jobs/scheduler.ts';
import { mailHandler } from './mail/mail-handler.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authenticate } from './modules/auth/auth.service.ts';
import { captureRoutes } from './modules/capture/capture.routes.ts';
import { shortLinkRoutes } from './modules/short-links/short-links.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { eventLogoRoutes, eventRoutes } from './modules/events/events.routes.ts';
import { CONTACT_OUTBOX_KIND, contactMailHandler } from './modules/contact/contact.service.ts';
import { createMeCache } from './modules/auth/me-cache.ts';
import { createCaptureTargets } from './modules/capture/capture-targets.ts';
import { createCaptureWrites } from './modules/leads/capture-writes.ts';
import { createTokenSigner } from './modules/auth/tokens.ts';
import { filesRoutes, publicFilesRoutes } from './modules/files/files.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { clientsRoutes, leadConversionRoutes } from './modules/clients/clients.routes.ts';
import { eventLeadsRoutes, leadsRoutes } from './modules/leads/leads.routes.ts';
import { dataImportsRoutes, leadDataRoutes } from './modules/leads/lead-imports.routes.ts';
import { LEADS_IMPORTED } from './modules/leads/lead-imports.service.ts';
import { LEAD_CREATED, LEAD_UPDATED } from './modules/leads/leads.service.ts';
import { purgeExpiredLeads } from './modules/leads/lead-purge.service.ts';
import { sendFollowUpReminders } from './modules/notifications/follow-up-reminders.service.ts';
import { offerRoutes } from './modules/offers/offers.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { organizationLogoRoutes } from './modules/organizations/organization-logo.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { statusRoutes } from './modules/status/status.routes.ts';
import { invitationRoutes, teamRoutes } from './modules/team/team.routes.ts';
import { createLocalStorage } from './storage/local-disk.ts';
import type { FileStorage } from './storage/storage.ts';

export const API_PREFIX = '/api/v1';
/** Names of the scheduled tasks (their advisory locks are named after them). */
export const PURGE_TASK = 'lead_bin_purge';
export const REMINDERS_TASK = 'lead_follow_up_reminders';
const BODY_LIMIT = 1024 * 1024;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  throttleStore?: ThrottleStore;
  /** Shared state across API processes (throttles, cache invalidation) when REDIS_URL is set. */
  redis?: Redis;
  /** Where uploaded files are kept; local disk under DATA_DIR/uploads by default. */
  storage?: FileStorage;
  /** Deliver the outbox in the background (off in tests, which drain it by hand). */
  runOutbox?: boolean;
  /** Run the scheduled jobs periodically (off in tests, which run a task by hand). */
  runScheduler?: boolean;
  logger?: FastifyServerOptions['logger'];
}

/** Where the built web app is: apps/web/dist, seen from apps/server/src or apps/server/dist. */
function webDistDir(config: Config): string {
  return config.webDistDir ?? fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/**
 * CSP sources for the inline scripts of the web app's pages (index.html, capture/capture.html,
 * capture/signin.html),
 * by hash: the theme script runs before the first paint, and as a file it was a render-blocking
 * round trip (docs/decisions/010-web-performance-budget.md). Any other inline script stays blocked.
 */
function inlineScriptHashes(...pages: (Buffer | undefined)[]): string[] {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
  const hashes = pages.flatMap((html) =>
    html === undefined
      ? []
      : [...html.toString('utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
          ([, body]) => `'sha256-${sha256(body ?? '')}'`,
        ),
  );
  return [...new Set(hashes)];
}

/**
 * Paths served by the public capture page's own build (dist/capture/capture.html, a bundle
 * without the dashboard: docs/decisions/011-capture-page-preact.md) instead of the SPA shell:
 * events' capture pages and offer pages.
 */
const CAPTURE_PAGE_PATHS = /^(?:\/sv)?\/(?:capture|show)(?:[/?]|$)/;

/**
 * The sign-in page, a light build of its own too (dist/capture/signin.html:
 * docs/decisions/022-sign-in-page.md); the web app sends the browser here by a full page load.
 */
const SIGN_IN_PAGE_PATHS = /^(?:\/sv)?\/auth\/login\/?(?:\?|$)/;

/** Builds the whole application. Reads like a table of contents: plugins, then modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger: opts.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
    },
    bodyLimit: BODY_LIMIT,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The router's own refusals (a malformed or over-long path) in the envelope like the rest.
    frameworkErrors: (error, request, reply) => {
      handleError(error, request, reply);
    },
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Graceful shutdown is driven by main.ts: requests already accepted are served, and idle
    // keep-alive connections are closed once the listener is closed (see main.ts).
    return503OnClosing: false,
    forceCloseConnections: false,
  });

  // Request ids: a well-formed incoming X-Request-Id is kept (tracing across services).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', REQUEST_ID.test(request.id) ? request.id : randomUUID());
  });

  // JSON only: a text/plain body answers 415 like any other unsupported type.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);

  // --- process services -------------------------------------------------------------------
  const mailer =
    opts.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      publicUrl: config.publicUrl,
      log: app.log,
    });
  // Live events for the WebSocket layer; through Redis pub/sub when REDIS_URL is set.
  const live = createLiveEventBus({ ...(opts.redis ? { redis: opts.redis } : {}), log: app.log });
  const outbox = createOutboxWorker({
    db: database.db,
    handlers: {
      'mail.send': mailHandler(mailer),
      [LEAD_CREATED]: liveEventHandler(live),
      [LEAD_UPDATED]: liveEventHandler(live),
      [LEADS_IMPORTED]: liveEventHandler(live),
      [CONTACT_OUTBOX_KIND]: contactMailHandler(mailer),
    },
    log: app.log,
  });
  // Periodic jobs (docs/jobs.md): the bin's purge after LEAD_RETENTION_DAYS, follow-up reminders,
  // and on PGlite the statistics and dead rows autovacuum looks after on PostgreSQL.
  const scheduler = createScheduler({
    withTryLock: database.withTryLock,
    log: app.log,
    intervalMs: config.schedulerIntervalMs,
    tasks: [
      { name: PURGE_TASK, run: () => purgeExpiredLeads(database.db) },
      {
        name: REMINDERS_TASK,
        run: async () => {
          const result = await sendFollowUpReminders(database.db, { publicUrl: config.publicUrl });
          if (result.reminded > 0) outbox.kick();
          return result;
        },
      },
      // PostgreSQL has autovacuum; PGlite does what it would (db/maintenance.ts).
      ...(database.kind === 'pglite' ? [{ name: MAINTENANCE_TASK, run: () => maintainTables(database.db) }] : []),
    ],
  });
  const throttleStore = opts.throttleStore ?? (opts.redis ? redisThrottleStore(opts.redis) : memoryThrottleStore());
  const meCache = createMeCache(opts.redis ? { redis: opts.redis } : {});
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    tokens: await createTokenSigner(config.jwtSecret),
    throttle: createThrottle(throttleStore),
    outbox,
    scheduler,
    live,
    meCache,
    captureTargets: createCaptureTargets(),
    captureWrites: createCaptureWrites(database.db, app.log),
    storage: opts.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads')),
    log: app.log,
  };
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);

  // --- plugins ----------------------------------------------------------------------------
  const webDir = webDistDir(config);
  const indexFile = path.join(webDir, 'index.html');
  const spaIndex = existsSync(indexFile) ? readFileSync(indexFile) : undefined;
  const captureFile = path.join(webDir, 'capture', 'capture.html');
  const captureIndex = existsSync(captureFile) ? readFileSync(captureFile) : undefined;
  const signInFile = path.join(webDir, 'capture', 'signin.html');
  const signInIndex = existsSync(signInFile) ? readFileSync(signInFile) : undefined;
  const cspDirectives = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(spaIndex, captureIndex, signInIndex)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", 'ws:', 'wss:'],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
  /**
   * The capture page's policy differs in two places: an image field of a form is an https
   * address anywhere (the form's author chose it), and the page opens no WebSocket.
   */
  const captureCspDirectives = { ...cspDirectives, imgSrc: ["'self'", 'data:', 'https:'], connectSrc: ["'self'"] };
  const headersWith = (directives: typeof cspDirectives) =>
    securityHeaders({ contentSecurityPolicy: { directives }, crossOriginEmbedderPolicy: false });
  const siteHeaders = headersWith(cspDirectives);
  const captureHeaders = headersWith(captureCspDirectives);
  /**
   * JSON answers are no documents: no script, style or frame of theirs ever runs, so they carry
   * the set OWASP's REST cheat sheet names (a policy that allows nothing and no framing, nosniff,
   * HSTS, no referrer, same-origin resource policy) instead of the pages' policy and the headers
   * that only a document reads (opener and agent-cluster isolation, DNS prefetch, IE's download
   * and XSS switches, Flash's cross-domain policy): about half the bytes of every answer, which
   * a rush of captures writes thousands of times a second. The API's documentation pages keep
   * the site's set (and swagger-ui's own policy).
   */
  const apiHeaders = securityHeaders({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
  const apiDocsPrefix = `${API_PREFIX}/docs`;
  const isApiAnswer = (url: string) => url.startsWith(`${API_PREFIX}/`) && !url.startsWith(apiDocsPrefix);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? apiHeaders : siteHeaders);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: true,
    exposedHeaders: [
      'x-request-id',
      'retry-after',
      'x-usage-warning',
      'x-usage-resource',
      'x-usage-percentage',
      'x-total-count',
    ],
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LeadCapture API',
        version: config.version,
        description: 'Every JSON answer is the envelope of 03-decisions §2.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_PREFIX}/docs`,
    staticCSP: true,
    // Keep the docs page usable over plain HTTP and as unframeable as the rest of the app.
    transformStaticCSP: (header) =>
      header.replace(/upgrade-insecure-requests;?\s*/g, '').replace(/frame-ancestors [^;]*/g, "frame-ancestors 'none'"),
  });

  // --- API modules ------------------------------------------------------------------------
  await app.register(
    async (api) => {
      api.addHook(
        'onRequest',
        authHook((token) => authenticate(deps, token)),
      );
      await api.register(statusRoutes(deps), { prefix: '/status' });
      await api.register(authRoutes(deps), { prefix: '/auth' });
      await api.register(onboardingRoutes(deps), { prefix: '/auth/onboarding' });
      await api.register(teamRoutes(deps), { prefix: '/auth/team' });
      await api.register(invitationRoutes(deps), { prefix: '/auth/invitations' });
      await api.register(organizationRoutes(deps), { prefix: '/organizations' });
      // Multipart routes live in their own plugins: the parser is registered there only.
      await api.register(organizationLogoRoutes(deps), { prefix: '/organizations' });
      await api.register(filesRoutes(deps), { prefix: '/files' });
      await api.register(publicFilesRoutes(deps), { prefix: '/public/files' });
      await api.register(eventRoutes(deps), { prefix: '/events' });
      await api.register(eventLogoRoutes(deps), { prefix: '/events' });
      await api.register(eventLeadsRoutes(deps), { prefix: '/events' });
      await api.register(offerRoutes(deps), { prefix: '/offers' });
      await api.register(leadsRoutes(deps), { prefix: '/leads' });
      await api.register(leadConversionRoutes(deps), { prefix: '/leads' });
      await api.register(clientsRoutes(deps), { prefix: '/clients' });
      await api.register(leadDataRoutes(deps), { prefix: '/leads' });
      await api.register(dataImportsRoutes(deps), { prefix: '/data' });
      await api.register(captureRoutes(deps), { prefix: '/public' });
      await api.register(contactRoutes(deps), { prefix: '/contact' });
      await api.register(analyticsRoutes(deps), { prefix: '/analytics' });
      await api.register(notificationsRoutes(deps), { prefix: '/notifications' });
    },
    { prefix: API_PREFIX },
  );

  // --- the web app ------------------------------------------------------------------------
  // (index.html is read before the security headers: the CSP names its inline scripts.)
  if (spaIndex) {
    await app.register(fastifyStatic, {
      root: webDir,
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

  /** The visitor-facing page (the capture build), or the envelope when the web app is not built. */
  const sendCapturePage = (reply: FastifyReply): FastifyReply => {
    if (!captureIndex) return reply.send(errorEnvelope(reply.statusCode, 'NOT_FOUND', 'Not found.'));
    reply.headers(captureHeaders);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(captureIndex);
  };
  await app.register(shortLinkRoutes(deps, sendCapturePage));

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isRead && captureIndex && CAPTURE_PAGE_PATHS.test(request.url)) return sendCapturePage(reply);
    if (isRead && signInIndex && SIGN_IN_PAGE_PATHS.test(request.url)) {
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(signInIndex);
    }
    if (!isApi && spaIndex && isRead) {
      // Deep links (/sv/leads, /capture/x) are the SPA's to route.
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(spaIndex);
    }
    const pathOnly = request.url.split('?')[0] ?? request.url;
    return reply.code(404).send(errorEnvelope(404, 'NOT_FOUND', `Not found: ${request.method} ${pathOnly}`));
  });

  app.addHook('onReady', async () => {
    if (opts.runOutbox !== false) outbox.start();
    if (opts.runScheduler !== false) scheduler.start();
  });
  app.addHook('onClose', async () => {
    // A job in flight finishes (and commits) first; what it queued waits in the outbox.
    await scheduler.stop();
    await outbox.stop();
    await live.close();
    await throttleStore.close();
    await meCache.close();
    mailer.close();
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
