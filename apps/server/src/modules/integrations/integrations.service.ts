import type { AuditAction } from '@leadcapture/contracts/audit';
import { zapierStatus } from '../zapier/zapier.service.ts';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import { NON_FIELD_ERRORS, type ValidationDetails } from '@leadcapture/contracts/errors';
import {
  INTEGRATION_CALLBACK_PATH,
  INTEGRATION_CATALOGUE,
  INTEGRATION_CONFIG_SCHEMAS,
  INTEGRATION_KINDS,
  INTEGRATION_MESSAGES,
  isPushing,
  type ConnectIntegrationRequest,
  type Integration,
  type IntegrationCallbackError,
  type IntegrationKind,
  type UpdateIntegrationRequest,
} from '@leadcapture/contracts/integrations';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { Outbound } from '../../outbound/outbound.ts';
import type { SealedBox } from '../../secrets/sealed-box.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { users } from '../auth/auth.table.ts';
import { assertFeature, assertRoom, reserveUsage } from '../billing/billing.service.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { INTEGRATION_REVOKE, INTEGRATION_SYNC, openSecrets } from './integration-sync.ts';
import { integrationRecords, integrations } from './integrations.table.ts';
import { ProviderError, type ProviderContext } from './provider.ts';
import { isMaskedEcho, maskedConfig, providerFor, splitConfig, type Secrets, type Settings } from './providers.ts';
import { authorizationUrl, exchangeCode, pkcePair, type SalesforceSettings } from './salesforce.provider.ts';
import { closeState, openState, type SalesforceState } from './salesforce-state.ts';

export { createIntegrationWork, INTEGRATION_PUSH, INTEGRATION_REVOKE, INTEGRATION_SYNC } from './integration-sync.ts';

/**
 * Connect, configure, sync and disconnect (03-decisions §4a, docs/integrations.md). A provider
 * is asked (verify) outside any transaction; only then is the integration written, in one
 * transaction that takes the plan's room for it. Nothing is saved when the provider refuses.
 */

export interface IntegrationServiceDeps {
  config: Pick<Config, 'providers' | 'publicUrl'>;
  outbound: Pick<Outbound, 'send' | 'checkUrl'>;
  sealedBox: SealedBox;
  log: FastifyBaseLogger;
}

type Row = typeof integrations.$inferSelect;

const providerContext = (deps: IntegrationServiceDeps): ProviderContext => ({
  send: (url, init) => deps.outbound.send(url, init),
  apis: deps.config.providers,
  publicUrl: deps.config.publicUrl,
  log: deps.log,
});

/** Where Salesforce sends the browser back; registered as the connected app's callback URL. */
export const salesforceRedirectUri = (publicUrl: string) => `${publicUrl}/api/v1/integrations/salesforce/callback/`;

function toIntegration(
  kind: IntegrationKind,
  row: Row | undefined,
  sealedBox: SealedBox,
  syncedLeads: number,
  authorization?: string,
): Integration {
  const info = INTEGRATION_CATALOGUE[kind];
  const base = {
    kind,
    name: info.name,
    category: info.category,
    requires_feature: info.feature,
    authorization_url: authorization ?? null,
  };
  if (!row) {
    const empty = Object.fromEntries(info.fields.map((field) => [field, '']));
    return {
      ...base,
      id: null,
      status: 'available',
      last_synced_at: null,
      config: empty,
      error: null,
      error_at: null,
      connected_at: null,
      connected_by: null,
      synced_leads: 0,
    };
  }
  return {
    ...base,
    id: row.id,
    status: row.status,
    last_synced_at: row.lastSyncedAt?.toISOString() ?? null,
    config: maskedConfig(kind, row.settings, openSecrets(sealedBox, row.secrets)),
    error: row.lastError,
    error_at: row.errorAt?.toISOString() ?? null,
    connected_at: row.connectedAt?.toISOString() ?? null,
    connected_by: row.connectedBy,
    synced_leads: syncedLeads,
  };
}

async function syncedCount(tx: Tx, integrationId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(integrationRecords)
    .where(and(eq(integrationRecords.integrationId, integrationId), isNotNull(integrationRecords.syncedAt)));
  return row?.n ?? 0;
}

async function answer(ctx: Pick<TenantContext, 'tx'>, row: Row, sealedBox: SealedBox, authorization?: string) {
  return toIntegration(row.kind, row, sealedBox, await syncedCount(ctx.tx, row.id), authorization);
}

async function rowByKind(ctx: Pick<TenantContext, 'tx' | 'organizationId'>, kind: IntegrationKind, lock = false) {
  const query = ctx.tx
    .select()
    .from(integrations)
    .where(and(eq(integrations.organizationId, ctx.organizationId), eq(integrations.kind, kind)));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The organisation's integration by id; another organisation's answers 404 like a missing one. */
async function mine(ctx: TenantContext, id: string, lock = false): Promise<Row> {
  const query = ctx.tx
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.organizationId, ctx.organizationId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('Integration');
  return row;
}

/** GET /integrations/: every kind, connected or not, in the catalogue's order. */
export async function listIntegrations(ctx: TenantContext, sealedBox: SealedBox): Promise<Integration[]> {
  assertCan(ctx, 'integrations.read');
  const rows = await ctx.tx.select().from(integrations).where(eq(integrations.organizationId, ctx.organizationId));
  const counts = await ctx.tx
    .select({ id: integrationRecords.integrationId, n: count() })
    .from(integrationRecords)
    .where(and(eq(integrationRecords.organizationId, ctx.organizationId), isNotNull(integrationRecords.syncedAt)))
    .groupBy(integrationRecords.integrationId);
  const synced = new Map(counts.map((c) => [c.id, c.n]));
  // Zapier connects from Zapier's side: its card is active while Zaps listen (modules/zapier).
  const zapier = await zapierStatus(ctx);
  return INTEGRATION_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    const integration = toIntegration(kind, row, sealedBox, row ? (synced.get(row.id) ?? 0) : 0);
    return kind === 'zapier' && !row && zapier.active
      ? { ...integration, status: 'active' as const, last_synced_at: zapier.last_delivered_at }
      : integration;
  });
}

/** GET /integrations/{id}/ */
export async function getIntegration(ctx: TenantContext, sealedBox: SealedBox, id: string): Promise<Integration> {
  assertCan(ctx, 'integrations.read');
  return answer(ctx, await mine(ctx, id), sealedBox);
}

/** zod issues of a config as `config.<field>` validation details. */
function configDetails(error: z.ZodError): ValidationDetails {
  const details: ValidationDetails = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? `config.${issue.path.join('.')}` : 'config';
    (details[key] ??= []).push(
      issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : issue.message,
    );
  }
  return details;
}

function parseConfig(kind: IntegrationKind, config: unknown, partial: boolean): Record<string, unknown> {
  const schema = INTEGRATION_CONFIG_SCHEMAS[kind];
  const parsed = (partial ? schema.partial() : schema).safeParse(config);
  if (!parsed.success) throw validationError(configDetails(parsed.error));
  return parsed.data;
}

/** Addresses a customer gives (chat webhooks) pass the outbound guard at save (03-decisions §4a). */
async function checkUrls(deps: IntegrationServiceDeps, config: Record<string, unknown>): Promise<void> {
  const url = config.webhook_url;
  if (typeof url !== 'string') return;
  const refused = await deps.outbound.checkUrl(url);
  if (refused) throw validationError({ 'config.webhook_url': [refused] });
}

/**
 * A provider's refusal at connect or configure: wrong credentials are the user's input (422 on
 * the field the provider names), a provider that answers garbage or not at all is 502.
 */
function verifyFailure(err: unknown, kind: IntegrationKind): never {
  if (!(err instanceof ProviderError)) throw err;
  if (err.failure === 'credentials' || err.failure === 'invalid') {
    const field = err.field ?? INTEGRATION_CATALOGUE[kind].secretFields[0];
    const key = field ? `config.${field}` : NON_FIELD_ERRORS;
    throw validationError({ [key]: [err.message] }, err.message);
  }
  if (err.failure === 'rate_limited') {
    const seconds = String(err.retryAfterSeconds ?? 30);
    throw new AppError(
      'RATE_LIMITED',
      `${INTEGRATION_CATALOGUE[kind].name} asks us to wait: try again in ${seconds} s.`,
      undefined,
      {
        'retry-after': seconds,
      },
    );
  }
  throw new AppError('BAD_GATEWAY', `${INTEGRATION_CATALOGUE[kind].name}: ${err.message}`);
}

/** What connecting `kind` needs of the plan: its feature, and room unless it already counts. */
async function assertPlanAllows(ctx: TenantContext, kind: IntegrationKind, row: Row | undefined, reserve: boolean) {
  const feature = INTEGRATION_CATALOGUE[kind].feature;
  if (feature) await assertFeature(ctx, feature);
  // A row in error still counts; a disconnected one no longer does.
  if (row && row.status !== 'inactive') return;
  if (reserve) await reserveUsage(ctx, 'integrations');
  else await assertRoom(ctx, 'integrations');
}

/** The checks before asking the provider: role, a provider for the kind, not already connected, the plan. */
async function precheck(ctx: TenantContext, kind: IntegrationKind): Promise<Row | undefined> {
  assertCan(ctx, 'integrations.manage');
  if (!providerFor(kind)) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.notAvailable);
  const row = await rowByKind(ctx, kind);
  if (row && isPushing(row.status)) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.alreadyConnected);
  await assertPlanAllows(ctx, kind, row, false);
  return row;
}

/**
 * POST /integrations/{kind}/connect/: checks the config, asks the provider, and saves it
 * connected (201). Salesforce instead answers its authorization URL (200); the integration is
 * saved when Salesforce sends the browser back (salesforceCallback).
 */
export async function connectIntegration(
  run: TenantRunner,
  deps: IntegrationServiceDeps,
  meta: RequestMeta,
  kind: IntegrationKind,
  input: ConnectIntegrationRequest,
): Promise<{ integration: Integration; created: boolean }> {
  const existing = await run((ctx) => precheck(ctx, kind));
  const config = parseConfig(kind, input.config ?? {}, false);
  await checkUrls(deps, config);
  if (kind === 'salesforce') {
    const url = await run(async (ctx) =>
      salesforceAuthorization(deps, ctx, existing?.id ?? null, config as SalesforceConfigInput),
    );
    return {
      integration: await run((ctx) =>
        existing
          ? answer(ctx, existing, deps.sealedBox, url)
          : Promise.resolve(toIntegration(kind, undefined, deps.sealedBox, 0, url)),
      ),
      created: false,
    };
  }
  const { settings, secrets } = splitConfig(kind, config);
  const verified = await verify(deps, kind, settings, secrets);
  const integration = await run(async (ctx) => {
    const row = await rowByKind(ctx, kind, true);
    if (row && isPushing(row.status)) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.alreadyConnected);
    await assertPlanAllows(ctx, kind, row, true);
    const saved = await save(ctx.tx, ctx.organizationId, ctx.userId, kind, verified, secrets, deps.sealedBox);
    await audit(ctx, meta, 'integration.connected', saved);
    return answer(ctx, saved, deps.sealedBox);
  });
  return { integration, created: true };
}

async function verify(deps: IntegrationServiceDeps, kind: IntegrationKind, settings: Settings, secrets: Secrets) {
  const provider = providerFor(kind);
  if (!provider) throw new AppError('CONFLICT', INTEGRATION_MESSAGES.notAvailable);
  try {
    const learnt = await provider.verify(providerContext(deps), settings, secrets);
    return learnt?.settings ?? settings;
  } catch (err) {
    return verifyFailure(err, kind);
  }
}

/** Writes the integration connected (a new row, or the kind's old one: its remote ids stay). */
async function save(
  tx: Tx,
  organizationId: string,
  userId: string,
  kind: IntegrationKind,
  settings: Settings,
  secrets: Secrets,
  sealedBox: SealedBox,
): Promise<Row> {
  const now = new Date();
  const values = {
    status: 'connected' as const,
    settings,
    secrets: sealedBox.seal(JSON.stringify(secrets)),
    lastError: null,
    errorAt: null,
    connectedBy: userId,
    connectedAt: now,
    updatedAt: now,
  };
  const [row] = await tx
    .insert(integrations)
    .values({ organizationId, kind, ...values })
    .onConflictDoUpdate({ target: [integrations.organizationId, integrations.kind], set: values })
    .returning();
  if (!row) throw new Error('integration upsert returned no row');
  return row;
}

async function audit(ctx: TenantContext, meta: RequestMeta, action: AuditAction, row: Row) {
  await recordAudit(ctx.tx, meta, {
    action,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'integration',
    targetId: row.id,
    // Never a credential: the kind and the status only.
    metadata: { kind: row.kind, status: row.status },
  });
}

/**
 * PATCH /integrations/{id}/: changes the config (secrets left out or sent back masked stay),
 * asks the provider again and saves. An integration stopped in `error` is connected again, and
 * a sync of every lead is queued for the changes it missed. Salesforce with another connected
 * app answers a new authorization URL instead (saved by the callback).
 */
export async function updateIntegration(
  run: TenantRunner,
  deps: IntegrationServiceDeps,
  meta: RequestMeta,
  id: string,
  input: UpdateIntegrationRequest,
): Promise<Integration> {
  const row = await run(async (ctx) => {
    assertCan(ctx, 'integrations.manage');
    const found = await mine(ctx, id);
    if (found.status === 'inactive') throw new AppError('CONFLICT', INTEGRATION_MESSAGES.notConnected);
    if (found.kind === 'salesforce' || found.status === 'error') await assertPlanAllows(ctx, found.kind, found, false);
    return found;
  });
  const kind = row.kind;
  const stored = openSecrets(deps.sealedBox, row.secrets) ?? {};
  const sent = parseConfig(kind, stripEchoes(input.config, stored), true);
  await checkUrls(deps, sent);
  const change = splitConfig(kind, sent);
  const settings: Settings = { ...row.settings, ...change.settings };
  const secrets: Secrets = { ...stored, ...change.secrets };

  if (kind === 'salesforce' && ('client_id' in sent || 'client_secret' in sent)) {
    const current = row.settings as unknown as SalesforceSettings;
    const url = await run((ctx) =>
      salesforceAuthorization(deps, ctx, row.id, {
        client_id: typeof settings.client_id === 'string' ? settings.client_id : current.client_id,
        client_secret: typeof secrets.client_secret === 'string' ? secrets.client_secret : '',
        external_id_field:
          typeof settings.external_id_field === 'string' ? settings.external_id_field : current.external_id_field,
      }),
    );
    return run(async (ctx) => answer(ctx, await mine(ctx, id), deps.sealedBox, url));
  }

  const verified = await verify(deps, kind, settings, secrets);
  return run(async (ctx) => {
    const locked = await mine(ctx, id, true);
    if (locked.status === 'inactive') throw new AppError('CONFLICT', INTEGRATION_MESSAGES.notConnected);
    const now = new Date();
    const recovering = locked.status === 'error';
    const [saved] = await ctx.tx
      .update(integrations)
      .set({
        settings: verified,
        secrets: deps.sealedBox.seal(JSON.stringify(secrets)),
        ...(recovering ? { status: 'connected' as const, lastError: null, errorAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(integrations.id, locked.id))
      .returning();
    if (!saved) throw notFound('Integration');
    if (recovering) await enqueueSync(ctx, saved.id);
    await audit(ctx, meta, 'integration.configured', saved);
    return answer(ctx, saved, deps.sealedBox);
  });
}

/** Config fields sent back exactly as the answer masked them are dropped: the stored value stays. */
function stripEchoes(config: Record<string, unknown>, stored: Secrets): Record<string, unknown> {
  return Object.fromEntries(Object.entries(config).filter(([key, value]) => !isMaskedEcho(value, stored[key])));
}

async function enqueueSync(ctx: TenantContext, integrationId: string) {
  await enqueue(ctx.tx, {
    kind: INTEGRATION_SYNC,
    organizationId: ctx.organizationId,
    payload: { integration_id: integrationId },
  });
}

/** POST /integrations/{id}/sync/: every lead of the organisation, queued (202). */
export async function syncIntegration(
  ctx: TenantContext,
  sealedBox: SealedBox,
  meta: RequestMeta,
  id: string,
): Promise<Integration> {
  assertCan(ctx, 'integrations.manage');
  const row = await mine(ctx, id, true);
  if (row.status === 'inactive') throw new AppError('CONFLICT', INTEGRATION_MESSAGES.notConnected);
  if (row.status === 'error') throw new AppError('CONFLICT', INTEGRATION_MESSAGES.fixCredentials);
  await enqueueSync(ctx, row.id);
  await audit(ctx, meta, 'integration.sync_requested', row);
  return answer(ctx, row, sealedBox);
}

/**
 * POST /integrations/{id}/disconnect/: the credentials are erased and nothing more is pushed;
 * the settings and remote ids stay, so connecting again updates the same remote records.
 */
export async function disconnectIntegration(
  ctx: TenantContext,
  sealedBox: SealedBox,
  meta: RequestMeta,
  id: string,
): Promise<Integration> {
  assertCan(ctx, 'integrations.manage');
  const row = await mine(ctx, id, true);
  if (row.status === 'inactive') return answer(ctx, row, sealedBox);
  const [saved] = await ctx.tx
    .update(integrations)
    .set({ status: 'inactive', secrets: null, lastError: null, errorAt: null, updatedAt: new Date() })
    .where(eq(integrations.id, row.id))
    .returning();
  if (!saved) throw notFound('Integration');
  // The provider's grant is given back after the commit (Salesforce's refresh token).
  if (row.secrets !== null && providerFor(row.kind)?.revoke) {
    await enqueue(ctx.tx, {
      kind: INTEGRATION_REVOKE,
      organizationId: ctx.organizationId,
      payload: { kind: row.kind, settings: row.settings, secrets: row.secrets },
    });
  }
  await audit(ctx, meta, 'integration.disconnected', saved);
  return answer(ctx, saved, sealedBox);
}

// --- Salesforce: OAuth 2.0 authorization code ------------------------------------------------

type SalesforceConfigInput = { client_id: string; client_secret: string; external_id_field: string };

/** The authorization URL, its state sealed and bound to the organisation and the user, for 10 minutes. */
function salesforceAuthorization(
  deps: IntegrationServiceDeps,
  ctx: TenantContext,
  integrationId: string | null,
  config: SalesforceConfigInput,
): Promise<string> {
  const pkce = pkcePair();
  const state = closeState(deps.sealedBox, {
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    integrationId,
    clientId: config.client_id,
    clientSecret: config.client_secret,
    externalIdField: config.external_id_field,
    verifier: pkce.verifier,
  });
  return Promise.resolve(
    authorizationUrl(deps.config.providers.salesforceLoginBase, {
      clientId: config.client_id,
      redirectUri: salesforceRedirectUri(deps.config.publicUrl),
      state,
      codeChallenge: pkce.challenge,
    }),
  );
}

const callbackPath = (result: 'connected' | IntegrationCallbackError) =>
  result === 'connected'
    ? `${INTEGRATION_CALLBACK_PATH}?integration=salesforce&result=connected`
    : `${INTEGRATION_CALLBACK_PATH}?integration=salesforce&result=error&error=${result}`;

/**
 * GET /integrations/salesforce/callback/: Salesforce sends the browser here with the code. The
 * state says for whom; the code is exchanged, the External ID field checked, and the
 * integration saved connected, if the user may still manage integrations there and the plan
 * allows it. Answers where to send the browser (the integrations page, with the outcome).
 */
export async function salesforceCallback(
  db: Database,
  deps: IntegrationServiceDeps,
  meta: RequestMeta,
  query: { code?: string; state?: string; error?: string },
): Promise<string> {
  const state = query.state ? openState(deps.sealedBox, query.state) : null;
  if (!state) return callbackPath('invalid_state');
  if (query.error) return callbackPath('denied');
  if (!query.code) return callbackPath('invalid_state');
  const ctx = providerContext(deps);
  let settings: Settings;
  let secrets: Secrets;
  try {
    const tokens = await exchangeCode(ctx, {
      clientId: state.clientId,
      clientSecret: state.clientSecret,
      code: query.code,
      redirectUri: salesforceRedirectUri(deps.config.publicUrl),
      codeVerifier: state.verifier,
    });
    settings = {
      client_id: state.clientId,
      external_id_field: state.externalIdField,
      instance_url: tokens.instanceUrl,
      login_base: deps.config.providers.salesforceLoginBase,
    };
    secrets = {
      client_secret: state.clientSecret,
      access_token: tokens.accessToken,
      refresh_token: tokens.refreshToken,
    };
    const provider = providerFor('salesforce');
    if (!provider) return callbackPath('unavailable');
    const learnt = await provider.verify(ctx, settings, secrets);
    settings = learnt?.settings ?? settings;
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    deps.log.warn({ failure: err.failure, reason: err.message }, 'salesforce authorization failed');
    if (err.failure === 'credentials')
      return callbackPath(err.field === 'external_id_field' ? 'external_id_field' : 'credentials');
    return callbackPath('unavailable');
  }
  return saveAuthorized(db, deps, meta, state, settings, secrets);
}

async function saveAuthorized(
  db: Database,
  deps: IntegrationServiceDeps,
  meta: RequestMeta,
  state: SalesforceState,
  settings: Settings,
  secrets: Secrets,
): Promise<string> {
  try {
    return await inScope(db, { organizationId: state.organizationId, userId: state.userId }, async (tx) => {
      const [member] = await tx
        .select({ role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(
          and(
            eq(memberships.organizationId, state.organizationId),
            eq(memberships.userId, state.userId),
            eq(memberships.status, 'joined'),
            eq(users.isActive, true),
          ),
        );
      if (!member) return callbackPath('permission_denied');
      const ctx: TenantContext = { organizationId: state.organizationId, userId: state.userId, role: member.role, tx };
      assertCan(ctx, 'integrations.manage');
      const row = await rowByKind(ctx, 'salesforce', true);
      await assertPlanAllows(ctx, 'salesforce', row, true);
      const saved = await save(tx, state.organizationId, state.userId, 'salesforce', settings, secrets, deps.sealedBox);
      if (row?.status === 'error') await enqueueSync(ctx, saved.id);
      await audit(ctx, meta, 'integration.connected', saved);
      return callbackPath('connected');
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'PERMISSION_DENIED') return callbackPath('permission_denied');
    if (err instanceof AppError && (err.code === 'USAGE_LIMIT_REACHED' || err.code === 'FEATURE_LOCKED')) {
      return callbackPath('plan_limit');
    }
    throw err;
  }
}
