import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormField } from '@leadcapture/contracts/form-fields';
import {
  captureResultSchema,
  confirmLeadEmailResultSchema,
  pageViewResultSchema,
  publicEventFormSchema,
  publicEventSchema,
} from '@leadcapture/contracts/leads';
import { eventSchema } from '@leadcapture/contracts/events';
import { HONEYPOT_FIELD, IDEMPOTENCY_KEY_MAX_LENGTH } from '@leadcapture/contracts/public-capture';
import {
  createEvent,
  leadsCaptured,
  outboxRows,
  postCapture,
  storedLeads,
  visitor,
  type EventFixture,
} from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { loadConfig, ConfigError } from '../../config.ts';
import { queryRows } from '../../db/database.ts';
import { multipart, PNG } from '../../../test/multipart.ts';
import { inScope } from '../../db/tenant.ts';
import { capturePageViews } from '../events/events.table.ts';
import { leadActivities } from '../leads/leads.table.ts';
import { LEAD_CREATED } from '../leads/leads.service.ts';
import type { LiveEvent } from '../../jobs/live-events.ts';

let t: TestApp;
let organizationId: string;

const interest = createFormField('select', 'interest', {
  label: 'What interests you?',
  required: true,
  options: ['Demo', 'Pricing'],
});
const newsletter = createFormField('checkbox', 'newsletter', { label: 'Newsletter' });
const heading = createFormField('heading', 'intro', { label: 'Tell us more' });

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t);
  organizationId = owner.organization?.id ?? '';
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/${url}` });
const beacon = (idOrSlug: string, remoteAddress = uniqueAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/v1/public/events/${idOrSlug}/views/`, remoteAddress });

async function confirm(token: unknown) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/public/leads/confirm-email/',
    payload: token === undefined ? {} : { token },
  });
}

describe('GET /public/events/{id_or_slug}/ and /form/', () => {
  it('shows an active event by slug or id, with nothing internal', async () => {
    const event = await createEvent(t, organizationId, {
      formFields: [heading, interest],
      consentText: 'I agree to be contacted about Nordic Expo.',
      startDate: new Date(Date.now() + 86_400_000),
    });
    for (const key of [event.slug, event.id, event.slug.toUpperCase()]) {
      const res = await get(`events/${key}/`);
      const data = expectData(publicEventSchema, res);
      expect(data).toMatchObject({
        id: event.id,
        slug: event.slug,
        name: 'Nordic Expo',
        consent_text: 'I agree to be contacted about Nordic Expo.',
        status: 'upcoming',
        email_verification: false,
        logo_url: null,
      });
      expect(data.organization_name).toMatch(/^Booth Co/);
      expect(data.form_fields.map((f) => f.id)).toEqual(['intro', 'interest']);
      const raw = res.json<{ data: Record<string, unknown> }>().data;
      for (const internal of ['organization_id', 'settings', 'leads_captured', 'created_by', 'manual_status']) {
        expect(raw).not.toHaveProperty(internal);
      }
    }
  });

  it("shows the organisation's logo when the event has none of its own", async () => {
    const brand = await registerUser(t);
    const brandOrg = brand.organization?.id ?? '';
    const form = multipart([{ name: 'file', filename: 'logo.png', data: PNG }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${brandOrg}/logo/`,
      headers: { ...form.headers, ...bearer(brand.access) },
      payload: form.payload,
    });
    const logoUrl = upload.json<{ data: { logo_url: string } }>().data.logo_url;
    expect(logoUrl).toMatch(/\/api\/v1\/public\/files\/[0-9a-f-]{36}\/$/);
    const event = await createEvent(t, brandOrg);
    expect(expectData(publicEventSchema, await get(`events/${event.slug}/`)).logo_url).toBe(logoUrl);
  });

  it('answers the form: standard fields first, the custom fields, the consent text and the honeypot', async () => {
    const event = await createEvent(t, organizationId, { formFields: [interest], consentText: 'Yes, contact me.' });
    const form = expectData(publicEventFormSchema, await get(`events/${event.slug}/form/`));
    expect(form.event_id).toBe(event.id);
    expect(form.standard_fields.map((f) => [f.name, f.required])).toEqual([
      ['first_name', true],
      ['last_name', true],
      ['company', true],
      ['email', true],
      ['phone', false],
      ['job_title', false],
    ]);
    expect(form.form_fields).toEqual([interest]);
    expect(form.consent_text).toBe('Yes, contact me.');
    expect(form.honeypot_field).toBe(HONEYPOT_FIELD);
  });

  it('answers 404 for unknown, draft, inactive and cancelled events on every public route', async () => {
    const hidden = await Promise.all(
      (['draft', 'inactive', 'cancelled'] as const).map((status) => createEvent(t, organizationId, { status })),
    );
    const keys = ['no-such-event', randomUUID(), ...hidden.flatMap((e) => [e.slug, e.id])];
    for (const key of keys) {
      expectError(await get(`events/${key}/`), 404, 'NOT_FOUND');
      expectError(await get(`events/${key}/form/`), 404, 'NOT_FOUND');
      expectError(await beacon(key), 404, 'NOT_FOUND');
      expectError(await postCapture(t, key, visitor()), 404, 'NOT_FOUND');
    }
    expect(await storedLeads(t, organizationId)).toHaveLength(0);
  });
});

describe('POST /public/events/{id_or_slug}/leads/', () => {
  it('captures a lead: source, attribution, answers, consent, counter and outbox in one go', async () => {
    const event = await createEvent(t, organizationId, {
      formFields: [heading, interest, newsletter],
      consentText: 'I agree to be contacted about Nordic Expo.',
    });
    const res = await postCapture(t, event.slug, {
      ...visitor({ email: 'Greta.Berg@Example.com', phone: '+46 70 123 45 67', job_title: 'CTO' }),
      responses: { interest: 'Demo', newsletter: true, intro: 'ignored', unknown: 'ignored' },
      source: 'qr_scan',
      utm_source: 'linkedin',
      utm_campaign: 'spring',
      referrer: 'https://www.linkedin.com/',
      consent: true,
    });
    const result = expectData(captureResultSchema, res, 201);
    expect(result.status).toBe('received');

    const [lead] = await storedLeads(t, organizationId).then((rows) => rows.filter((r) => r.eventId === event.id));
    expect(lead).toMatchObject({
      id: result.id,
      firstName: 'Greta',
      email: 'greta.berg@example.com',
      phone: '+46 70 123 45 67',
      jobTitle: 'CTO',
      source: 'qr_scan',
      status: 'new',
      approvalStatus: 'approved',
      customFields: { interest: 'Demo', newsletter: true },
      attribution: { utm_source: 'linkedin', utm_campaign: 'spring', referrer: 'https://www.linkedin.com/' },
      consentText: 'I agree to be contacted about Nordic Expo.',
      emailVerifiedAt: null,
    });
    expect(lead?.consentGivenAt).toBeInstanceOf(Date);
    expect(await leadsCaptured(t, event)).toBe(1);

    // One lead.created per stored lead of the organisation (delivered or not).
    const created = await outboxRows(t, organizationId, LEAD_CREATED);
    expect(created).toHaveLength((await storedLeads(t, organizationId)).length);
  });

  it('defaults the source to direct and keeps no consent when the box is not ticked', async () => {
    const event = await createEvent(t, organizationId, { consentText: 'Contact me.' });
    const { id } = expectData(captureResultSchema, await postCapture(t, event.id, visitor()), 201);
    const lead = (await storedLeads(t, organizationId)).find((r) => r.id === id);
    expect(lead).toMatchObject({ source: 'direct', consentText: '', consentGivenAt: null, attribution: {} });
  });

  it("does not ask a designer's copy of a contact field: a required email or phone question of the form", async () => {
    // The page asks the contact details once (publicFormLayout); the copy must not refuse the capture.
    const event = await createEvent(t, organizationId, {
      formFields: [
        createFormField('email', 'work_email', { label: 'Work email', required: true }),
        createFormField('phone', 'mobile', { label: 'Mobile', required: true }),
      ],
    });
    const answer = visitor({ phone: '+46 70 123 45 67' });
    const result = expectData(captureResultSchema, await postCapture(t, event.slug, answer), 201);
    const lead = (await storedLeads(t, organizationId)).find((r) => r.id === result.id);
    expect(lead).toMatchObject({ email: answer.email, phone: '+46 70 123 45 67', customFields: {} });
  });

  it('answers 422 with every field of the answer keyed as on the page, and stores nothing', async () => {
    const event = await createEvent(t, organizationId, { formFields: [interest] });
    const details = expectValidation(
      await postCapture(t, event.slug, { email: 'not-an-email', responses: { interest: 'Nope' } }),
      'first_name',
      'last_name',
      'company',
      'email',
      'responses.interest',
    );
    expect(details.email).toEqual(['Enter a valid email address']);
    expect(details['responses.interest']).toEqual(['Select a valid choice']);
    expectValidation(await postCapture(t, event.slug, visitor()), 'responses.interest');
    expect(await leadsCaptured(t, event)).toBe(0);
  });

  it('refuses oversize strings, wrong types and unknown enumerations with 422', async () => {
    const event = await createEvent(t, organizationId);
    const cases: [Record<string, unknown>, string][] = [
      [{ first_name: 'x'.repeat(151) }, 'first_name'],
      [{ company: 'x'.repeat(201) }, 'company'],
      [{ email: `${'x'.repeat(250)}@example.com` }, 'email'],
      [{ phone: '1'.repeat(33) }, 'phone'],
      [{ first_name: 42 }, 'first_name'],
      [{ utm_source: 'x'.repeat(201) }, 'utm_source'],
      [{ referrer: 'x'.repeat(2001) }, 'referrer'],
      [{ source: 'carrier_pigeon' }, 'source'],
      [{ language: 'de' }, 'language'],
      [{ consent: 'yes' }, 'consent'],
      [{ responses: ['not', 'an', 'object'] }, 'responses'],
    ];
    for (const [change, field] of cases) {
      expectValidation(await postCapture(t, event.slug, { ...visitor(), ...change }), field);
    }
    expect(await leadsCaptured(t, event)).toBe(0);
  });

  it('answers 400 to malformed JSON and 422 to a bad Idempotency-Key', async () => {
    const event = await createEvent(t, organizationId);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${event.slug}/leads/`,
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": "Greta",',
    });
    expectError(malformed, 400, 'BAD_REQUEST');
    for (const key of ['k'.repeat(IDEMPOTENCY_KEY_MAX_LENGTH + 1), 'has spaces in it']) {
      expectValidation(
        await postCapture(t, event.slug, visitor(), { headers: { 'idempotency-key': key } }),
        'idempotency-key',
      );
    }
    expect(await leadsCaptured(t, event)).toBe(0);
  });

  it('keeps a lead of an event that requires approval pending', async () => {
    const event = await createEvent(t, organizationId, { settings: { require_approval: true } });
    const result = expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
    expect(result.status).toBe('pending_approval');
    const lead = (await storedLeads(t, organizationId)).find((r) => r.id === result.id);
    expect(lead?.approvalStatus).toBe('pending');
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const event = await createEvent(t, organizationId);
    const before = (await storedLeads(t, organizationId)).length;
    const res = await postCapture(t, event.slug, { ...visitor(), [HONEYPOT_FIELD]: 'https://spam.example' });
    const result = expectData(captureResultSchema, res, 201);
    expect(result.status).toBe('received');
    expect((await storedLeads(t, organizationId)).length).toBe(before);
    expect((await storedLeads(t, organizationId)).some((r) => r.id === result.id)).toBe(false);
    expect(await leadsCaptured(t, event)).toBe(0);
    // Even invalid answers: a bot learns nothing from the honeypot's answer.
    expectData(captureResultSchema, await postCapture(t, event.slug, { [HONEYPOT_FIELD]: 'x' }), 201);
    // An empty honeypot is a person.
    expectData(captureResultSchema, await postCapture(t, event.slug, { ...visitor(), [HONEYPOT_FIELD]: '' }), 201);
    expect(await leadsCaptured(t, event)).toBe(1);
  });

  it('answers the same again for the same Idempotency-Key, with one lead', async () => {
    const event = await createEvent(t, organizationId);
    const key = randomUUID();
    const body = visitor();
    const first = await postCapture(t, event.slug, body, { headers: { 'idempotency-key': key } });
    const again = await postCapture(t, event.slug, body, { headers: { 'idempotency-key': key } });
    const a = expectData(captureResultSchema, first, 201);
    const b = expectData(captureResultSchema, again, 201);
    expect(b).toEqual(a);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await leadsCaptured(t, event)).toBe(1);

    const other = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor(), { headers: { 'idempotency-key': randomUUID() } }),
      201,
    );
    expect(other.id).not.toBe(a.id);
    expect(await leadsCaptured(t, event)).toBe(2);

    // A key is scoped to its event: the same key on another event is a new capture.
    const second = await createEvent(t, organizationId);
    const elsewhere = expectData(
      captureResultSchema,
      await postCapture(t, second.slug, visitor(), { headers: { 'idempotency-key': key } }),
      201,
    );
    expect(elsewhere.id).not.toBe(a.id);
    expect(await leadsCaptured(t, second)).toBe(1);
  });

  it('links a capture with a known email to the lead it belongs to, once per Idempotency-Key', async () => {
    const event = await createEvent(t, organizationId);
    const later = await createEvent(t, organizationId);
    const first = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor({ email: 'Linked@Example.com' })),
      201,
    );
    const key = randomUUID();
    const again = () =>
      postCapture(t, later.slug, visitor({ email: 'linked@example.com', phone: '+46 8 123 456' }), {
        headers: { 'idempotency-key': key },
      });
    const linked = expectData(captureResultSchema, await again(), 201);
    expect(linked.id).toBe(first.id);
    const replay = await again();
    expect(expectData(captureResultSchema, replay, 201).id).toBe(first.id);
    expect(replay.headers['idempotent-replayed']).toBe('true');

    const rows = (await storedLeads(t, organizationId)).filter((l) => l.email.toLowerCase() === 'linked@example.com');
    expect(rows).toHaveLength(1);
    // The lead stays the first event's (its figures count leads); its timeline holds the second capture once.
    expect(await leadsCaptured(t, event)).toBe(1);
    expect(await leadsCaptured(t, later)).toBe(0);
    const activities = await inScope(t.database.db, { organizationId }, (tx) =>
      tx.select().from(leadActivities).where(eq(leadActivities.leadId, first.id)),
    );
    expect(activities.map((a) => a.type)).toEqual(['captured_again']);
    expect(activities[0]?.metadata).toMatchObject({ event_id: later.id, source: 'direct' });
  });

  it('keeps a capture with a known email as a lead of its own when the organisation keeps duplicates', async () => {
    const owner = await registerUser(t);
    const orgId = owner.organization?.id ?? '';
    await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/organizations/current/settings/',
      headers: bearer(owner.access),
      payload: { duplicate_leads: 'keep_separate' },
    });
    const event = await createEvent(t, orgId);
    const a = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor({ email: 'twice@example.com' })),
      201,
    );
    const b = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor({ email: 'twice@example.com' })),
      201,
    );
    expect(b.id).not.toBe(a.id);
    expect((await storedLeads(t, orgId)).filter((l) => l.email === 'twice@example.com')).toHaveLength(2);
  });

  it('makes one lead of concurrent requests with the same Idempotency-Key', async () => {
    const event = await createEvent(t, organizationId);
    const key = randomUUID();
    const body = visitor();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => postCapture(t, event.slug, body, { headers: { 'idempotency-key': key } })),
    );
    const ids = new Set(answers.map((res) => expectData(captureResultSchema, res, 201).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((res) => res.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await leadsCaptured(t, event)).toBe(1);
    expect((await storedLeads(t, organizationId)).filter((r) => r.eventId === event.id)).toHaveLength(1);
  });

  it('counts 50 concurrent captures exactly', async () => {
    const event = await createEvent(t, organizationId);
    const answers = await Promise.all(Array.from({ length: 50 }, () => postCapture(t, event.slug, visitor())));
    for (const res of answers) expectData(captureResultSchema, res, 201);
    expect(await leadsCaptured(t, event)).toBe(50);
    expect((await storedLeads(t, organizationId)).filter((r) => r.eventId === event.id)).toHaveLength(50);
  });

  it('checks the answers against the event as it is now, not the copy an earlier capture cached', async () => {
    const owner = await registerUser(t);
    const headers = bearer(owner.access);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      headers,
      payload: { name: 'Kiosk Expo', form_fields: [] },
    });
    const { id, slug } = expectData(eventSchema, created, 201);
    expectData(captureResultSchema, await postCapture(t, slug, visitor()), 201);

    // The form gains a required question: the next capture without it is a 422, not a lead.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/events/${id}/`,
      headers,
      payload: { form_fields: [interest] },
    });
    expect(edited.statusCode).toBe(200);
    expectValidation(await postCapture(t, slug, visitor()), 'responses.interest');
    expectData(captureResultSchema, await postCapture(t, slug, { ...visitor(), responses: { interest: 'Demo' } }), 201);

    // Deactivated: the cached copy does not keep the page open.
    await t.app.inject({ method: 'PATCH', url: `/api/v1/events/${id}/`, headers, payload: { status: 'inactive' } });
    expectError(await postCapture(t, slug, { ...visitor(), responses: { interest: 'Demo' } }), 404, 'NOT_FOUND');
    expect(await leadsCaptured(t, { id, slug, organizationId: owner.organization?.id ?? '' })).toBe(2);
  });

  it('writes lead.created to the outbox, and the process that wrote it delivers it at once', async () => {
    const owner = await registerUser(t);
    const org = owner.organization?.id ?? '';
    const event = await createEvent(t, org);
    const live: LiveEvent[] = [];
    const unsubscribe = t.app.deps.live.subscribe((message) => {
      if (message.organizationId === org) live.push(message);
    });
    try {
      const { id } = expectData(captureResultSchema, await postCapture(t, event.slug, visitor()), 201);
      // Its payload is the lead as stored (leads.service.test.ts); here: written, then delivered
      // by this process (leased at insert, so no poller of another test process claims it).
      expect(await outboxRows(t, org, LEAD_CREATED)).toHaveLength(1);
      await t.app.deps.outbox.drain();
      const [delivered] = await outboxRows(t, org, LEAD_CREATED);
      expect(delivered?.delivered_at).not.toBeNull();
      expect(delivered?.attempts).toBe(1);
      // The lead's own message (the owner's notification.created follows as its own outbox row,
      // which on PostgreSQL another test process may deliver: notification-delivery.test.ts).
      expect(live.filter((m) => m.type === LEAD_CREATED)).toEqual([
        { type: LEAD_CREATED, organizationId: org, data: expect.objectContaining({ id }) as unknown },
      ]);
    } finally {
      unsubscribe();
    }
  });
});

describe('double opt-in', () => {
  it('mails the visitor in their language and marks the lead verified when the link is used, once', async () => {
    const event = await createEvent(t, organizationId, {
      name: 'Stockholm Tech Fair',
      settings: { email_verification: true },
    });
    expect(expectData(publicEventSchema, await get(`events/${event.slug}/`)).email_verification).toBe(true);
    const email = `asa.${randomUUID().slice(0, 8)}@example.com`;
    const { id } = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor({ first_name: 'Åsa', email, language: 'sv' })),
      201,
    );
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('Bekräfta din e-postadress');
    expect(mail?.text).toContain('Hej Åsa,');
    expect(mail?.text).toContain('Stockholm Tech Fair');
    const link = /http:\/\/localhost:3000\/sv\/capture\/confirm\?token=([\w-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';

    let lead = (await storedLeads(t, organizationId)).find((r) => r.id === id);
    expect(lead?.emailVerifiedAt).toBeNull();
    const confirmed = expectData(confirmLeadEmailResultSchema, await confirm(token));
    expect(confirmed).toEqual({ email_verified: true, event_name: 'Stockholm Tech Fair' });
    lead = (await storedLeads(t, organizationId)).find((r) => r.id === id);
    expect(lead?.emailVerifiedAt).toBeInstanceOf(Date);

    expectError(await confirm(token), 404, 'NOT_FOUND');
  });

  it('mails in English by default and sends nothing when the event does not verify', async () => {
    const verifying = await createEvent(t, organizationId, { settings: { email_verification: true } });
    const email = `erik.${randomUUID().slice(0, 8)}@example.com`;
    expectData(captureResultSchema, await postCapture(t, verifying.slug, visitor({ email })), 201);
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('Please confirm your email address');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/capture\/confirm\?token=[\w-]+/);

    const plain = await createEvent(t, organizationId);
    const quiet = `quiet.${randomUUID().slice(0, 8)}@example.com`;
    expectData(captureResultSchema, await postCapture(t, plain.slug, visitor({ email: quiet })), 201);
    expect(await mailsTo(t, quiet, { atLeast: 1, timeoutMs: 300 })).toHaveLength(0);
  });

  it('answers 404 to an unknown token and 422 to a missing or malformed one', async () => {
    expectError(await confirm('x'.repeat(43)), 404, 'NOT_FOUND');
    expectValidation(await confirm(undefined), 'token');
    expectValidation(await confirm(''), 'token');
    expectValidation(await confirm('x'.repeat(201)), 'token');
    expectValidation(await confirm(42), 'token');
  });
});

describe('throttling', () => {
  it('answers 429 with Retry-After past CAPTURE_RATE_LIMIT per address', async () => {
    const limited = await createTestApp({ env: { CAPTURE_RATE_LIMIT: '3/10m' } });
    try {
      const owner = await registerUser(limited);
      const event = await createEvent(limited, owner.organization?.id ?? '');
      const address = uniqueAddress();
      for (let i = 0; i < 3; i++) {
        expectData(
          captureResultSchema,
          await postCapture(limited, event.slug, visitor(), { remoteAddress: address }),
          201,
        );
      }
      const refused = await postCapture(limited, event.slug, visitor(), { remoteAddress: address });
      expectError(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      // Another address behind another NAT is not affected.
      expectData(captureResultSchema, await postCapture(limited, event.slug, visitor()), 201);
      expect(await leadsCaptured(limited, event)).toBe(4);
    } finally {
      await limited.close();
    }
  });

  it('reads CAPTURE_RATE_LIMIT as count per window, 120 per 10 minutes by default', () => {
    const dataDir = '/tmp/leadcapture-config-test';
    const read = (value?: string) =>
      loadConfig({ CAPTURE_RATE_LIMIT: value }, { dataDir, jwtSecret: 'x'.repeat(32) }).captureRateLimit;
    expect(read()).toEqual({ limit: 120, windowSeconds: 600 });
    expect(read('5/30')).toEqual({ limit: 5, windowSeconds: 30 });
    expect(read('1000/1h')).toEqual({ limit: 1000, windowSeconds: 3600 });
    for (const bad of ['120', '0/10m', '10/0', 'lots/10m', '10/10d']) expect(() => read(bad)).toThrow(ConfigError);
  });
});

describe('page views', () => {
  async function views(event: EventFixture): Promise<number> {
    const rows = await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
      tx.select({ views: capturePageViews.views }).from(capturePageViews).where(eq(capturePageViews.eventId, event.id)),
    );
    return rows.reduce((sum, r) => sum + r.views, 0);
  }

  it('counts each beacon in the UTC day row; reading the event counts nothing', async () => {
    const event = await createEvent(t, organizationId);
    await get(`events/${event.slug}/`);
    await get(`events/${event.slug}/form/`);
    expect(await views(event)).toBe(0);
    expect(expectData(pageViewResultSchema, await beacon(event.slug)).counted).toBe(true);
    expect(expectData(pageViewResultSchema, await beacon(event.id)).counted).toBe(true);
    expect(await views(event)).toBe(2);
    const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
      queryRows<{ day: string; today: string }>(
        tx,
        sql`select day::text as day, (now() at time zone 'utc')::date::text as today from capture_page_views where event_id = ${event.id}`,
      ),
    );
    expect(row?.day).toBe(row?.today);
  });

  it('counts nothing when the event does not track analytics', async () => {
    const event = await createEvent(t, organizationId, { settings: { analytics_tracking: false } });
    expect(expectData(pageViewResultSchema, await beacon(event.slug)).counted).toBe(false);
    expect(await views(event)).toBe(0);
  });

  it('stops counting an address that sends too many, without failing the page', async () => {
    const event = await createEvent(t, organizationId);
    const address = uniqueAddress();
    const answers = [];
    for (let i = 0; i < 302; i++) answers.push(await beacon(event.slug, address));
    const counted = answers.map((res) => expectData(pageViewResultSchema, res).counted);
    expect(counted.filter(Boolean)).toHaveLength(300);
    expect(await views(event)).toBe(300);
  });
});
