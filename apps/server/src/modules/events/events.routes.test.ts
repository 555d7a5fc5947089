import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { ApprovalStatus, LeadSource, LeadStatus, Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  eventAnalyticsSchema,
  eventFormSchema,
  eventSchema,
  eventTemplateSchema,
  slugAvailabilitySchema,
  type Event,
} from '@leadcapture/contracts/events';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { anyData, expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { multipart, PNG, SVG } from '../../../test/multipart.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { capturePageViews } from './events.table.ts';

/** A user, acting on another organisation (X-Organization-Id) when `actAs` is set. */
type User = AuthResult & { email: string; password: string; actAs?: string };
const eventPage = paginated(eventSchema);
const templatePage = paginated(eventTemplateSchema);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// --- helpers ---------------------------------------------------------------------------------

function request(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  user: Pick<User, 'access' | 'actAs'>,
  payload?: InjectOptions['payload'],
): Promise<Response> {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: actingHeaders(user),
    ...(payload === undefined ? {} : { payload }),
  });
}

const orgId = (u: User) => u.organization?.id ?? '';
const actingHeaders = (u: Pick<User, 'access' | 'actAs'>) => ({
  ...bearer(u.access),
  ...(u.actAs ? { 'x-organization-id': u.actAs } : {}),
});
/** Slugs are unique across the product and test files share one PostgreSQL: every given slug is unique. */
const uniqueSlug = (prefix = 'expo') => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

async function createEvent(user: User, body: Record<string, unknown> = {}): Promise<Event> {
  return expectData(eventSchema, await request('POST', 'events/', user, { name: 'Nordic Expo', ...body }), 201);
}

async function teammate(owner: User, role: Role): Promise<User> {
  const u = await registerUser(t);
  await inScope(t.database.db, { organizationId: orgId(owner) }, (tx) =>
    tx.insert(memberships).values({ organizationId: orgId(owner), userId: u.user.id, role }),
  );
  return { ...u, actAs: orgId(owner) };
}

async function auditActions(organizationId: string): Promise<{ action: string; metadata: Record<string, unknown> }[]> {
  return inScope(t.database.db, { organizationId }, (tx) =>
    queryRows<{ action: string; metadata: Record<string, unknown> }>(
      tx,
      sql`select action, metadata from audit_logs where organization_id = ${organizationId} and (action like 'event%') order by created_at`,
    ),
  );
}

async function insertLead(
  organizationId: string,
  eventId: string | null,
  values: {
    source?: LeadSource;
    createdAt?: Date;
    deletedAt?: Date;
    status?: LeadStatus;
    approvalStatus?: ApprovalStatus;
  } = {},
): Promise<string> {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(leads)
      .values({
        organizationId,
        eventId,
        firstName: 'Vera',
        lastName: 'Berg',
        email: `vera.${randomUUID()}@example.com`,
        source: values.source ?? 'qr_scan',
        ...(values.createdAt ? { createdAt: values.createdAt } : {}),
        ...(values.deletedAt ? { deletedAt: values.deletedAt } : {}),
        ...(values.status ? { status: values.status } : {}),
        ...(values.approvalStatus ? { approvalStatus: values.approvalStatus } : {}),
      })
      .returning({ id: leads.id }),
  );
  return row?.id ?? '';
}

async function leadEventId(organizationId: string, leadId: string): Promise<string | null | undefined> {
  const rows = await inScope(t.database.db, { organizationId }, (tx) =>
    queryRows<{ event_id: string | null }>(tx, sql`select event_id from leads where id = ${leadId}`),
  );
  return rows[0]?.event_id;
}

function storedFiles(organizationId: string): string[] {
  const dir = path.join(t.config.dataDir, 'uploads', organizationId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

function postLogo(user: User, eventId: string, data: Buffer = PNG, filename = 'logo.png'): Promise<Response> {
  const form = multipart([{ name: 'file', filename, data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/events/${eventId}/logo/`,
    headers: { ...form.headers, ...actingHeaders(user) },
    payload: form.payload,
  });
}

/** Every route of one event, for the tenant and permission sweeps. */
function eventRoutes(id: string): [InjectOptions['method'] & string, string, Record<string, unknown>?][] {
  return [
    ['GET', `events/${id}/`],
    ['PATCH', `events/${id}/`, { name: 'Renamed' }],
    ['DELETE', `events/${id}/`],
    ['GET', `events/${id}/forms/`],
    ['PUT', `events/${id}/forms/`, { form_fields: [] }],
    ['GET', `events/${id}/qr-code/`],
    ['GET', `events/${id}/qr-code/?format=svg`],
    ['GET', `events/${id}/analytics/`],
    ['DELETE', `events/${id}/logo/`],
  ];
}

const textField = (id: string, label: string) => ({ id, type: 'text', label });

// --- create ----------------------------------------------------------------------------------

describe('POST /events/', () => {
  it('creates an event from a name alone: generated slug, active, default settings, URLs', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { name: 'Göteborg Fintech Summit 2026' });
    expect(event.slug).toMatch(/^goteborg-fintech-summit-2026(-[0-9a-f]{6})?$/);
    expect(event).toMatchObject({
      name: 'Göteborg Fintech Summit 2026',
      description: '',
      start_date: null,
      end_date: null,
      status: 'active',
      manual_status: 'active',
      leads_captured: 0,
      logo_url: null,
      primary_color: '#2563eb',
      consent_text: '',
      form_fields: [],
      settings: {
        start_active: true,
        email_verification: false,
        analytics_tracking: true,
        require_approval: false,
        quick_actions: true,
      },
      public_url: `http://localhost:3000/capture/${event.slug}`,
      short_url: expect.stringMatching(/^http:\/\/localhost:3000\/p\/e[0-9a-hjkmnp-tv-z]{11}$/),
      qr_code_url: `http://localhost:3000/api/v1/events/${event.id}/qr-code/`,
    });
    expect(await auditActions(orgId(a))).toEqual([
      expect.objectContaining({ action: 'event.created', metadata: expect.objectContaining({ slug: event.slug }) }),
    ]);
  });

  it('takes every field of spec 01 §3, with dates as given and a form', async () => {
    const a = await registerUser(t);
    const slug = uniqueSlug();
    const event = await createEvent(a, {
      name: 'Booth 42',
      slug: slug.toUpperCase(),
      description: 'Hall B',
      start_date: '2030-05-01T09:00:00+02:00',
      end_date: '2030-05-03T17:00:00Z',
      location: 'Stockholmsmässan',
      website: 'https://expo.example.com',
      primary_color: '#112233',
      welcome_message: 'Welcome!',
      consent_text: 'I agree to be contacted.',
      status: 'draft',
      form_fields: [textField('booth_topic', 'Topic')],
      settings: { require_approval: true },
    });
    expect(event).toMatchObject({
      slug,
      start_date: '2030-05-01T07:00:00.000Z',
      end_date: '2030-05-03T17:00:00.000Z',
      location: 'Stockholmsmässan',
      website: 'https://expo.example.com',
      primary_color: '#112233',
      welcome_message: 'Welcome!',
      consent_text: 'I agree to be contacted.',
      status: 'draft',
      manual_status: 'draft',
      settings: { require_approval: true, start_active: true },
    });
    expect(event.form_fields).toEqual([
      expect.objectContaining({ id: 'booth_topic', type: 'text', label: 'Topic', required: false, width: 'full' }),
    ]);
    expect(expectData(eventSchema, await request('GET', `events/${event.id}/`, a))).toEqual(event);
  });

  it('saves as draft when settings.start_active is false and no status is given', async () => {
    const a = await registerUser(t);
    expect((await createEvent(a, { settings: { start_active: false } })).status).toBe('draft');
    expect((await createEvent(a, { settings: { start_active: false }, status: 'active' })).status).toBe('active');
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ description: 'x'.repeat(5001) }, 'description'],
    [{ location: 'x'.repeat(301) }, 'location'],
    [{ welcome_message: 'x'.repeat(2001) }, 'welcome_message'],
    [{ consent_text: 'x'.repeat(1001) }, 'consent_text'],
    [{ website: 'javascript:alert(1)' }, 'website'],
    [{ primary_color: 'blue' }, 'primary_color'],
    [{ start_date: '1 May 2030' }, 'start_date'],
    [{ start_date: '2030-05-02T00:00:00Z', end_date: '2030-05-01T00:00:00Z' }, 'end_date'],
    [{ start_date: '2030-05-02T00:00:00Z', end_date: '2030-05-02T00:00:00Z' }, 'end_date'],
    [{ slug: 'ab' }, 'slug'],
    [{ slug: 'two--hyphens' }, 'slug'],
    [{ slug: 'x'.repeat(61) }, 'slug'],
    [{ slug: 'admin' }, 'slug'],
    [{ status: 'inactive' }, 'status'],
    [{ status: 'upcoming' }, 'status'],
    [{ settings: { require_approval: 'yes' } }, 'settings.require_approval'],
    [{ settings: { surprise: true } }, 'settings'],
    [{ form_fields: [{ id: 'a', type: 'text', label: '' }] }, 'form_fields.0.label'],
    [{ form_fields: [textField('a', 'A'), { id: 'b', type: 'select', label: 'B' }] }, 'form_fields.1.options'],
    [{ form_fields: [textField('a', 'A'), textField('a', 'B')] }, 'form_fields.1.id'],
    [{ template_id: 'party' }, 'template_id'],
    [{ template_id: randomUUID() }, 'template_id'],
    [{ leads_captured: 5 }, 'non_field_errors'],
  ])('answers 422 for %j on %s; nothing is written', async (body, field) => {
    const a = await registerUser(t);
    expectValidation(await request('POST', 'events/', a, { name: 'Expo', ...body }), field);
    expect(expectData(eventPage, await request('GET', 'events/', a)).count).toBe(0);
  });

  it('lists every bad field in one answer, the date order included', async () => {
    const a = await registerUser(t);
    const details = expectValidation(
      await request('POST', 'events/', a, {
        name: '',
        primary_color: 'red',
        start_date: '2030-05-02T00:00:00Z',
        end_date: '2030-05-01T00:00:00Z',
      }),
      'name',
      'primary_color',
      'end_date',
    );
    expect(details.end_date).toEqual(['End date must be after start date']);
  });

  it('answers 409 for a slug another organisation uses, with details.slug', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const slug = uniqueSlug();
    await createEvent(b, { slug });
    const error = expectError(await request('POST', 'events/', a, { name: 'Mine', slug }), 409, 'CONFLICT');
    expect(error.details).toEqual({ slug: ['This slug is already taken'] });
    expect(expectData(eventPage, await request('GET', 'events/', a)).count).toBe(0);
  });

  it('picks a free variant when the generated slug is taken', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const name = `Expo ${Math.random().toString(36).slice(2, 8)}`;
    const first = await createEvent(a, { name });
    const second = await createEvent(b, { name });
    const third = await createEvent(a, { name });
    expect(first.slug).toBe(name.toLowerCase().replace(' ', '-'));
    expect(second.slug).toMatch(new RegExp(`^${first.slug}-[0-9a-f]{6}$`));
    expect(new Set([first.slug, second.slug, third.slug]).size).toBe(3);
  });

  it('never generates a reserved or too short slug', async () => {
    const a = await registerUser(t);
    expect((await createEvent(a, { name: 'Blank slug', slug: '' })).slug).toMatch(/^blank-slug(-[0-9a-f]{6})?$/);
    expect((await createEvent(a, { name: 'Admin' })).slug).toMatch(/^admin-event(-[0-9a-f]{6})?$/);
    expect((await createEvent(a, { name: 'X' })).slug).toMatch(/^x-event(-[0-9a-f]{6})?$/);
    expect((await createEvent(a, { name: '展会' })).slug).toMatch(/^event(-[0-9a-f]{6})?$/);
  });

  it('is for owners, admins and members; a viewer gets 403', async () => {
    const owner = await registerUser(t);
    const viewer = await teammate(owner, 'viewer');
    const member = await teammate(owner, 'member');
    expectError(await request('POST', 'events/', viewer, { name: 'Nope' }), 403, 'PERMISSION_DENIED');
    await createEvent(member, { name: 'Member event' });
    expect(expectData(eventPage, await request('GET', 'events/', viewer)).count).toBe(1);
  });

  it('needs a token', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/events/', payload: { name: 'x' } });
    expectError(res, 401, 'NOT_AUTHENTICATED');
  });
});

// --- templates -------------------------------------------------------------------------------

describe('event templates', () => {
  it('lists the built-in templates first, in English by default and in Swedish on request', async () => {
    const a = await registerUser(t);
    const page = expectData(templatePage, await request('GET', 'events/templates/', a));
    expect(page.count).toBe(4);
    expect(page.results.map((x) => x.id)).toEqual(['trade_show', 'conference', 'product_demo', 'webinar']);
    expect(page.results[0]).toMatchObject({ key: 'trade_show', builtin: true, name: 'Trade show booth' });
    for (const template of page.results) expect(template.form_fields.length).toBeGreaterThan(0);

    const sv = expectData(templatePage, await request('GET', 'events/templates/?language=sv', a));
    expect(sv.results[0]?.name).toBe('Mässmonter');
    expectValidation(await request('GET', 'events/templates/?language=de', a), 'language');
  });

  it('creates an event from a built-in template; the body wins over the template', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { template_id: 'conference', primary_color: '#000000' });
    expect(event.primary_color).toBe('#000000');
    expect(event.welcome_message).toMatch(/^Welcome!/);
    expect(event.settings.email_verification).toBe(true);
    expect(event.form_fields.map((f) => f.id)).toEqual(['session', 'send_material']);

    const sv = await createEvent(a, { template_id: 'trade_show', template_language: 'sv' });
    expect(sv.form_fields[0]).toMatchObject({ id: 'topic', label: 'Vad är du intresserad av?' });

    // The organisation's language is the default.
    await request('PATCH', 'organizations/current/settings/', a, { default_language: 'sv' });
    const byOrg = await createEvent(a, { template_id: 'webinar', form_fields: [textField('own', 'Own')] });
    expect(byOrg.welcome_message).toMatch(/^Anmäl dig/);
    expect(byOrg.form_fields.map((f) => f.id)).toEqual(['own']);
  });

  it('saves an event as a template and creates events from it', async () => {
    const a = await registerUser(t);
    const source = await createEvent(a, {
      primary_color: '#abcdef',
      welcome_message: 'Hej!',
      form_fields: [textField('booth_topic', 'Topic')],
      settings: { require_approval: true },
    });
    const saved = expectData(
      eventTemplateSchema,
      await request('POST', 'events/templates/', a, { event_id: source.id, name: 'Our booth', description: 'Ours' }),
      201,
    );
    expect(saved).toMatchObject({
      key: null,
      builtin: false,
      name: 'Our booth',
      description: 'Ours',
      primary_color: '#abcdef',
      welcome_message: 'Hej!',
      settings: { require_approval: true },
    });
    expect(saved.form_fields).toEqual(source.form_fields);

    const page = expectData(templatePage, await request('GET', 'events/templates/', a));
    expect(page.count).toBe(5);
    expect(page.results.at(-1)?.id).toBe(saved.id);
    // Pagination runs across built-in and saved templates.
    const second = expectData(templatePage, await request('GET', 'events/templates/?page_size=3&page=2', a));
    expect(second.results.map((x) => x.id)).toEqual(['webinar', saved.id]);

    const made = await createEvent(a, { name: 'From ours', template_id: saved.id });
    expect(made).toMatchObject({ primary_color: '#abcdef', welcome_message: 'Hej!', form_fields: source.form_fields });
    expect(made.settings.require_approval).toBe(true);
  });

  it('saves a template from a full body, and validates it', async () => {
    const a = await registerUser(t);
    const saved = expectData(
      eventTemplateSchema,
      await request('POST', 'events/templates/', a, {
        name: 'Blank',
        form_fields: [textField('q', 'Question')],
        settings: { quick_actions: false },
      }),
      201,
    );
    expect(saved.settings).toMatchObject({ quick_actions: false, start_active: true });
    expectValidation(await request('POST', 'events/templates/', a, { name: '' }), 'name');
    expectValidation(
      await request('POST', 'events/templates/', a, { name: 'x', form_fields: [{ id: 'q', type: 'text' }] }),
      'form_fields.0.label',
    );
    expectValidation(await request('POST', 'events/templates/', a, { name: 'x', event_id: 'nope' }), 'event_id');
  });

  it('keeps templates per organisation: another tenant’s event or template is not found', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = await createEvent(b);
    const theirTemplate = expectData(
      eventTemplateSchema,
      await request('POST', 'events/templates/', b, { name: 'Theirs' }),
      201,
    );
    expect(
      expectValidation(await request('POST', 'events/templates/', a, { name: 'x', event_id: theirs.id }), 'event_id'),
    ).toEqual({ event_id: ['Event not found'] });
    expectValidation(await request('POST', 'events/', a, { name: 'x', template_id: theirTemplate.id }), 'template_id');
    expect(expectData(templatePage, await request('GET', 'events/templates/', a)).count).toBe(4);
    expectError(await request('DELETE', `events/templates/${theirTemplate.id}/`, a), 404, 'NOT_FOUND');
    expect(expectData(templatePage, await request('GET', 'events/templates/', b)).count).toBe(5);
  });

  it('deletes a saved template; built-in ones cannot be deleted', async () => {
    const a = await registerUser(t);
    const saved = expectData(eventTemplateSchema, await request('POST', 'events/templates/', a, { name: 'T' }), 201);
    expectData(anyData, await request('DELETE', `events/templates/${saved.id}/`, a));
    expectError(await request('DELETE', `events/templates/${saved.id}/`, a), 404, 'NOT_FOUND');
    expectValidation(await request('DELETE', 'events/templates/trade_show/', a), 'id');
    expect((await auditActions(orgId(a))).map((x) => x.action)).toEqual([
      'event_template.created',
      'event_template.deleted',
    ]);
  });

  it('lets a viewer list templates but not save or delete them', async () => {
    const owner = await registerUser(t);
    const viewer = await teammate(owner, 'viewer');
    const saved = expectData(
      eventTemplateSchema,
      await request('POST', 'events/templates/', owner, { name: 'T' }),
      201,
    );
    expect(expectData(templatePage, await request('GET', 'events/templates/', viewer)).count).toBe(5);
    expectError(await request('POST', 'events/templates/', viewer, { name: 'V' }), 403, 'PERMISSION_DENIED');
    expectError(await request('DELETE', `events/templates/${saved.id}/`, viewer), 403, 'PERMISSION_DENIED');
  });
});

// --- list ------------------------------------------------------------------------------------

describe('GET /events/', () => {
  it('lists only the organisation’s events, newest first, paginated', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await createEvent(b, { name: 'Not mine' });
    const first = await createEvent(a, { name: 'First' });
    const second = await createEvent(a, { name: 'Second' });
    const page = expectData(eventPage, await request('GET', 'events/', a));
    expect(page.count).toBe(2);
    expect(page.results.map((e) => e.id)).toEqual([second.id, first.id]);

    const one = expectData(eventPage, await request('GET', 'events/?page_size=1&page=2', a));
    expect(one).toMatchObject({ count: 2, next: null });
    expect(one.results.map((e) => e.id)).toEqual([first.id]);
    expect(expectData(eventPage, await request('GET', 'events/?page=9', a))).toMatchObject({ count: 2, results: [] });
  });

  it('filters by the status as shown, derived ones included', async () => {
    const a = await registerUser(t);
    const upcoming = await createEvent(a, { name: 'Upcoming', start_date: inDays(10), end_date: inDays(12) });
    const running = await createEvent(a, { name: 'Running', start_date: inDays(-1), end_date: inDays(1) });
    const open = await createEvent(a, { name: 'Open-ended' });
    const completed = await createEvent(a, { name: 'Completed', start_date: inDays(-5), end_date: inDays(-4) });
    const draft = await createEvent(a, { name: 'Draft', status: 'draft', start_date: inDays(10) });
    const cancelled = await createEvent(a, { name: 'Cancelled', start_date: inDays(-1), end_date: inDays(1) });
    expectData(eventSchema, await request('PATCH', `events/${cancelled.id}/`, a, { status: 'cancelled' }));

    expect(upcoming).toMatchObject({ status: 'upcoming', manual_status: 'active' });
    expect(completed).toMatchObject({ status: 'completed', manual_status: 'active' });
    expect(draft.status).toBe('draft');

    const ids = async (query: string) =>
      expectData(eventPage, await request('GET', `events/?${query}`, a))
        .results.map((e) => e.id)
        .sort();
    expect(await ids('status=upcoming')).toEqual([upcoming.id]);
    expect(await ids('status=completed')).toEqual([completed.id]);
    expect(await ids('status=active')).toEqual([running.id, open.id].sort());
    expect(await ids('status=draft')).toEqual([draft.id]);
    expect(await ids('status=cancelled')).toEqual([cancelled.id]);
    expect(await ids('status=inactive')).toEqual([]);
    expect(await ids('status=upcoming,active')).toEqual([upcoming.id, running.id, open.id].sort());
    expectValidation(await request('GET', 'events/?status=soon', a), 'status');
    expectValidation(await request('GET', 'events/?status=', a), 'status');
  });

  it('searches name and location, taking % and _ literally', async () => {
    const a = await registerUser(t);
    const expo = await createEvent(a, { name: 'Nordic Expo', location: 'Malmö' });
    const fair = await createEvent(a, { name: '100% Fair', location: 'Stockholm' });
    const ids = async (search: string) =>
      expectData(eventPage, await request('GET', `events/?search=${encodeURIComponent(search)}`, a)).results.map(
        (e) => e.id,
      );
    expect(await ids('nordic')).toEqual([expo.id]);
    expect(await ids('STOCKHOLM')).toEqual([fair.id]);
    expect(await ids('0%')).toEqual([fair.id]);
    expect(await ids('%')).toEqual([fair.id]);
    expect(await ids('_')).toEqual([]);
    expectValidation(await request('GET', `events/?search=${'x'.repeat(201)}`, a), 'search');
  });

  it('orders by name, start date (undated last) and creation', async () => {
    const a = await registerUser(t);
    const b = await createEvent(a, { name: 'beta', start_date: inDays(3) });
    const c = await createEvent(a, { name: 'Charlie' });
    const al = await createEvent(a, { name: 'Alpha', start_date: inDays(1) });
    const order = async (ordering: string) =>
      expectData(eventPage, await request('GET', `events/?ordering=${ordering}`, a)).results.map((e) => e.id);
    expect(await order('name')).toEqual([al.id, b.id, c.id]);
    expect(await order('-name')).toEqual([c.id, b.id, al.id]);
    expect(await order('start_date')).toEqual([al.id, b.id, c.id]);
    expect(await order('-start_date')).toEqual([b.id, al.id, c.id]);
    expect(await order('created_at')).toEqual([b.id, c.id, al.id]);
    expectValidation(await request('GET', 'events/?ordering=slug', a), 'ordering');
    expectValidation(await request('GET', 'events/?page_size=101', a), 'page_size');
  });
});

// --- read, update, delete --------------------------------------------------------------------

describe('GET, PATCH, DELETE /events/{id}/', () => {
  it('changes only the fields sent; settings merge; audit names the fields', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { location: 'Hall A', settings: { require_approval: true } });
    const changed = expectData(
      eventSchema,
      await request('PATCH', `events/${event.id}/`, a, {
        name: 'Renamed',
        status: 'inactive',
        settings: { quick_actions: false },
      }),
    );
    expect(changed).toMatchObject({
      name: 'Renamed',
      location: 'Hall A',
      status: 'inactive',
      settings: { require_approval: true, quick_actions: false, start_active: true },
    });
    expect((await auditActions(orgId(a))).at(-1)).toEqual({
      action: 'event.updated',
      metadata: expect.objectContaining({
        fields: expect.arrayContaining(['name', 'status', 'settings']) as unknown,
        previous_status: 'active',
      }),
    });
  });

  it('checks a date sent alone against the stored other date', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { start_date: '2030-05-01T09:00:00Z', end_date: '2030-05-02T09:00:00Z' });
    const patch = (body: Record<string, unknown>) => request('PATCH', `events/${event.id}/`, a, body);
    expect(expectValidation(await patch({ end_date: '2030-04-30T09:00:00Z' }), 'end_date')).toEqual({
      end_date: ['End date must be after start date'],
    });
    expectValidation(await patch({ start_date: '2030-05-03T09:00:00Z' }), 'end_date');
    expectValidation(await patch({ start_date: '2030-05-03T00:00:00Z', end_date: '2030-05-02T00:00:00Z' }), 'end_date');
    // Clearing the end lets the start move anywhere.
    const moved = expectData(eventSchema, await patch({ end_date: null, start_date: '2030-06-01T00:00:00Z' }));
    expect(moved).toMatchObject({ start_date: '2030-06-01T00:00:00.000Z', end_date: null });
    expect(expectData(eventSchema, await patch({ end_date: '' })).end_date).toBeNull();
  });

  it.each([
    [{ status: 'upcoming' }, 'status'],
    [{ status: 'completed' }, 'status'],
    [{ name: '' }, 'name'],
    [{ slug: 'api' }, 'slug'],
    [{ primary_color: '#12345' }, 'primary_color'],
    [{ form_fields: [{ id: 'a', type: 'radio', label: 'A', options: ['x', 'x'] }] }, 'form_fields.0.options.1'],
    [{ settings: { start_active: null } }, 'settings.start_active'],
    [{ template_id: 'trade_show' }, 'non_field_errors'],
  ])('answers 422 for %j on %s', async (body, field) => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    expectValidation(await request('PATCH', `events/${event.id}/`, a, body), field);
    expect(expectData(eventSchema, await request('GET', `events/${event.id}/`, a))).toEqual(event);
  });

  it('changes the slug, but not to one taken anywhere (409)', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = await createEvent(b, { slug: uniqueSlug() });
    const mine = await createEvent(a, { slug: uniqueSlug() });
    const error = expectError(await request('PATCH', `events/${mine.id}/`, a, { slug: theirs.slug }), 409, 'CONFLICT');
    expect(error.details).toEqual({ slug: ['This slug is already taken'] });
    // Its own slug again is no change.
    expect(expectData(eventSchema, await request('PATCH', `events/${mine.id}/`, a, { slug: mine.slug })).slug).toBe(
      mine.slug,
    );
    const next = uniqueSlug('moved');
    const moved = expectData(eventSchema, await request('PATCH', `events/${mine.id}/`, a, { slug: next }));
    expect(moved).toMatchObject({ slug: next, public_url: `http://localhost:3000/capture/${next}` });
  });

  it('deletes the event and keeps its leads, without the event; the slug is free again', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { slug: uniqueSlug() });
    const leadId = await insertLead(orgId(a), event.id);
    expectData(anyData, await request('DELETE', `events/${event.id}/`, a));
    expectError(await request('GET', `events/${event.id}/`, a), 404, 'NOT_FOUND');
    expect(await leadEventId(orgId(a), leadId)).toBeNull();
    await createEvent(a, { slug: event.slug });
    expect((await auditActions(orgId(a))).map((x) => x.action)).toEqual([
      'event.created',
      'event.deleted',
      'event.created',
    ]);
  });

  it('answers 422 for an id that is not a UUID', async () => {
    const a = await registerUser(t);
    expectValidation(await request('GET', 'events/nope/', a), 'id');
    expectValidation(await request('PATCH', 'events/nope/', a, { name: 'x' }), 'id');
  });
});

// --- tenants and roles -----------------------------------------------------------------------

describe('tenancy and roles', () => {
  it('answers 404 on every route for another organisation’s event, exactly as for a missing one', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = await createEvent(b, { name: 'Theirs' });
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, url, body] of eventRoutes(id)) {
        const error = expectError(await request(method as 'GET', url, a, body), 404, 'NOT_FOUND');
        expect(error.message, `${method} ${url}`).toBe('Event not found');
      }
      expectError(await postLogo(a, id), 404, 'NOT_FOUND');
    }
    expect(storedFiles(orgId(a))).toEqual([]);
    expect(storedFiles(orgId(b))).toEqual([]);
    // Untouched.
    expect(expectData(eventSchema, await request('GET', `events/${theirs.id}/`, b))).toEqual(theirs);
    expect(await auditActions(orgId(b))).toHaveLength(1);
  });

  it('lets a viewer read every route but change nothing (403)', async () => {
    const owner = await registerUser(t);
    const viewer = await teammate(owner, 'viewer');
    const event = await createEvent(owner);
    for (const [method, url, body] of eventRoutes(event.id)) {
      const res = await request(method as 'GET', url, viewer, body);
      if (method === 'GET') expect(res.statusCode, url).toBe(200);
      else expectError(res, 403, 'PERMISSION_DENIED');
    }
    expectError(await postLogo(viewer, event.id), 403, 'PERMISSION_DENIED');
    expect(storedFiles(orgId(owner))).toEqual([]);
    expect(expectData(eventSchema, await request('GET', `events/${event.id}/`, owner))).toEqual(event);
  });

  it('lets a member change and delete events', async () => {
    const owner = await registerUser(t);
    const member = await teammate(owner, 'member');
    const event = await createEvent(owner);
    expectData(eventSchema, await request('PATCH', `events/${event.id}/`, member, { name: 'By member' }));
    expectData(anyData, await request('DELETE', `events/${event.id}/`, member));
  });
});

// --- slug availability -----------------------------------------------------------------------

describe('GET /events/slug-availability/', () => {
  it('tells whether a slug is free across the product', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = await createEvent(b, { slug: uniqueSlug() });
    const mine = await createEvent(a, { slug: uniqueSlug() });
    const check = async (query: string) =>
      expectData(slugAvailabilitySchema, await request('GET', `events/slug-availability/?${query}`, a));
    expect(await check(`slug=${theirs.slug}`)).toEqual({ slug: theirs.slug, available: false });
    expect(await check(`slug=${mine.slug}`)).toEqual({ slug: mine.slug, available: false });
    expect(await check(`slug=${mine.slug}&event_id=${mine.id}`)).toEqual({ slug: mine.slug, available: true });
    const free = uniqueSlug('free');
    expect(await check(`slug=${free.toUpperCase()}`)).toEqual({ slug: free, available: true });
    expect(expectValidation(await request('GET', 'events/slug-availability/?slug=settings', a), 'slug').slug).toEqual([
      'This slug is reserved',
    ]);
    expectValidation(await request('GET', 'events/slug-availability/?slug=a_b', a), 'slug');
    expectValidation(await request('GET', 'events/slug-availability/', a), 'slug');
    // The check leaves no other tenant's event visible afterwards.
    expect(expectData(eventPage, await request('GET', 'events/', a)).count).toBe(1);
  });
});

// --- forms -----------------------------------------------------------------------------------

describe('/events/{id}/forms/', () => {
  it('reads and replaces the registration form alone', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { form_fields: [textField('one', 'One')] });
    expect(expectData(eventFormSchema, await request('GET', `events/${event.id}/forms/`, a)).form_fields).toEqual(
      event.form_fields,
    );
    const form = expectData(
      eventFormSchema,
      await request('PUT', `events/${event.id}/forms/`, a, {
        form_fields: [
          { id: 'size', type: 'select', label: 'Size', options: ['S', 'M'], required: true },
          { id: 'intro', type: 'heading', label: 'About you', heading_level: 3 },
        ],
      }),
    );
    expect(form.form_fields.map((f) => f.id)).toEqual(['size', 'intro']);
    const stored = expectData(eventSchema, await request('GET', `events/${event.id}/`, a));
    expect(stored.form_fields).toEqual(form.form_fields);
    expect(stored.name).toBe(event.name);
    expect((await auditActions(orgId(a))).at(-1)?.action).toBe('event.form_updated');
  });

  it.each([
    [
      {
        form_fields: [
          { id: 'x', type: 'text', label: 'X' },
          { id: 'y', type: 'email' },
        ],
      },
      'form_fields.1.label',
    ],
    [{ form_fields: [{ id: 'bad id', type: 'text', label: 'X' }] }, 'form_fields.0.id'],
    [{ form_fields: [{ id: 'x', type: 'hologram', label: 'X' }] }, 'form_fields.0.type'],
    [{ form_fields: 'none' }, 'form_fields'],
    [{}, 'form_fields'],
  ])('answers 422 for %j on %s; the form is kept', async (body, field) => {
    const a = await registerUser(t);
    const event = await createEvent(a, { form_fields: [textField('one', 'One')] });
    expectValidation(await request('PUT', `events/${event.id}/forms/`, a, body), field);
    expect(expectData(eventFormSchema, await request('GET', `events/${event.id}/forms/`, a)).form_fields).toEqual(
      event.form_fields,
    );
  });
});

// --- QR code ---------------------------------------------------------------------------------

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('GET /events/{id}/qr-code/', () => {
  it('answers a PNG of the short link marked ?src=qr, named after the slug', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { slug: uniqueSlug() });
    const res = await request('GET', `events/${event.id}/qr-code/`, a);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${event.slug}-qr.png"; filename*=UTF-8''${event.slug}-qr.png`,
    );
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    // IHDR width and height: the default size.
    expect(res.rawPayload.readUInt32BE(16)).toBe(512);
    expect(res.rawPayload.readUInt32BE(20)).toBe(512);
    // Exactly the code of the marked short link (qrcode renders deterministically).
    const expected = await QRCode.toBuffer(`${event.short_url}?src=qr`, {
      type: 'png',
      errorCorrectionLevel: 'M',
      margin: 4,
      width: 512,
      color: { dark: '#000000ff', light: '#ffffffff' },
    });
    expect(res.rawPayload.equals(expected)).toBe(true);
  });

  it('answers an SVG with the size and colours asked for', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { slug: uniqueSlug() });
    const res = await request(
      'GET',
      `events/${event.id}/qr-code/?format=svg&size=300&color=%23112233&background=%23FAFAFA`,
      a,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="${event.slug}-qr.svg"`);
    const svg = res.body;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*width="300" height="300"/);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('stroke="#112233"');
    expect(svg).toContain('fill="#FAFAFA"');
    expect(svg).not.toMatch(/<script|on\w+=/i);
    const expected = await QRCode.toString(`${event.short_url}?src=qr`, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 4,
      width: 300,
      color: { dark: '#112233ff', light: '#FAFAFAff' },
    });
    expect(svg).toBe(expected);
  });

  it('keeps encoding the same short link after a slug change: printed codes keep working', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a, { slug: uniqueSlug() });
    const next = uniqueSlug('moved');
    const moved = expectData(eventSchema, await request('PATCH', `events/${event.id}/`, a, { slug: next }));
    expect(moved.short_url).toBe(event.short_url);
    const res = await request('GET', `events/${event.id}/qr-code/?format=svg`, a);
    expect(res.headers['content-disposition']).toContain(`filename="${next}-qr.svg"`);
    expect(res.body).toBe(
      await QRCode.toString(`${event.short_url}?src=qr`, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 4,
        width: 512,
        color: { dark: '#000000ff', light: '#ffffffff' },
      }),
    );
  });

  it.each([
    ['size=127', 'size'],
    ['size=2049', 'size'],
    ['size=abc', 'size'],
    ['size=300.5', 'size'],
    ['format=gif', 'format'],
    ['color=red', 'color'],
    ['background=%23fff', 'background'],
    ['color=%23ffffff', 'color'],
    ['color=%23ffffff&background=%23000000', 'color'],
    ['color=%23777777&background=%23888888', 'color'],
  ])('answers 422 for %s', async (query, field) => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    expectValidation(await request('GET', `events/${event.id}/qr-code/?${query}`, a), field);
  });

  it('accepts the smallest and largest sizes', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    for (const size of [128, 2048]) {
      const res = await request('GET', `events/${event.id}/qr-code/?size=${size}`, a);
      expect(res.rawPayload.readUInt32BE(16)).toBe(size);
    }
  });
});

// --- analytics -------------------------------------------------------------------------------

describe('GET /events/{id}/analytics/', () => {
  const utcDay = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
  const at = (offset: number) => new Date(`${utcDay(offset)}T12:00:00Z`);

  it('counts page views, submissions, conversion, by day (zero-filled) and by source', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    const other = await createEvent(a, { name: 'Other' });
    const org = orgId(a);
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.insert(capturePageViews).values([
        { organizationId: org, eventId: event.id, day: utcDay(0), views: 10 },
        { organizationId: org, eventId: event.id, day: utcDay(-2), views: 30 },
        { organizationId: org, eventId: event.id, day: utcDay(-40), views: 60 },
        { organizationId: org, eventId: other.id, day: utcDay(0), views: 1000 },
      ]),
    );
    await insertLead(org, event.id, { source: 'qr_scan', createdAt: at(0), status: 'converted' });
    await insertLead(org, event.id, { source: 'qr_scan', createdAt: at(-2) });
    await insertLead(org, event.id, { source: 'direct', createdAt: at(-2) });
    await insertLead(org, event.id, { source: 'booth_visit', createdAt: at(-40) });
    // Deleted leads, other events' leads and leads without an event do not count.
    await insertLead(org, event.id, { source: 'qr_scan', createdAt: at(0), deletedAt: new Date() });
    await insertLead(org, other.id, { source: 'qr_scan', createdAt: at(0) });
    await insertLead(org, null, { source: 'manual', createdAt: at(0) });

    const week = expectData(eventAnalyticsSchema, await request('GET', `events/${event.id}/analytics/?days=7`, a));
    expect(week).toMatchObject({
      event_id: event.id,
      days: 7,
      from: utcDay(-6),
      to: utcDay(0),
      page_views: 40,
      submissions: 3,
      converted: 1,
      conversion_rate: 33.3,
      by_source: [
        { source: 'qr_scan', count: 2 },
        { source: 'direct', count: 1 },
      ],
      all_time: { page_views: 100, submissions: 4, converted: 1, conversion_rate: 25 },
    });
    expect(week.by_day).toHaveLength(7);
    expect(week.by_day[0]).toEqual({ date: utcDay(-6), page_views: 0, submissions: 0 });
    expect(week.by_day[4]).toEqual({ date: utcDay(-2), page_views: 30, submissions: 2 });
    expect(week.by_day[6]).toEqual({ date: utcDay(0), page_views: 10, submissions: 1 });

    const month = expectData(eventAnalyticsSchema, await request('GET', `events/${event.id}/analytics/`, a));
    expect(month).toMatchObject({ days: 30, page_views: 40, submissions: 3 });
    expect(month.by_day).toHaveLength(30);
    const quarter = expectData(eventAnalyticsSchema, await request('GET', `events/${event.id}/analytics/?days=90`, a));
    expect(quarter).toMatchObject({ page_views: 100, submissions: 4, conversion_rate: 25 });
    expect(quarter.by_source).toContainEqual({ source: 'booth_visit', count: 1 });
  });

  it('answers zeros, not a division by zero, for an event without leads', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    const figures = expectData(eventAnalyticsSchema, await request('GET', `events/${event.id}/analytics/?days=365`, a));
    expect(figures).toMatchObject({ page_views: 0, submissions: 0, converted: 0, conversion_rate: 0 });
    expect(figures.by_day).toHaveLength(365);
  });

  it('counts the same leads in the events list, the event and its figures, with conversion at most 100 %', async () => {
    // The review's event: 51 leads on the event's page and 3 in the list, 1,020 % conversion
    // (51 leads over 5 page views). Leads added by hand count like captured ones; deleted and
    // rejected ones nowhere; pending ones everywhere (they wait for a decision).
    const a = await registerUser(t);
    const slug = uniqueSlug('figures');
    const event = await createEvent(a, { name: slug, slug, settings: { start_active: true } });
    const org = orgId(a);
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.insert(capturePageViews).values({ organizationId: org, eventId: event.id, day: utcDay(0), views: 5 }),
    );
    for (let i = 0; i < 3; i++)
      expectData(
        anyData,
        await t.app.inject({
          method: 'POST',
          url: `/api/v1/public/events/${slug}/leads/`,
          payload: {
            first_name: 'Greta',
            last_name: 'Lind',
            email: `greta.${randomUUID()}@example.com`,
            company: 'Acme',
          },
        }),
        201,
      );
    for (let i = 0; i < 45; i++) await insertLead(org, event.id, { source: 'manual' });
    for (let i = 0; i < 2; i++) await insertLead(org, event.id, { source: 'manual', status: 'converted' });
    await insertLead(org, event.id, { status: 'closed_won', approvalStatus: 'pending' });
    await insertLead(org, event.id, { status: 'converted', deletedAt: new Date() });
    await insertLead(org, event.id, { status: 'converted', approvalStatus: 'rejected' });

    const listed = expectData(eventPage, await request('GET', `events/?search=${slug}`, a)).results;
    const shown = expectData(eventSchema, await request('GET', `events/${event.id}/`, a));
    const figures = expectData(eventAnalyticsSchema, await request('GET', `events/${event.id}/analytics/`, a));
    expect(listed.map((e) => e.leads_captured)).toEqual([51]);
    expect(shown.leads_captured).toBe(51);
    expect(figures.all_time).toEqual({ page_views: 5, submissions: 51, converted: 3, conversion_rate: 5.9 });
    expect(figures).toMatchObject({ submissions: 51, converted: 3, conversion_rate: 5.9 });
    // Sorting by the column uses the same count.
    const byCount = expectData(eventPage, await request('GET', `events/?ordering=-leads_captured`, a)).results;
    expect(byCount[0]).toMatchObject({ id: event.id, leads_captured: 51 });
  });

  it.each(['days=10', 'days=abc', 'days=-7'])('answers 422 for %s', async (query) => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    expectValidation(await request('GET', `events/${event.id}/analytics/?${query}`, a), 'days');
  });
});

// --- logo ------------------------------------------------------------------------------------

describe('/events/{id}/logo/', () => {
  it('stores the logo as a public file, replaces it, removes it', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    const withLogo = expectData(eventSchema, await postLogo(a, event.id));
    expect(withLogo.logo_url).toMatch(/^http:\/\/localhost:3000\/api\/v1\/public\/files\/[0-9a-f-]{36}\/$/);
    const first = new URL(withLogo.logo_url ?? '').pathname;
    const pub = await t.app.inject({ method: 'GET', url: first });
    expect(pub.statusCode).toBe(200);
    expect(pub.rawPayload.equals(PNG)).toBe(true);

    const replaced = expectData(eventSchema, await postLogo(a, event.id));
    expect(replaced.logo_url).not.toBe(withLogo.logo_url);
    expectError(await t.app.inject({ method: 'GET', url: first }), 404, 'NOT_FOUND');
    expect(storedFiles(orgId(a))).toHaveLength(1);

    const cleared = expectData(eventSchema, await request('DELETE', `events/${event.id}/logo/`, a));
    expect(cleared.logo_url).toBeNull();
    expect(storedFiles(orgId(a))).toEqual([]);
    // Again: nothing to remove, the same answer.
    expect(expectData(eventSchema, await request('DELETE', `events/${event.id}/logo/`, a)).logo_url).toBeNull();
    expect((await auditActions(orgId(a))).map((x) => x.action)).toEqual([
      'event.created',
      'event.logo_updated',
      'event.logo_updated',
      'event.logo_removed',
    ]);
  });

  it('refuses an SVG (422) or an oversized file (413) and keeps the current logo', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    const current = expectData(eventSchema, await postLogo(a, event.id)).logo_url;
    expectValidation(await postLogo(a, event.id, SVG, 'logo.svg'), 'file');
    const big = await postLogo(a, event.id, Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(expectError(big, 413, 'PAYLOAD_TOO_LARGE').details).toEqual({ file: ['Image size must be less than 2MB'] });
    expect(expectData(eventSchema, await request('GET', `events/${event.id}/`, a)).logo_url).toBe(current);
    expect(storedFiles(orgId(a))).toHaveLength(1);
  });

  it('keeps the logo from being deleted as a plain file (409): the event would point at nothing', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    const logoUrl = expectData(eventSchema, await postLogo(a, event.id)).logo_url ?? '';
    const fileId = new URL(logoUrl).pathname.split('/').filter(Boolean).pop() ?? '';
    expectError(await request('DELETE', `files/${fileId}/`, a), 409, 'CONFLICT');
    expect(expectData(eventSchema, await request('GET', `events/${event.id}/`, a)).logo_url).toBe(logoUrl);
    expect(storedFiles(orgId(a))).toHaveLength(1);
  });

  it('goes with the event: deleting the event deletes its logo file', async () => {
    const a = await registerUser(t);
    const event = await createEvent(a);
    const logo = new URL(expectData(eventSchema, await postLogo(a, event.id)).logo_url ?? '').pathname;
    expectData(anyData, await request('DELETE', `events/${event.id}/`, a));
    expectError(await t.app.inject({ method: 'GET', url: logo }), 404, 'NOT_FOUND');
    expect(storedFiles(orgId(a))).toEqual([]);
  });
});
