import { createHash } from 'node:crypto';
import { and, count, desc, eq, isNull, max, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LeadStatus } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import {
  ZAPIER_EVENTS,
  ZAPIER_MAX_HOOKS,
  type ZapierEvent,
  type ZapierHook,
  type ZapierLead,
  type ZapierMe,
  type ZapierStatus,
  type ZapierSubscribe,
} from '@leadcapture/contracts/zapier';
import type { Database } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import { leadListeners } from '../../jobs/lead-listeners.ts';
import type { OutboxHandler, OutboxItem } from '../../jobs/outbox.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import type { Outbound } from '../../outbound/outbound.ts';
import { retryAfterSeconds } from '../../outbound/retry-after.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { LEAD_CREATED, LEAD_UPDATED, toLead } from '../leads/leads.service.ts';
import { leads } from '../leads/leads.table.ts';
import { WEBHOOK_EVENT_KIND } from '../webhooks/webhooks.service.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { zapierHooks } from './zapier.table.ts';

/**
 * Zapier REST hooks (docs/zapier.md): subscribe, unsubscribe, sample leads, and the delivery of
 * each lead event to the subscribed URLs through the outbox.
 */

/** The outbox kind of one lead event for one hook. */
export const ZAPIER_DELIVER = 'zapier.deliver';
/** Which outbox kinds become which Zapier events. */
const EVENT_OF_KIND: Partial<Record<string, ZapierEvent>> = {
  [LEAD_CREATED]: 'lead.created',
  [LEAD_UPDATED]: 'lead.updated',
};

/**
 * The Zapier event and lead of an outbox row: a lead kind as it is, or a subscriber event
 * (`webhook.event`, written by a status change while a webhook or a Zap listens) of a type
 * Zapier offers.
 */
function zapierEventOf(item: OutboxItem): { event: ZapierEvent; data: unknown } | null {
  const byKind = EVENT_OF_KIND[item.kind];
  if (byKind) return { event: byKind, data: item.payload.data };
  const type = item.payload.type;
  if (item.kind === WEBHOOK_EVENT_KIND && ZAPIER_EVENTS.includes(type as ZapierEvent)) {
    return { event: type as ZapierEvent, data: item.payload.data };
  }
  return null;
}

/** Times a delivery waits out a 429 before it counts as a failure. */
const MAX_RATE_LIMITED = 10;
/** Recent leads samples/ answers (Zapier shows three when a Zap is built). */
const SAMPLE_SIZE = 3;

type HookRow = typeof zapierHooks.$inferSelect;

function toHook(row: HookRow): ZapierHook {
  return {
    id: row.id,
    target_url: row.targetUrl,
    event: row.event,
    created_at: row.createdAt.toISOString(),
    last_delivered_at: row.lastDeliveredAt?.toISOString() ?? null,
  };
}

const hookNotFound = () => notFound('Zapier hook');

/** GET me/: Zapier's authentication test; its answer names the connection. */
export async function zapierMe(ctx: TenantContext): Promise<ZapierMe> {
  assertCan(ctx, 'zapier.read');
  const [org] = await ctx.tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  if (!org) throw notFound('Organization');
  return { organization: org };
}

export async function listHooks(
  ctx: TenantContext,
  page: { limit: number; offset: number },
): Promise<{ results: ZapierHook[]; count: number }> {
  assertCan(ctx, 'zapier.read');
  const where = eq(zapierHooks.organizationId, ctx.organizationId);
  const rows = await ctx.tx
    .select()
    .from(zapierHooks)
    .where(where)
    .orderBy(desc(zapierHooks.createdAt), desc(zapierHooks.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await ctx.tx.select({ n: count() }).from(zapierHooks).where(where);
  return { results: rows.map(toHook), count: total?.n ?? 0 };
}

/**
 * POST hooks/: the Zap's catch URL, checked by the outbound guard before it is kept (a private
 * or unresolvable address answers 422). The same URL and event again answers the hook already
 * kept, so a subscribe Zapier retries does not deliver twice. Two transactions around the
 * address check: a DNS lookup is never awaited inside one.
 */
export async function subscribeHook(
  run: TenantRunner,
  outbound: Pick<Outbound, 'checkUrl'>,
  meta: RequestMeta,
  input: ZapierSubscribe,
): Promise<ZapierHook> {
  await run(async (ctx) => assertCan(ctx, 'zapier.manage'));
  const refused = await outbound.checkUrl(input.target_url);
  if (refused) throw validationError({ target_url: [refused] });
  return run(async (ctx) => {
    assertCan(ctx, 'zapier.manage');
    // One subscriber at a time per organisation, so the limit holds under concurrent subscribes.
    await ctx.tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`zapier_hooks:${ctx.organizationId}`}, 0))`,
    );
    const [existing] = await ctx.tx
      .select()
      .from(zapierHooks)
      .where(
        and(
          eq(zapierHooks.organizationId, ctx.organizationId),
          eq(zapierHooks.event, input.event),
          eq(zapierHooks.targetUrl, input.target_url),
        ),
      );
    if (existing) return toHook(existing);
    const [held] = await ctx.tx
      .select({ n: count() })
      .from(zapierHooks)
      .where(eq(zapierHooks.organizationId, ctx.organizationId));
    if ((held?.n ?? 0) >= ZAPIER_MAX_HOOKS) {
      throw new AppError(
        'CONFLICT',
        `An organization can hold at most ${ZAPIER_MAX_HOOKS} Zapier hooks. Turn off Zaps you no longer use.`,
      );
    }
    const [row] = await ctx.tx
      .insert(zapierHooks)
      .values({
        organizationId: ctx.organizationId,
        targetUrl: input.target_url,
        event: input.event,
        createdBy: ctx.userId,
      })
      .returning();
    if (!row) throw new Error('zapier hook insert returned no row');
    await recordAudit(ctx.tx, meta, {
      action: 'zapier.subscribed',
      userId: ctx.userId,
      organizationId: ctx.organizationId,
      targetType: 'zapier_hook',
      targetId: row.id,
      metadata: { event: row.event },
    });
    return toHook(row);
  });
}

/** DELETE hooks/{id}/: the Zap was turned off or deleted. */
export async function unsubscribeHook(ctx: TenantContext, meta: RequestMeta, hookId: string): Promise<void> {
  assertCan(ctx, 'zapier.manage');
  const [row] = await ctx.tx
    .delete(zapierHooks)
    .where(and(eq(zapierHooks.id, hookId), eq(zapierHooks.organizationId, ctx.organizationId)))
    .returning({ id: zapierHooks.id, event: zapierHooks.event });
  if (!row) throw hookNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'zapier.unsubscribed',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'zapier_hook',
    targetId: row.id,
    metadata: { event: row.event },
  });
}

/**
 * GET samples/{event}/: what a hook of that event receives, for Zapier to show while a Zap is
 * built (its perform-list): the latest leads (by creation, or by change for the other events),
 * or one example lead when the organisation has none yet, since Zapier needs one to map fields.
 */
export async function sampleLeads(ctx: TenantContext, event: ZapierEvent): Promise<ZapierLead[]> {
  assertCan(ctx, 'zapier.read');
  const rows = await ctx.tx
    .select()
    .from(leads)
    .where(and(eq(leads.organizationId, ctx.organizationId), isNull(leads.deletedAt)))
    .orderBy(event === 'lead.created' ? desc(leads.createdAt) : desc(leads.updatedAt), desc(leads.id))
    .limit(SAMPLE_SIZE);
  if (rows.length === 0) return [zapierLead(exampleLead(), event === 'lead.status_changed' ? 'new' : null)];
  return rows.map((row) => {
    const lead = toLead(row);
    // A sample cannot know the status a lead left; `new` is where every lead starts.
    return zapierLead(lead, event === 'lead.status_changed' ? 'new' : null);
  });
}

function zapierLead(lead: Lead, previousStatus: LeadStatus | null): ZapierLead {
  return { ...lead, previous_status: previousStatus };
}

/** The one lead samples/ shows an organisation without leads: plainly an example. */
function exampleLead(): Lead {
  const at = '2027-05-10T09:30:00.000Z';
  return {
    id: '00000000-0000-4000-8000-000000000001',
    first_name: 'Example',
    last_name: 'Lead',
    email: 'example.lead@example.com',
    phone: '+46 70 123 45 67',
    company: 'Example Company',
    job_title: 'Head of Marketing',
    company_size: '51-200',
    source: 'qr_scan',
    status: 'new',
    interest: 'hot',
    score: 70,
    auto_score: 70,
    manual_score: null,
    budget_range: 'not_specified',
    decision_timeline: 'not_specified',
    decision_role: 'decision_maker',
    interested_products: [],
    tags: ['example'],
    assigned_to: null,
    notes: '',
    follow_up_date: null,
    event: null,
    offer: null,
    client: null,
    custom_fields: {},
    approval_status: 'approved',
    email_verified: false,
    consent_text: '',
    consent_given_at: null,
    attribution: {},
    deleted_at: null,
    merged_into: null,
    created_at: at,
    updated_at: at,
  };
}

/** The Zapier card of the integrations list: active while any Zap holds a hook. */
export async function zapierStatus(ctx: TenantContext): Promise<ZapierStatus> {
  const [row] = await ctx.tx
    .select({ hooks: count(), last: max(zapierHooks.lastDeliveredAt) })
    .from(zapierHooks)
    .where(eq(zapierHooks.organizationId, ctx.organizationId));
  const hooks = row?.hooks ?? 0;
  return { active: hooks > 0, hooks, last_delivered_at: row?.last?.toISOString() ?? null };
}

// --- delivery ------------------------------------------------------------------------------

type DeliverPayload = {
  hook_id: string;
  event: ZapierEvent;
  data: ZapierLead;
  /** 429s waited out so far. */
  rate_limited: number;
};

/**
 * The outbox id of one (message, hook) delivery, derived from both: a repeat of the lead event
 * (at least once) writes the same id and the insert skips it, so a hook gets each event once.
 */
export function deliveryId(sourceId: string, hookId: string): string {
  const hex = createHash('sha256').update(`zapier:${sourceId}:${hookId}`).digest('hex');
  // Shaped as a UUID (version 8: custom) so it fits the outbox's id column.
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function isLead(value: unknown): value is Lead {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/**
 * The consumer of the lead kinds (jobs/background.ts `leadEvents`): for each hook of the
 * organisation subscribed to the event, one `zapier.deliver` row. An organisation without hooks
 * costs no more than the shared `leadListeners` read. `onQueued` wakes the outbox so the delivery leaves now,
 * not at the next poll.
 */
export function zapierFanOut(db: Database, onQueued: () => void = () => undefined): OutboxHandler {
  return async (item) => {
    const found = zapierEventOf(item);
    const organizationId = item.organizationId;
    if (!found || !organizationId || !isLead(found.data)) return;
    const { event, data: lead } = found;
    const previous = (lead as { previous_status?: unknown }).previous_status;
    const data = zapierLead(lead, typeof previous === 'string' ? (previous as LeadStatus) : null);
    if (!(await leadListeners(db, item, organizationId)).zapierEvents.has(event)) return;
    const queued = await inScope(db, { organizationId }, async (tx) => {
      const hooks = await tx
        .select({ id: zapierHooks.id })
        .from(zapierHooks)
        .where(and(eq(zapierHooks.organizationId, organizationId), eq(zapierHooks.event, event)));
      if (hooks.length === 0) return 0;
      const rows = hooks.map((hook) => ({
        id: deliveryId(item.id, hook.id),
        kind: ZAPIER_DELIVER,
        organizationId,
        payload: { hook_id: hook.id, event, data, rate_limited: 0 } satisfies DeliverPayload,
      }));
      const written = await tx.insert(outbox).values(rows).onConflictDoNothing().returning({ id: outbox.id });
      return written.length;
    });
    if (queued > 0) onQueued();
  };
}

function deliverPayload(payload: Record<string, unknown>): DeliverPayload | null {
  const { hook_id, event, data, rate_limited } = payload;
  if (typeof hook_id !== 'string' || !ZAPIER_EVENTS.includes(event as ZapierEvent) || !isLead(data)) return null;
  return {
    hook_id,
    event: event as ZapierEvent,
    data: data as ZapierLead,
    rate_limited: typeof rate_limited === 'number' ? rate_limited : 0,
  };
}

/**
 * Delivers one `zapier.deliver` row: POST the lead to the hook's URL through the outbound guard
 * (no redirects, 10 s). 2xx is delivered; 410 is Zapier's "this Zap is gone", which removes the
 * hook (its REST hook rule); 429 waits the Retry-After by writing the same delivery again for
 * that time (the outbox's own backoff would ignore it); anything else throws and the outbox
 * retries with its backoff. A hook removed meanwhile makes the row a no-op.
 */
export function zapierDeliverHandler(
  db: Database,
  outbound: Pick<Outbound, 'send'>,
  log: FastifyBaseLogger,
): OutboxHandler {
  return async (item) => {
    const organizationId = item.organizationId;
    const payload = deliverPayload(item.payload);
    if (!organizationId || !payload) {
      log.warn({ outboxId: item.id }, 'zapier delivery without a hook or a lead: dropped');
      return;
    }
    const scope = { organizationId };
    const [hook] = await inScope(db, scope, (tx) =>
      tx
        .select({ id: zapierHooks.id, targetUrl: zapierHooks.targetUrl })
        .from(zapierHooks)
        .where(and(eq(zapierHooks.id, payload.hook_id), eq(zapierHooks.organizationId, organizationId))),
    );
    if (!hook) return;

    const answer = await outbound.send(hook.targetUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-leadcapture-event': payload.event,
        'x-leadcapture-delivery': item.id,
      },
      body: JSON.stringify(payload.data),
      maxBodyBytes: 16 * 1024,
    });

    if (answer.status >= 200 && answer.status < 300) {
      await inScope(db, scope, (tx) =>
        tx
          .update(zapierHooks)
          .set({ lastDeliveredAt: sql`now()` })
          .where(eq(zapierHooks.id, hook.id)),
      );
      return;
    }
    if (answer.status === 410) {
      await inScope(db, scope, (tx) => tx.delete(zapierHooks).where(eq(zapierHooks.id, hook.id)));
      log.info({ hookId: hook.id }, 'zapier answered 410: hook unsubscribed');
      return;
    }
    if (answer.status === 429 && payload.rate_limited < MAX_RATE_LIMITED) {
      const wait = retryAfterSeconds(answer.headers['retry-after'], 60);
      await inScope(db, scope, (tx) =>
        tx
          .insert(outbox)
          .values({
            id: deliveryId(item.id, 'retry-after'),
            kind: ZAPIER_DELIVER,
            organizationId,
            payload: { ...payload, rate_limited: payload.rate_limited + 1 } satisfies DeliverPayload,
            availableAt: sql`now() + make_interval(secs => ${wait})`,
          })
          .onConflictDoNothing(),
      );
      return;
    }
    throw new Error(`Zapier answered ${answer.status}`);
  };
}
