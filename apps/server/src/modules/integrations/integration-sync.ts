import { and, asc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  INTEGRATION_CATALOGUE,
  PUSHING_STATUSES,
  isPushing,
  type IntegrationKind,
} from '@leadcapture/contracts/integrations';
import type { Lead } from '@leadcapture/contracts/leads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database, Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { leadListeners } from '../../jobs/lead-listeners.ts';
import { DeliverLater, enqueue, type OutboxHandler, type OutboxItem } from '../../jobs/outbox.ts';
import { integrationErrorDetail } from '../../mail/templates.ts';
import type { Outbound } from '../../outbound/outbound.ts';
import type { SealedBox } from '../../secrets/sealed-box.ts';
import { AppError } from '../../http/errors.ts';
import { assertFeature } from '../billing/billing.service.ts';
import { leadImports } from '../data/data-imports.table.ts';
import { LEAD_CREATED, LEAD_UPDATED, toLead } from '../leads/leads.service.ts';
import { leads } from '../leads/leads.table.ts';
import { notifyOwners } from '../notifications/notifications.service.ts';
import { integrationRecords, integrations } from './integrations.table.ts';
import { ProviderError, type LeadToPush, type LeadTrigger, type ProviderContext } from './provider.ts';
import { providerFor, type AnyProvider, type Secrets, type Settings } from './providers.ts';

/**
 * The queued work of integrations (docs/integrations.md), all through the outbox, after commit:
 * - lead changes (the `leadEvents` kinds) become `integration.push` rows, one per connected
 *   integration whose provider takes that trigger (nothing past the shared `leadListeners`
 *   read for an organisation without integrations);
 * - `integration.sync` walks the organisation's leads a page at a time, writing pushes;
 * - `integration.push` upserts its leads at the provider and keeps their remote ids. A 429
 *   waits for Retry-After without counting as a failure; refused credentials stop the
 *   integration (status error) and tell the owners; anything else is retried with the outbox's
 *   backoff.
 */
export const INTEGRATION_PUSH = 'integration.push';
export const INTEGRATION_SYNC = 'integration.sync';
/** A disconnected integration's grant given back to the provider (`{kind, settings, secrets}`, sealed). */
export const INTEGRATION_REVOKE = 'integration.revoke';

/** Leads read per sync step: each step is one short transaction. */
const SYNC_PAGE = 500;
const LEADS_BULK_UPDATED = 'leads.bulk_updated';
const LEADS_IMPORTED = 'leads.imported';

interface PushPayload {
  integration_id: string;
  lead_ids: string[];
  trigger: LeadTrigger;
}

interface SyncPayload {
  integration_id: string;
  /** The last lead id of the previous page. */
  after?: string;
  /** An import's window: leads it created or updated. */
  updated_since?: string;
  updated_until?: string;
}

type IntegrationRow = typeof integrations.$inferSelect;

/** Hot, as chat tools announce it: the interest a rep or the visitor set. */
const isHot = (lead: Pick<Lead, 'interest'>) => lead.interest === 'hot';

export interface IntegrationWorkDeps {
  db: Database;
  outbound: Pick<Outbound, 'send'>;
  sealedBox: SealedBox;
  config: Pick<Config, 'providers' | 'publicUrl'>;
  log: FastifyBaseLogger;
}

export function openSecrets(sealedBox: SealedBox, sealed: string | null): Secrets | null {
  if (sealed === null) return null;
  return JSON.parse(sealedBox.open(sealed)) as Secrets;
}

/** Pushes for these leads to every pushing integration of the organisation whose provider takes `trigger`. */
async function enqueuePushes(tx: Tx, organizationId: string, leadIds: string[], trigger: LeadTrigger, hot: boolean) {
  const rows = await tx
    .select({ id: integrations.id, kind: integrations.kind })
    .from(integrations)
    .where(and(eq(integrations.organizationId, organizationId), inArray(integrations.status, [...PUSHING_STATUSES])));
  let written = 0;
  for (const row of rows) {
    const provider = providerFor(row.kind);
    if (!provider) continue;
    // A chat tool takes new and hot leads: a change that leaves a lead hot is its `hot` (once per lead, see push).
    const take: LeadTrigger | null = provider.accepts(trigger)
      ? trigger
      : trigger === 'updated' && hot && provider.accepts('hot')
        ? 'hot'
        : null;
    if (take === null) continue;
    for (let i = 0; i < leadIds.length; i += provider.batchSize) {
      const payload: PushPayload = {
        integration_id: row.id,
        lead_ids: leadIds.slice(i, i + provider.batchSize),
        trigger: take,
      };
      await enqueue(tx, { kind: INTEGRATION_PUSH, organizationId, payload: { ...payload } });
      written += 1;
    }
  }
  return written;
}

/** The consumer of the lead kinds: which leads changed, and why. */
function leadChange(
  item: OutboxItem,
): { ids: string[]; trigger: LeadTrigger; hot: boolean } | { importId: string } | null {
  const data = item.payload.data as Record<string, unknown> | undefined;
  if (!data) return null;
  switch (item.kind) {
    case LEAD_CREATED:
    case LEAD_UPDATED: {
      const lead = data as Partial<Lead>;
      if (typeof lead.id !== 'string' || lead.deleted_at) return null;
      return {
        ids: [lead.id],
        trigger: item.kind === LEAD_CREATED ? 'created' : 'updated',
        hot: isHot({ interest: lead.interest ?? null }),
      };
    }
    case LEADS_BULK_UPDATED: {
      const ids = Array.isArray(data.ids) ? data.ids.filter((id): id is string => typeof id === 'string') : [];
      // A lead in the bin stays in the CRM as it was; we never delete there.
      if (data.action === 'delete' || ids.length === 0) return null;
      return { ids, trigger: 'updated', hot: false };
    }
    case LEADS_IMPORTED:
      return typeof data.id === 'string' ? { importId: data.id } : null;
    default:
      return null;
  }
}

export function createIntegrationWork(deps: IntegrationWorkDeps) {
  const { db, sealedBox, log } = deps;
  const ctx: ProviderContext = {
    send: (url, init) => deps.outbound.send(url, init),
    apis: deps.config.providers,
    publicUrl: deps.config.publicUrl,
    log,
  };

  const leadEvents: OutboxHandler = async (item) => {
    const organizationId = item.organizationId;
    const change = leadChange(item);
    if (!organizationId || !change) return;
    if (!(await leadListeners(db, item, organizationId)).integrations) return;
    await inScope(db, { organizationId }, async (tx) => {
      if ('importId' in change) {
        const [job] = await tx
          .select({ startedAt: leadImports.startedAt, finishedAt: leadImports.finishedAt })
          .from(leadImports)
          .where(and(eq(leadImports.id, change.importId), eq(leadImports.organizationId, organizationId)));
        if (!job?.startedAt) return;
        const rows = await tx
          .select({ id: integrations.id, kind: integrations.kind })
          .from(integrations)
          .where(
            and(eq(integrations.organizationId, organizationId), inArray(integrations.status, [...PUSHING_STATUSES])),
          );
        for (const row of rows) {
          if (!providerFor(row.kind)?.accepts('updated')) continue;
          const payload: SyncPayload = {
            integration_id: row.id,
            updated_since: job.startedAt.toISOString(),
            updated_until: (job.finishedAt ?? new Date()).toISOString(),
          };
          await enqueue(tx, { kind: INTEGRATION_SYNC, organizationId, payload: { ...payload } });
        }
        return;
      }
      await enqueuePushes(tx, organizationId, change.ids, change.trigger, change.hot);
    });
  };

  /** One step of Sync now (or of an import's sync): a page of lead ids into pushes, then the next step. */
  /**
   * Sync now of a provider with nothing to backfill (Slack, Teams: a message is not a record):
   * its `verify`, which posts the "connected" message, proves the channel still takes messages.
   * Run outside any transaction; refusals are handled as a push's are.
   */
  async function announce(organizationId: string, integrationId: string): Promise<void> {
    const [row] = await inScope(db, { organizationId }, (tx) =>
      tx
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, integrationId), eq(integrations.organizationId, organizationId))),
    );
    const provider = row ? providerFor(row.kind) : undefined;
    if (!row || !provider || !isPushing(row.status)) return;
    try {
      await provider.verify(ctx, row.settings, openSecrets(sealedBox, row.secrets) ?? {});
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      if (err.failure === 'rate_limited') throw new DeliverLater(err.retryAfterSeconds ?? 30, err.message);
      if (err.failure === 'credentials') return stopIntegration(row, err.message);
      await recordFailure(row, err.message);
      if (err.failure === 'unavailable') throw err;
      return;
    }
    const now = new Date();
    await inScope(db, { organizationId }, (tx) =>
      tx
        .update(integrations)
        .set({ status: 'active', lastSyncedAt: now, lastError: null, errorAt: null, updatedAt: now })
        .where(and(eq(integrations.id, row.id), inArray(integrations.status, [...PUSHING_STATUSES]))),
    );
  }

  const sync: OutboxHandler = async (item) => {
    const organizationId = item.organizationId;
    const p = item.payload as unknown as SyncPayload;
    if (!organizationId) return;
    if (!p.updated_since && !p.after) {
      const [row] = await inScope(db, { organizationId }, (tx) =>
        tx
          .select({ kind: integrations.kind })
          .from(integrations)
          .where(and(eq(integrations.id, p.integration_id), eq(integrations.organizationId, organizationId))),
      );
      const provider = row ? providerFor(row.kind) : undefined;
      if (provider && !provider.accepts('sync')) return announce(organizationId, p.integration_id);
    }
    await inScope(db, { organizationId }, async (tx) => {
      const [row] = await tx
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, p.integration_id), eq(integrations.organizationId, organizationId)));
      if (!row || !isPushing(row.status)) return;
      const provider = providerFor(row.kind);
      const trigger: LeadTrigger = p.updated_since ? 'updated' : 'sync';
      if (!provider?.accepts(trigger)) return;
      const page = await tx
        .select({ id: leads.id })
        .from(leads)
        .where(
          and(
            eq(leads.organizationId, organizationId),
            isNull(leads.deletedAt),
            eq(leads.approvalStatus, 'approved'),
            p.after ? gt(leads.id, p.after) : undefined,
            p.updated_since ? gte(leads.updatedAt, new Date(p.updated_since)) : undefined,
            p.updated_until ? lte(leads.updatedAt, new Date(p.updated_until)) : undefined,
          ),
        )
        .orderBy(asc(leads.id))
        .limit(SYNC_PAGE);
      const ids = page.map((l) => l.id);
      for (let i = 0; i < ids.length; i += provider.batchSize) {
        const payload: PushPayload = {
          integration_id: row.id,
          lead_ids: ids.slice(i, i + provider.batchSize),
          trigger,
        };
        await enqueue(tx, { kind: INTEGRATION_PUSH, organizationId, payload: { ...payload } });
      }
      const last = ids.at(-1);
      if (ids.length === SYNC_PAGE && last !== undefined) {
        await enqueue(tx, { kind: INTEGRATION_SYNC, organizationId, payload: { ...p, after: last } });
      }
    });
  };

  /** What a push needs, read in one short transaction; null when there is nothing to do. */
  async function loadPush(organizationId: string, p: PushPayload) {
    return inScope(db, { organizationId }, async (tx) => {
      const [row] = await tx
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, p.integration_id), eq(integrations.organizationId, organizationId)));
      // Disconnected, or stopped on refused credentials: nothing more goes out until reconfigured.
      if (!row || !isPushing(row.status) || row.secrets === null) return null;
      const provider = providerFor(row.kind);
      if (!provider) return null;
      // A plan that no longer includes the kind's feature (a downgrade) stops it, as refused
      // credentials do: connecting it again asks the plan first.
      const locked = await featureLocked(tx, organizationId, row.kind);
      if (locked) return { row, provider, items: [], locked };
      const leadRows = await tx
        .select()
        .from(leads)
        .where(
          and(
            eq(leads.organizationId, organizationId),
            inArray(leads.id, p.lead_ids),
            isNull(leads.deletedAt),
            // Waiting for (or refused) approval: not a lead of the team's yet.
            eq(leads.approvalStatus, 'approved'),
          ),
        );
      const records = await tx
        .select()
        .from(integrationRecords)
        .where(and(eq(integrationRecords.integrationId, row.id), inArray(integrationRecords.leadId, p.lead_ids)));
      const byLead = new Map(records.map((r) => [r.leadId, r]));
      const items: LeadToPush[] = [];
      for (const leadRow of leadRows) {
        const lead = toLead(leadRow);
        const record = byLead.get(lead.id);
        // Hot is told once per lead and integration.
        if (p.trigger === 'hot' && (!isHot(lead) || record?.hotNotifiedAt)) continue;
        // A tool that announces rather than upserts (a chat channel) is told of a new lead once,
        // though the outbox may deliver its push again.
        if (p.trigger === 'created' && record?.syncedAt && !provider.accepts('updated')) continue;
        items.push({ lead, trigger: p.trigger, remoteId: record?.remoteId ?? null });
      }
      return { row, provider, items, locked: null };
    });
  }

  /** Why the plan in force refuses the kind (FEATURE_LOCKED's message), or null when it allows it. */
  async function featureLocked(tx: Tx, organizationId: string, kind: IntegrationKind): Promise<string | null> {
    const feature = INTEGRATION_CATALOGUE[kind].feature;
    if (!feature) return null;
    try {
      await assertFeature({ tx, organizationId }, feature);
      return null;
    } catch (err) {
      if (err instanceof AppError && err.code === 'FEATURE_LOCKED') return err.message;
      throw err;
    }
  }

  /** Stops pushing (status error with the reason) and tells the owners once. */
  async function stopIntegration(row: IntegrationRow, reason: string) {
    await inScope(db, { organizationId: row.organizationId }, async (tx) => {
      const now = new Date();
      const [stopped] = await tx
        .update(integrations)
        .set({ status: 'error', lastError: reason, errorAt: now, updatedAt: now })
        .where(and(eq(integrations.id, row.id), inArray(integrations.status, [...PUSHING_STATUSES])))
        .returning({ id: integrations.id });
      // Only the push that stopped it tells the owners (others find it stopped).
      if (stopped) await notifyOwnersOfError(tx, row.organizationId, row.id, row.kind, reason);
    });
  }

  async function recordFailure(row: IntegrationRow, reason: string) {
    await inScope(db, { organizationId: row.organizationId }, (tx) =>
      tx
        .update(integrations)
        .set({ lastError: reason, errorAt: new Date() })
        .where(and(eq(integrations.id, row.id), inArray(integrations.status, [...PUSHING_STATUSES]))),
    );
  }

  async function recordPushed(
    row: IntegrationRow,
    provider: AnyProvider,
    items: LeadToPush[],
    result: { remoteIds: Map<string, string | null>; errors?: Map<string, string>; secrets?: Secrets },
  ) {
    const now = new Date();
    const takesHot = provider.accepts('hot');
    await inScope(db, { organizationId: row.organizationId }, async (tx) => {
      for (const { lead, remoteId } of items) {
        const error = result.errors?.get(lead.id) ?? null;
        const pushed = result.remoteIds.has(lead.id);
        if (!pushed && error === null) continue;
        const remote = result.remoteIds.get(lead.id) ?? remoteId;
        const hot = pushed && takesHot && isHot(lead) ? now : null;
        await tx
          .insert(integrationRecords)
          .values({
            integrationId: row.id,
            organizationId: row.organizationId,
            leadId: lead.id,
            remoteId: remote,
            syncedAt: pushed ? now : null,
            lastError: error,
            hotNotifiedAt: hot,
          })
          .onConflictDoUpdate({
            target: [integrationRecords.integrationId, integrationRecords.leadId],
            set: {
              remoteId: sql`coalesce(excluded.remote_id, ${integrationRecords.remoteId})`,
              syncedAt: sql`coalesce(excluded.synced_at, ${integrationRecords.syncedAt})`,
              lastError: sql`excluded.last_error`,
              hotNotifiedAt: sql`coalesce(${integrationRecords.hotNotifiedAt}, excluded.hot_notified_at)`,
              updatedAt: now,
            },
          });
      }
      const anyPushed = items.some(({ lead }) => result.remoteIds.has(lead.id));
      await tx
        .update(integrations)
        .set({
          ...(anyPushed ? { status: 'active' as const, lastSyncedAt: now, lastError: null, errorAt: null } : {}),
          ...(result.secrets ? { secrets: sealedBox.seal(JSON.stringify(result.secrets)) } : {}),
          updatedAt: now,
        })
        .where(and(eq(integrations.id, row.id), inArray(integrations.status, [...PUSHING_STATUSES])));
    });
  }

  const push: OutboxHandler = async (item) => {
    const organizationId = item.organizationId;
    const p = item.payload as unknown as PushPayload;
    if (!organizationId || !Array.isArray(p.lead_ids) || p.lead_ids.length === 0) return;
    const loaded = await loadPush(organizationId, p);
    if (loaded?.locked) return stopIntegration(loaded.row, loaded.locked);
    if (!loaded || loaded.items.length === 0) return;
    const { row, provider, items } = loaded;
    const secrets = openSecrets(sealedBox, row.secrets) ?? {};
    try {
      const result = await provider.push(ctx, row.settings, secrets, items);
      await recordPushed(row, provider, items, result);
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err;
      log.warn(
        { integrationId: row.id, kind: row.kind, failure: err.failure, reason: err.message },
        'integration push failed',
      );
      switch (err.failure) {
        case 'rate_limited':
          throw new DeliverLater(err.retryAfterSeconds ?? 30, err.message);
        case 'credentials':
          await stopIntegration(row, err.message);
          return;
        case 'invalid':
          await recordPushed(row, provider, items, {
            remoteIds: new Map(),
            errors: new Map(items.map(({ lead }) => [lead.id, err.message])),
          });
          return;
        case 'unavailable':
          await recordFailure(row, err.message);
          throw err;
      }
    }
  };

  /**
   * Revokes a disconnected integration's grant at the provider, after the disconnect committed.
   * The secrets travel sealed in the row, and the outbox redacts its payload once delivered. A
   * provider that refuses or is down is retried with the outbox's backoff.
   */
  const revoke: OutboxHandler = async (item) => {
    const { kind, settings, secrets } = item.payload;
    const provider = typeof kind === 'string' ? providerFor(kind as IntegrationKind) : undefined;
    if (!provider?.revoke || typeof secrets !== 'string') return;
    const settled: Settings = typeof settings === 'object' && settings !== null ? (settings as Settings) : {};
    await provider.revoke(ctx, settled, openSecrets(sealedBox, secrets) ?? {});
    log.info({ kind, organizationId: item.organizationId }, 'integration grant revoked');
  };

  return { leadEvents, push, sync, revoke };
}

export type IntegrationWork = ReturnType<typeof createIntegrationWork>;

/** In-app notification and mail to every active owner: the integration stopped. */
export async function notifyOwnersOfError(
  tx: Tx,
  organizationId: string,
  integrationId: string,
  kind: IntegrationKind,
  reason: string,
): Promise<void> {
  const name = INTEGRATION_CATALOGUE[kind].name;
  await notifyOwners(tx, organizationId, {
    category: 'system',
    type: 'integration_error',
    priority: 'high',
    data: { integration_id: integrationId, kind, name, reason },
    link: '/settings/integrations',
    template: 'integration_error',
    detail: (language) => integrationErrorDetail(language, { name, reason }),
  });
}
