import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type Notification,
  type NotificationCategory,
  type NotificationPriority,
  type NotificationType,
} from '@leadcapture/contracts/notifications';
import type { Role } from '@leadcapture/contracts/constants';
import type { Tx } from '../../db/database.ts';
import { enqueueAll, enqueueLeased, type OutboxItem } from '../../jobs/outbox.ts';
import { mailSubject, type MailTemplate } from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
import { PUSH_SEND, subscriptionsOf, type PushSendPayload } from '../push/push.service.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { notificationLogs, notificationPreferences, notifications } from './notifications.table.ts';

/** Outbox kind of a new in-app notification, forwarded to its member's sockets (03-decisions §4b). */
export const NOTIFICATION_CREATED = 'notification.created';

type NotificationRow = typeof notifications.$inferSelect;

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    category: row.category,
    type: row.type,
    priority: row.priority,
    data: row.data,
    link: row.link,
    is_read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A member a notice goes to. */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  language: string;
}

/**
 * Something to tell members: the in-app notification (data, not text: the web writes it) and
 * the mail (template and its detail in the recipient's language).
 */
export interface Notice {
  category: NotificationCategory;
  type: NotificationType;
  priority: NotificationPriority;
  data: Record<string, unknown>;
  /** Web path without the language prefix. */
  link: string;
  template: MailTemplate;
  detail: (language: string) => string;
  /**
   * Names the cause (e.g. `lead.created:<outbox id>`): a second delivery of the same notice to
   * the same member finds the first one's log rows and sends nothing again.
   */
  dedupeKey?: string;
  /** Mail at once even when the member gathers this category in the daily digest. */
  immediate?: boolean;
}

export interface Delivered {
  in_app: number;
  email: number;
  digest: number;
  /** Push messages queued: one per subscription (device) of each member told by push. */
  push: number;
}

type Channels = { inApp: boolean; email: boolean; push: boolean; digest: boolean };

/**
 * The channels each member chose for each category, defaults filled in: keyed
 * `${userId}:${category}`.
 */
export async function channelsFor(
  tx: Tx,
  organizationId: string,
  userIds: string[],
  categories: NotificationCategory[],
): Promise<Map<string, Channels>> {
  const chosen =
    userIds.length === 0 || categories.length === 0
      ? []
      : await tx
          .select()
          .from(notificationPreferences)
          .where(
            and(
              eq(notificationPreferences.organizationId, organizationId),
              inArray(notificationPreferences.category, categories),
              inArray(notificationPreferences.userId, userIds),
            ),
          );
  const byKey = new Map(chosen.map((p) => [`${p.userId}:${p.category}`, p]));
  const answer = new Map<string, Channels>();
  for (const id of userIds) {
    for (const category of categories) {
      const key = `${id}:${category}`;
      const p = byKey.get(key);
      const defaults = DEFAULT_NOTIFICATION_PREFERENCES[category];
      answer.set(
        key,
        p
          ? { inApp: p.inApp, email: p.email, push: p.push, digest: p.digest }
          : { inApp: defaults.in_app, email: defaults.email, push: defaults.push, digest: defaults.digest },
      );
    }
  }
  return answer;
}

const summary = (detail: string) => (detail.split('\n')[0] ?? '').slice(0, 300);

/** One notice and the members it goes to. */
export interface NoticeFor {
  recipients: Recipient[];
  notice: Notice;
}

/**
 * Tells each recipient through the channels they allow for the notice's category, in the
 * caller's transaction: an in-app notification (and its `notification.created` live message),
 * a mail now or a line in tomorrow morning's digest (urgent notices and `immediate` never wait),
 * and a `push.send` for each of the member's push subscriptions (devices). Each delivery writes
 * its log row, which is also its claim when the notice has a dedupe key.
 */
export async function deliverNotice(
  tx: Tx,
  organizationId: string,
  recipients: Recipient[],
  notice: Notice,
): Promise<Delivered> {
  return (await deliverNotices(tx, organizationId, [{ recipients, notice }])).delivered;
}

/**
 * `deliverNotice` for many notices at once, in a fixed number of statements however many there
 * are (a rush of captured leads tells their reps in batches). With `leased`, the live messages
 * are leased to the caller, who hands them to the outbox's `deliverLeased` after the commit.
 */
export async function deliverNotices(
  tx: Tx,
  organizationId: string,
  batch: NoticeFor[],
  opts: { leased?: boolean } = {},
): Promise<{ delivered: Delivered; live: OutboxItem[] }> {
  const delivered: Delivered = { in_app: 0, email: 0, digest: 0, push: 0 };
  const pairs = batch.flatMap(({ recipients, notice }) =>
    [...new Map(recipients.map((r) => [r.id, r])).values()].map((person) => ({ person, notice })),
  );
  if (pairs.length === 0) return { delivered, live: [] };
  const channels = await channelsFor(
    tx,
    organizationId,
    [...new Set(pairs.map((p) => p.person.id))],
    [...new Set(pairs.map((p) => p.notice.category))],
  );

  // Every delivery's log row, written together; a row the dedupe key refuses was sent before.
  type Claim = { logId: string; person: Recipient; notice: Notice; detail: string; digest: boolean };
  const inApp: Claim[] = [];
  const email: Claim[] = [];
  const push: Claim[] = [];
  // Push goes only to members with a device subscribed: one read for all of them.
  const pushWanted = pairs.filter((p) => channels.get(`${p.person.id}:${p.notice.category}`)?.push);
  const devices = new Map<string, string[]>();
  for (const s of await subscriptionsOf(tx, [...new Set(pushWanted.map((p) => p.person.id))])) {
    devices.set(s.userId, [...(devices.get(s.userId) ?? []), s.id]);
  }
  for (const { person, notice } of pairs) {
    const chosen = channels.get(`${person.id}:${notice.category}`);
    if (!chosen) continue;
    const detail = notice.detail(person.language);
    if (chosen.inApp) inApp.push({ logId: randomUUID(), person, notice, detail, digest: false });
    if (chosen.email) {
      const digest = chosen.digest && notice.priority !== 'urgent' && !notice.immediate;
      email.push({ logId: randomUUID(), person, notice, detail, digest });
    }
    if (chosen.push && devices.has(person.id)) {
      push.push({ logId: randomUUID(), person, notice, detail, digest: false });
    }
  }
  const logRows = [
    ...inApp.map((c) => ({ claim: c, channel: 'in_app' as const })),
    ...email.map((c) => ({ claim: c, channel: 'email' as const })),
    ...push.map((c) => ({ claim: c, channel: 'push' as const })),
  ];
  if (logRows.length === 0) return { delivered, live: [] };
  const claimed = new Set(
    (
      await tx
        .insert(notificationLogs)
        .values(
          logRows.map(({ claim, channel }) => ({
            id: claim.logId,
            organizationId,
            userId: claim.person.id,
            recipient: claim.person.email,
            channel,
            template: channel === 'in_app' ? claim.notice.type : claim.notice.template,
            category: claim.notice.category,
            subject: summary(claim.detail),
            status: channel === 'in_app' ? ('sent' as const) : ('queued' as const),
            digest: claim.digest,
            dedupeKey: claim.notice.dedupeKey ?? null,
            sentAt: channel === 'in_app' ? new Date() : null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: notificationLogs.id })
    ).map((r) => r.id),
  );

  const shown = inApp.filter((c) => claimed.has(c.logId));
  let live: OutboxItem[] = [];
  if (shown.length > 0) {
    const rows = await tx
      .insert(notifications)
      .values(
        shown.map(({ person, notice }) => ({
          organizationId,
          userId: person.id,
          category: notice.category,
          type: notice.type,
          priority: notice.priority,
          data: notice.data,
          link: notice.link,
        })),
      )
      .returning();
    const messages = rows.map((row) => ({
      kind: NOTIFICATION_CREATED,
      organizationId,
      payload: { data: toNotification(row), user_id: row.userId },
    }));
    if (opts.leased) live = await enqueueLeased(tx, messages);
    else await enqueueAll(tx, messages);
    delivered.in_app = rows.length;
  }

  const mailed = email.filter((c) => claimed.has(c.logId));
  const now = mailed.filter((c) => !c.digest);
  delivered.digest = mailed.length - now.length;
  await enqueueAll(
    tx,
    now.map(({ person, notice, detail, logId }) => ({
      kind: 'mail.send',
      organizationId,
      payload: {
        template: notice.template,
        to: person.email,
        language: person.language,
        name: person.firstName,
        path: notice.link,
        detail,
        log_id: logId,
      },
    })),
  );
  delivered.email = now.length;

  const pushed = push
    .filter((c) => claimed.has(c.logId))
    .flatMap(({ person, notice, detail, logId }) =>
      (devices.get(person.id) ?? []).map((subscriptionId) => {
        const payload: PushSendPayload = {
          subscription_id: subscriptionId,
          log_id: logId,
          title: mailSubject(notice.template, person.language),
          body: summary(detail),
          path: notice.link,
          language: person.language,
          // A later notice about the same thing replaces this one on the device.
          tag: `${notice.type}:${notice.link}`,
          urgency: notice.priority === 'urgent' || notice.priority === 'high' ? 'high' : 'normal',
        };
        return { kind: PUSH_SEND, organizationId, payload: { ...payload } };
      }),
    );
  await enqueueAll(tx, pushed);
  delivered.push = pushed.length;
  return { delivered, live };
}

/** Active joined members of the organisation, optionally only these roles or these users. */
export async function membersOf(
  tx: Tx,
  organizationId: string,
  filter: { roles?: Role[]; userIds?: string[] } = {},
): Promise<(Recipient & { role: Role; lastName: string })[]> {
  if (filter.userIds?.length === 0 || filter.roles?.length === 0) return [];
  return tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      role: memberships.role,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'joined'),
        eq(users.isActive, true),
        filter.roles ? inArray(memberships.role, filter.roles) : undefined,
        filter.userIds ? inArray(memberships.userId, filter.userIds) : undefined,
      ),
    );
}
