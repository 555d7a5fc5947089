import { and, eq, isNull } from 'drizzle-orm';
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
import type { OutboxHandler } from '../../jobs/outbox.ts';
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
import { deliverNotice, membersOf, type Recipient } from './notification-delivery.ts';
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

/**
 * Who hears of a new lead: the assigned rep; with none, whoever created the event or offer it
 * came through (still an active member); with neither, every owner. Whoever created the lead
 * by hand is never told of their own lead.
 */
async function newLeadRecipients(
  tx: Tx,
  organizationId: string,
  lead: z.infer<typeof createdLead>,
  createdBy: string | null,
): Promise<{ recipients: Recipient[]; source: string }> {
  let source = '';
  let pageOwner: string | null = null;
  if (lead.event) {
    const [e] = await tx
      .select({ name: events.name, createdBy: events.createdBy })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), eq(events.id, lead.event)));
    source = e?.name ?? '';
    pageOwner = e?.createdBy ?? null;
  } else if (lead.offer) {
    const [o] = await tx
      .select({ name: offers.title, createdBy: offers.createdBy })
      .from(offers)
      .where(and(eq(offers.organizationId, organizationId), eq(offers.id, lead.offer)));
    source = o?.name ?? '';
    pageOwner = o?.createdBy ?? null;
  }
  const notMe = (people: Recipient[]) => people.filter((p) => p.id !== createdBy);
  for (const candidate of [lead.assigned_to, pageOwner]) {
    if (!candidate) continue;
    const found = await membersOf(tx, organizationId, { userIds: [candidate] });
    // An assigned rep who created the lead themselves needs no notice; nobody else gets it either.
    if (found.length > 0) return { recipients: notMe(found), source };
  }
  return { recipients: notMe(await membersOf(tx, organizationId, { roles: ['owner'] })), source };
}

/**
 * The consumer of lead.created that tells people (background.ts, beside the live channels and
 * webhooks). A hot lead (interest hot, or a score at the organisation's threshold) goes out at
 * once by every channel the recipient allows, urgent; another new lead honours the
 * organisation's `notify_on_new_lead` and the recipient's digest. The outbox row's id is the
 * dedupe key, so a repeated delivery of the row tells nobody twice.
 */
export function leadNotificationHandler(db: Database): OutboxHandler {
  return async (item) => {
    const organizationId = item.organizationId;
    // The lead kinds share one consumer list: only a created lead is news.
    if (item.kind !== 'lead.created' || !organizationId) return;
    const parsed = createdLead.safeParse(item.payload.data);
    if (!parsed.success) return;
    const lead = parsed.data;
    await inScope(db, { organizationId }, async (tx) => {
      const [row] = await tx
        .select({ createdBy: leads.createdBy })
        .from(leads)
        .where(and(eq(leads.organizationId, organizationId), eq(leads.id, lead.id), isNull(leads.deletedAt)));
      // Deleted (or merged away) before this ran: nothing to open.
      if (!row) return;
      const threshold = await hotLeadThreshold(tx, organizationId);
      const hot = lead.interest === 'hot' || lead.score >= threshold;
      if (!hot) {
        const [org] = await tx
          .select({ settings: organizations.settings })
          .from(organizations)
          .where(eq(organizations.id, organizationId));
        if (org?.settings.notify_on_new_lead === false) return;
      }
      const { recipients, source } = await newLeadRecipients(tx, organizationId, lead, row.createdBy);
      const name = fullName(lead.first_name, lead.last_name);
      const data: LeadNewData = {
        lead_id: lead.id,
        lead_name: name,
        company: lead.company,
        source_name: source,
        interest: lead.interest,
        score: lead.score,
      };
      await deliverNotice(tx, organizationId, recipients, {
        category: 'leads',
        type: hot ? 'lead_hot' : 'lead_new',
        priority: hot ? 'urgent' : 'normal',
        data,
        link: `/leads/${lead.id}`,
        template: hot ? 'lead_hot' : 'lead_new',
        detail: (language) => leadNewDetail(language, { name, company: lead.company, source, hot, score: lead.score }),
        dedupeKey: `lead.created:${item.id}`,
      });
    });
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
