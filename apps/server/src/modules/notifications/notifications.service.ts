import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type {
  MarkAllReadResult,
  Notification,
  NotificationListQuery,
  UnreadCount,
} from '@leadcapture/contracts/notifications';
import type { Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { notFound } from '../../http/errors.ts';
import { deliverNotice, membersOf, toNotification, type Notice } from './notification-delivery.ts';
import { notifications } from './notifications.table.ts';

/**
 * The caller's own notifications in the organisation of the context. Every role reads and
 * manages its own inbox (a viewer too: marking read changes nothing but their inbox); another
 * user's or organisation's notification is not found.
 */
const mine = (ctx: TenantContext) =>
  and(eq(notifications.organizationId, ctx.organizationId), eq(notifications.userId, ctx.userId));
const oneOfMine = (ctx: TenantContext, id: string) => and(mine(ctx), eq(notifications.id, id));
const notificationNotFound = () => notFound('Notification');

export async function listNotifications(
  ctx: TenantContext,
  query: NotificationListQuery,
  window: { limit: number; offset: number },
): Promise<{ results: Notification[]; total: number }> {
  const where = query.unread ? and(mine(ctx), isNull(notifications.readAt)) : mine(ctx);
  const [rows, [total]] = await Promise.all([
    ctx.tx
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(window.limit)
      .offset(window.offset),
    ctx.tx.select({ n: count() }).from(notifications).where(where),
  ]);
  return { results: rows.map(toNotification), total: total?.n ?? 0 };
}

export async function getNotification(ctx: TenantContext, id: string): Promise<Notification> {
  const [row] = await ctx.tx.select().from(notifications).where(oneOfMine(ctx, id));
  if (!row) throw notificationNotFound();
  return toNotification(row);
}

export async function unreadCount(ctx: TenantContext): Promise<UnreadCount> {
  const [row] = await ctx.tx
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(ctx), isNull(notifications.readAt)));
  return { unread_count: row?.n ?? 0 };
}

/** Marks one read; one already read keeps the time it was first read. */
export async function markRead(ctx: TenantContext, id: string): Promise<Notification> {
  const [row] = await ctx.tx
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(oneOfMine(ctx, id))
    .returning();
  if (!row) throw notificationNotFound();
  return toNotification(row);
}

export async function markAllRead(ctx: TenantContext): Promise<MarkAllReadResult> {
  const rows = await ctx.tx
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine(ctx), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { updated: rows.length };
}

export async function deleteNotification(ctx: TenantContext, id: string): Promise<void> {
  const rows = await ctx.tx.delete(notifications).where(oneOfMine(ctx, id)).returning({ id: notifications.id });
  if (rows.length === 0) throw notificationNotFound();
}

/**
 * The one way notifications are sent (other modules call these): each recipient's preferences
 * decide the channels (notification-delivery.ts).
 */
export {
  deliverNotice,
  membersOf,
  NOTIFICATION_CREATED,
  type Notice,
  type Recipient,
} from './notification-delivery.ts';
export {
  notifyBulkAssigned,
  notifyLeadChanges,
  notifyInvitationAccepted,
  notifyReleasedLeads,
  RELEASED,
} from './lead-notifications.ts';

/** Tells every active owner of the organisation (billing warnings, system notices). */
export async function notifyOwners(tx: Tx, organizationId: string, notice: Notice): Promise<number> {
  const owners = await membersOf(tx, organizationId, { roles: ['owner'] });
  await deliverNotice(tx, organizationId, owners, notice);
  return owners.length;
}
