import { and, eq, inArray, sql } from 'drizzle-orm';
import { daysRemaining, type UsageResource } from '@leadcapture/contracts/billing';
import {
  USAGE_THRESHOLDS,
  type NotificationPriority,
  type HeldLeadsData,
  type PaymentFailedData,
  type TrialEndedData,
  type TrialEndingData,
  type UsageThreshold,
  type UsageThresholdData,
} from '@leadcapture/contracts/notifications';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import {
  heldLeadsDetail,
  paymentFailedDetail,
  trialEndedDetail,
  trialEndingDetail,
  usageThresholdDetail,
  type MailTemplate,
} from '../../mail/templates.ts';
import { notifyOwners as notifyOwnersOf } from '../notifications/notifications.service.ts';
import { subscriptions, usageAlerts } from './billing.table.ts';
import { effectivePlan } from './effective-plan.ts';

/** Owners are told about their trial and their limits: in the app and by mail (docs/billing.md). */

/** Days before the trial's end at which the owners are reminded (days rounded up). */
export const TRIAL_REMINDER_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

const BILLING_PATH = '/settings/billing';
const USAGE_PATH = '/settings/billing/usage';

type BillingNotice =
  | { type: 'trial_ending'; data: TrialEndingData }
  | { type: 'trial_ended'; data: TrialEndedData }
  | { type: 'usage_threshold'; data: UsageThresholdData }
  | { type: 'held_leads'; data: HeldLeadsData }
  | { type: 'payment_failed'; data: PaymentFailedData };

function noticeParts(notice: BillingNotice): {
  link: string;
  priority: NotificationPriority;
  template: MailTemplate;
  detail: (language: string) => string;
} {
  switch (notice.type) {
    case 'trial_ending':
      return {
        link: BILLING_PATH,
        priority: 'high',
        template: 'trial_ending',
        detail: (language) => trialEndingDetail(language, notice.data.days_remaining),
      };
    case 'trial_ended':
      return { link: BILLING_PATH, priority: 'high', template: 'trial_ended', detail: trialEndedDetail };
    case 'usage_threshold':
      return {
        link: USAGE_PATH,
        priority: notice.data.percentage >= 100 ? 'high' : 'normal',
        template: 'usage_threshold',
        detail: (language) => usageThresholdDetail(language, notice.data),
      };
    case 'payment_failed':
      return {
        link: BILLING_PATH,
        priority: 'high',
        template: 'payment_failed',
        detail: (language) =>
          paymentFailedDetail(language, {
            number: notice.data.invoice_number,
            amountDue: notice.data.amount_due,
            currency: notice.data.currency,
          }),
      };
    case 'held_leads':
      return {
        link: BILLING_PATH,
        priority: 'high',
        template: 'held_leads',
        detail: (language) => heldLeadsDetail(language, notice.data.limit),
      };
  }
}

/**
 * Tells every active owner of the organisation, in the caller's transaction, through the
 * notifications' one path: each owner's preferences for `billing` decide in-app and mail (in
 * their language). Answers how many owners there are.
 */
export async function notifyOwners(
  tx: Tx,
  organizationId: string,
  notice: BillingNotice,
  dedupeKey?: string,
): Promise<number> {
  const parts = noticeParts(notice);
  return notifyOwnersOf(tx, organizationId, {
    category: 'billing',
    type: notice.type,
    priority: parts.priority,
    data: notice.data,
    link: parts.link,
    template: parts.template,
    detail: parts.detail,
    ...(dedupeKey ? { dedupeKey } : {}),
  });
}

/**
 * The scheduled task `subscription_trial_reminders`: every trial that ends within
 * TRIAL_REMINDER_DAYS and was not reminded (db/functions/subscriptions_trial_ending.sql) tells
 * its owners, once. Each organisation in its own transaction with the row locked; the claim
 * (`trial_reminded_at`) is written with the notices, so a second run tells no one again.
 */
export async function remindEndingTrials(db: Database, now = new Date()): Promise<{ reminded: number }> {
  const due = await queryRows<{ organization_id: string }>(
    db,
    sql`select organization_id from subscriptions_trial_ending(${now.toISOString()}::timestamptz) as t(organization_id)`,
  );
  let reminded = 0;
  const latest = new Date(now.getTime() + TRIAL_REMINDER_DAYS * DAY_MS);
  for (const { organization_id: organizationId } of due) {
    const told = await inScope(db, { organizationId }, async (tx) => {
      const [row] = await tx
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.organizationId, organizationId))
        .for('update');
      const trialEnd = row?.trialEnd;
      if (!row || row.status !== 'trialing' || row.trialRemindedAt !== null || !trialEnd) return false;
      if (trialEnd <= now || trialEnd > latest) return false;
      await tx.update(subscriptions).set({ trialRemindedAt: now }).where(eq(subscriptions.id, row.id));
      await notifyOwners(tx, organizationId, {
        type: 'trial_ending',
        data: { days_remaining: daysRemaining(trialEnd, now), trial_end: trialEnd.toISOString() },
      });
      return true;
    });
    if (told) reminded += 1;
  }
  return { reminded };
}

/** The period a usage notice belongs to: the calendar month (UTC) for leads, none for the others. */
function periodKey(resource: UsageResource, now: Date): string {
  return resource === 'leads' ? now.toISOString().slice(0, 7) : '';
}

const reaches = (usage: number, limit: number, threshold: UsageThreshold) => usage * 100 >= threshold * limit;

/**
 * After a counted create that leaves `after` of `limit` (from `before`): tells the owners the
 * first time in the period the resource reaches 80 % or 100 % (the highest reached, once). Notices
 * of thresholds that `before` was below are dropped first: usage fell below them since they were
 * given, so reaching them again tells again (leads never fall within their month). Called only at
 * 80 % or more, so a create below costs nothing more.
 */
export async function noticeUsage(
  tx: Tx,
  organizationId: string,
  usage: { resource: UsageResource; before: number; after: number; limit: number },
  now: Date,
): Promise<void> {
  const { resource, before, after, limit } = usage;
  const reached = USAGE_THRESHOLDS.filter((threshold) => reaches(after, limit, threshold));
  if (reached.length === 0) return;
  const key = periodKey(resource, now);
  const below = USAGE_THRESHOLDS.filter((threshold) => !reaches(before, limit, threshold));
  if (below.length > 0) {
    await tx
      .delete(usageAlerts)
      .where(
        and(
          eq(usageAlerts.organizationId, organizationId),
          eq(usageAlerts.resource, resource),
          eq(usageAlerts.periodKey, key),
          inArray(usageAlerts.threshold, below),
        ),
      );
  }
  const inserted = await tx
    .insert(usageAlerts)
    .values(reached.map((threshold) => ({ organizationId, resource, threshold, periodKey: key })))
    .onConflictDoNothing()
    .returning({ threshold: usageAlerts.threshold });
  if (inserted.length === 0) return;
  const percentage = Math.max(...inserted.map((row) => row.threshold)) as UsageThreshold;
  await notifyOwners(tx, organizationId, { type: 'usage_threshold', data: { resource, percentage, limit } });
}

/**
 * After a capture was held past the month's lead limit (capture.service.ts): tells the owners,
 * once a month. The claim is `subscriptions.held_noticed_month`, set with the notices in one
 * transaction, so of concurrent held captures one tells.
 */
export async function noticeHeldLeads(tx: Tx, organizationId: string, now = new Date()): Promise<boolean> {
  const month = now.toISOString().slice(0, 7);
  const claimed = await tx
    .update(subscriptions)
    .set({ heldNoticedMonth: month })
    .where(
      and(
        eq(subscriptions.organizationId, organizationId),
        sql`${subscriptions.heldNoticedMonth} is distinct from ${month}`,
      ),
    )
    .returning({ planId: subscriptions.planId, status: subscriptions.status, trialEnd: subscriptions.trialEnd });
  const [row] = claimed;
  if (!row) return false;
  // The limit the capture met.
  const limit = effectivePlan(row, now).limits.leads_per_month ?? 0;
  await notifyOwners(tx, organizationId, { type: 'held_leads', data: { month, limit } });
  return true;
}
