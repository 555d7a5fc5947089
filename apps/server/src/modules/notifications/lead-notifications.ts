import { and, eq, inArray, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { LeadStatus, Role } from '@leadcapture/contracts/constants';
import type { Lead } from '@leadcapture/contracts/leads';
import {
  DEFAULT_HOT_LEAD_SCORE,
  type InvitationAcceptedData,
  type LeadAssignedData,
  type LeadNewBatchData,
  type LeadNewData,
  type LeadsBulkAssignedData,
  type LeadStatusChangedData,
} from '@leadcapture/contracts/notifications';
import type { Database, Tx } from '../../db/database.ts';
import { inScope, type TenantContext } from '../../db/tenant.ts';
import { inBatches, type OutboxHandler, type OutboxItem } from '../../jobs/outbox.ts';
import {
  invitationAcceptedDetail,
  leadAssignedDetail,
  leadNewBatchDetail,
  leadNewDetail,
  leadStatusChangeDetail,
  leadsBulkAssignedDetail,
} from '../../mail/templates.ts';
import { users } from '../auth/auth.table.ts';
import { events } from '../events/events.table.ts';
import { leads } from '../leads/leads.table.ts';
import { offers } from '../offers/offers.table.ts';
import { organizations } from '../organizations/organizations.table.ts';
import {
  deliverNotice,
  deliverNotices,
  membersOf,
  type Delivered,
  type NoticeFor,
  type Recipient,
} from './notification-delivery.ts';
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

/** The page a new lead came through, as notices name it. */
interface LeadPage {
  id: string;
  kind: 'event' | 'offer';
  name: string;
  createdBy: string | null;
}

/**
 * Who hears of each new lead: the assigned rep; with none, whoever created the event or offer
 * it came through (still an active member); with neither, every owner. Read for all the leads
 * at once; answers, per lead id, its page and its recipients.
 */
async function whoHearsOf(
  tx: Tx,
  organizationId: string,
  batch: readonly Pick<CreatedLead, 'id' | 'event' | 'offer' | 'assigned_to'>[],
): Promise<Map<string, { page: LeadPage | undefined; recipients: Recipient[] }>> {
  const eventIds = [...new Set(batch.flatMap((lead) => (lead.event ? [lead.event] : [])))];
  const offerIds = [...new Set(batch.flatMap((lead) => (!lead.event && lead.offer ? [lead.offer] : [])))];
  const pages = new Map<string, LeadPage>();
  if (eventIds.length > 0) {
    const rows = await tx
      .select({ id: events.id, name: events.name, createdBy: events.createdBy })
      .from(events)
      .where(and(eq(events.organizationId, organizationId), inArray(events.id, eventIds)));
    for (const r of rows) pages.set(r.id, { ...r, kind: 'event' });
  }
  if (offerIds.length > 0) {
    const rows = await tx
      .select({ id: offers.id, name: offers.title, createdBy: offers.createdBy })
      .from(offers)
      .where(and(eq(offers.organizationId, organizationId), inArray(offers.id, offerIds)));
    for (const r of rows) pages.set(r.id, { ...r, kind: 'offer' });
  }
  const pageOf = (lead: Pick<CreatedLead, 'event' | 'offer'>) => pages.get(lead.event ?? lead.offer ?? '');
  const candidates = [
    ...new Set(
      batch.flatMap((lead) => [lead.assigned_to, pageOf(lead)?.createdBy ?? null].filter((id) => id !== null)),
    ),
  ];
  const members = new Map((await membersOf(tx, organizationId, { userIds: candidates })).map((m) => [m.id, m]));
  let owners: Recipient[] | undefined;
  const answer = new Map<string, { page: LeadPage | undefined; recipients: Recipient[] }>();
  for (const lead of batch) {
    const page = pageOf(lead);
    let recipients: Recipient[] | undefined;
    for (const candidate of [lead.assigned_to, page?.createdBy ?? null]) {
      const found = candidate ? members.get(candidate) : undefined;
      if (found) {
        recipients = [found];
        break;
      }
    }
    recipients ??= owners ??= await membersOf(tx, organizationId, { roles: ['owner'] });
    answer.set(lead.id, { page, recipients });
  }
  return answer;
}

/** The notice of each new lead, to whoever hears of it (`whoHearsOf`). */
async function newLeadNotices(
  tx: Tx,
  organizationId: string,
  batch: { lead: CreatedLead; createdBy: string | null; outboxId: string; hot: boolean }[],
): Promise<NoticeFor[]> {
  const told = await whoHearsOf(
    tx,
    organizationId,
    batch.map(({ lead }) => lead),
  );
  const notices: NoticeFor[] = [];
  for (const { lead, createdBy, outboxId, hot } of batch) {
    const heard = told.get(lead.id);
    const source = heard?.page?.name ?? '';
    // An assigned rep who created the lead themselves needs no notice; nobody else gets it either.
    const recipients = (heard?.recipients ?? []).filter((p) => p.id !== createdBy);
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

/** When a new lead is hot, and whether the organisation hears of leads that are not (`notify_on_new_lead`). */
async function newLeadSettings(tx: Tx, organizationId: string): Promise<{ threshold: number; quiet: boolean }> {
  const [org] = await tx
    .select({ settings: organizations.settings, threshold: notificationSettings.hotLeadScoreThreshold })
    .from(organizations)
    .leftJoin(notificationSettings, eq(notificationSettings.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return {
    threshold: org?.threshold ?? DEFAULT_HOT_LEAD_SCORE,
    quiet: org?.settings.notify_on_new_lead === false,
  };
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
    const { threshold, quiet } = await newLeadSettings(tx, organizationId);
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
      // Released held captures were told of in their release, in one notice per person and page.
      if (!parsed.success || !item.organizationId || item.payload[RELEASED] === true) continue;
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
 * Marks a lead.created payload whose lead was a held capture, released by an upgrade: the
 * release told of it already (`notifyReleasedLeads`), so the lead.created consumer does not.
 */
export const RELEASED = 'released';

/**
 * Held captures released by an upgrade (billing/held-leads.ts), told in the release's
 * transaction as new leads are, to the same people (the assigned rep, else the page's creator,
 * else the owners), but one notice per person and page for the whole release ("12 new leads
 * from Nordic Expo"), not one per lead: a release may free hundreds at once. Hot leads among
 * them make the notice urgent (mailed at once, whatever the digest choice); with
 * `notify_on_new_lead` off only the hot ones are counted. `releaseId` names the release in the
 * dedupe key.
 */
export async function notifyReleasedLeads(
  tx: Tx,
  organizationId: string,
  releaseId: string,
  released: readonly Pick<Lead, 'id' | 'interest' | 'score' | 'assigned_to' | 'event' | 'offer'>[],
): Promise<Delivered> {
  const total: Delivered = { in_app: 0, email: 0, digest: 0, push: 0 };
  if (released.length === 0) return total;
  const { threshold, quiet } = await newLeadSettings(tx, organizationId);
  const told = released.flatMap((lead) => {
    const hot = lead.interest === 'hot' || lead.score >= threshold;
    return hot || !quiet ? [{ lead, hot }] : [];
  });
  const heard = await whoHearsOf(
    tx,
    organizationId,
    told.map(({ lead }) => lead),
  );
  // Per person and page: how many, how many hot.
  const groups = new Map<string, { person: Recipient; page: LeadPage | undefined; count: number; hot: number }>();
  for (const { lead, hot } of told) {
    const { page, recipients } = heard.get(lead.id) ?? { page: undefined, recipients: [] };
    for (const person of recipients) {
      const key = `${person.id}:${page?.id ?? ''}`;
      const group = groups.get(key) ?? { person, page, count: 0, hot: 0 };
      group.count += 1;
      if (hot) group.hot += 1;
      groups.set(key, group);
    }
  }
  const notices: NoticeFor[] = [...groups.values()].map(({ person, page, count, hot }) => {
    const source = page?.name ?? '';
    const data: LeadNewBatchData = {
      count,
      hot_count: hot,
      source_name: source,
      event_id: page?.kind === 'event' ? page.id : null,
      offer_id: page?.kind === 'offer' ? page.id : null,
    };
    return {
      recipients: [person],
      notice: {
        category: 'leads',
        type: 'lead_new_batch',
        priority: hot > 0 ? 'urgent' : 'normal',
        data,
        link: page?.kind === 'event' ? `/leads?event=${page.id}` : page ? `/offers/form/${page.id}` : '/leads',
        template: 'lead_new_batch',
        detail: (language) => leadNewBatchDetail(language, { count, hot, source }),
        dedupeKey: `leads.released:${releaseId}:${page?.id ?? ''}`,
      },
    };
  });
  return (await deliverNotices(tx, organizationId, notices)).delivered;
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
 * A bulk assignment, told once to each member it gave leads to (`assigned`: member id -> leads),
 * in the caller's transaction and through each member's preferences for leads: "250 leads
 * assigned to you", never one notice per lead. Nobody hears of leads they assigned themselves;
 * a member no longer active hears nothing. `jobId` keys it: a resumed job tells nobody twice.
 */
export async function notifyBulkAssigned(
  ctx: TenantContext,
  assigned: Record<string, number>,
  jobId: string | null = null,
): Promise<number> {
  const counts = Object.entries(assigned).filter(([id, n]) => n > 0 && id !== ctx.userId);
  if (counts.length === 0) return 0;
  const reps = await membersOf(ctx.tx, ctx.organizationId, { userIds: counts.map(([id]) => id) });
  if (reps.length === 0) return 0;
  const [actor] = await ctx.tx
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const by = fullName(actor?.firstName ?? '', actor?.lastName ?? '');
  const count = new Map(counts);
  const batch: NoticeFor[] = reps.map((rep) => {
    const n = count.get(rep.id) ?? 0;
    const data: LeadsBulkAssignedData = { count: n, by, job_id: jobId };
    return {
      recipients: [rep],
      notice: {
        category: 'leads',
        type: 'leads_bulk_assigned',
        priority: 'normal',
        data,
        link: `/leads?assigned_to=${rep.id}`,
        template: 'leads_bulk_assigned',
        detail: (language) => leadsBulkAssignedDetail(language, { count: n, by }),
        ...(jobId ? { dedupeKey: `data_bulk:${jobId}` } : {}),
      },
    };
  });
  await deliverNotices(ctx.tx, ctx.organizationId, batch);
  return reps.length;
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
