import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_SECRET_OVERLAP_HOURS,
  WEBHOOK_TEST_EVENT,
  type CreateWebhookData,
  type DeliveryAttempt,
  type DeliveryListQuery,
  type UpdateWebhookData,
  type Webhook,
  type WebhookDelivery,
  type WebhookWithSecret,
} from '@leadcapture/contracts/webhooks';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { pageWindow } from '../../http/pagination.ts';
import { assertCan } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { attemptDelivery, messageIdOf, newSecret, type SendEnv } from './webhook-delivery.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from './webhooks.table.ts';

// The module's public surface for other modules: the writers of events only webhooks take.
export { queueWebhookEvents, subscribedEventTypes, WEBHOOK_EVENT_KIND } from './webhook-delivery.ts';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;
type AttemptRow = typeof webhookAttempts.$inferSelect;

const webhookNotFound = () => notFound('Webhook');
const deliveryNotFound = () => notFound('Delivery');
const HOUR_MS = 60 * 60 * 1000;

interface LastDelivery {
  attempted_at: string;
  status_code: number | null;
  ok: boolean;
}

function toWebhook(row: WebhookRow, last: LastDelivery | null): Webhook {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    events: row.events,
    is_active: row.isActive,
    status: !row.isActive ? 'disabled' : row.failingSince ? 'failing' : 'active',
    disabled_reason: row.isActive ? null : (row.disabledReason ?? 'manual'),
    disabled_at: row.isActive ? null : (row.disabledAt?.toISOString() ?? null),
    failing_since: row.failingSince?.toISOString() ?? null,
    previous_secret_expires_at:
      row.previousSecretExpiresAt && row.previousSecretExpiresAt > new Date()
        ? row.previousSecretExpiresAt.toISOString()
        : null,
    last_delivery: last,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAttempt(row: AttemptRow): DeliveryAttempt {
  return {
    id: row.id,
    attempted_at: row.attemptedAt.toISOString(),
    status_code: row.statusCode,
    duration_ms: row.durationMs,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    trigger: row.trigger,
  };
}

function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    webhook: row.webhookId,
    webhook_id: row.messageId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    attempt_log: attempts.map(toAttempt),
  };
}

/** Each webhook's newest attempt, one indexed look-up per webhook (webhook_attempts_webhook_idx). */
async function lastDeliveries(tx: Tx, ids: string[]): Promise<Map<string, LastDelivery>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ webhook_id: string; attempted_at: string; status_code: number | null; error: string }>(
    tx,
    sql`select w.id as webhook_id, a.attempted_at, a.status_code, a.error
        from unnest(${`{${ids.join(',')}}`}::uuid[]) as w(id)
        cross join lateral (
          select attempted_at, status_code, error from ${webhookAttempts}
          where webhook_id = w.id order by attempted_at desc limit 1) a`,
  );
  return new Map(
    rows.map((r) => [
      r.webhook_id,
      { attempted_at: new Date(r.attempted_at).toISOString(), status_code: r.status_code, ok: r.error === '' },
    ]),
  );
}

async function answer(tx: Tx, row: WebhookRow): Promise<Webhook> {
  const last = await lastDeliveries(tx, [row.id]);
  return toWebhook(row, last.get(row.id) ?? null);
}

const mine = (ctx: TenantContext, id: string) =>
  and(eq(webhooks.id, id), eq(webhooks.organizationId, ctx.organizationId));

async function findWebhook(ctx: TenantContext, id: string, lock = false): Promise<WebhookRow> {
  const query = ctx.tx.select().from(webhooks).where(mine(ctx, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw webhookNotFound();
  return row;
}

/** What a webhook's services need of the process: the guarded sender and the sealing key. */
export type WebhookEnv = SendEnv;

/**
 * The address guard at save (03-decisions §4a): refused when it is not http(s), carries
 * credentials, or is (or resolves to) a private, loopback, link-local or metadata address.
 * Run before the write's transaction: a DNS look-up never waits inside one.
 */
async function assertReachable(env: WebhookEnv, url: string): Promise<void> {
  const reason = await env.outbound.checkUrl(url);
  if (reason) throw validationError({ url: [reason] });
}

// --- webhooks --------------------------------------------------------------------------------

/** GET /integrations/webhooks/: newest first. */
export async function listWebhooks(
  ctx: TenantContext,
  q: { page: number; page_size: number },
): Promise<{ results: Webhook[]; total: number }> {
  assertCan(ctx, 'webhooks.read');
  const { limit, offset } = pageWindow(q);
  const where = eq(webhooks.organizationId, ctx.organizationId);
  const [rows, [total]] = await Promise.all([
    ctx.tx
      .select()
      .from(webhooks)
      .where(where)
      .orderBy(desc(webhooks.createdAt), desc(webhooks.id))
      .limit(limit)
      .offset(offset),
    ctx.tx.select({ n: count() }).from(webhooks).where(where),
  ]);
  const last = await lastDeliveries(
    ctx.tx,
    rows.map((r) => r.id),
  );
  return { results: rows.map((r) => toWebhook(r, last.get(r.id) ?? null)), total: total?.n ?? 0 };
}

export async function getWebhook(ctx: TenantContext, id: string): Promise<Webhook> {
  assertCan(ctx, 'webhooks.read');
  return answer(ctx.tx, await findWebhook(ctx, id));
}

/** POST /integrations/webhooks/: the secret (given or made here) is in this answer only. */
export async function createWebhook(
  run: TenantRunner,
  env: WebhookEnv,
  meta: RequestMeta,
  data: CreateWebhookData,
): Promise<WebhookWithSecret> {
  await run(async (ctx) => assertCan(ctx, 'webhooks.manage'));
  await assertReachable(env, data.url);
  return run(async (ctx) => {
    assertCan(ctx, 'webhooks.manage');
    // Counted under a lock of the organisation's webhooks, so two creates cannot both pass the cap.
    await ctx.tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${ctx.organizationId}`}, 0))`);
    const [existing] = await ctx.tx
      .select({ n: count() })
      .from(webhooks)
      .where(eq(webhooks.organizationId, ctx.organizationId));
    if ((existing?.n ?? 0) >= WEBHOOK_LIMITS.perOrganization) {
      throw new AppError('CONFLICT', `An organisation has at most ${WEBHOOK_LIMITS.perOrganization} webhooks.`);
    }
    const secret = data.secret ?? newSecret();
    const [row] = await ctx.tx
      .insert(webhooks)
      .values({
        organizationId: ctx.organizationId,
        name: data.name,
        url: data.url,
        events: data.events,
        secretSealed: env.sealedBox.seal(secret),
        createdBy: ctx.userId,
      })
      .returning();
    if (!row) throw new Error('webhook insert returned no row');
    await recordAudit(ctx.tx, meta, {
      action: 'webhook.created',
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      targetType: 'webhook',
      targetId: row.id,
      metadata: { url: row.url, events: row.events },
    });
    return { ...toWebhook(row, null), secret };
  });
}

/**
 * PATCH /integrations/webhooks/{id}/: the given fields. `is_active: true` enables a disabled
 * webhook again and starts its failing streak over; `false` disables it (reason `manual`).
 */
export async function updateWebhook(
  run: TenantRunner,
  env: WebhookEnv,
  meta: RequestMeta,
  id: string,
  data: UpdateWebhookData,
): Promise<Webhook> {
  if (data.url !== undefined) {
    // The role and the webhook first: a stranger learns nothing from the address check.
    await run(async (ctx) => {
      assertCan(ctx, 'webhooks.manage');
      await findWebhook(ctx, id);
    });
    await assertReachable(env, data.url);
  }
  return run(async (ctx) => {
    assertCan(ctx, 'webhooks.manage');
    const current = await findWebhook(ctx, id, true);
    const changes: Partial<typeof webhooks.$inferInsert> = {};
    if (data.name !== undefined) changes.name = data.name;
    if (data.url !== undefined) changes.url = data.url;
    if (data.events !== undefined) changes.events = data.events;
    if (data.is_active === true && !current.isActive) {
      Object.assign(changes, { isActive: true, disabledReason: null, disabledAt: null, failingSince: null });
    }
    if (data.is_active === false && current.isActive) {
      Object.assign(changes, { isActive: false, disabledReason: 'manual', disabledAt: new Date() });
    }
    const [row] = await ctx.tx
      .update(webhooks)
      .set({ ...changes, updatedAt: new Date() })
      .where(mine(ctx, id))
      .returning();
    if (!row) throw webhookNotFound();
    await recordAudit(ctx.tx, meta, {
      action: 'webhook.updated',
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      targetType: 'webhook',
      targetId: id,
      metadata: { fields: Object.keys(data) },
    });
    return answer(ctx.tx, row);
  });
}

/** DELETE /integrations/webhooks/{id}/: with its deliveries; queued ones find nothing to send. */
export async function deleteWebhook(ctx: TenantContext, meta: RequestMeta, id: string): Promise<void> {
  assertCan(ctx, 'webhooks.manage');
  const [row] = await ctx.tx.delete(webhooks).where(mine(ctx, id)).returning({ id: webhooks.id, url: webhooks.url });
  if (!row) throw webhookNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'webhook.deleted',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'webhook',
    targetId: id,
    metadata: { url: row.url },
  });
}

/**
 * POST /integrations/webhooks/{id}/rotate-secret/: a new secret, shown in this answer only. The
 * previous one keeps signing beside it (two `v1,` signatures) for WEBHOOK_SECRET_OVERLAP_HOURS,
 * so receivers can switch without losing a delivery; a second rotation drops the oldest.
 */
export async function rotateSecret(
  ctx: TenantContext,
  env: WebhookEnv,
  meta: RequestMeta,
  id: string,
): Promise<WebhookWithSecret> {
  assertCan(ctx, 'webhooks.manage');
  const current = await findWebhook(ctx, id, true);
  const secret = newSecret();
  const [row] = await ctx.tx
    .update(webhooks)
    .set({
      secretSealed: env.sealedBox.seal(secret),
      previousSecretSealed: current.secretSealed,
      previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_HOURS * HOUR_MS),
      updatedAt: new Date(),
    })
    .where(mine(ctx, id))
    .returning();
  if (!row) throw webhookNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'webhook.secret_rotated',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'webhook',
    targetId: id,
  });
  return { ...(await answer(ctx.tx, row)), secret };
}

// --- deliveries ------------------------------------------------------------------------------

async function deliveryAnswer(tx: Tx, row: DeliveryRow): Promise<WebhookDelivery> {
  const attempts = await tx
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, row.id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  return toDelivery(row, attempts);
}

async function findDelivery(ctx: TenantContext, webhookId: string, deliveryId: string): Promise<DeliveryRow> {
  const [row] = await ctx.tx
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.organizationId, ctx.organizationId),
      ),
    );
  if (!row) throw deliveryNotFound();
  return row;
}

/** GET /integrations/webhooks/{id}/deliveries/: newest first, each with its attempts. */
export async function listDeliveries(
  ctx: TenantContext,
  webhookId: string,
  q: DeliveryListQuery,
): Promise<{ results: WebhookDelivery[]; total: number }> {
  assertCan(ctx, 'webhooks.read');
  await findWebhook(ctx, webhookId);
  const { limit, offset } = pageWindow(q);
  const where = and(
    eq(webhookDeliveries.organizationId, ctx.organizationId),
    eq(webhookDeliveries.webhookId, webhookId),
    q.status ? eq(webhookDeliveries.status, q.status) : undefined,
    q.event_type ? eq(webhookDeliveries.eventType, q.event_type) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.tx
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    ctx.tx.select({ n: count() }).from(webhookDeliveries).where(where),
  ]);
  const attempts =
    rows.length === 0
      ? []
      : await ctx.tx
          .select()
          .from(webhookAttempts)
          .where(
            and(
              eq(webhookAttempts.organizationId, ctx.organizationId),
              inArray(
                webhookAttempts.deliveryId,
                rows.map((r) => r.id),
              ),
            ),
          )
          .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id));
  return {
    results: rows.map((r) =>
      toDelivery(
        r,
        attempts.filter((a) => a.deliveryId === r.id),
      ),
    ),
    total: total?.n ?? 0,
  };
}

/**
 * POST /integrations/webhooks/{id}/test/: a `webhook.test` event sent now (whatever the events
 * and even to a disabled webhook, to check it before enabling it again), logged as a delivery
 * with its attempt; the answer is that delivery.
 */
export async function testWebhook(run: TenantRunner, env: WebhookEnv, id: string): Promise<WebhookDelivery> {
  const { organizationId, deliveryId } = await run(async (ctx) => {
    assertCan(ctx, 'webhooks.manage');
    const webhook = await findWebhook(ctx, id);
    const messageId = messageIdOf(randomUUID());
    const body = JSON.stringify({
      type: WEBHOOK_TEST_EVENT,
      timestamp: new Date().toISOString(),
      data: { webhook: webhook.id, name: webhook.name, message: 'A test event from LeadCapture.' },
    });
    const [row] = await ctx.tx
      .insert(webhookDeliveries)
      .values({ organizationId: ctx.organizationId, webhookId: id, messageId, eventType: WEBHOOK_TEST_EVENT, body })
      .returning({ id: webhookDeliveries.id });
    if (!row) throw new Error('delivery insert returned no row');
    return { organizationId: ctx.organizationId, deliveryId: row.id };
  });
  await attemptDelivery(env, organizationId, deliveryId, 'test');
  return run(async (ctx) => deliveryAnswer(ctx.tx, await findDelivery(ctx, id, deliveryId)), organizationId);
}

/**
 * POST /integrations/webhooks/{id}/deliveries/{delivery_id}/resend/: the same message (the same
 * `webhook-id` and body) sent now with a fresh timestamp and signature, logged as a resend. A
 * success delivers it; a failure leaves a pending delivery to its schedule.
 */
export async function resendDelivery(
  run: TenantRunner,
  env: WebhookEnv,
  id: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const organizationId = await run(async (ctx) => {
    assertCan(ctx, 'webhooks.manage');
    await findDelivery(ctx, id, deliveryId);
    return ctx.organizationId;
  });
  await attemptDelivery(env, organizationId, deliveryId, 'resend');
  return run(async (ctx) => deliveryAnswer(ctx.tx, await findDelivery(ctx, id, deliveryId)), organizationId);
}

// --- retention -------------------------------------------------------------------------------

/** Deliveries (and their attempts) are kept this long, then deleted by the scheduled task. */
export const DELIVERY_RETENTION_DAYS = 30;
const RETENTION_BATCH = 1000;

/**
 * The scheduled task `webhook_delivery_retention`: deliveries older than DELIVERY_RETENTION_DAYS
 * go, with their attempts, 1,000 per statement in each organisation's scope.
 */
export async function purgeOldDeliveries(db: Database, days = DELIVERY_RETENTION_DAYS): Promise<{ deleted: number }> {
  const orgs = await queryRows<{ id: string }>(db, sql`select webhook_deliveries_expired_organizations(${days}) as id`);
  let deleted = 0;
  for (const { id: organizationId } of orgs) {
    for (;;) {
      const gone = await inScope(db, { organizationId }, async (tx) => {
        const rows = await queryRows<{ id: string }>(
          tx,
          sql`with old as materialized (
                select id from ${webhookDeliveries}
                where organization_id = ${organizationId} and created_at < now() - make_interval(days => ${days})
                limit ${RETENTION_BATCH} for update skip locked)
              delete from ${webhookDeliveries} using old where ${webhookDeliveries.id} = old.id
              returning ${webhookDeliveries.id} as id`,
        );
        return rows.length;
      });
      deleted += gone;
      if (gone < RETENTION_BATCH) break;
    }
  }
  return { deleted };
}
