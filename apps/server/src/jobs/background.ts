import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { maintainTables, MAINTENANCE_TASK } from '../db/maintenance.ts';
import { mailHandler } from '../mail/mail-handler.ts';
import type { Mailer } from '../mail/mailer.ts';
import { remindEndingTrials } from '../modules/billing/billing-notices.service.ts';
import { advanceSubscriptions } from '../modules/billing/billing.service.ts';
import { recordUsageRecords } from '../modules/billing/billing-account.service.ts';
import type { BillingProvider } from '../modules/billing/provider.ts';
import { CONTACT_OUTBOX_KIND, contactMailHandler } from '../modules/contact/contact.service.ts';
import { foldAllLeadCounts } from '../modules/analytics/lead-counts.ts';
import { removeUnclaimedAttachments } from '../modules/capture/attachments.ts';
import { purgeExpiredLeads } from '../modules/leads/lead-purge.service.ts';
import { failStaleImports, LEADS_IMPORTED } from '../modules/data/data-imports.service.ts';
import { DATA_PROGRESS_MESSAGE } from '@leadcapture/contracts/data-imports';
import { sweepExports } from '../modules/data/data-exports.service.ts';
import { createBulkRunner, resumeStaleBulkJobs } from '../modules/data/data-bulk.service.ts';
import { DATA_EXPORT_PROGRESS } from '@leadcapture/contracts/data-exports';
import { LEADS_BULK_UPDATED } from '../modules/leads/lead-bulk.service.ts';
import { LEAD_CREATED, LEAD_DELETED, LEAD_UPDATED } from '../modules/leads/leads.service.ts';
import {
  createIntegrationWork,
  INTEGRATION_PUSH,
  INTEGRATION_REVOKE,
  INTEGRATION_SYNC,
} from '../modules/integrations/integrations.service.ts';
import { sendFollowUpReminders } from '../modules/notifications/follow-up-reminders.service.ts';
import { leadNotificationHandler } from '../modules/notifications/lead-notifications.ts';
import { NOTIFICATION_CREATED } from '../modules/notifications/notification-delivery.ts';
import { sendDigests } from '../modules/notifications/notification-digest.ts';
import { ZAPIER_DELIVER, zapierDeliverHandler, zapierFanOut } from '../modules/zapier/zapier.service.ts';
import {
  WEBHOOK_DELIVER_KIND,
  WEBHOOK_EVENT_KIND,
  type Prefetched,
  webhookDeliverHandler,
  webhookFanOut,
} from '../modules/webhooks/webhook-delivery.ts';
import { purgeOldDeliveries } from '../modules/webhooks/webhooks.service.ts';
import { PUSH_SEND, pushSendHandler, type PushKeys } from '../modules/push/push.service.ts';
import { purgeAuditLogs } from '../modules/staff/staff.service.ts';
import type { Outbound } from '../outbound/outbound.ts';
import type { SealedBox } from '../secrets/sealed-box.ts';
import { WEBHOOK_RETRY_SECONDS } from '@leadcapture/contracts/webhooks';
import { liveEventHandler, type LiveEventBus } from './live-events.ts';
import { allOf, createOutboxWorker } from './outbox.ts';
import { OUTBOX_RETENTION_TASK, purgeOutbox } from './outbox-retention.ts';
import { createScheduler } from './scheduler.ts';
import type { FileStorage } from '../storage/storage.ts';

/** Names of the scheduled tasks (their advisory locks are named after them). */
export const PURGE_TASK = 'lead_bin_purge';
export const REMINDERS_TASK = 'lead_follow_up_reminders';
export const IMPORT_SWEEP_TASK = 'lead_import_sweep';
export const SUBSCRIPTION_PERIODS_TASK = 'subscription_periods';
export const TRIAL_REMINDERS_TASK = 'subscription_trial_reminders';
export const ATTACHMENT_CLEANUP_TASK = 'lead_attachment_cleanup';
export const USAGE_RECORDS_TASK = 'usage_records';
export const WEBHOOK_RETENTION_TASK = 'webhook_delivery_retention';
export const DIGEST_TASK = 'notification_digests';
export const AUDIT_RETENTION_TASK = 'audit_retention';
export const LEAD_COUNTS_TASK = 'lead_counts_fold';
/** Export files past their 7 days, and exports whose process died. */
export const EXPORT_SWEEP_TASK = 'data_export_sweep';
/** Bulk jobs whose process died: resumed where their last batch ended (or failed after 3 runs). */
export const BULK_SWEEP_TASK = 'data_bulk_sweep';
/** Each day's usage figure is rewritten at most an hour before the day ends. */
const USAGE_RECORDS_INTERVAL_MS = 60 * 60 * 1000;
/** Imports interrupted by a dead process are found within a minute of going stale. */
const IMPORT_SWEEP_INTERVAL_MS = 60_000;
/** The leads rollup's deltas are folded every minute, so readers add up few of them (decision 029). */
const LEAD_COUNTS_INTERVAL_MS = 60_000;

/**
 * The work that runs beside requests (docs/jobs.md): the outbox, which delivers what leaves the
 * process (mail, live events) after its transaction commits, and the scheduled tasks: the bin's
 * purge after LEAD_RETENTION_DAYS, follow-up reminders, the sweep of interrupted imports, the
 * removal of visitors' uploads no lead took, the outbox's finished rows, subscriptions whose
 * period ended, trials about to end, each organisation's usage of the day, and on
 * PGlite the statistics and dead rows autovacuum looks after on PostgreSQL.
 */
export function createBackgroundWork(opts: {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  live: LiveEventBus;
  storage: FileStorage;
  billing: BillingProvider;
  outbound: Outbound;
  sealedBox: SealedBox;
  pushKeys: PushKeys;
  log: FastifyBaseLogger;
}) {
  const { config, database, mailer, live, storage, billing, log } = opts;
  // Webhook deliveries have their own worker: their retry schedule (03-decisions §4a), and a
  // batch sent side by side, so a customer's slow endpoint never holds mail or live events.
  const prefetched: Prefetched = new Map();
  const webhookDeliveries = createOutboxWorker({
    db: database.db,
    handlers: {
      [WEBHOOK_DELIVER_KIND]: {
        handle: webhookDeliverHandler({
          db: database.db,
          outbound: opts.outbound,
          sealedBox: opts.sealedBox,
          log,
          prefetched,
        }),
        retrySeconds: WEBHOOK_RETRY_SECONDS,
      },
    },
    parallel: true,
    log,
  });
  const webhooks = webhookFanOut({
    db: database.db,
    prefetched,
    deliverNow: (items) => webhookDeliveries.deliverLeased(items),
  });
  const integrations = createIntegrationWork({
    db: database.db,
    outbound: opts.outbound,
    sealedBox: opts.sealedBox,
    config,
    log,
  });
  // Everything a lead change reaches outside the process, each consumer taking repeats. A
  // consumer that queues further deliveries wakes the worker rather than wait for its poll.
  const kick = () => outbox.kick();
  const zaps = zapierFanOut(database.db, kick);
  // Notifications take lead.created (new lead, hot lead), each through the recipient's preferences.
  const leadEvents = allOf(
    liveEventHandler(live),
    webhooks,
    integrations.leadEvents,
    zaps,
    leadNotificationHandler(database.db, (items) => outbox.deliverLeased(items)),
  );
  const outbox = createOutboxWorker({
    db: database.db,
    handlers: {
      'mail.send': mailHandler(mailer, config.publicUrl, database.db),
      [LEAD_CREATED]: leadEvents,
      [NOTIFICATION_CREATED]: liveEventHandler(live),
      [DATA_EXPORT_PROGRESS]: liveEventHandler(live),
      [LEAD_UPDATED]: leadEvents,
      [LEAD_DELETED]: leadEvents,
      [LEADS_BULK_UPDATED]: leadEvents,
      [LEADS_IMPORTED]: leadEvents,
      // Progress of the data centre's imports and bulk jobs: the live channel only.
      [DATA_PROGRESS_MESSAGE]: liveEventHandler(live),
      [CONTACT_OUTBOX_KIND]: contactMailHandler(mailer),
      [INTEGRATION_PUSH]: integrations.push,
      [INTEGRATION_SYNC]: integrations.sync,
      [INTEGRATION_REVOKE]: integrations.revoke,
      [ZAPIER_DELIVER]: zapierDeliverHandler(database.db, opts.outbound, log),
      [WEBHOOK_EVENT_KIND]: allOf(webhooks, zaps),
      [PUSH_SEND]: pushSendHandler({
        db: database.db,
        keys: opts.pushKeys,
        outbound: opts.outbound,
        config,
        log,
      }),
    },
    log,
  });
  // Bulk jobs the sweep resumes run here; the ones started by a request run in the routes' runner.
  const bulkRunner = createBulkRunner(database.db, log, {
    batchSize: config.bulkBatchSize,
    dbKind: database.kind,
  });
  const scheduler = createScheduler({
    withTryLock: database.withTryLock,
    log,
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
      {
        name: IMPORT_SWEEP_TASK,
        intervalMs: Math.min(config.schedulerIntervalMs, IMPORT_SWEEP_INTERVAL_MS),
        run: async () => ({ failed: await failStaleImports(database.db) }),
      },
      {
        name: EXPORT_SWEEP_TASK,
        intervalMs: Math.min(config.schedulerIntervalMs, IMPORT_SWEEP_INTERVAL_MS),
        run: () => sweepExports(database.db, storage),
      },
      {
        name: BULK_SWEEP_TASK,
        intervalMs: Math.min(config.schedulerIntervalMs, IMPORT_SWEEP_INTERVAL_MS),
        run: () => resumeStaleBulkJobs(database.db, (run) => bulkRunner.start(run)),
      },
      {
        name: ATTACHMENT_CLEANUP_TASK,
        run: () => removeUnclaimedAttachments({ db: database.db, storage, log }),
      },
      {
        name: LEAD_COUNTS_TASK,
        intervalMs: Math.min(config.schedulerIntervalMs, LEAD_COUNTS_INTERVAL_MS),
        run: () => foldAllLeadCounts(database.db),
      },
      { name: OUTBOX_RETENTION_TASK, run: () => purgeOutbox(database.db) },
      { name: WEBHOOK_RETENTION_TASK, run: () => purgeOldDeliveries(database.db) },
      { name: AUDIT_RETENTION_TASK, run: () => purgeAuditLogs(database.db, config.auditRetentionDays) },
      {
        name: DIGEST_TASK,
        run: async () => {
          const result = await sendDigests(database.db);
          if (result.sent > 0) outbox.kick();
          return result;
        },
      },
      {
        name: SUBSCRIPTION_PERIODS_TASK,
        run: async () => {
          const result = await advanceSubscriptions(database.db, billing);
          if (result.advanced > 0) outbox.kick();
          return result;
        },
      },
      {
        name: USAGE_RECORDS_TASK,
        intervalMs: Math.max(config.schedulerIntervalMs, USAGE_RECORDS_INTERVAL_MS),
        run: () => recordUsageRecords(database.db),
      },
      {
        name: TRIAL_REMINDERS_TASK,
        run: async () => {
          const result = await remindEndingTrials(database.db);
          if (result.reminded > 0) outbox.kick();
          return result;
        },
      },
      // PostgreSQL has autovacuum; PGlite does what it would (db/maintenance.ts).
      ...(database.kind === 'pglite' ? [{ name: MAINTENANCE_TASK, run: () => maintainTables(database.db) }] : []),
    ],
  });
  return {
    outbox,
    webhookDeliveries,
    scheduler,
    bulkRunner,
    /** A job in flight finishes (and commits) first; what it queued waits in the outbox. */
    async stop() {
      await scheduler.stop();
      await bulkRunner.stop();
      await outbox.stop();
      await webhookDeliveries.stop();
    },
  };
}
