import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { COMPANY_SIZES } from '@leadcapture/contracts/constants';
import { CLIENT_LIMITS, type Client, type ConversionStats, type ConvertLeadData } from '@leadcapture/contracts/clients';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { AppError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { events } from '../events/events.table.ts';
import { announceChanges, lockLead, LEAD_UPDATED, toLead, type LeadRow } from '../leads/leads.service.ts';
import { queueWebhookEvents } from '../webhooks/webhooks.service.ts';
import { leadActivities, leads } from '../leads/leads.table.ts';
import { offers } from '../offers/offers.table.ts';
import { withCalendarDatesResolved } from '../organizations/organizations.service.ts';
import { assertManager, CLIENT_DATE_TIMES, clientValues, countsByMonth, toClient } from './clients.service.ts';
import { clients } from './clients.table.ts';

const isCompanySize = (v: string): v is (typeof COMPANY_SIZES)[number] =>
  (COMPANY_SIZES as readonly string[]).includes(v);

/**
 * Custom answers a client keeps, under the questions' labels (a client's custom fields are free
 * key/value pairs a person reads: `field_kxkpa6` means nothing on the client page). The labels come
 * from the form of the event or offer the lead answered; an answer whose field has since been
 * removed keeps its id. A list becomes one text; a repeated label gets a number.
 */
async function clientCustomFields(
  ctx: TenantContext,
  lead: LeadRow,
): Promise<Record<string, string | number | boolean>> {
  const entries = Object.entries(lead.customFields);
  if (entries.length === 0) return {};
  const labels = new Map<string, string>();
  const forms = await Promise.all([
    lead.eventId === null
      ? []
      : ctx.tx
          .select({ formFields: events.formFields })
          .from(events)
          .where(and(eq(events.id, lead.eventId), eq(events.organizationId, ctx.organizationId))),
    lead.offerId === null
      ? []
      : ctx.tx
          .select({ formFields: offers.formFields })
          .from(offers)
          .where(and(eq(offers.id, lead.offerId), eq(offers.organizationId, ctx.organizationId))),
  ]);
  for (const [form] of forms) for (const field of form?.formFields ?? []) labels.set(field.id, field.label.trim());
  // In the form's order (jsonb keeps no order of its own), so a repeated label numbers the later question.
  const position = [...labels.keys()];
  const rank = (id: string) => (position.includes(id) ? position.indexOf(id) : position.length);
  entries.sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
  const out: Record<string, string | number | boolean> = {};
  for (const [id, value] of entries) {
    const base = (labels.get(id) || id).slice(0, CLIENT_LIMITS.customKey);
    let key = base;
    for (let n = 2; key in out; n++) key = `${base.slice(0, CLIENT_LIMITS.customKey - String(n).length - 3)} (${n})`;
    out[key] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * The client's notes: the lead's own notes, then the notes the team logged on its timeline,
 * oldest first and dated, so nothing written about the lead is lost with the conversion.
 */
async function clientNotes(ctx: TenantContext, lead: LeadRow): Promise<string> {
  const logged = await ctx.tx
    .select({ description: leadActivities.description, createdAt: leadActivities.createdAt })
    .from(leadActivities)
    .where(
      and(
        eq(leadActivities.leadId, lead.id),
        eq(leadActivities.organizationId, ctx.organizationId),
        eq(leadActivities.type, 'note'),
      ),
    )
    .orderBy(asc(leadActivities.createdAt), asc(leadActivities.id));
  const parts = [
    lead.notes.trim(),
    ...logged.map((n) => `${n.createdAt.toISOString().slice(0, 10)}: ${n.description.trim()}`),
  ].filter((p) => p !== '');
  return parts.join('\n\n').slice(0, CLIENT_LIMITS.notes);
}

/**
 * POST /leads/{id}/convert_to_client/: the lead mapped onto a new client, with the caller's
 * overrides, in one transaction: the client, the lead `converted` and linked, a `converted`
 * entry on its timeline and `lead.updated` through the outbox.
 *
 * The lead is locked (SELECT … FOR UPDATE) before its link is checked, so a second convert of
 * the same lead waits for the first to commit, then sees the link and answers 409; the unique
 * index on clients.lead_id is the backstop.
 */
export async function convertLead(
  ctx: TenantContext,
  meta: RequestMeta,
  leadId: string,
  given: ConvertLeadData,
): Promise<Client> {
  assertCan(ctx, 'leads.write');
  assertCan(ctx, 'clients.write');
  const data = await withCalendarDatesResolved(ctx, given, CLIENT_DATE_TIMES);
  const lead = await lockLead(ctx, leadId);
  if (lead.clientId !== null) {
    throw new AppError('CONFLICT', 'This lead has already been converted to a client', { client: [lead.clientId] });
  }
  const manager = data.relationship_manager !== undefined ? data.relationship_manager : (lead.assignedTo ?? ctx.userId);
  await assertManager(ctx, manager);
  const fullName = `${lead.firstName} ${lead.lastName}`.trim();
  const now = new Date();
  const [row] = await ctx.tx
    .insert(clients)
    .values({
      organizationId: ctx.organizationId,
      leadId: lead.id,
      clientType: lead.company === '' ? 'individual' : 'smb',
      status: 'onboarding',
      onboardingStatus: 'not_started',
      companyName: lead.company || fullName,
      contactFirstName: lead.firstName,
      contactLastName: lead.lastName,
      contactEmail: lead.email,
      contactPhone: lead.phone,
      contactJobTitle: lead.jobTitle,
      companySize: isCompanySize(lead.companySize) ? lead.companySize : null,
      tags: lead.tags,
      notes: await clientNotes(ctx, lead),
      customFields: await clientCustomFields(ctx, lead),
      nextFollowUpDate: lead.followUpDate,
      ...clientValues(data),
      relationshipManager: manager,
      conversionDate: now,
      convertedBy: ctx.userId,
      createdBy: ctx.userId,
    })
    .returning();
  if (!row) throw new Error('client insert returned no row');
  const [linked] = await ctx.tx
    .update(leads)
    .set({ status: 'converted', clientId: row.id, updatedAt: now })
    .where(and(eq(leads.id, lead.id), eq(leads.organizationId, ctx.organizationId)))
    .returning();
  if (!linked) throw new Error('converted lead vanished inside its own transaction');
  await ctx.tx.insert(leadActivities).values({
    organizationId: ctx.organizationId,
    leadId: lead.id,
    userId: ctx.userId,
    type: 'converted',
    metadata: { from: lead.status, to: 'converted', client: row.id, client_name: row.companyName },
  });
  await recordAudit(ctx.tx, meta, {
    action: 'lead.converted',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'lead',
    targetId: lead.id,
    metadata: { client: row.id },
  });
  const converted = toLead(linked);
  const client = toClient(row);
  await enqueue(ctx.tx, { kind: LEAD_UPDATED, organizationId: ctx.organizationId, payload: { data: converted } });
  await announceChanges(ctx, converted, lead);
  await queueWebhookEvents(ctx.tx, ctx.organizationId, [
    { type: 'lead.converted', data: { ...converted, previous_status: lead.status } },
    { type: 'client.created', data: client },
  ]);
  return client;
}

const rate = (converted: number, total: number) => (total === 0 ? 0 : Math.round((converted / total) * 1000) / 10);

/**
 * GET /leads/conversion_stats/: over the leads not in the bin. A lead counts as converted when
 * its status is `converted` (set by convert_to_client, or by hand); the days to conversion and
 * the months count the leads that became clients.
 */
export async function conversionStats(ctx: TenantContext): Promise<ConversionStats> {
  assertCan(ctx, 'leads.read');
  const live = and(eq(leads.organizationId, ctx.organizationId), isNull(leads.deletedAt));
  const converted = sql<number>`count(*) filter (where ${leads.status} = 'converted')`.mapWith(Number);
  const total = sql<number>`count(*)`.mapWith(Number);
  const [bySource, byEvent, [days]] = await Promise.all([
    ctx.tx
      .select({ source: leads.source, total, converted })
      .from(leads)
      .where(live)
      .groupBy(leads.source)
      .orderBy(sql`count(*) desc`, leads.source),
    ctx.tx
      .select({ event: leads.eventId, eventName: sql<string>`coalesce(max(${events.name}), '')`, total, converted })
      .from(leads)
      .leftJoin(events, eq(events.id, leads.eventId))
      .where(live)
      .groupBy(leads.eventId)
      .orderBy(sql`count(*) desc`, leads.eventId),
    queryRows<{ average: number | string | null }>(
      ctx.tx,
      sql`select avg(extract(epoch from (${clients.conversionDate} - ${leads.createdAt})) / 86400)::float8 as average
          from ${clients} join ${leads} on ${leads.id} = ${clients.leadId}
          where ${clients.organizationId} = ${ctx.organizationId} and ${leads.deletedAt} is null
            and ${clients.conversionDate} is not null`,
    ),
  ]);
  const byMonth = await countsByMonth(
    ctx,
    sql`select date_trunc('month', ${clients.conversionDate} at time zone 'utc') as m, count(*) as n
        from ${clients}
        where ${clients.organizationId} = ${ctx.organizationId} and ${clients.leadId} is not null
          and ${clients.conversionDate} is not null
        group by 1`,
  );
  const totalLeads = bySource.reduce((s, r) => s + r.total, 0);
  const convertedLeads = bySource.reduce((s, r) => s + r.converted, 0);
  const average = days?.average ?? null;
  return {
    total_leads: totalLeads,
    converted: convertedLeads,
    conversion_rate: rate(convertedLeads, totalLeads),
    by_source: bySource.map((r) => ({ ...r, conversion_rate: rate(r.converted, r.total) })),
    by_event: byEvent.map((r) => ({
      event: r.event,
      event_name: r.eventName,
      total: r.total,
      converted: r.converted,
      conversion_rate: rate(r.converted, r.total),
    })),
    by_month: byMonth,
    average_days_to_conversion: average === null ? null : Math.round(Number(average) * 10) / 10,
  };
}
