import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  type Client,
  type ClientListQuery,
  type ClientOrdering,
  type ClientStats,
  type ClientStatus,
  type ClientType,
  type CreateClientData,
  type UpdateClientData,
} from '@leadcapture/contracts/clients';
import type { COMPANY_SIZES, INDUSTRIES, PROFILE_LANGUAGES, TIMEZONES } from '@leadcapture/contracts/constants';
import { queryRows } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import { notFound, validationError } from '../../http/errors.ts';
import { assertCan } from '../../http/permissions.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { withCalendarDatesResolved } from '../organizations/organizations.service.ts';
import { leadActivities, leads } from '../leads/leads.table.ts';
import { assignableMembers, LEAD_UPDATED, toLead } from '../leads/leads.service.ts';
import { queueWebhookEvents } from '../webhooks/webhooks.service.ts';
import { clients } from './clients.table.ts';

export type ClientRow = typeof clients.$inferSelect;
export type ClientValues = Omit<typeof clients.$inferInsert, 'organizationId'>;

export const clientNotFound = () => notFound('Client');

type Industry = (typeof INDUSTRIES)[number];
type CompanySize = (typeof COMPANY_SIZES)[number];
type Timezone = (typeof TIMEZONES)[number];
type Language = (typeof PROFILE_LANGUAGES)[number];

export function toClient(row: ClientRow): Client {
  return {
    id: row.id,
    client_type: row.clientType,
    priority: row.priority,
    status: row.status,
    company_name: row.companyName,
    contact_first_name: row.contactFirstName,
    contact_last_name: row.contactLastName,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    contact_job_title: row.contactJobTitle,
    billing_email: row.billingEmail,
    billing_address: row.billingAddress,
    delivery_address: row.deliveryAddress,
    organization_number: row.organizationNumber,
    vat_id: row.vatId,
    payment_terms: row.paymentTerms,
    credit_limit: row.creditLimit,
    estimated_value: row.estimatedValue,
    actual_value: row.actualValue,
    lifetime_value: row.lifetimeValue,
    acquisition_cost: row.acquisitionCost,
    currency: row.currency,
    industry: row.industry as Industry | null,
    company_size: row.companySize as CompanySize | null,
    website: row.website,
    social_media: row.socialMedia,
    preferred_contact_method: row.preferredContactMethod,
    timezone: row.timezone as Timezone | null,
    language: row.language as Language | null,
    tags: row.tags,
    notes: row.notes,
    custom_fields: row.customFields,
    last_contact_date: row.lastContactDate?.toISOString() ?? null,
    next_follow_up_date: row.nextFollowUpDate?.toISOString() ?? null,
    relationship_manager: row.relationshipManager,
    onboarding_status: row.onboardingStatus,
    satisfaction_score: row.satisfactionScore,
    risk_assessment: row.riskAssessment,
    renewal_date: row.renewalDate,
    contract_end_date: row.contractEndDate,
    success_probability: row.successProbability,
    conversion_date: row.conversionDate?.toISOString() ?? null,
    converted_by: row.convertedBy,
    lead: row.leadId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The client's date-time inputs, which may be calendar dates (03-decisions §3). */
export const CLIENT_DATE_TIMES = ['last_contact_date', 'next_follow_up_date'] as const;

const date = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** The columns of the given (contract) fields; absent fields stay absent. */
export function clientValues(data: UpdateClientData): Partial<ClientValues> {
  const values: { [K in keyof ClientValues]?: ClientValues[K] | undefined } = {
    clientType: data.client_type,
    priority: data.priority,
    status: data.status,
    companyName: data.company_name,
    contactFirstName: data.contact_first_name,
    contactLastName: data.contact_last_name,
    contactEmail: data.contact_email,
    contactPhone: data.contact_phone,
    contactJobTitle: data.contact_job_title,
    billingEmail: data.billing_email,
    billingAddress: data.billing_address,
    deliveryAddress: data.delivery_address,
    organizationNumber: data.organization_number,
    vatId: data.vat_id,
    paymentTerms: data.payment_terms,
    creditLimit: data.credit_limit,
    estimatedValue: data.estimated_value,
    actualValue: data.actual_value,
    lifetimeValue: data.lifetime_value,
    acquisitionCost: data.acquisition_cost,
    currency: data.currency,
    industry: data.industry,
    companySize: data.company_size,
    website: data.website,
    socialMedia: data.social_media,
    preferredContactMethod: data.preferred_contact_method,
    timezone: data.timezone,
    language: data.language,
    tags: data.tags,
    notes: data.notes,
    customFields: data.custom_fields,
    lastContactDate: date(data.last_contact_date),
    nextFollowUpDate: date(data.next_follow_up_date),
    relationshipManager: data.relationship_manager,
    onboardingStatus: data.onboarding_status,
    satisfactionScore: data.satisfaction_score,
    riskAssessment: data.risk_assessment,
    renewalDate: data.renewal_date,
    contractEndDate: data.contract_end_date,
    successProbability: data.success_probability,
  };
  const given: Partial<ClientValues> = {};
  for (const [key, value] of Object.entries(values) as [string, unknown][]) {
    if (value !== undefined) Object.assign(given, { [key]: value });
  }
  return given;
}

/** A relationship manager must be an active member of the organisation who works on records. */
export async function assertManager(ctx: TenantContext, userId: string | null | undefined): Promise<void> {
  if (!userId) return;
  const [member] = await assignableMembers(ctx, [userId]);
  if (!member) throw validationError({ relationship_manager: ['Choose an active member of the team'] });
}

const mine = (ctx: TenantContext, clientId: string) =>
  and(eq(clients.id, clientId), eq(clients.organizationId, ctx.organizationId));

// --- list --------------------------------------------------------------------------------------

const ORDER_COLUMNS = {
  created_at: clients.createdAt,
  updated_at: clients.updatedAt,
  company_name: clients.companyName,
  status: clients.status,
  priority: clients.priority,
  estimated_value: clients.estimatedValue,
  actual_value: clients.actualValue,
  lifetime_value: clients.lifetimeValue,
  conversion_date: clients.conversionDate,
  next_follow_up_date: clients.nextFollowUpDate,
} as const;

// Priority sorts by weight, not by its spelling: high, medium, low.
const priorityRank = sql`case ${clients.priority} when 'high' then 0 when 'medium' then 1 else 2 end`;

/** The clients list's order (GET /clients/ and its export). */
export function clientListOrder(ordering: ClientOrdering): SQL[] {
  const descending = ordering.startsWith('-');
  const name = ordering.replace(/^-/, '') as keyof typeof ORDER_COLUMNS;
  const direction = descending ? desc : asc;
  if (name === 'priority')
    return [descending ? sql`${priorityRank} desc` : sql`${priorityRank} asc`, direction(clients.id)];
  const column = ORDER_COLUMNS[name];
  const nullable = column === clients.companyName || column === clients.status || column === clients.createdAt;
  // Clients without the value come last either way; the id breaks ties.
  const nullsLast = nullable || column === clients.updatedAt ? [] : [sql`${column} is null`];
  return [...nullsLast, direction(column), direction(clients.id)];
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function instant(value: string, endOfDay = false): Date {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = new Date(`${value}T00:00:00.000Z`);
    return endOfDay ? new Date(day.getTime() + 86_400_000) : day;
  }
  return new Date(value);
}

/** The list's filter (`GET /clients/`), which the data centre's export of clients applies too. */
export function listConditions(
  ctx: TenantContext,
  query: Omit<ClientListQuery, 'page' | 'page_size'>,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(clients.organizationId, ctx.organizationId)];
  if (query.status) conditions.push(inArray(clients.status, query.status));
  if (query.client_type) conditions.push(inArray(clients.clientType, query.client_type));
  if (query.priority) conditions.push(inArray(clients.priority, query.priority));
  if (query.industry) conditions.push(inArray(clients.industry, query.industry));
  if (query.relationship_manager) {
    const ids = query.relationship_manager.map((a) => (a === 'me' ? ctx.userId : a)).filter((a) => a !== 'unassigned');
    conditions.push(
      or(
        ids.length > 0 ? inArray(clients.relationshipManager, ids) : undefined,
        query.relationship_manager.includes('unassigned') ? isNull(clients.relationshipManager) : undefined,
      ),
    );
  }
  if (query.tags) {
    const lowered = query.tags.map((t) => t.toLowerCase());
    conditions.push(
      sql`exists (select 1 from jsonb_array_elements_text(${clients.tags}) as tag where lower(tag) in (${sql.join(
        lowered.map((t) => sql`${t}`),
        sql`, `,
      )}))`,
    );
  }
  if (query.created_after) conditions.push(gte(clients.createdAt, instant(query.created_after)));
  if (query.created_before) conditions.push(lt(clients.createdAt, instant(query.created_before, true)));
  if (query.converted_after) conditions.push(gte(clients.conversionDate, instant(query.converted_after)));
  if (query.converted_before) conditions.push(lt(clients.conversionDate, instant(query.converted_before, true)));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(clients.companyName, pattern),
        ilike(clients.contactFirstName, pattern),
        ilike(clients.contactLastName, pattern),
        ilike(sql`${clients.contactFirstName} || ' ' || ${clients.contactLastName}`, pattern),
        ilike(clients.contactEmail, pattern),
        ilike(clients.billingEmail, pattern),
        ilike(clients.organizationNumber, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** GET /clients/: filtered, searched, ordered, one page. */
export async function listClients(
  ctx: TenantContext,
  query: ClientListQuery,
  page: { limit: number; offset: number },
): Promise<{ results: Client[]; total: number }> {
  assertCan(ctx, 'clients.read');
  const where = listConditions(ctx, query);
  const [rows, [counted]] = await Promise.all([
    ctx.tx
      .select()
      .from(clients)
      .where(where)
      .orderBy(...clientListOrder(query.ordering))
      .limit(page.limit)
      .offset(page.offset),
    ctx.tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(clients)
      .where(where),
  ]);
  return { results: rows.map(toClient), total: counted?.n ?? 0 };
}

// --- one client ---------------------------------------------------------------------------------

export async function getClient(ctx: TenantContext, clientId: string): Promise<Client> {
  assertCan(ctx, 'clients.read');
  const [row] = await ctx.tx.select().from(clients).where(mine(ctx, clientId));
  if (!row) throw clientNotFound();
  return toClient(row);
}

/** POST /clients/: a client entered directly, not converted from a lead. */
export async function createClient(ctx: TenantContext, meta: RequestMeta, given: CreateClientData): Promise<Client> {
  assertCan(ctx, 'clients.write');
  const data = await withCalendarDatesResolved(ctx, given, CLIENT_DATE_TIMES);
  await assertManager(ctx, data.relationship_manager);
  const [row] = await ctx.tx
    .insert(clients)
    .values({
      ...clientValues(data),
      companyName: data.company_name,
      organizationId: ctx.organizationId,
      createdBy: ctx.userId,
    })
    .returning();
  if (!row) throw new Error('client insert returned no row');
  await recordAudit(ctx.tx, meta, {
    action: 'client.created',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'client',
    targetId: row.id,
  });
  const client = toClient(row);
  await queueWebhookEvents(ctx.tx, ctx.organizationId, [{ type: 'client.created', data: client }]);
  return client;
}

/** PATCH /clients/{id}/: the given fields. */
export async function updateClient(
  ctx: TenantContext,
  meta: RequestMeta,
  clientId: string,
  given: UpdateClientData,
): Promise<Client> {
  assertCan(ctx, 'clients.write');
  const data = await withCalendarDatesResolved(ctx, given, CLIENT_DATE_TIMES);
  if (data.relationship_manager !== undefined) await assertManager(ctx, data.relationship_manager);
  const changes = clientValues(data);
  const [row] = await ctx.tx
    .update(clients)
    .set({ ...changes, updatedAt: new Date() })
    .where(mine(ctx, clientId))
    .returning();
  if (!row) throw clientNotFound();
  await recordAudit(ctx.tx, meta, {
    action: 'client.updated',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'client',
    targetId: clientId,
    metadata: { fields: Object.keys(data) },
  });
  return toClient(row);
}

/**
 * DELETE /clients/{id}/: for good. The lead it came from stays `converted` (it was), loses its
 * link, and says so on its timeline and live channel (decision 014), so nothing is unlinked
 * silently.
 */
export async function deleteClient(ctx: TenantContext, meta: RequestMeta, clientId: string): Promise<void> {
  assertCan(ctx, 'clients.delete');
  const [client] = await ctx.tx
    .select({ id: clients.id, companyName: clients.companyName })
    .from(clients)
    .where(mine(ctx, clientId))
    .for('update');
  if (!client) throw clientNotFound();
  // The foreign key would clear leads.client_id by itself; clearing it first, here, is what lets
  // the lead's timeline and live channel hear of it.
  const unlinked = await ctx.tx
    .update(leads)
    .set({ clientId: null, updatedAt: new Date() })
    .where(and(eq(leads.organizationId, ctx.organizationId), eq(leads.clientId, clientId)))
    .returning();
  for (const lead of unlinked) {
    await ctx.tx.insert(leadActivities).values({
      organizationId: ctx.organizationId,
      leadId: lead.id,
      userId: ctx.userId,
      type: 'client_deleted',
      metadata: { client: clientId, client_name: client.companyName },
    });
    await enqueue(ctx.tx, { kind: LEAD_UPDATED, organizationId: ctx.organizationId, payload: { data: toLead(lead) } });
  }
  await ctx.tx.delete(clients).where(mine(ctx, clientId));
  await recordAudit(ctx.tx, meta, {
    action: 'client.deleted',
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'client',
    targetId: clientId,
    metadata: { company_name: client.companyName, leads_unlinked: unlinked.map((l) => l.id) },
  });
}

// --- stats --------------------------------------------------------------------------------------

/** The last 12 calendar months (UTC) as YYYY-MM, oldest first, with the count of each, zeros included. */
export async function countsByMonth(ctx: TenantContext, source: SQL): Promise<{ month: string; count: number }[]> {
  const rows = await queryRows<{ month: string; count: number }>(
    ctx.tx,
    sql`with counted as (${source}),
        months as (
          select generate_series(
            date_trunc('month', now() at time zone 'utc') - interval '11 months',
            date_trunc('month', now() at time zone 'utc'),
            interval '1 month'
          ) as m
        )
        select to_char(months.m, 'YYYY-MM') as month, coalesce(sum(counted.n), 0)::int as count
        from months left join counted on counted.m = months.m
        group by months.m order by months.m`,
  );
  // node-postgres and PGlite both answer int4 as a number.
  return rows.map((r) => ({ month: r.month, count: r.count }));
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** GET /clients/stats/. */
export async function clientStats(ctx: TenantContext): Promise<ClientStats> {
  assertCan(ctx, 'clients.read');
  const own = eq(clients.organizationId, ctx.organizationId);
  const [statusRows, typeRows, valueRows] = await Promise.all([
    ctx.tx
      .select({ key: clients.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(clients)
      .where(own)
      .groupBy(clients.status),
    ctx.tx
      .select({ key: clients.clientType, n: sql<number>`count(*)`.mapWith(Number) })
      .from(clients)
      .where(own)
      .groupBy(clients.clientType),
    ctx.tx
      .select({
        currency: clients.currency,
        n: sql<number>`count(*)`.mapWith(Number),
        estimatedTotal: sql<number>`coalesce(sum(${clients.estimatedValue}), 0)::float8`.mapWith(Number),
        estimatedAverage: sql<number | null>`avg(${clients.estimatedValue})::float8`,
        actualTotal: sql<number>`coalesce(sum(${clients.actualValue}), 0)::float8`.mapWith(Number),
        actualAverage: sql<number | null>`avg(${clients.actualValue})::float8`,
        lifetimeTotal: sql<number>`coalesce(sum(${clients.lifetimeValue}), 0)::float8`.mapWith(Number),
        lifetimeAverage: sql<number | null>`avg(${clients.lifetimeValue})::float8`,
      })
      .from(clients)
      .where(own)
      .groupBy(clients.currency)
      .orderBy(desc(sql`count(*)`), asc(clients.currency)),
  ]);
  const conversions = await countsByMonth(
    ctx,
    sql`select date_trunc('month', ${clients.conversionDate} at time zone 'utc') as m, count(*) as n
        from ${clients}
        where ${clients.organizationId} = ${ctx.organizationId} and ${clients.conversionDate} is not null
        group by 1`,
  );
  const zeroes = <K extends string>(keys: readonly K[]) =>
    Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  const byStatus = zeroes<ClientStatus>(CLIENT_STATUSES);
  for (const r of statusRows) byStatus[r.key] = r.n;
  const byType = zeroes<ClientType>(CLIENT_TYPES);
  for (const r of typeRows) byType[r.key] = r.n;
  const average = (v: number | string | null) => (v === null ? null : round2(Number(v)));
  return {
    total: statusRows.reduce((sum, r) => sum + r.n, 0),
    by_status: byStatus,
    by_type: byType,
    values: valueRows.map((r) => ({
      currency: r.currency,
      clients: r.n,
      estimated_value: { total: round2(r.estimatedTotal), average: average(r.estimatedAverage) },
      actual_value: { total: round2(r.actualTotal), average: average(r.actualAverage) },
      lifetime_value: { total: round2(r.lifetimeTotal), average: average(r.lifetimeAverage) },
    })),
    conversions_by_month: conversions,
  };
}
