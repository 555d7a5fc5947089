import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook as Signer } from 'standardwebhooks';
import {
  WEBHOOK_AUTO_DISABLE_DAYS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_SECRET_PREFIX,
  type AttemptTrigger,
  type WebhookDisabledReason,
  type WebhookEventType,
} from '@leadcapture/contracts/webhooks';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { leadListeners } from '../../jobs/lead-listeners.ts';
import { enqueue, enqueueLeased, type OutboxHandler, type OutboxItem } from '../../jobs/outbox.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import { webhookDisabledDetail } from '../../mail/templates.ts';
import { OUTBOUND_TIMEOUT_MS, OutboundError, type Outbound } from '../../outbound/outbound.ts';
import type { SealedBox } from '../../secrets/sealed-box.ts';
import { notifyOwners } from '../notifications/notifications.service.ts';
import { zapierHooks } from '../zapier/zapier.table.ts';
import { webhookAttempts, webhookDeliveries, webhooks } from './webhooks.table.ts';

/**
 * Outbox kinds of webhooks (docs/jobs.md): `webhook.event` carries an event only subscribers
 * take (`{type, data}`: a status change, an assignment, a conversion, a client, a bulk change's
 * per-lead events), consumed by the webhooks' fan-out and by Zapier's; `webhook.deliver` is one delivery (`{delivery_id}`), retried on
 * WEBHOOK_RETRY_SECONDS by its own worker, which sends a batch's deliveries side by side.
 */
export const WEBHOOK_EVENT_KIND = 'webhook.event';
export const WEBHOOK_DELIVER_KIND = 'webhook.deliver';

/** The lead kinds every lead change already writes (leads.service), which webhooks take as they are. */
const LEAD_KINDS: readonly string[] = ['lead.created', 'lead.updated', 'lead.deleted'];

const isEventType = (value: unknown): value is WebhookEventType =>
  typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);

/**
 * The `webhook-id` of the message an outbox row announces: derived from the row, so a repeat of
 * the row (at least once) finds its deliveries already written and any resend carries the id.
 */
export const messageIdOf = (outboxId: string) => `msg_${outboxId.replaceAll('-', '')}`;

export function newSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * The `webhook-signature` header: `v1,<sig>` with each secret that signs now, space-separated
 * (the current one, and during a rotation's overlap the previous one, as Standard Webhooks
 * allows), over `id.timestamp.body`.
 */
export function signatureHeader(secrets: readonly string[], messageId: string, at: Date, body: string): string {
  return secrets.map((secret) => new Signer(secret).sign(messageId, at, body)).join(' ');
}

/** The event of a row the fan-out takes, or null for a row webhooks do not take. */
function eventOf(item: OutboxItem): { type: WebhookEventType; data: unknown } | null {
  if (LEAD_KINDS.includes(item.kind) && isEventType(item.kind)) return { type: item.kind, data: item.payload.data };
  if (item.kind === WEBHOOK_EVENT_KIND && isEventType(item.payload.type)) {
    return { type: item.payload.type, data: item.payload.data };
  }
  return null;
}

/** When the event happened: the record's own updated_at when it has one, else now. */
function eventTime(data: unknown): string {
  const at = (data as { updated_at?: unknown } | null)?.updated_at;
  return typeof at === 'string' ? at : new Date().toISOString();
}

/**
 * The event types someone in the organisation listens to (its active webhooks, and its Zaps'
 * REST hooks), read in its transaction: a writer (a bulk change) asks first, and writes
 * per-lead events only when someone listens.
 */
export async function subscribedEventTypes(tx: Tx, organizationId: string): Promise<Set<WebhookEventType>> {
  const rows = await queryRows<{ type: string }>(
    tx,
    sql`select unnest(${webhooks.events}) as type from ${webhooks}
        where ${webhooks.organizationId} = ${organizationId} and ${webhooks.isActive}
        union
        select ${zapierHooks.event} as type from ${zapierHooks} where ${zapierHooks.organizationId} = ${organizationId}`,
  );
  return new Set(rows.map((r) => r.type).filter(isEventType));
}

/**
 * Queues events only webhooks take, in the caller's transaction (a rollback sends nothing),
 * and only those an active webhook listens to: one indexed read when nobody listens.
 */
export async function queueWebhookEvents(
  tx: Tx,
  organizationId: string,
  events: { type: WebhookEventType; data: unknown }[],
  subscribed?: Set<WebhookEventType>,
): Promise<void> {
  if (events.length === 0) return;
  const listening = subscribed ?? (await subscribedEventTypes(tx, organizationId));
  const chosen = events.filter((e) => listening.has(e.type));
  if (chosen.length === 0) return;
  if (chosen.length === 1 && chosen[0]) {
    await enqueue(tx, {
      kind: WEBHOOK_EVENT_KIND,
      organizationId,
      payload: { type: chosen[0].type, data: chosen[0].data },
    });
    return;
  }
  // Multi-row inserts of at most 1,000 rows: a bulk job's batch (5,000 leads on PostgreSQL, up
  // to three events each) stays well under the protocol's 65,535 parameters per statement.
  for (let at = 0; at < chosen.length; at += 1000) {
    await tx
      .insert(outbox)
      .values(
        chosen
          .slice(at, at + 1000)
          .map((e) => ({ kind: WEBHOOK_EVENT_KIND, organizationId, payload: { type: e.type, data: e.data } })),
      );
  }
}

/**
 * The fan-out consumer of the lead kinds and of `webhook.event`: one indexed look-up
 * (leadListeners, outside any transaction) answers most rows, of organisations without
 * webhooks; otherwise one delivery per listening webhook, written once per message (the unique
 * index on webhook and message id) with its `webhook.deliver` row leased to this process and
 * handed to `deliverNow` after the commit.
 */
export function webhookFanOut(env: {
  db: Database;
  deliverNow: (items: OutboxItem[]) => void;
  /** Where the fan-out leaves what it read for the deliveries it hands over (same process). */
  prefetched?: Prefetched;
}): OutboxHandler {
  return async (item) => {
    const event = eventOf(item);
    const organizationId = item.organizationId;
    if (!event || !organizationId) return;
    const listeners = await leadListeners(env.db, item, organizationId);
    if (!listeners.webhookEvents.has(event.type)) return;
    const { leased, targets } = await inScope(env.db, { organizationId }, async (tx) => {
      const targets = await tx
        .select({
          id: webhooks.id,
          url: webhooks.url,
          secretSealed: webhooks.secretSealed,
          previousSecretSealed: webhooks.previousSecretSealed,
          previousSecretExpiresAt: webhooks.previousSecretExpiresAt,
        })
        .from(webhooks)
        .where(
          and(
            eq(webhooks.organizationId, organizationId),
            eq(webhooks.isActive, true),
            sql`${event.type} = any(${webhooks.events})`,
          ),
        );
      if (targets.length === 0) return { leased: [], targets: new Map<string, DeliveryTarget>() };
      const messageId = messageIdOf(item.id);
      const body = JSON.stringify({ type: event.type, timestamp: eventTime(event.data), data: event.data });
      const written = await tx
        .insert(webhookDeliveries)
        .values(targets.map((w) => ({ organizationId, webhookId: w.id, messageId, eventType: event.type, body })))
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id, webhookId: webhookDeliveries.webhookId });
      const read = new Map<string, DeliveryTarget>();
      for (const d of written) {
        const webhook = targets.find((w) => w.id === d.webhookId);
        if (webhook) read.set(d.id, { webhook, messageId, body });
      }
      const rows = await enqueueLeased(
        tx,
        written.map((d) => ({ kind: WEBHOOK_DELIVER_KIND, organizationId, payload: { delivery_id: d.id } })),
      );
      return { leased: rows, targets: read };
    });
    // Only once committed: a delivery that never existed must leave nothing behind.
    for (const [id, target] of targets) env.prefetched?.set(id, target);
    if (leased.length > 0) env.deliverNow(leased);
  };
}

interface DeliveryTarget {
  webhook: {
    id: string;
    url: string;
    secretSealed: string;
    previousSecretSealed: string | null;
    previousSecretExpiresAt: Date | null;
  };
  messageId: string;
  body: string;
}

/**
 * What the fan-out read, for the deliveries it hands to the worker right after its commit: the
 * first attempt of a new delivery (pending by construction) needs no read of its own. Taken
 * once; a delivery claimed later (a retry, another process) reads the database.
 */
export type Prefetched = Map<string, DeliveryTarget>;

export interface SendEnv {
  db: Database;
  outbound: Outbound;
  sealedBox: SealedBox;
  log: FastifyBaseLogger;
  /** The whole exchange's limit: 10 s (03-decisions §4a) unless a test narrows it. */
  timeoutMs?: number;
}

export type AttemptOutcome =
  /** Nothing sent: the delivery is gone (its webhook deleted) or already settled. */
  { kind: 'skipped' } | { kind: 'attempted'; ok: boolean; retry: boolean; error: string; statusCode: number | null };

/** Why an answer is not a success, in words for the log; '' for a 2xx. */
function failureOf(status: number, location: string | undefined): string {
  if (status >= 200 && status < 300) return '';
  if (status >= 300 && status < 400) {
    return `Answered ${status}${location ? ` to ${location.slice(0, 300)}` : ''}: redirects are not followed.`;
  }
  if (status === 410) return 'Answered 410 Gone: the webhook is disabled.';
  return `Answered ${status}.`;
}

const EXCERPT_BYTES = WEBHOOK_LIMITS.responseExcerptBytes;

/** At most 1 KiB of text, cut on a character boundary. */
function excerpt(body: string): string {
  const bytes = Buffer.from(body, 'utf8');
  if (bytes.length <= EXCERPT_BYTES) return body;
  return bytes
    .subarray(0, EXCERPT_BYTES)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

/** Secrets that sign now: the current one, and the previous one until its overlap ends. */
function signingSecrets(
  box: SealedBox,
  w: { secretSealed: string; previousSecretSealed: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] {
  const secrets = [box.open(w.secretSealed)];
  if (w.previousSecretSealed && w.previousSecretExpiresAt && w.previousSecretExpiresAt > now) {
    secrets.push(box.open(w.previousSecretSealed));
  }
  return secrets;
}

/** The delivery and its webhook, or null when there is nothing to send (gone, settled, disabled). */
async function readTarget(
  env: SendEnv,
  organizationId: string,
  deliveryId: string,
  trigger: AttemptTrigger,
): Promise<DeliveryTarget | null> {
  return inScope(env.db, { organizationId }, async (tx) => {
    const [row] = await tx
      .select({ delivery: webhookDeliveries, webhook: webhooks })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.organizationId, organizationId)));
    if (!row) return null;
    if (trigger === 'automatic' && row.delivery.status !== 'pending') return null;
    if (trigger === 'automatic' && !row.webhook.isActive) {
      await tx
        .update(webhookDeliveries)
        .set({ status: 'failed', lastError: 'The webhook is disabled.', nextAttemptAt: null })
        .where(eq(webhookDeliveries.id, deliveryId));
      return null;
    }
    return { webhook: row.webhook, messageId: row.delivery.messageId, body: row.delivery.body };
  });
}

/**
 * One attempt of one delivery, in three steps so no transaction waits on the network: read
 * the delivery and its webhook; send (outside any transaction, 10 s at most, never following a
 * redirect); record the attempt, the delivery's state and the webhook's health in one
 * transaction. A 2xx delivers; 410 disables the webhook; anything else (3xx, 4xx, 5xx, no
 * answer) fails the attempt, and `retry` says whether the schedule goes on. `attemptNumber` is
 * the automatic attempt's place in the schedule (from the outbox row), unset for a test or a
 * resend, which never change the schedule.
 */
export async function attemptDelivery(
  env: SendEnv,
  organizationId: string,
  deliveryId: string,
  trigger: AttemptTrigger,
  attemptNumber?: number,
  prefetched?: DeliveryTarget,
): Promise<AttemptOutcome> {
  const found: DeliveryTarget | null = prefetched ?? (await readTarget(env, organizationId, deliveryId, trigger));
  if (!found) return { kind: 'skipped' };
  const { webhook } = found;
  const delivery = { messageId: found.messageId, body: found.body };

  const now = new Date();
  let statusCode: number | null = null;
  let error = '';
  let responseExcerpt = '';
  let durationMs = 0;
  const started = performance.now();
  try {
    const answer = await env.outbound.send(webhook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': delivery.messageId,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': signatureHeader(
          signingSecrets(env.sealedBox, webhook, now),
          delivery.messageId,
          now,
          delivery.body,
        ),
      },
      body: delivery.body,
      timeoutMs: env.timeoutMs ?? OUTBOUND_TIMEOUT_MS,
      maxBodyBytes: EXCERPT_BYTES,
    });
    statusCode = answer.status;
    durationMs = answer.durationMs;
    responseExcerpt = excerpt(answer.body);
    const location = answer.headers.location;
    error = failureOf(answer.status, Array.isArray(location) ? location[0] : location);
  } catch (err) {
    durationMs = Math.round(performance.now() - started);
    error = err instanceof OutboundError ? `${err.reason}: ${err.message}` : 'The request could not be sent.';
    if (!(err instanceof OutboundError)) env.log.warn({ err, deliveryId }, 'webhook send failed unexpectedly');
  }
  const ok = error === '';
  const gone = statusCode === 410;
  const last = attemptNumber !== undefined && attemptNumber >= WEBHOOK_MAX_ATTEMPTS;
  const retry = trigger === 'automatic' && !ok && !gone && !last;
  const wait = WEBHOOK_RETRY_SECONDS[(attemptNumber ?? 1) - 1] ?? 0;

  await inScope(env.db, { organizationId }, async (tx) => {
    await tx.insert(webhookAttempts).values({
      organizationId,
      webhookId: webhook.id,
      deliveryId,
      attemptedAt: now,
      statusCode,
      durationMs,
      responseExcerpt,
      error: error.slice(0, 1000),
      trigger,
    });
    // A resend that fails leaves a pending delivery to its schedule and a settled one settled;
    // a test has no schedule.
    const status = ok ? 'delivered' : (trigger === 'automatic' && !retry) || trigger === 'test' ? 'failed' : undefined;
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        lastStatusCode: statusCode,
        lastError: error.slice(0, 1000),
        ...(status ? { status } : {}),
        ...(ok ? { deliveredAt: now } : {}),
        ...(trigger === 'automatic' || ok
          ? { nextAttemptAt: retry ? sql`now() + make_interval(secs => ${wait})` : null }
          : {}),
      })
      .where(eq(webhookDeliveries.id, deliveryId));
    await recordHealth(tx, organizationId, webhook.id, ok, gone);
  });
  return { kind: 'attempted', ok, retry, error, statusCode };
}

/**
 * A success clears the webhook's failing streak; a failure starts it (or keeps its start).
 * 410 disables the webhook at once, a streak of WEBHOOK_AUTO_DISABLE_DAYS disables it too; either
 * way its owners are told, once (the update takes only an active webhook).
 */
async function recordHealth(tx: Tx, organizationId: string, webhookId: string, ok: boolean, gone: boolean) {
  const mine = and(eq(webhooks.id, webhookId), eq(webhooks.organizationId, organizationId));
  // Written only when the streak starts or ends: every delivery of a busy webhook updating its
  // row would queue them all behind that row's lock.
  await tx
    .update(webhooks)
    .set({ failingSince: ok ? null : sql`now()`, updatedAt: sql`${webhooks.updatedAt}` })
    .where(and(mine, ok ? isNotNull(webhooks.failingSince) : isNull(webhooks.failingSince)));
  if (ok) return;
  const reason: WebhookDisabledReason = gone ? 'gone' : 'failing';
  const [disabled] = await tx
    .update(webhooks)
    .set({ isActive: false, disabledReason: reason, disabledAt: new Date() })
    .where(
      and(
        mine,
        eq(webhooks.isActive, true),
        gone ? sql`true` : sql`${webhooks.failingSince} <= now() - make_interval(days => ${WEBHOOK_AUTO_DISABLE_DAYS})`,
      ),
    )
    .returning({ id: webhooks.id, name: webhooks.name, url: webhooks.url });
  if (disabled) await notifyOwnersDisabled(tx, organizationId, { ...disabled, reason });
}

const WEBHOOKS_PATH = '/settings/integrations';

/** Every active owner: an in-app notification and a mail (through the outbox), in their language. */
async function notifyOwnersDisabled(
  tx: Tx,
  organizationId: string,
  webhook: { id: string; name: string; url: string; reason: WebhookDisabledReason },
): Promise<void> {
  await notifyOwners(tx, organizationId, {
    category: 'system',
    type: 'webhook_disabled',
    priority: 'high',
    data: { webhook_id: webhook.id, webhook_name: webhook.name, reason: webhook.reason },
    link: WEBHOOKS_PATH,
    template: 'webhook_disabled',
    detail: (language) => webhookDisabledDetail(language, webhook),
  });
}

/**
 * The consumer of `webhook.deliver`: one automatic attempt. A failure to retry throws, so the
 * outbox waits the schedule's next step (the worker's handler carries WEBHOOK_RETRY_SECONDS);
 * the last attempt, a 410 and a success return, and the row is done.
 */
export function webhookDeliverHandler(env: SendEnv & { prefetched?: Prefetched }): OutboxHandler {
  return async (item) => {
    const deliveryId = item.payload.delivery_id;
    if (!item.organizationId || typeof deliveryId !== 'string') return;
    const prefetched = env.prefetched?.get(deliveryId);
    env.prefetched?.delete(deliveryId);
    const outcome = await attemptDelivery(env, item.organizationId, deliveryId, 'automatic', item.attempts, prefetched);
    if (outcome.kind === 'attempted' && outcome.retry) throw new Error(`webhook delivery failed: ${outcome.error}`);
  };
}
