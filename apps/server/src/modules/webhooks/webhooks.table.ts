import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  AttemptTrigger,
  DeliveryStatus,
  WebhookDisabledReason,
  WebhookEventType,
} from '@leadcapture/contracts/webhooks';
import { id, tenantPolicies, timestamps } from '../../db/columns.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';

/**
 * A team's outgoing webhook (docs/webhooks.md). The signing secrets are sealed under
 * ENCRYPTION_KEY (secrets/sealed-box.ts); after a rotation the previous one signs too until
 * `previous_secret_expires_at`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    events: text('events').array().$type<WebhookEventType[]>().notNull(),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    disabledReason: text('disabled_reason').$type<WebhookDisabledReason>(),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** The first failed attempt since the last success; 5 days of it disables the webhook. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('webhooks_organization_idx').on(t.organizationId, t.createdAt),
    check('webhooks_disabled_reason_check', sql`${t.disabledReason} in ('manual', 'gone', 'failing')`),
    ...tenantPolicies('webhooks', t.organizationId),
  ],
);

/**
 * One message to one webhook. `message_id` is the `webhook-id` header: derived from the outbox
 * row the event came in (msg_<outbox id>), so a repeat of that row finds the delivery already
 * there (the unique index) and any resend carries the same id. `body` is the exact JSON sent.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<DeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error').notNull().default(''),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('webhook_deliveries_message_key').on(t.webhookId, t.messageId),
    // The log, newest first (scanned backward).
    index('webhook_deliveries_webhook_created_idx').on(t.organizationId, t.webhookId, t.createdAt),
    // Retention finds old rows by this.
    index('webhook_deliveries_created_idx').on(t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    ...tenantPolicies('webhook_deliveries', t.organizationId),
  ],
);

/** Every attempt of a delivery: what was answered, how long it took, or why nothing came. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    error: text('error').notNull().default(''),
    trigger: text('trigger').$type<AttemptTrigger>().notNull(),
  },
  (t) => [
    index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt),
    // A webhook's newest attempt (its last_delivery), scanned backward.
    index('webhook_attempts_webhook_idx').on(t.webhookId, t.attemptedAt),
    check('webhook_attempts_trigger_check', sql`${t.trigger} in ('automatic', 'test', 'resend')`),
    ...tenantPolicies('webhook_attempts', t.organizationId),
  ],
);
