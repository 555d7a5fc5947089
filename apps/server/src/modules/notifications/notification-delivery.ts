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
import { enqueue } from '../../jobs/outbox.ts';
import type { MailTemplate } from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
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
}

/** The channels each member chose for a category, defaults filled in. */
export async function channelsFor(
  tx: Tx,
  organizationId: string,
  userIds: string[],
  category: NotificationCategory,
): Promise<Map<string, { inApp: boolean; email: boolean; digest: boolean }>> {
  const chosen =
    userIds.length === 0
      ? []
      : await tx
          .select()
          .from(notificationPreferences)
          .where(
            and(
              eq(notificationPreferences.organizationId, organizationId),
              eq(notificationPreferences.category, category),
              inArray(notificationPreferences.userId, userIds),
            ),
          );
  const byUser = new Map(chosen.map((p) => [p.userId, p]));
  const defaults = DEFAULT_NOTIFICATION_PREFERENCES[category];
  return new Map(
    userIds.map((id) => {
      const p = byUser.get(id);
      return [
        id,
        p
          ? { inApp: p.inApp, email: p.email, digest: p.digest }
          : { inApp: defaults.in_app, email: defaults.email, digest: defaults.digest },
      ];
    }),
  );
}

const summary = (detail: string) => (detail.split('\n')[0] ?? '').slice(0, 300);

/**
 * Tells each recipient through the channels they allow for the notice's category, in the
 * caller's transaction: an in-app notification (and its `notification.created` live message),
 * a mail now or a line in tomorrow morning's digest (urgent notices and `immediate` never wait).
 * Push is a stored choice only until the PWA issue sends it. Each delivery writes its log row,
 * which is also its claim when the notice has a dedupe key.
 */
export async function deliverNotice(
  tx: Tx,
  organizationId: string,
  recipients: Recipient[],
  notice: Notice,
): Promise<Delivered> {
  const done: Delivered = { in_app: 0, email: 0, digest: 0 };
  const unique = [...new Map(recipients.map((r) => [r.id, r])).values()];
  if (unique.length === 0) return done;
  const channels = await channelsFor(
    tx,
    organizationId,
    unique.map((r) => r.id),
    notice.category,
  );
  for (const person of unique) {
    const chosen = channels.get(person.id);
    if (!chosen) continue;
    const detail = notice.detail(person.language);
    const claim = async (channel: 'in_app' | 'email', digest: boolean) => {
      const [row] = await tx
        .insert(notificationLogs)
        .values({
          organizationId,
          userId: person.id,
          recipient: person.email,
          channel,
          template: channel === 'in_app' ? notice.type : notice.template,
          category: notice.category,
          subject: summary(detail),
          status: channel === 'in_app' ? 'sent' : 'queued',
          digest,
          dedupeKey: notice.dedupeKey ?? null,
          sentAt: channel === 'in_app' ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning({ id: notificationLogs.id });
      return row?.id;
    };
    if (chosen.inApp && (await claim('in_app', false))) {
      const [row] = await tx
        .insert(notifications)
        .values({
          organizationId,
          userId: person.id,
          category: notice.category,
          type: notice.type,
          priority: notice.priority,
          data: notice.data,
          link: notice.link,
        })
        .returning();
      if (!row) throw new Error('notification insert returned no row');
      await enqueue(tx, {
        kind: NOTIFICATION_CREATED,
        organizationId,
        payload: { data: toNotification(row), user_id: person.id },
      });
      done.in_app += 1;
    }
    if (!chosen.email) continue;
    const digest = chosen.digest && notice.priority !== 'urgent' && !notice.immediate;
    const logId = await claim('email', digest);
    if (!logId) continue;
    if (digest) {
      done.digest += 1;
      continue;
    }
    await enqueue(tx, {
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
    });
    done.email += 1;
  }
  return done;
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
