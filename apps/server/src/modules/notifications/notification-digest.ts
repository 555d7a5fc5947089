import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DIGEST_HOUR } from '@leadcapture/contracts/notifications';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { digestDetail } from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { notificationDigestHours, notificationDigests, notificationLogs } from './notifications.table.ts';

/** Lines a digest lists; the rest are counted ("… and 12 more"). */
const DIGEST_LINES = 50;

/** The organisation's calendar day and hour now, in its timezone. */
export function localClock(timezone: string, now: Date): { day: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

async function digestOrganization(tx: Tx, organizationId: string, now: Date): Promise<number> {
  const [org] = await tx
    .select({ settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) return 0;
  const clock = localClock(org.settings.timezone, now);
  const waiting = await tx
    .select({ id: notificationLogs.id, userId: notificationLogs.userId, subject: notificationLogs.subject })
    .from(notificationLogs)
    .where(
      and(
        eq(notificationLogs.organizationId, organizationId),
        eq(notificationLogs.digest, true),
        isNull(notificationLogs.digestLogId),
        eq(notificationLogs.status, 'queued'),
      ),
    )
    .orderBy(asc(notificationLogs.createdAt))
    .for('update', { skipLocked: true });
  const byUser = new Map<string, { id: string; subject: string }[]>();
  for (const row of waiting) {
    if (!row.userId) continue;
    const list = byUser.get(row.userId) ?? [];
    list.push(row);
    byUser.set(row.userId, list);
  }
  if (byUser.size === 0) return 0;
  // Each member's own hour (DIGEST_HOUR until chosen): before it their mail waits; from it on,
  // whoever has none today gets one.
  const hours = await tx
    .select({ userId: notificationDigestHours.userId, hour: notificationDigestHours.hour })
    .from(notificationDigestHours)
    .where(eq(notificationDigestHours.organizationId, organizationId));
  const hourOf = new Map(hours.map((h) => [h.userId, h.hour]));
  for (const userId of [...byUser.keys()]) if (clock.hour < (hourOf.get(userId) ?? DIGEST_HOUR)) byUser.delete(userId);
  if (byUser.size === 0) return 0;
  const people = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(inArray(users.id, [...byUser.keys()]));
  let sent = 0;
  for (const person of people) {
    const items = byUser.get(person.id) ?? [];
    // One digest a day: the day's claim is taken with it, so a second run (or process) skips.
    const [claimed] = await tx
      .insert(notificationDigests)
      .values({ organizationId, userId: person.id, day: clock.day })
      .onConflictDoNothing()
      .returning({ day: notificationDigests.day });
    if (!claimed) continue;
    const lines = items.slice(0, DIGEST_LINES).map((i) => i.subject);
    const detail = digestDetail(person.language, lines, items.length - lines.length);
    const [log] = await tx
      .insert(notificationLogs)
      .values({
        organizationId,
        userId: person.id,
        recipient: person.email,
        channel: 'email',
        template: 'notification_digest',
        subject: `${items.length} notifications`,
        status: 'queued',
        digest: true,
      })
      .returning({ id: notificationLogs.id });
    if (!log) throw new Error('digest log insert returned no row');
    // The digest's own row names itself, so the next run never gathers it.
    await tx.update(notificationLogs).set({ digestLogId: log.id }).where(eq(notificationLogs.id, log.id));
    await tx
      .update(notificationLogs)
      .set({ digestLogId: log.id })
      .where(
        and(
          eq(notificationLogs.organizationId, organizationId),
          inArray(
            notificationLogs.id,
            items.map((i) => i.id),
          ),
        ),
      );
    await enqueue(tx, {
      kind: 'mail.send',
      organizationId,
      payload: {
        template: 'notification_digest',
        to: person.email,
        language: person.language,
        name: person.firstName,
        path: '/notifications',
        detail,
        log_id: log.id,
      },
    });
    sent += 1;
  }
  return sent;
}

/**
 * The scheduled task `notification_digests` (once across processes, jobs/scheduler): in every
 * organisation with mail waiting for a digest (db/functions/notification_digest_organizations.sql)
 * each member with waiting mail, no digest yet today and whose chosen hour (DIGEST_HOUR until
 * chosen, in the organisation's timezone) has come gets one mail listing them. Urgent notices never wait here (notification-delivery.ts).
 */
export async function sendDigests(db: Database, now = new Date()): Promise<{ organizations: number; sent: number }> {
  const orgs = await queryRows<{ id: string }>(db, sql`select notification_digest_organizations() as id`);
  let sent = 0;
  for (const { id: organizationId } of orgs) {
    sent += await inScope(db, { organizationId }, (tx) => digestOrganization(tx, organizationId, now));
  }
  return { organizations: orgs.length, sent };
}
