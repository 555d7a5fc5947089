import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { LeadStatus, Role } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import {
  DEFAULT_HOT_LEAD_SCORE,
  type InvitationAcceptedData,
  type LeadAssignedData,
  type LeadNewData,
  type LeadStatusChangedData,
} from '@leadcapture/contracts/notifications';
import type { Database, Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { inBatches, type OutboxHandler, type OutboxItem } from '../../jobs/outbox.ts';
import {
  invitationAcceptedDetail,
  leadAssignedDetail,
  leadNewDetail,
  leadStatusChangeDetail,
} from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
import { events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';
import { offers } from '../offers/offers.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import { deliverNotice, deliverNotices, membersOf, type NoticeFor, type Recipient } from './notification-delivery.ts';
import { notificationSettings } from './notifications.table.ts';

/** What the consumer reads of a lead.created payload (`{data: lead}`, the API's lead). */
const createdLead = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  interest: z.string().nullable(),
  score: z.number().int(),
  assigned_to: z.uuid().nullable(),
  event: z.uuid().nullable(),
  offer: z.uuid().nullable(),
});

const fullName = (first: string, last: string) => `${first} ${last}`.trim();

/** The organisation's hot-lead score (its setting, else DEFAULT_HOT_LEAD_SCORE). */
export async function hotLeadThreshold(tx: Tx, organizationId: string): Promise<number> {
  const [row] = await tx
    .select({ threshold: notificationSettings.hotLeadScoreThreshold })
    .from(notificationSettings)
    .where(eq(notificationSettings.organizationId, organizationId));
  return row?.threshold ?? DEFAULT_HOT_LEAD_SCORE;
}

type CreatedLead = z.infer<typeof createdLead>;

/**
 * Who hears of each new lead: the assigned rep; with none, whoever created the event or offer
 * it came through (still an active member); with neither, every owner. Whoever created the lead
 * by hand is never told of their own lead. Read for the whole batch at once.
 */
async function newLeadNotices(
  tx: Tx,
  organizationId: string,
  batch: { lead: CreatedLead; createdBy: string | null; outboxId: string; hot: boolean }[],
): Promise<NoticeFor[]> {
  const eventIds = [...new Set(batch.flatMap(({ lead }) => (lead.event ? [lead.event] : [])))];
  const offerIds = [...new Set(batch.flatMap(({ lead }) => (!lead.event && lead.offer ? [lead.offer] : [])))];
  const pages = new Map<string, { name: string; createdBy: string | null }>();
  if (eventIds.length > 0) {
    const rows = await tx
      .select({ id: events.id, name: events.name, createdBy: events.createdBy })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), inArray(events.id, eventIds)));
    for (const r of rows) pages.set(r.id, r);
  }
  if (offerIds.length > 0) {
    const rows = await tx
      .select({ id: offers.id, name: offers.title, createdBy: offers.createdBy })
      .from(offers)
      .where(and(eq(offers.organizationId, organizationId), inArray(offers.id, offerIds)));
    for (const r of rows) pages.set(r.id, r);
  }
  const pageOf = (lead: CreatedLead) => pages.get(lead.event ?? lead.offer ?? '');
  const candidates = [
    ...new Set(
      batch.flatMap(({ lead }) => [lead.assigned_to, pageOf(lead)?.createdBy ?? null].filter((id) => id !== null)),
    ),
  ];
  const members = new Map((await membersOf(tx, organizationId, { userIds: candidates })).map((m) => [m.id, m]));
  let owners: Recipient[] | undefined;

  const notices: NoticeFor[] = [];
  for (const { lead, createdBy, outboxId, hot } of batch) {
    const page = pageOf(lead);
    const source = page?.name ?? '';
    let recipients: Recipient[] | undefined;
    for (const candidate of [lead.assigned_to, page?.createdBy ?? null]) {
      const found = candidate ? members.get(candidate) : undefined;
      if (found) {
        recipients = [found];
        break;
      }
    }
    recipients ??= owners ??= await membersOf(tx, organizationId, { roles: ['owner'] });
    // An assigned rep who created the lead themselves needs no notice; nobody else gets it either.
    recipients = recipients.filter((p) => p.id !== createdBy);
    const name = fullName(lead.first_name, lead.last_name);
    const data: LeadNewData = {
      lead_id: lead.id,
      lead_name: name,
      company: lead.company,
      source_name: source,
      interest: lead.interest,
      score: lead.score,
    };
    notices.push({
      recipients,
      notice: {
        category: 'leads',
        type: hot ? 'lead_hot' : 'lead_new',
        priority: hot ? 'urgent' : 'normal',
        data,
        link: `/leads/${lead.id}`,
        template: hot ? 'lead_hot' : 'lead_new',
        detail: (language) => leadNewDetail(language, { name, company: lead.company, source, hot, score: lead.score }),
        dedupeKey: `lead.created:${outboxId}`,
      },
    });
  }
  return notices;
}

/** One organisation's new leads of a batch, in one scoped transaction. */
async function tellOfNewLeads(
  db: Database,
  organizationId: string,
  items: { outboxId: string; lead: CreatedLead }[],
): Promise<OutboxItem[]> {
  return inScope(db, { organizationId }, async (tx) => {
    // Deleted (or merged away) before this ran: nothing to open.
    const present = new Map(
      (
        await tx
          .select({ id: leads.id, createdBy: leads.createdBy })
          .from(leads)
          .where(
            and(
              eq(leads.organizationId, organizationId),
              inArray(
                leads.id,
                items.map((i) => i.lead.id),
              ),
              isNull(leads.deletedAt),
            ),
          )
      ).map((r) => [r.id, r.createdBy]),
    );
    const [org] = await tx
      .select({ settings: organizations.settings, threshold: notificationSettings.hotLeadScoreThreshold })
      .from(organizations)
      .leftJoin(notificationSettings, eq(notificationSettings.organizationId, organizations.id))
      .where(eq(organizations.id, organizationId));
    const threshold = org?.threshold ?? DEFAULT_HOT_LEAD_SCORE;
    const quiet = org?.settings.notify_on_new_lead === false;
    const batch = items.flatMap(({ outboxId, lead }) => {
      if (!present.has(lead.id)) return [];
      const hot = lead.interest === 'hot' || lead.score >= threshold;
      if (!hot && quiet) return [];
      return [{ lead, outboxId, hot, createdBy: present.get(lead.id) ?? null }];
    });
    if (batch.length === 0) return [];
    const notices = await newLeadNotices(tx, organizationId, batch);
    return (await deliverNotices(tx, organizationId, notices, { leased: true })).live;
  });
}

/**
 * The consumer of lead.created that tells people (background.ts, beside the live channels and
 * webhooks). A hot lead (interest hot, or a score at the organisation's threshold) goes out at
 * once by every channel the recipient allows, urgent; another new lead honours the
 * organisation's `notify_on_new_lead` and the recipient's digest. The outbox row's id is the
 * dedupe key, so a repeated delivery of the row tells nobody twice. Rows are taken in batches,
 * one transaction per organisation in each: a rush of captures must not take a connection per
 * lead. The in-app notifications' live messages are leased to `deliverNow` after the commit.
 */
export function leadNotificationHandler(db: Database, deliverNow: (items: OutboxItem[]) => void): OutboxHandler {
  const tell = inBatches(async (items) => {
    const byOrganization = new Map<string, { outboxId: string; lead: CreatedLead }[]>();
    for (const item of items) {
      const parsed = createdLead.safeParse(item.payload.data);
      if (!parsed.success || !item.organizationId) continue;
      const list = byOrganization.get(item.organizationId) ?? [];
      list.push({ outboxId: item.id, lead: parsed.data });
      byOrganization.set(item.organizationId, list);
    }
    const failed = new Map<string, Error>();
    for (const [organizationId, list] of byOrganization) {
      try {
        deliverNow(await tellOfNewLeads(db, organizationId, list));
      } catch (err) {
        const reason = err instanceof Error ? err : new Error(String(err));
        for (const { outboxId } of list) failed.set(outboxId, reason);
      }
    }
    return failed;
  });
  // The lead kinds share one consumer list: only a created lead is news.
  return async (item) => {
    if (item.kind === 'lead.created' && item.organizationId) await tell(item);
  };
}

/**
 * A change of status or assignee, told in the change's transaction (leads announceChanges):
 * the new assignee hears they got the lead, the assignee hears of a status change, never of
 * their own doing. `immediateMail` (POST /leads/{id}/status/ with notify) mails at once rather
 * than in the day's digest; the channels are still the rep's choice.
 */
export async function notifyLeadChanges(
  ctx: TenantContext,
  lead: Lead,
  before: { status: LeadStatus; assignedTo: string | null },
  opts: { immediateMail?: boolean; note?: string } = {},
): Promise<void> {
  const assignee = lead.assigned_to;
  if (!assignee || assignee === ctx.userId) return;
  const assigned = assignee !== before.assignedTo;
  const statusChanged = lead.status !== before.status;
  if (!assigned && !statusChanged) return;
  const [rep] = await membersOf(ctx.tx, ctx.organizationId, { userIds: [assignee] });
  if (!rep) return;
  const [actor] = await ctx.tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const by = fullName(actor?.firstName ?? '', actor?.lastName ?? '');
  const name = fullName(lead.first_name, lead.last_name);
  const link = `/leads/${lead.id}`;
  if (assigned) {
    const data: LeadAssignedData = { lead_id: lead.id, lead_name: name, company: lead.company, by };
    await deliverNotice(ctx.tx, ctx.organizationId, [rep], {
      category: 'leads',
      type: 'lead_assigned',
      priority: 'normal',
      data,
      link,
      template: 'lead_assigned',
      detail: (language) => leadAssignedDetail(language, { name, company: lead.company, by }),
    });
  }
  if (statusChanged) {
    const data: LeadStatusChangedData = {
      lead_id: lead.id,
      lead_name: name,
      company: lead.company,
      from: before.status,
      to: lead.status,
      by,
    };
    await deliverNotice(ctx.tx, ctx.organizationId, [rep], {
      category: 'leads',
      type: 'lead_status_changed',
      priority: 'normal',
      data,
      link,
      template: 'lead_status_changed',
      detail: (language) =>
        leadStatusChangeDetail(language, {
          lead: [name, lead.company].filter(Boolean).join(', '),
          from: before.status,
          to: lead.status,
          by,
          note: opts.note ?? '',
        }),
      immediate: opts.immediateMail ?? false,
    });
  }
}

/**
 * An invited person joined: the member who invited them and every owner hear of it (not the
 * newcomer), in the accepting transaction. The membership id keys it: told once.
 */
export async function notifyInvitationAccepted(
  tx: Tx,
  organizationId: string,
  joined: { membershipId: string; userId: string; invitedBy: string | null; name: string; email: string; role: Role },
): Promise<void> {
  const owners = await membersOf(tx, organizationId, { roles: ['owner'] });
  const inviter = joined.invitedBy ? await membersOf(tx, organizationId, { userIds: [joined.invitedBy] }) : [];
  const recipients = [...inviter, ...owners].filter((p) => p.id !== joined.userId);
  const data: InvitationAcceptedData = {
    member_id: joined.userId,
    member_name: joined.name,
    email: joined.email,
    role: joined.role,
  };
  await deliverNotice(tx, organizationId, recipients, {
    category: 'team',
    type: 'invitation_accepted',
    priority: 'normal',
    data,
    link: '/team',
    template: 'invitation_accepted',
    detail: (language) =>
      invitationAcceptedDetail(language, { name: joined.name, email: joined.email, role: joined.role }),
    dedupeKey: `invitation:${joined.membershipId}`,
  });
}
