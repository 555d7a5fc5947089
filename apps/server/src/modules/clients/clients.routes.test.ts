import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientSchema,
  clientStatsSchema,
  conversionStatsSchema,
  type Client,
  type CreateClientInput,
} from '@leadcapture/contracts/clients';
import type { Role } from '@leadcapture/contracts/constants';
import { createFormField } from '@leadcapture/contracts/form-fields';
import { paginated } from '@leadcapture/contracts/envelope';
import { leadActivitySchema, leadSchema, type CreateLeadInput, type Lead } from '@leadcapture/contracts/leads';
import { detailSchema } from '@leadcapture/contracts/auth';
import { createEvent, outboxRows, postCapture, visitor } from '../../../test/capture.ts';
import { anyData, expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { LEAD_UPDATED } from '../leads/leads.service.ts';
import { memberships } from '../organizations/organizations.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const clientPage = paginated(clientSchema);
const activityPage = paginated(leadActivitySchema);

let t: TestApp;
let owner: User;
let stranger: User;
let viewer: User;
let member: User;
const orgOf = (u: User) => u.organization?.id ?? '';

async function addMember(organizationId: string, role: Role): Promise<User> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
  [viewer, member] = await Promise.all([addMember(orgOf(owner), 'viewer'), addMember(orgOf(owner), 'member')]);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
function call(method: Method, url: string, user: User, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function createLead(user: User, input: Partial<CreateLeadInput> = {}): Promise<Lead> {
  const body = { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input };
  return expectData(leadSchema, await call('POST', 'leads/', user, body), 201);
}

async function createClient(user: User, input: Partial<CreateClientInput> = {}): Promise<Client> {
  return expectData(clientSchema, await call('POST', 'clients/', user, { company_name: 'Fjord AB', ...input }), 201);
}

const ids = (page: { results: Client[] }) => page.results.map((c) => c.id);

describe('POST /leads/{id}/convert_to_client/', () => {
  it('maps the lead onto a client, marks the lead converted and linked, on its timeline and live channel', async () => {
    const lead = await createLead(owner, {
      first_name: 'Astrid',
      last_name: 'Holm',
      phone: '+46 70 123 45 67',
      company: 'Norrsken AB',
      job_title: 'CFO',
      company_size: '51-200',
      tags: ['VIP', 'Nordics'],
      notes: 'Met at the fair',
      assigned_to: member.user.id,
      custom_fields: { booth: 'A12', topics: ['kiosk', 'badges'] },
    });
    const updatesBefore = (await outboxRows(t, orgOf(owner), LEAD_UPDATED)).length;
    const client = expectData(
      clientSchema,
      await call('POST', `leads/${lead.id}/convert_to_client/`, owner, {
        client_type: 'enterprise',
        priority: 'high',
        estimated_value: 12500.5,
        currency: 'sek',
      }),
      201,
    );
    expect(client).toMatchObject({
      lead: lead.id,
      company_name: 'Norrsken AB',
      contact_first_name: 'Astrid',
      contact_last_name: 'Holm',
      contact_email: lead.email,
      contact_phone: '+46 70 123 45 67',
      contact_job_title: 'CFO',
      company_size: '51-200',
      tags: ['VIP', 'Nordics'],
      notes: 'Met at the fair',
      custom_fields: { booth: 'A12', topics: 'kiosk, badges' },
      relationship_manager: member.user.id,
      converted_by: owner.user.id,
      status: 'onboarding',
      onboarding_status: 'not_started',
      client_type: 'enterprise',
      priority: 'high',
      estimated_value: 12500.5,
      currency: 'sek',
    });
    expect(Date.now() - new Date(client.conversion_date ?? 0).getTime()).toBeLessThan(60_000);

    const after = expectData(leadSchema, await call('GET', `leads/${lead.id}/`, owner));
    expect(after).toMatchObject({ status: 'converted', client: client.id });
    const timeline = expectData(activityPage, await call('GET', `leads/${lead.id}/activities/?type=converted`, owner));
    expect(timeline.results).toHaveLength(1);
    expect(timeline.results[0]?.metadata).toMatchObject({ client: client.id, client_name: 'Norrsken AB' });
    const events = await outboxRows(t, orgOf(owner), LEAD_UPDATED);
    // Delivered messages are redacted, so the convert is known by the one more lead.updated.
    expect(events.length).toBe(updatesBefore + 1);

    expect(expectData(clientSchema, await call('GET', `clients/${client.id}/`, viewer))).toEqual(client);
  });

  it("carries a captured lead's answers under their questions, its logged notes and its follow-up", async () => {
    // The review's client: `field_kxkpa6: …` on its page, and the note and follow-up gone.
    const event = await createEvent(t, orgOf(owner), {
      formFields: [
        createFormField('text', 'field_kxkpa6', { label: 'Budget' }),
        createFormField('text', 'field_seats', { label: 'Seats' }),
        createFormField('text', 'field_again', { label: 'Budget' }),
      ],
    });
    const captured = expectData(
      anyData,
      await postCapture(t, event.slug, {
        ...visitor(),
        responses: { field_kxkpa6: '10k', field_seats: '12', field_again: 'yearly' },
      }),
      201,
    ) as { id: string };
    const followUp = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expectData(anyData, await call('PATCH', `leads/${captured.id}/`, owner, { follow_up_date: followUp }));
    expectData(
      anyData,
      await call('POST', `leads/${captured.id}/notes/`, owner, { body: 'Wants a quote by Friday' }),
      201,
    );

    const client = expectData(clientSchema, await call('POST', `leads/${captured.id}/convert_to_client/`, owner), 201);
    expect(client.custom_fields).toEqual({ Budget: '10k', Seats: '12', 'Budget (2)': 'yearly' });
    expect(client.notes).toBe(`${new Date().toISOString().slice(0, 10)}: Wants a quote by Friday`);
    expect(client.next_follow_up_date).toBe(followUp);
  });

  it('makes the caller the manager of an unassigned lead, a lead without company an individual', async () => {
    const lead = await createLead(member, { first_name: 'Bo', last_name: 'Ek' });
    // No body at all: the overrides are optional.
    const client = expectData(clientSchema, await call('POST', `leads/${lead.id}/convert_to_client/`, member), 201);
    expect(client).toMatchObject({
      relationship_manager: member.user.id,
      company_name: 'Bo Ek',
      client_type: 'individual',
      currency: 'usd',
      estimated_value: null,
    });
  });

  it('answers 409 to a second convert, 404 to a binned, missing or foreign lead, 403 to a viewer, 422 to bad input', async () => {
    const lead = await createLead(owner);
    expectData(clientSchema, await call('POST', `leads/${lead.id}/convert_to_client/`, owner, {}), 201);
    expectError(await call('POST', `leads/${lead.id}/convert_to_client/`, owner, {}), 409, 'CONFLICT');

    const binned = await createLead(owner);
    expectData(detailSchema, await call('DELETE', `leads/${binned.id}/`, owner));
    expectError(await call('POST', `leads/${binned.id}/convert_to_client/`, owner, {}), 404, 'NOT_FOUND');
    expectError(await call('POST', `leads/${randomUUID()}/convert_to_client/`, owner, {}), 404, 'NOT_FOUND');

    const fresh = await createLead(owner);
    expectError(await call('POST', `leads/${fresh.id}/convert_to_client/`, stranger, {}), 404, 'NOT_FOUND');
    expectError(await call('POST', `leads/${fresh.id}/convert_to_client/`, viewer, {}), 403, 'PERMISSION_DENIED');
    expectValidation(
      await call('POST', `leads/${fresh.id}/convert_to_client/`, owner, {
        client_type: 'alien',
        estimated_value: 10.555,
        success_probability: 101,
        company_name: 'x'.repeat(201),
        unknown: 1,
      }),
      'client_type',
      'estimated_value',
      'success_probability',
      'company_name',
    );
    expectValidation(
      await call('POST', `leads/${fresh.id}/convert_to_client/`, owner, { relationship_manager: stranger.user.id }),
      'relationship_manager',
    );
    expectValidation(await call('POST', 'leads/not-a-uuid/convert_to_client/', owner, {}), 'id');
    // Nothing was written by the refused converts.
    expect(expectData(leadSchema, await call('GET', `leads/${fresh.id}/`, owner))).toMatchObject({ client: null });
  });

  it('ends with exactly one client when the same lead is converted concurrently', async () => {
    const lead = await createLead(owner);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call('POST', `leads/${lead.id}/convert_to_client/`, owner, {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from clients where lead_id = ${lead.id}`),
    );
    expect(Number(rows[0]?.n)).toBe(1);
    const timeline = expectData(activityPage, await call('GET', `leads/${lead.id}/activities/?type=converted`, owner));
    expect(timeline.count).toBe(1);
  });
});

describe('/clients/ CRUD', () => {
  it('creates with every field, reads, updates partially and deletes', async () => {
    const full = {
      client_type: 'government',
      priority: 'low',
      status: 'active',
      company_name: '  Kommun Nord  ',
      contact_first_name: 'Eva',
      contact_last_name: 'Lind',
      contact_email: 'EVA@Kommun.example',
      contact_phone: '+46 8 123 456',
      contact_job_title: 'Buyer',
      billing_email: 'billing@kommun.example',
      billing_address: { street: 'Storgatan 1', city: 'Umeå', state: '', postal_code: '903 26', country: 'se' },
      delivery_address: { street: 'Lagervägen 2', city: 'Umeå', state: '', postal_code: '903 27', country: 'se' },
      organization_number: '212000-2627',
      vat_id: 'SE212000262701',
      payment_terms: 'net_30',
      credit_limit: 50000,
      estimated_value: 1000.1,
      actual_value: 900,
      lifetime_value: 2500.75,
      acquisition_cost: 120.5,
      currency: 'sek',
      industry: 'education',
      company_size: '1000+',
      website: 'https://kommun.example',
      social_media: { linkedin: 'https://linkedin.com/company/kommun' },
      preferred_contact_method: 'meeting',
      timezone: 'Europe/Stockholm',
      language: 'sv',
      tags: ['public', 'Public'],
      notes: 'Framework agreement',
      custom_fields: { region: 'Norr', seats: 40, signed: true },
      last_contact_date: '2026-11-01T10:00:00Z',
      next_follow_up_date: '2026-12-01T10:00:00Z',
      relationship_manager: member.user.id,
      onboarding_status: 'in_progress',
      satisfaction_score: 8,
      risk_assessment: 'low',
      renewal_date: '2027-06-30',
      contract_end_date: '2028-06-30',
      success_probability: 75,
    };
    const client = expectData(clientSchema, await call('POST', 'clients/', member, full), 201);
    expect(client).toMatchObject({
      ...full,
      company_name: 'Kommun Nord',
      contact_email: 'eva@kommun.example',
      tags: ['public'],
      last_contact_date: '2026-11-01T10:00:00.000Z',
      next_follow_up_date: '2026-12-01T10:00:00.000Z',
      lead: null,
      conversion_date: null,
      converted_by: null,
    });

    const updated = expectData(
      clientSchema,
      await call('PATCH', `clients/${client.id}/`, member, { status: 'at_risk', actual_value: null, notes: '' }),
    );
    expect(updated).toMatchObject({ status: 'at_risk', actual_value: null, notes: '', company_name: 'Kommun Nord' });
    expect(expectData(clientSchema, await call('GET', `clients/${client.id}/`, owner))).toEqual(updated);

    expectData(detailSchema, await call('DELETE', `clients/${client.id}/`, member));
    expectError(await call('GET', `clients/${client.id}/`, owner), 404, 'NOT_FOUND');
  });

  it('answers 422 to bad input, 404 to another tenant, 403 to a viewer who writes', async () => {
    expectValidation(await call('POST', 'clients/', owner, {}), 'company_name');
    const bad = expectValidation(
      await call('POST', 'clients/', owner, {
        company_name: 'A',
        contact_email: 'not-an-email',
        billing_address: { street: 'x'.repeat(201), city: '', state: '', postal_code: '', country: 'zz' },
        credit_limit: -1,
        satisfaction_score: 11,
        renewal_date: '2027-13-01',
        website: 'not a url',
        social_media: { myspace: 'https://x.example' },
        currency: 'btc',
      }),
      'contact_email',
      'credit_limit',
      'satisfaction_score',
      'renewal_date',
      'website',
      'currency',
    );
    expect(Object.keys(bad).some((k) => k.startsWith('billing_address.'))).toBe(true);
    // An empty-or-email field says what is wrong with the address.
    expect(bad.contact_email).toEqual(['Enter a valid email address']);
    expectValidation(await call('PATCH', `clients/${randomUUID()}/`, owner, { priority: 'urgent' }), 'priority');
    expectValidation(await call('GET', 'clients/?ordering=password', owner), 'ordering');
    expectValidation(await call('GET', 'clients/?status=happy', owner), 'status.0');
    expectValidation(await call('GET', `clients/?search=${'x'.repeat(201)}`, owner), 'search');
    expectValidation(await call('GET', 'clients/?page_size=101', owner), 'page_size');
    expectValidation(await call('GET', 'clients/nope/', owner), 'id');

    const client = await createClient(owner);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { priority: 'high' }],
      ['DELETE', undefined],
    ] as const) {
      expectError(await call(method, `clients/${client.id}/`, stranger, payload), 404, 'NOT_FOUND');
    }
    expect(ids(expectData(clientPage, await call('GET', 'clients/', stranger)))).not.toContain(client.id);

    expectError(await call('POST', 'clients/', viewer, { company_name: 'V' }), 403, 'PERMISSION_DENIED');
    expectError(await call('PATCH', `clients/${client.id}/`, viewer, { priority: 'high' }), 403, 'PERMISSION_DENIED');
    expectError(await call('DELETE', `clients/${client.id}/`, viewer), 403, 'PERMISSION_DENIED');
    expect(expectData(clientSchema, await call('GET', `clients/${client.id}/`, viewer)).priority).toBe('medium');
    expectError(await t.app.inject({ method: 'GET', url: '/api/v1/clients/' }), 401, 'NOT_AUTHENTICATED');
  });

  it('deleting a converted client keeps the lead converted, clears its link and says so on its timeline', async () => {
    const lead = await createLead(owner, { company: 'Gone AB' });
    const client = expectData(clientSchema, await call('POST', `leads/${lead.id}/convert_to_client/`, owner, {}), 201);
    expectData(detailSchema, await call('DELETE', `clients/${client.id}/`, owner));
    const after = expectData(leadSchema, await call('GET', `leads/${lead.id}/`, owner));
    expect(after).toMatchObject({ status: 'converted', client: null });
    const timeline = expectData(
      activityPage,
      await call('GET', `leads/${lead.id}/activities/?type=client_deleted`, owner),
    );
    expect(timeline.results[0]?.metadata).toMatchObject({ client: client.id, client_name: 'Gone AB' });
    // The lead can be converted again.
    expectData(clientSchema, await call('POST', `leads/${lead.id}/convert_to_client/`, owner, {}), 201);
  });
});

describe('GET /clients/ filters, search, ordering; stats', () => {
  it('filters by every field, searches and orders within the organisation', async () => {
    const user = await registerUser(t);
    const teammate = await addMember(orgOf(user), 'member');
    const a = await createClient(user, {
      company_name: 'Alfa AB',
      status: 'active',
      client_type: 'enterprise',
      priority: 'high',
      industry: 'technology',
      tags: ['Nordics'],
      relationship_manager: user.user.id,
      estimated_value: 300,
      organization_number: '556677-8899',
    });
    const b = await createClient(user, {
      company_name: 'Beta 100% Oy',
      status: 'churned',
      client_type: 'startup',
      priority: 'low',
      industry: 'retail',
      contact_first_name: 'Maja',
      contact_last_name: 'Sund',
      contact_email: 'maja@beta.example',
      relationship_manager: teammate.user.id,
      estimated_value: 100,
    });
    const c = await createClient(user, {
      company_name: 'Gamma',
      priority: 'medium',
      billing_email: 'pay@gamma.example',
    });
    await createClient(stranger, { company_name: 'Alfa AB' });
    const list = async (query: string) =>
      ids(expectData(clientPage, await call('GET', `clients/?ordering=created_at&${query}`, user)));

    expect(await list('')).toEqual([a.id, b.id, c.id]);
    expect(await list('status=active,churned')).toEqual([a.id, b.id]);
    expect(await list('client_type=startup')).toEqual([b.id]);
    expect(await list('priority=high')).toEqual([a.id]);
    expect(await list('industry=technology')).toEqual([a.id]);
    expect(await list('tags=nordics')).toEqual([a.id]);
    expect(await list('relationship_manager=me')).toEqual([a.id]);
    expect(await list(`relationship_manager=${teammate.user.id}`)).toEqual([b.id]);
    expect(await list('relationship_manager=unassigned')).toEqual([c.id]);
    expect(await list('created_after=2000-01-01&created_before=2999-01-01')).toEqual([a.id, b.id, c.id]);
    expect(await list('created_before=2000-01-01')).toEqual([]);
    // Conversion dates (a client entered directly has none, so it never matches).
    await inScope(t.database.db, { organizationId: orgOf(user) }, async (tx) => {
      await tx.execute(sql`update clients set conversion_date = '2026-03-10T09:00:00Z' where id = ${a.id}`);
      await tx.execute(sql`update clients set conversion_date = '2026-05-31T23:30:00Z' where id = ${b.id}`);
    });
    expect(await list('converted_after=2026-01-01')).toEqual([a.id, b.id]);
    expect(await list('converted_after=2026-04-01&converted_before=2026-05-31')).toEqual([b.id]);
    expect(await list('converted_before=2026-03-10')).toEqual([a.id]);
    expect(await list('converted_after=2026-06-01')).toEqual([]);
    expect(await list('converted_after=2026-03-10T10:00:00Z')).toEqual([b.id]);
    expectValidation(await call('GET', 'clients/?converted_after=yesterday', user), 'converted_after');
    expect(await list('search=alfa')).toEqual([a.id]);
    expect(await list('search=maja%20sund')).toEqual([b.id]);
    expect(await list('search=MAJA@beta')).toEqual([b.id]);
    expect(await list('search=556677')).toEqual([a.id]);
    expect(await list('search=pay@gamma')).toEqual([c.id]);
    expect(await list('search=100%25')).toEqual([b.id]);
    expect(await list('search=_')).toEqual([]);

    const ordered = async (ordering: string) =>
      ids(expectData(clientPage, await call('GET', `clients/?ordering=${ordering}`, user)));
    expect(await ordered('company_name')).toEqual([a.id, b.id, c.id]);
    expect(await ordered('-company_name')).toEqual([c.id, b.id, a.id]);
    expect(await ordered('priority')).toEqual([a.id, c.id, b.id]);
    expect(await ordered('-estimated_value')).toEqual([a.id, b.id, c.id]);
    expect(await ordered('estimated_value')).toEqual([b.id, a.id, c.id]);
    expect(await ordered('-created_at')).toEqual([c.id, b.id, a.id]);

    const page = expectData(clientPage, await call('GET', 'clients/?page_size=2&ordering=created_at', user));
    expect(page).toMatchObject({ count: 3, previous: null });
    expect(page.next).toMatch(/\/api\/v1\/clients\/\?page_size=2&ordering=created_at&page=2$/);
  });

  it('counts by status and type, sums and averages values per currency, and conversions by month', async () => {
    const user = await registerUser(t);
    const empty = expectData(clientStatsSchema, await call('GET', 'clients/stats/', user));
    expect(empty.total).toBe(0);
    expect(empty.values).toEqual([]);
    expect(empty.conversions_by_month).toHaveLength(12);
    expect(empty.conversions_by_month.every((m) => m.count === 0)).toBe(true);

    await createClient(user, {
      status: 'active',
      client_type: 'smb',
      estimated_value: 100,
      actual_value: 50,
      currency: 'sek',
    });
    await createClient(user, { status: 'active', client_type: 'enterprise', estimated_value: 200.5, currency: 'sek' });
    await createClient(user, { status: 'churned', client_type: 'smb', lifetime_value: 10, currency: 'eur' });
    const lead = await createLead(user);
    expectData(clientSchema, await call('POST', `leads/${lead.id}/convert_to_client/`, user, { currency: 'eur' }), 201);

    const stats = expectData(clientStatsSchema, await call('GET', 'clients/stats/', user));
    expect(stats.total).toBe(4);
    expect(stats.by_status).toEqual({ active: 2, inactive: 0, prospecting: 0, onboarding: 1, at_risk: 0, churned: 1 });
    expect(stats.by_type).toMatchObject({ smb: 2, enterprise: 1, individual: 1, startup: 0 });
    const sek = stats.values.find((v) => v.currency === 'sek');
    expect(sek).toEqual({
      currency: 'sek',
      clients: 2,
      estimated_value: { total: 300.5, average: 150.25 },
      actual_value: { total: 50, average: 50 },
      lifetime_value: { total: 0, average: null },
    });
    expect(stats.values.find((v) => v.currency === 'eur')).toMatchObject({
      clients: 2,
      lifetime_value: { total: 10, average: 10 },
    });
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(stats.conversions_by_month.at(-1)).toEqual({ month: thisMonth, count: 1 });
    expect(stats.conversions_by_month.slice(0, 11).every((m) => m.count === 0)).toBe(true);

    expectData(anyData, await call('GET', 'clients/stats/', viewer));
  });
});

describe('GET /leads/conversion_stats/', () => {
  it('answers rates overall, by source and event, by month, and the days to convert', async () => {
    const user = await registerUser(t);
    const event = await createEvent(t, orgOf(user), { name: 'Mässan 2026' });
    const fair = await createLead(user, { source: 'event', event: event.id });
    await createLead(user, { source: 'event', event: event.id });
    await createLead(user, { source: 'referral' });
    const manual = await createLead(user, { source: 'referral' });
    expectData(clientSchema, await call('POST', `leads/${fair.id}/convert_to_client/`, user, {}), 201);
    expectData(clientSchema, await call('POST', `leads/${manual.id}/convert_to_client/`, user, {}), 201);
    const binned = await createLead(user, { source: 'referral' });
    expectData(detailSchema, await call('DELETE', `leads/${binned.id}/`, user));

    const stats = expectData(conversionStatsSchema, await call('GET', 'leads/conversion_stats/', user));
    expect(stats).toMatchObject({ total_leads: 4, converted: 2, conversion_rate: 50 });
    expect(stats.by_source).toEqual(
      expect.arrayContaining([
        { source: 'event', total: 2, converted: 1, conversion_rate: 50 },
        { source: 'referral', total: 2, converted: 1, conversion_rate: 50 },
      ]),
    );
    expect(stats.by_event).toEqual(
      expect.arrayContaining([
        { event: event.id, event_name: 'Mässan 2026', total: 2, converted: 1, conversion_rate: 50 },
        { event: null, event_name: '', total: 2, converted: 1, conversion_rate: 50 },
      ]),
    );
    expect(stats.by_month).toHaveLength(12);
    expect(stats.by_month.at(-1)?.count).toBe(2);
    expect(stats.average_days_to_conversion).toBe(0);

    const newcomer = await registerUser(t);
    const none = expectData(conversionStatsSchema, await call('GET', 'leads/conversion_stats/', newcomer));
    expect(none).toMatchObject({ total_leads: 0, converted: 0, conversion_rate: 0, average_days_to_conversion: null });
    expect(none.by_source).toEqual([]);
    expectError(
      await t.app.inject({ method: 'GET', url: '/api/v1/leads/conversion_stats/' }),
      401,
      'NOT_AUTHENTICATED',
    );
  });

  it('is not taken for a lead id, and viewers may read it', async () => {
    const stats = expectData(conversionStatsSchema, await call('GET', 'leads/conversion_stats/', viewer));
    expect(stats.total_leads).toBeGreaterThan(0);
  });
});
