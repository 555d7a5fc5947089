import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { formFieldSchema } from '@leadcapture/contracts/forms';
import { captureResultSchema, pageViewResultSchema, publicOfferSchema } from '@leadcapture/contracts/leads';
import { offerStatsSchema } from '@leadcapture/contracts/offers';
import { HONEYPOT_FIELD } from '@leadcapture/contracts/public-capture';
import {
  createPublicOffer,
  outboxRows,
  postOfferSubmission,
  storedLeads,
  visitor,
  type OfferFixture,
} from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { multipart, PNG } from '../../../test/multipart.ts';
import { inScope } from '../../db/tenant.ts';
import { leadActivities } from '../leads/leads.table.ts';

let t: TestApp;
let owner: AuthResult;
let org: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  org = owner.organization?.id ?? '';
});
afterAll(() => t.close());

const NOT_AVAILABLE = 'This offer was not found or is no longer available.';
const seats = formFieldSchema.parse({ id: 'seats', type: 'number', label: 'Seats', required: true });

const getOffer = (idOrSlug: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/offers/${idOrSlug}/` });
const view = (idOrSlug: string, remoteAddress = uniqueAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/v1/public/offers/${idOrSlug}/views/`, remoteAddress });

describe('GET /public/offers/{id_or_slug}/', () => {
  it('shows a published offer by slug or id, without anything of the team', async () => {
    const offer = await createPublicOffer(t, org, {
      formFields: [seats],
      consentText: 'Mail me',
      requireApproval: true,
    });
    const bySlug = expectData(publicOfferSchema, await getOffer(offer.slug));
    expect(bySlug).toEqual({
      id: offer.id,
      title: 'Spring deal',
      slug: offer.slug,
      description: '',
      success_message: '',
      consent_text: 'Mail me',
      form_fields: [expect.objectContaining({ id: 'seats', type: 'number', required: true })],
      organization_name: expect.any(String),
      logo_url: null,
      primary_color: '#2563eb',
      require_approval: true,
    });
    expect(expectData(publicOfferSchema, await getOffer(offer.id))).toEqual(bySlug);
    // Slugs are case-insensitive in the address.
    expect((await getOffer(offer.slug.toUpperCase())).statusCode).toBe(200);
  });

  it("wears the organisation's logo and colour from its settings", async () => {
    const other = await registerUser(t);
    const otherOrg = other.organization?.id ?? '';
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/organizations/${otherOrg}/`,
      headers: bearer(other.access),
      payload: { primary_color: '#facc15' },
    });
    expect(patch.statusCode).toBe(200);
    const form = multipart([{ name: 'file', filename: 'logo.png', data: PNG }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/organizations/${otherOrg}/logo/`,
      headers: { ...form.headers, ...bearer(other.access) },
      payload: form.payload,
    });
    const logoUrl = upload.json<{ data: { logo_url: string } }>().data.logo_url;
    expect(logoUrl).toMatch(/\/api\/v1\/public\/files\/[0-9a-f-]{36}\/$/);
    const offer = await createPublicOffer(t, otherOrg);
    expect(expectData(publicOfferSchema, await getOffer(offer.slug))).toMatchObject({
      logo_url: logoUrl,
      primary_color: '#facc15',
    });
    // The logo is served to the visitor without a session.
    expect((await t.app.inject({ method: 'GET', url: new URL(logoUrl).pathname })).statusCode).toBe(200);
  });

  it.each([
    ['a draft', { status: 'draft' as const }],
    ['an archived offer', { status: 'archived' as const }],
    ['an active, unpublished offer', { status: 'active' as const, isPublished: false }],
  ])('answers 404 with the catalogue wording for %s, to the page and to a submission', async (_name, state) => {
    const offer = await createPublicOffer(t, org, state);
    expect(expectError(await getOffer(offer.slug), 404, 'NOT_FOUND').message).toBe(NOT_AVAILABLE);
    expect(expectError(await postOfferSubmission(t, offer.slug, visitor()), 404, 'NOT_FOUND').message).toBe(
      NOT_AVAILABLE,
    );
    expect(expectError(await view(offer.slug), 404, 'NOT_FOUND').message).toBe(NOT_AVAILABLE);
    expect(await storedLeads(t, org)).not.toContainEqual(expect.objectContaining({ offerId: offer.id }));
  });

  it('answers 404 for an unknown offer, and for an address too long to be one, in the envelope', async () => {
    expect(expectError(await getOffer('no-such-offer'), 404, 'NOT_FOUND').message).toBe(NOT_AVAILABLE);
    expect(expectError(await getOffer(randomUUID()), 404, 'NOT_FOUND').message).toBe(NOT_AVAILABLE);
    expectError(await getOffer('x'.repeat(201)), 404, 'NOT_FOUND');
  });

  it("does not show an event's page under the offer routes (separate namespaces)", async () => {
    const offer = await createPublicOffer(t, org);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/public/events/${offer.slug}/` });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /public/offers/{id_or_slug}/submit/', () => {
  it('captures a lead on the offer, scored, with lead.created in the outbox', async () => {
    const offer = await createPublicOffer(t, org, { formFields: [seats], consentText: 'Mail me' });
    // Counted, not read: a delivered message's payload is redacted (jobs/outbox.ts).
    const announcedBefore = (await outboxRows(t, org, 'lead.created')).length;
    const answer = visitor({ responses: { seats: 3 }, consent: true, source: 'qr_scan', utm_source: 'flyer' });
    const created = expectData(captureResultSchema, await postOfferSubmission(t, offer.slug, answer), 201);
    expect(created.status).toBe('received');
    const [lead] = (await storedLeads(t, org)).filter((l) => l.id === created.id);
    expect(lead).toMatchObject({
      offerId: offer.id,
      eventId: null,
      email: answer.email,
      source: 'qr_scan',
      approvalStatus: 'approved',
      customFields: { seats: 3 },
      consentText: 'Mail me',
      attribution: { utm_source: 'flyer' },
    });
    expect(lead?.score).toBeGreaterThan(0);
    expect(await outboxRows(t, org, 'lead.created')).toHaveLength(announcedBefore + 1);
    // The offer's figures count it.
    const stats = expectData(
      offerStatsSchema,
      await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}/stats/`, headers: bearer(owner.access) }),
    );
    expect(stats.submissions).toBe(1);
  });

  it('keeps the lead pending when the offer requires approval', async () => {
    const offer = await createPublicOffer(t, org, { requireApproval: true });
    const created = expectData(captureResultSchema, await postOfferSubmission(t, offer.id, visitor()), 201);
    expect(created.status).toBe('pending_approval');
    const [lead] = (await storedLeads(t, org)).filter((l) => l.id === created.id);
    expect(lead?.approvalStatus).toBe('pending');
  });

  it("checks the answers against the offer's form, every field in one 422, nothing stored", async () => {
    const offer = await createPublicOffer(t, org, { formFields: [seats] });
    const res = await postOfferSubmission(t, offer.slug, visitor({ email: 'not-an-email', responses: {} }));
    expectValidation(res, 'email', 'responses.seats');
    expect(await storedLeads(t, org)).not.toContainEqual(expect.objectContaining({ offerId: offer.id }));
  });

  it('answers bad bodies with the envelope: malformed JSON 400, wrong types 422', async () => {
    const offer = await createPublicOffer(t, org);
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/offers/${offer.slug}/submit/`,
      remoteAddress: uniqueAddress(),
      headers: { 'content-type': 'application/json' },
      payload: '{"first_name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expectValidation(await postOfferSubmission(t, offer.slug, { ...visitor(), responses: 'seats' }), 'responses');
    expectValidation(
      await postOfferSubmission(t, offer.slug, visitor(), { headers: { 'idempotency-key': 'ä'.repeat(10) } }),
      'idempotency-key',
    );
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const offer = await createPublicOffer(t, org);
    const res = await postOfferSubmission(t, offer.slug, { ...visitor(), [HONEYPOT_FIELD]: 'http://spam.example' });
    expect(expectData(captureResultSchema, res, 201).status).toBe('received');
    expect(await storedLeads(t, org)).not.toContainEqual(expect.objectContaining({ offerId: offer.id }));
  });

  it('answers the same Idempotency-Key with the same lead, stored once, also when sent at once', async () => {
    const offer = await createPublicOffer(t, org);
    const headers = { 'idempotency-key': randomUUID() };
    const answer = visitor();
    const [a, b] = await Promise.all([
      postOfferSubmission(t, offer.slug, answer, { headers }),
      postOfferSubmission(t, offer.slug, answer, { headers }),
    ]);
    const first = expectData(captureResultSchema, a, 201);
    expect(expectData(captureResultSchema, b, 201)).toEqual(first);
    const again = await postOfferSubmission(t, offer.slug, answer, { headers });
    expect(expectData(captureResultSchema, again, 201)).toEqual(first);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await storedLeads(t, org)).filter((l) => l.offerId === offer.id)).toHaveLength(1);
  });

  it('links a visitor the organisation already has to that lead, with the offer on its timeline', async () => {
    const offer = await createPublicOffer(t, org, { formFields: [seats] });
    const known = visitor();
    const first = expectData(
      captureResultSchema,
      await postOfferSubmission(t, offer.slug, { ...known, responses: { seats: 1 } }),
      201,
    );
    const second = await postOfferSubmission(t, offer.slug, {
      ...known,
      email: known.email.toUpperCase(),
      responses: { seats: 4 },
    });
    expect(expectData(captureResultSchema, second, 201).id).toBe(first.id);
    const mine = (await storedLeads(t, org)).filter((l) => l.offerId === offer.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.customFields).toEqual({ seats: 4 });
    const activities = await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.select().from(leadActivities).where(eq(leadActivities.leadId, first.id)),
    );
    expect(activities).toEqual([
      expect.objectContaining({
        type: 'captured_again',
        metadata: expect.objectContaining({ offer_id: offer.id, offer_name: 'Spring deal' }),
      }),
    ]);
  });

  it('throttles one address past the capture limit with 429 and Retry-After', async () => {
    const offer = await createPublicOffer(t, org);
    const { limit } = t.config.captureRateLimit;
    const remoteAddress = uniqueAddress();
    let last = await postOfferSubmission(t, offer.slug, visitor(), { remoteAddress });
    for (let i = 1; i <= limit; i++)
      last = await postOfferSubmission(t, offer.slug, { [HONEYPOT_FIELD]: 'x' }, { remoteAddress });
    expectError(last, 429, 'RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('POST /public/offers/{id_or_slug}/views/', () => {
  let offer: OfferFixture;
  beforeAll(async () => {
    offer = await createPublicOffer(t, org);
  });

  it("counts views into the offer's figures, without a cookie", async () => {
    const res = await view(offer.slug);
    expect(expectData(pageViewResultSchema, res)).toEqual({ counted: true });
    expect(res.headers['set-cookie']).toBeUndefined();
    await view(offer.id);
    const stats = expectData(
      offerStatsSchema,
      await t.app.inject({ method: 'GET', url: `/api/v1/offers/${offer.id}/stats/`, headers: bearer(owner.access) }),
    );
    expect(stats.page_views).toBe(2);
  });
});
