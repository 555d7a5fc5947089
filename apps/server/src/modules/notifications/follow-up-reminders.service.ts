import { and, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { LeadStatus } from '@leadcapture/contracts/constants';
import type { LeadFollowUpData } from '@leadcapture/contracts/notifications';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { leadFollowUpDetail } from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
import { leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { deliverNotices, type NoticeFor } from './notification-delivery.ts';

/** Statuses in which a lead's work is over: their follow-ups remind nobody. */
export const FINAL_LEAD_STATUSES = ['converted', 'closed_won', 'closed_lost', 'lost'] as const satisfies LeadStatus[];

/** Leads looked at per organisation and run; more wait for the next tick. */
const REMINDER_BATCH = 500;

/**
 * One formatter per timezone: building an Intl.DateTimeFormat costs a thousand times what a
 * format does, and a run judges up to REMINDER_BATCH leads of every organisation.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      // An unknown zone counts as UTC (and is remembered as such).
      format = dayFormat('UTC');
    }
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of an instant in a timezone; an unknown zone counts as UTC. */
export function localDay(at: Date, timeZone: string): string {
  return dayFormat(timeZone || 'UTC').format(at);
}

/**
 * A follow-up in the recipient's timezone: `due` when its day is today, or yesterday (a process
 * that was down over midnight still reminds once); `past` when older (no longer reminds);
 * `upcoming` from tomorrow on.
 */
export type FollowUpTiming = 'due' | 'past' | 'upcoming';
export function followUpTiming(followUp: Date, timeZone: string, now: Date): FollowUpTiming {
  const day = localDay(followUp, timeZone);
  if (day > localDay(now, timeZone)) return 'upcoming';
  return day >= localDay(new Date(now.getTime() - 86_400_000), timeZone) ? 'due' : 'past';
}

interface Candidate {
  id: string;
  firstName: string;
  lastName: string;
  company: string;
  followUpDate: Date;
  recipientId: string | null;
}

/**
 * Whom a lead's follow-up reminds: its assigned rep; when nobody is assigned, whoever set the
 * follow-up date, else whoever created the lead.
 */
const recipient = sql<string | null>`coalesce(${leads.assignedTo}, ${leads.followUpSetBy}, ${leads.createdBy})`;

/**
 * Claims the due follow-ups of one organisation and, in the same transaction, writes each
 * recipient's notification and queues their mail. The claim is an UPDATE … WHERE
 * follow_up_reminded_at IS NULL AND follow_up_date = <the date read>: a second process running
 * at the same moment waits on the row, finds it claimed and skips it (exactly once); a date
 * changed in between is not claimed and is judged again at the next run.
 */
async function remindOrganization(tx: Tx, organizationId: string, publicUrl: string, now: Date): Promise<number> {
  const rows = await tx
    .select({
      id: leads.id,
      firstName: leads.firstName,
      lastName: leads.lastName,
      company: leads.company,
      followUpDate: leads.followUpDate,
      recipientId: recipient,
    })
    .from(leads)
    .where(
      and(
        eq(leads.organizationId, organizationId),
        isNull(leads.deletedAt),
        isNull(leads.followUpRemindedAt),
        isNotNull(leads.followUpDate),
        sql`${leads.followUpDate} > now() - interval '3 days' and ${leads.followUpDate} < now() + interval '1 day'`,
        notInArray(leads.status, [...FINAL_LEAD_STATUSES]),
      ),
    )
    .orderBy(leads.followUpDate)
    .limit(REMINDER_BATCH);
  const candidates: Candidate[] = rows.flatMap((r) => (r.followUpDate ? [{ ...r, followUpDate: r.followUpDate }] : []));
  if (candidates.length === 0) return 0;

  const recipientIds = [...new Set(candidates.flatMap((c) => (c.recipientId ? [c.recipientId] : [])))];
  // Members of this organisation only, and active: a former member is reminded of nothing.
  const people =
    recipientIds.length === 0
      ? []
      : await tx
          .select({
            id: users.id,
            email: users.email,
            firstName: users.firstName,
            language: users.language,
            timezone: users.timezone,
          })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(
            and(
              eq(memberships.organizationId, organizationId),
              inArray(memberships.userId, recipientIds),
              eq(memberships.status, 'joined'),
              eq(users.isActive, true),
            ),
          );
  const byId = new Map(people.map((p) => [p.id, p]));

  // Due and past dates are claimed, only due ones remind. A past date (the window reaches three
  // days back, for every timezone) and one with nobody to remind (no member left) would
  // otherwise be read again every run, and being the oldest they would fill every batch ahead of
  // the due ones. Upcoming ones are the newest in the batch: they never hold back a due one.
  const timed = candidates.map((c) => {
    const person = c.recipientId ? byId.get(c.recipientId) : undefined;
    return { ...c, timing: followUpTiming(c.followUpDate, person?.timezone ?? 'UTC', now) };
  });
  const claimable = timed.filter((c) => c.timing !== 'upcoming');
  if (claimable.length === 0) return 0;

  // One claim for the batch: each lead with the date that was read, still unclaimed.
  const claimed = await queryRows<{ id: string }>(
    tx,
    sql`update ${leads} set follow_up_reminded_at = now()
        from unnest(${`{${claimable.map((c) => c.id).join(',')}}`}::uuid[],
                    ${`{${claimable.map((c) => c.followUpDate.toISOString()).join(',')}}`}::timestamptz[]) as c(id, follow_up_date)
        where ${leads.organizationId} = ${organizationId} and ${leads.id} = c.id
          and ${leads.followUpDate} = c.follow_up_date
          and ${leads.followUpRemindedAt} is null and ${leads.deletedAt} is null
        returning ${leads.id} as id`,
  );
  const claimedIds = new Set(claimed.map((r) => r.id));

  const notices: NoticeFor[] = [];
  for (const lead of claimable) {
    if (lead.timing !== 'due' || !claimedIds.has(lead.id)) continue;
    const person = lead.recipientId ? byId.get(lead.recipientId) : undefined;
    if (!person) continue;
    const name = `${lead.firstName} ${lead.lastName}`.trim();
    const data: LeadFollowUpData = {
      lead_id: lead.id,
      lead_name: name,
      company: lead.company,
      follow_up_date: lead.followUpDate.toISOString(),
    };
    notices.push({
      recipients: [person],
      notice: {
        category: 'follow_ups',
        type: 'lead_follow_up_due',
        priority: 'normal',
        data,
        link: `/leads/${lead.id}`,
        template: 'lead_follow_up_due',
        detail: (language) => leadFollowUpDetail(language, { name, company: lead.company }),
        // The lead's claim above makes this run once per date; the key keeps it so if it is not.
        dedupeKey: `follow_up:${lead.id}:${lead.followUpDate.toISOString()}`,
      },
    });
  }
  await deliverNotices(tx, organizationId, notices);
  return notices.length;
}

/**
 * One run of the follow-up reminders: every organisation with a follow-up that may be due
 * (db/functions/lead_follow_up_organizations.sql), each in its own scoped transaction.
 */
export async function sendFollowUpReminders(
  db: Database,
  { publicUrl, now = () => new Date() }: { publicUrl: string; now?: () => Date },
): Promise<{ organizations: number; reminded: number }> {
  const orgs = await queryRows<{ id: string }>(db, sql`select lead_follow_up_organizations() as id`);
  let reminded = 0;
  for (const { id: organizationId } of orgs) {
    reminded += await inScope(db, { organizationId }, (tx) => remindOrganization(tx, organizationId, publicUrl, now()));
  }
  return { organizations: orgs.length, reminded };
}
