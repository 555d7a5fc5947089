import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { acceptApiKeys, createApiKeyAdmission } from './http/api-key-access.ts';
import { authHook } from './http/auth-hook.ts';
import type { AppDeps } from './http/deps.ts';
import { createFairShare, type FairShareOptions } from './http/fair-share.ts';
import { registerOpenApi } from './http/openapi.ts';
import { addUsageHeaders } from './http/usage-headers.ts';
import { allowCrossOrigin, createHttpServer } from './http/server.ts';
import { addSecurityHeaders, responseHeaderSets } from './http/security-headers.ts';
import { refuseMalformedText } from './http/well-formed-text.ts';
import { createThrottle, memoryThrottleStore, redisThrottleStore, type ThrottleStore } from './http/throttle.ts';
import { capturePageSender, inlineScriptHashes, readWebPages, registerWebApp } from './http/web-app.ts';
import { createBackgroundWork } from './jobs/background.ts';
import { createLiveEventBus } from './jobs/live-events.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { visitorPageMeta } from './modules/capture/page-meta.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { authenticateApiKey, createApiKeyActivity } from './modules/api-keys/api-keys.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { socialRoutes } from './modules/auth/social.routes.ts';
import { createMeCache } from './modules/auth/me-cache.ts';
import { createTokenSigner } from './modules/auth/tokens.ts';
import { createCaptureTargets } from './modules/capture/capture-targets.ts';
import { captureRoutes } from './modules/capture/capture.routes.ts';
import { clientsRoutes, leadConversionRoutes } from './modules/clients/clients.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { helpRoutes } from './modules/help/help.routes.ts';
import { eventLogoRoutes, eventRoutes } from './modules/events/events.routes.ts';
import { filesRoutes, publicFilesRoutes } from './modules/files/files.routes.ts';
import { createCaptureWrites } from './modules/capture/capture-writes.ts';
import { dataImportsRoutes, leadImportRoutes } from './modules/data/data-imports.routes.ts';
import { dataBulkRoutes } from './modules/data/data-bulk.routes.ts';
import { leadExportRoutes } from './modules/leads/lead-export.routes.ts';
import { dataExportsRoutes } from './modules/data/data-exports.routes.ts';
import { dataTemplatesRoutes } from './modules/data/data-templates.routes.ts';
import { leadsRoutes, pageLeadsRoutes } from './modules/leads/leads.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { createLiveChannels, type LiveChannelOptions } from './modules/live/live.service.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { offerRoutes } from './modules/offers/offers.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { billingAccountRoutes, invoicePdfRoutes } from './modules/billing/billing-account.routes.ts';
import { billingRoutes } from './modules/billing/billing.routes.ts';
import { createBillingProvider } from './modules/billing/providers.ts';
import { stripeWebhookRoutes } from './modules/billing/stripe-webhook.routes.ts';
import { organizationLogoRoutes } from './modules/organizations/organization-logo.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { shortLinkRoutes } from './modules/short-links/short-links.routes.ts';
import { statusRoutes } from './modules/status/status.routes.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { createVapidKeys } from './modules/push/push.service.ts';
import { qualificationRoutes } from './modules/qualification/qualification.routes.ts';
import { publicStatsRoutes } from './modules/public-stats/public-stats.routes.ts';
import { siteRoutes } from './modules/site/site.routes.ts';
import { adminRoutes, auditLogRoutes, staffRoutes } from './modules/staff/staff.routes.ts';
import { auditImpersonatedRequests, authenticateTenant, impersonationGuard } from './modules/staff/staff.service.ts';
import { createStaffTokens } from './modules/staff/staff-tokens.ts';
import { integrationsRoutes } from './modules/integrations/integrations.routes.ts';
import { invitationRoutes, teamRoutes } from './modules/team/team.routes.ts';
import { zapierRoutes } from './modules/zapier/zapier.routes.ts';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes.ts';
import { createOutbound, type Outbound } from './outbound/outbound.ts';
import { createSealedBox } from './secrets/sealed-box.ts';
import { createLocalStorage } from './storage/local-disk.ts';
import type { FileStorage } from './storage/storage.ts';

export const API_PREFIX = '/api/v1';

export interface BuildOptions {
  config: Config;
  database: DatabaseHandle;
  mailer?: Mailer;
  throttleStore?: ThrottleStore;
  /** Each organisation's share of heavy work; the defaults unless a test narrows them. */
  fairShare?: Partial<FairShareOptions>;
  /** Shared state across API processes (throttles, cache invalidation) when REDIS_URL is set. */
  redis?: Redis;
  /** Where uploaded files are kept; local disk under DATA_DIR/uploads by default. */
  storage?: FileStorage;
  /** Outgoing requests to customers' addresses; a test gives one with a stub resolver. */
  outbound?: Outbound;
  /** Deliver the outbox in the background (off in tests, which drain it by hand). */
  runOutbox?: boolean;
  /** Run the scheduled jobs periodically (off in tests, which run a task by hand). */
  runScheduler?: boolean;
  /** Heartbeat, send buffer cap and throttles of the live channels; the defaults unless a test narrows them. */
  liveChannels?: Partial<LiveChannelOptions>;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (stdout unless given; a test reads what was logged). */
  logStream?: DestinationStream;
}

/** Builds the whole application. Reads like a table of contents: plugins, then modules. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = createHttpServer(config, opts.logger, opts.logStream);

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
  // The live-event bus, the consumer of the lead kinds: every process's subscribers get each
  // message once (through Redis pub/sub when REDIS_URL is set); this process's sockets
  // (modules/live) listen to it.
  const live = createLiveEventBus({ ...(opts.redis ? { redis: opts.redis } : {}), log: app.log });
  const liveChannels = createLiveChannels(live, app.log, opts.liveChannels);
  const storage = opts.storage ?? createLocalStorage(path.join(config.dataDir, 'uploads'));
  const billing = createBillingProvider(config, app.log);
  const outbound =
    opts.outbound ??
    createOutbound({ allowPrivate: config.outbound.allowPrivate, userAgent: `LeadCapture/${config.version}` });
  const sealedBox = createSealedBox(config.encryptionKey);
  const pushKeys = createVapidKeys({ db: database.db, config });
  const background = createBackgroundWork({
    config,
    database,
    mailer,
    live,
    storage,
    billing,
    outbound,
    sealedBox,
    pushKeys,
    log: app.log,
  });
  const throttleStore = opts.throttleStore ?? (opts.redis ? redisThrottleStore(opts.redis) : memoryThrottleStore());
  const meCache = createMeCache(opts.redis ? { redis: opts.redis } : {});
  const deps: AppDeps = {
    config,
    db: database.db,
    dbKind: database.kind,
    dbControl: database,
    tokens: await createTokenSigner(config.jwtSecret),
    staffTokens: await createStaffTokens(config.jwtSecret),
    throttle: createThrottle(throttleStore),
    fairShare: createFairShare(opts.fairShare),
    outbox: background.outbox,
    webhookDeliveries: background.webhookDeliveries,
    scheduler: background.scheduler,
    live,
    meCache,
    apiKeyActivity: createApiKeyActivity(database.db, app.log),
    captureTargets: createCaptureTargets(),
    captureWrites: createCaptureWrites(database.db, app.log),
    storage,
    billing,
    outbound,
    sealedBox,
    pushKeys,
    log: app.log,
  };
  app.decorate('deps', deps);
  app.decorateRequest('auth', null);
  addUsageHeaders(app);

  // --- plugins ----------------------------------------------------------------------------
  // The pages are read first: the Content Security Policy names their inline scripts.
  const pages = readWebPages(config.webDistDir, config.publicUrl);
  const headerSets = responseHeaderSets(inlineScriptHashes(pages));
  addSecurityHeaders(app, headerSets, API_PREFIX);
  await allowCrossOrigin(app, config);
  await registerOpenApi(app, config, API_PREFIX);

  // --- API modules ------------------------------------------------------------------------
  await app.register(
    async (api) => {
      api.addHook(
        'onRequest',
        authHook({
          authenticate: (token) => authenticateTenant(deps, token),
          authenticateApiKey: (key) => authenticateApiKey(deps, key),
          admitApiKey: createApiKeyAdmission(throttleStore, config.apiKeyRateLimit),
        }),
      );
      // Impersonation's rules and its audit of every request (decision 028).
      api.addHook('onRequest', impersonationGuard());
      api.addHook('onSend', auditImpersonatedRequests(deps));
      api.addHook('preValidation', refuseMalformedText);
      await api.register(statusRoutes(deps), { prefix: '/status' });
      await api.register(authRoutes(deps), { prefix: '/auth' });
      await api.register(socialRoutes(deps), { prefix: '/auth/social' });
      await api.register(onboardingRoutes(deps), { prefix: '/auth/onboarding' });
      await api.register(teamRoutes(deps), { prefix: '/auth/team' });
      await api.register(invitationRoutes(deps), { prefix: '/auth/invitations' });
      await api.register(apiKeysRoutes(deps), { prefix: '/auth/api-keys' });
      await api.register(organizationRoutes(deps), { prefix: '/organizations' });
      // Multipart routes live in their own plugins: the parser is registered there only.
      await api.register(organizationLogoRoutes(deps), { prefix: '/organizations' });
      await api.register(filesRoutes(deps), { prefix: '/files' });
      await api.register(publicFilesRoutes(deps), { prefix: '/public/files' });
      await api.register(acceptApiKeys('events', eventRoutes(deps)), { prefix: '/events' });
      await api.register(acceptApiKeys('events', eventLogoRoutes(deps)), { prefix: '/events' });
      await api.register(acceptApiKeys('events', pageLeadsRoutes(deps, 'event')), { prefix: '/events' });
      await api.register(acceptApiKeys('events', qualificationRoutes(deps)), { prefix: '/events' });
      await api.register(acceptApiKeys('offers', offerRoutes(deps)), { prefix: '/offers' });
      await api.register(acceptApiKeys('offers', pageLeadsRoutes(deps, 'offer')), { prefix: '/offers' });
      await api.register(acceptApiKeys('offers', qualificationRoutes(deps, 'offer')), { prefix: '/offers' });
      await api.register(acceptApiKeys('leads', leadsRoutes(deps)), { prefix: '/leads' });
      await api.register(acceptApiKeys('clients', leadConversionRoutes(deps)), { prefix: '/leads' });
      await api.register(acceptApiKeys('clients', clientsRoutes(deps)), { prefix: '/clients' });
      await api.register(acceptApiKeys('leads', leadExportRoutes(deps)), { prefix: '/leads' });
      await api.register(acceptApiKeys('leads', leadImportRoutes(deps)), { prefix: '/leads' });
      await api.register(dataImportsRoutes(deps), { prefix: '/data' });
      await api.register(dataBulkRoutes(deps), { prefix: '/data' });
      await api.register(dataExportsRoutes(deps), { prefix: '/data' });
      await api.register(dataTemplatesRoutes(deps), { prefix: '/data' });
      await api.register(captureRoutes(deps), { prefix: '/public' });
      await api.register(publicStatsRoutes(deps), { prefix: '/public' });
      await api.register(contactRoutes(deps), { prefix: '/contact' });
      await api.register(helpRoutes(deps), { prefix: '/help' });
      await api.register(acceptApiKeys('analytics', analyticsRoutes(deps)), { prefix: '/analytics' });
      await api.register(notificationsRoutes(deps), { prefix: '/notifications' });
      await api.register(pushRoutes(deps), { prefix: '/push' });
      await api.register(billingRoutes(deps), { prefix: '/billing' });
      await api.register(stripeWebhookRoutes(deps), { prefix: '/billing' });
      await api.register(billingAccountRoutes(deps), { prefix: '/billing' });
      await api.register(invoicePdfRoutes(deps), { prefix: '/billing' });
      await api.register(integrationsRoutes(deps), { prefix: '/integrations' });
      // Zapier's platform calls these with an API key (docs/zapier.md).
      await api.register(acceptApiKeys('leads', zapierRoutes(deps)), { prefix: '/integrations/zapier' });
      await api.register(acceptApiKeys('webhooks', webhooksRoutes(deps)), { prefix: '/integrations/webhooks' });
      await api.register(auditLogRoutes(deps), { prefix: '/audit-logs' });
      await api.register(staffRoutes(deps), { prefix: '/staff' });
      await api.register(adminRoutes(deps), { prefix: '/admin' });
    },
    { prefix: API_PREFIX },
  );

  // --- live channels (WebSockets, docs/live.md) ---------------------------------------------
  await app.register(liveRoutes(deps, liveChannels));

  // --- the web app ------------------------------------------------------------------------
  const sendCapturePage = capturePageSender(pages, headerSets.capture);
  await app.register(shortLinkRoutes(deps, sendCapturePage));
  await app.register(siteRoutes(deps));
  await registerWebApp(app, pages, sendCapturePage, (url) => visitorPageMeta(deps, url));

  // --- background work --------------------------------------------------------------------
  app.addHook('onReady', async () => {
    if (opts.runOutbox !== false) {
      background.outbox.start();
      background.webhookDeliveries.start();
    }
    if (opts.runScheduler !== false) background.scheduler.start();
  });
  app.addHook('onClose', async () => {
    await liveChannels.close();
    await background.stop();
    await live.close();
    await throttleStore.close();
    await meCache.close();
    await deps.apiKeyActivity.close();
    await outbound.close();
    mailer.close();
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
