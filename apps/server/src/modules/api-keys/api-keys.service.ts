import { and, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import {
  API_KEY_MESSAGES,
  API_KEY_USAGE_DAYS,
  type ApiKey,
  type ApiKeyPermission,
  type ApiKeyUsage,
  type ApiKeyWithSecret,
  type createApiKeySchema,
  type updateApiKeySchema,
} from '@leadcapture/contracts/api-keys';
import type { z } from 'zod';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import type { ApiKeyIdentity } from '../../http/auth-hook.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { pageWindow, type PageQuery } from '../../http/pagination.ts';
import { assertCan } from '../../http/permissions.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { withCalendarDatesResolved } from '../organizations/organizations.service.ts';
import { apiKeys, apiKeyUsage } from './api-keys.table.ts';
import { createKeyHasher, generateKey, isWellFormedKey, type KeyHasher } from './key-format.ts';

// The module's public surface for other modules and app.ts.
export { createApiKeyActivity, type ApiKeyActivity } from './api-key-activity.ts';

type KeyRow = typeof apiKeys.$inferSelect;

const INVALID_KEY = 'The API key is invalid, expired or revoked.';
const keyNotFound = () => notFound('API key');

/** One hasher per ENCRYPTION_KEY: deriving its key (HKDF) once, not per request. */
const hashers = new WeakMap<Buffer, KeyHasher>();
function hasherFor(deps: AppDeps): KeyHasher {
  let hasher = hashers.get(deps.config.encryptionKey);
  if (!hasher) {
    hasher = createKeyHasher(deps.config.encryptionKey);
    hashers.set(deps.config.encryptionKey, hasher);
  }
  return hasher;
}

export function toApiKey(row: KeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    last_four: row.lastFour,
    permissions: row.permissions,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
  };
}

/**
 * The key a request came with: refused (401) when malformed, with no database lookup, and when
 * unknown, revoked, expired or its creator deactivated, all with one message (a caller learns
 * nothing about which). `api_key_authenticate` (db/functions) finds it before any tenant is
 * known and notes its use at most once a minute; the request's count goes to the usage.
 */
export async function authenticateApiKey(deps: AppDeps, key: string): Promise<ApiKeyIdentity & { userId: string }> {
  if (!isWellFormedKey(key)) throw new AppError('TOKEN_INVALID', INVALID_KEY);
  const [row] = await queryRows<{ id: string; organization_id: string; user_id: string; permissions: string[] }>(
    deps.db,
    sql`select id, organization_id, user_id, permissions from api_key_authenticate(${hasherFor(deps)(key)})`,
  );
  if (!row) throw new AppError('TOKEN_INVALID', INVALID_KEY);
  const identity = {
    id: row.id,
    organizationId: row.organization_id,
    permissions: row.permissions as ApiKeyPermission[],
  };
  deps.apiKeyActivity.record(identity);
  return { ...identity, userId: row.user_id };
}

async function findKey(ctx: TenantContext, id: string, lock = false): Promise<KeyRow> {
  const query = ctx.tx
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.organizationId, ctx.organizationId), isNull(apiKeys.revokedAt)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw keyNotFound();
  return row;
}

/** The expiry sent, as an instant: a calendar date is midnight in the organisation's timezone. */
async function resolveExpiry(ctx: TenantContext, value: string | null | undefined): Promise<Date | null | undefined> {
  if (value === undefined || value === null) return value;
  const { at } = await withCalendarDatesResolved(ctx, { at: value }, ['at']);
  const expiresAt = new Date(at);
  if (expiresAt.getTime() <= Date.now()) throw validationError({ expires_at: [API_KEY_MESSAGES.expiryInPast] });
  return expiresAt;
}

export async function listApiKeys(ctx: TenantContext, query: PageQuery): Promise<{ results: ApiKey[]; total: number }> {
  assertCan(ctx, 'api_keys.manage');
  const live = and(eq(apiKeys.organizationId, ctx.organizationId), isNull(apiKeys.revokedAt));
  const { limit, offset } = pageWindow(query);
  const rows = await ctx.tx
    .select()
    .from(apiKeys)
    .where(live)
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(limit)
    .offset(offset);
  const [total] = await ctx.tx.select({ n: count() }).from(apiKeys).where(live);
  return { results: rows.map(toApiKey), total: total?.n ?? 0 };
}

export async function getApiKey(ctx: TenantContext, id: string): Promise<ApiKey> {
  assertCan(ctx, 'api_keys.manage');
  return toApiKey(await findKey(ctx, id));
}

export async function createApiKey(
  deps: AppDeps,
  ctx: TenantContext,
  meta: RequestMeta,
  input: z.output<typeof createApiKeySchema>,
): Promise<ApiKeyWithSecret> {
  assertCan(ctx, 'api_keys.manage');
  const expiresAt = (await resolveExpiry(ctx, input.expires_at)) ?? null;
  const secret = generateKey();
  const [row] = await ctx.tx
    .insert(apiKeys)
    .values({
      organizationId: ctx.organizationId,
      createdBy: ctx.userId,
      name: input.name,
      keyHash: hasherFor(deps)(secret.key),
      prefix: secret.prefix,
      lastFour: secret.lastFour,
      permissions: input.permissions,
      expiresAt,
    })
    .returning();
  if (!row) throw new Error('api key insert returned no row');
  await recordAudit(ctx.tx, meta, {
    action: 'api_key.created',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'api_key',
    targetId: row.id,
    metadata: { name: row.name, prefix: row.prefix, permissions: row.permissions },
  });
  return { ...toApiKey(row), key: secret.key };
}

export async function updateApiKey(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  input: z.output<typeof updateApiKeySchema>,
): Promise<ApiKey> {
  assertCan(ctx, 'api_keys.manage');
  await findKey(ctx, id, true);
  const expiresAt = await resolveExpiry(ctx, input.expires_at);
  const [row] = await ctx.tx
    .update(apiKeys)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.permissions !== undefined ? { permissions: input.permissions } : {}),
      ...(expiresAt !== undefined ? { expiresAt } : {}),
    })
    .where(eq(apiKeys.id, id))
    .returning();
  if (!row) throw keyNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'api_key.updated',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'api_key',
    targetId: row.id,
    metadata: { changed: Object.keys(input) },
  });
  return toApiKey(row);
}

/**
 * A new secret for the key: the old one stops working at once. The key keeps its id, name,
 * permissions, expiry and usage history (it is the same integration slot with a fresh secret);
 * last_used_at starts again. An expired key is not brought back this way: 409.
 */
export async function regenerateApiKey(
  deps: AppDeps,
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
): Promise<ApiKeyWithSecret> {
  assertCan(ctx, 'api_keys.manage');
  const current = await findKey(ctx, id, true);
  if (current.expiresAt && current.expiresAt.getTime() <= Date.now()) {
    throw new AppError('CONFLICT', 'This key has expired. Set a later expiry date first, or create a new key.');
  }
  const secret = generateKey();
  const [row] = await ctx.tx
    .update(apiKeys)
    .set({
      keyHash: hasherFor(deps)(secret.key),
      prefix: secret.prefix,
      lastFour: secret.lastFour,
      lastUsedAt: null,
      // The creator of the new secret answers for it from now on.
      createdBy: ctx.userId,
    })
    .where(eq(apiKeys.id, id))
    .returning();
  if (!row) throw keyNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'api_key.regenerated',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'api_key',
    targetId: row.id,
    metadata: { name: row.name, old_prefix: current.prefix, prefix: row.prefix },
  });
  return { ...toApiKey(row), key: secret.key };
}

/** Deleting revokes: the key answers 401 from now on; the row stays for the audit log. */
export async function revokeApiKey(ctx: TenantContext, meta: RequestMeta, id: string): Promise<void> {
  assertCan(ctx, 'api_keys.manage');
  const current = await findKey(ctx, id, true);
  await ctx.tx.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, id));
  await recordAudit(ctx.tx, meta, {
    action: 'api_key.revoked',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'api_key',
    targetId: id,
    metadata: { name: current.name, prefix: current.prefix },
  });
}

/** UTC calendar day of an instant, YYYY-MM-DD. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Requests per UTC day over the last 30 days, today included, oldest first; days without a
 * request answer 0. The route writes this process's counts first (outside the transaction);
 * other processes' last minute may still be on its way (api-key-activity.ts).
 */
export async function apiKeyUsageOf(ctx: TenantContext, id: string): Promise<ApiKeyUsage> {
  assertCan(ctx, 'api_keys.manage');
  await findKey(ctx, id);
  const today = new Date();
  const days = Array.from({ length: API_KEY_USAGE_DAYS }, (_, i) =>
    utcDay(new Date(today.getTime() - (API_KEY_USAGE_DAYS - 1 - i) * 86_400_000)),
  );
  const rows = await ctx.tx
    .select({ day: apiKeyUsage.day, requests: apiKeyUsage.requests })
    .from(apiKeyUsage)
    .where(
      and(
        eq(apiKeyUsage.keyId, id),
        eq(apiKeyUsage.organizationId, ctx.organizationId),
        gte(apiKeyUsage.day, days[0] ?? ''),
      ),
    );
  const byDay = new Map(rows.map((r) => [r.day, r.requests]));
  const series = days.map((date) => ({ date, requests: byDay.get(date) ?? 0 }));
  return { days: series, total: series.reduce((sum, d) => sum + d.requests, 0) };
}
