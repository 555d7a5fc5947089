import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { leadSchema } from '@leadcapture/contracts/leads';
import {
  offerFieldSchema,
  offerFieldsSchema,
  offerSchema,
  offerSlugAvailabilitySchema,
  offerStatsSchema,
  type Offer,
} from '@leadcapture/contracts/offers';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { anyData, expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { inScope } from '../../db/tenant.ts';
import { leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { offerPageViews } from './offers.table.ts';

type User = AuthResult & { actAs?: string };
const offerPage = paginated(offerSchema);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

// --- helpers ---------------------------------------------------------------------------------

function request(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  user: User,
  payload?: InjectOptions['payload'],
): Promise<Response> {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), ...(user.actAs ? { 'x-organization-id': user.actAs } : {}) },
    ...(payload === undefined ? {} : { payload }),
  });
}

const orgId = (u: User) => u.organization?.id ?? '';
/** Slugs are unique across the product and test files share one PostgreSQL: every given slug is unique. */
const uniqueSlug = (prefix = 'offer') => `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
const emailField = { id: 'email', type: 'email', label: 'Email', required: true };
const nameField = { id: 'name', type: 'text', label: 'Name' };

async function createOffer(user: User, body: Record<string, unknown> = {}): Promise<Offer> {
  return expectData(offerSchema, await request('POST', 'offers/', user, { title: 'Spring deal', ...body }), 201);
}

async function teammate(owner: User, role: Role): Promise<User> {
  const u = await registerUser(t);
  await inScope(t.database.db, { organizationId: orgId(owner) }, (tx) =>
    tx.insert(memberships).values({ organizationId: orgId(owner), userId: u.user.id, role }),
  );
  return { ...u, actAs: orgId(owner) };
}

async function insertLead(organizationId: string, offerId: string | null, values: { deletedAt?: Date } = {}) {
  const [row] = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(leads)
      .values({
        organizationId,
        offerId,
        firstName: 'Vera',
        lastName: 'Berg',
        email: `vera.${randomUUID()}@example.com`,
        source: 'website',
        ...(values.deletedAt ? { deletedAt: values.deletedAt } : {}),
      })
      .returning({ id: leads.id }),
  );
  return row?.id ?? '';
}

/** Every route of one offer, with a valid body: [method, url, body]. */
function offerRoutes(id: string, leadId: string = randomUUID()): [string, string, Record<string, unknown>?][] {
  return [
    ['GET', `offers/${id}/`],
    ['PATCH', `offers/${id}/`, { title: 'Changed' }],
    ['POST', `offers/${id}/activate/`],
    ['POST', `offers/${id}/archive/`],
    ['POST', `offers/${id}/duplicate/`],
    ['GET', `offers/${id}/stats/`],
    ['GET', `offers/${id}/fields/`],
    ['POST', `offers/${id}/fields/`, { field: { id: 'phone', type: 'phone', label: 'Phone' } }],
    ['POST', `offers/${id}/fields/reorder/`, { field_ids: ['phone', 'name', 'email'] }],
    ['GET', `offers/${id}/fields/email/`],
    ['PATCH', `offers/${id}/fields/email/`, { label: 'Work email' }],
    ['DELETE', `offers/${id}/fields/email/`],
    ['GET', `offers/${id}/leads/`],
    ['GET', `offers/${id}/leads/${leadId}/`],
    ['DELETE', `offers/${id}/`],
  ];
}

// --- create, read, list ----------------------------------------------------------------------

describe('offers CRUD', () => {
  it('creates a draft, unpublished offer with a slug made from the title, and reads it back', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a, { title: 'Spring Deal 2026', form_fields: [emailField] });
    expect(offer).toMatchObject({
      title: 'Spring Deal 2026',
      status: 'draft',
      is_published: false,
      description: '',
      settings: { require_approval: false },
      page_views: 0,
      submissions: 0,
      qr_code_url: `http://localhost:3000/api/v1/offers/${offer.id}/qr-code/`,
      short_url: expect.stringMatching(/^http:\/\/localhost:3000\/p\/o[0-9a-hjkmnp-tv-z]{11}$/),
    });
    expect(offer.slug).toMatch(/^spring-deal-2026(-[0-9a-f]{6})?$/);
    expect(offer.public_url).toMatch(new RegExp(`/show/${offer.slug}$`));
    expect(offer.form_fields[0]).toMatchObject({ id: 'email', type: 'email', required: true, width: 'full' });
    expect(expectData(offerSchema, await request('GET', `offers/${offer.id}/`, a))).toEqual(offer);
  });

  it('gives a second offer of the same title a free variant of the slug', async () => {
    const a = await registerUser(t);
    const title = `Deal ${randomUUID().slice(0, 8)}`;
    const first = await createOffer(a, { title });
    const second = await createOffer(a, { title });
    expect(second.slug).not.toBe(first.slug);
    expect(second.slug.startsWith(first.slug)).toBe(true);
  });

  it('refuses bad input with 422 and field details', async () => {
    const a = await registerUser(t);
    expectValidation(await request('POST', 'offers/', a, {}), 'title');
    expectValidation(await request('POST', 'offers/', a, { title: 'x'.repeat(201) }), 'title');
    expectValidation(await request('POST', 'offers/', a, { title: 'T', description: 'x'.repeat(5001) }), 'description');
    expectValidation(
      await request('POST', 'offers/', a, { title: 'T', success_message: 'x'.repeat(1001) }),
      'success_message',
    );
    expectValidation(
      await request('POST', 'offers/', a, { title: 'T', consent_text: 'x'.repeat(1001) }),
      'consent_text',
    );
    expectValidation(await request('POST', 'offers/', a, { title: 'T', slug: 'Bad Slug!' }), 'slug');
    expectValidation(await request('POST', 'offers/', a, { title: 'T', slug: 'admin' }), 'slug');
    expectValidation(await request('POST', 'offers/', a, { title: 'T', status: 'archived' }), 'status');
    expectValidation(await request('POST', 'offers/', a, { title: 'T', is_published: 'yes' }), 'is_published');
    expectValidation(await request('POST', 'offers/', a, { title: 'T', settings: { nope: true } }), 'settings');
    expectValidation(await request('POST', 'offers/', a, { title: 'T', extra: 1 }));
    expectValidation(
      await request('POST', 'offers/', a, { title: 'T', form_fields: [{ id: 'x', type: 'text', label: '' }] }),
      'form_fields.0.label',
    );
    expectValidation(
      await request('POST', 'offers/', a, { title: 'T', form_fields: [emailField, { ...emailField }] }),
      'form_fields.1.id',
    );
    const offer = await createOffer(a);
    expectValidation(await request('PATCH', `offers/${offer.id}/`, a, { title: '' }), 'title');
    expectValidation(await request('PATCH', `offers/${offer.id}/`, a, { status: 'gone' }), 'status');
    expectValidation(await request('GET', 'offers/nope/', a), 'id');
    expectValidation(await request('GET', 'offers/?status=gone', a), 'status');
    expectValidation(await request('GET', 'offers/?is_published=maybe', a), 'is_published');
    expectValidation(await request('GET', 'offers/?ordering=slug', a), 'ordering');
    expectValidation(await request('GET', `offers/?search=${'x'.repeat(201)}`, a), 'search');
    expectValidation(await request('GET', 'offers/?page_size=101', a), 'page_size');
    expectValidation(await request('GET', 'offers/slug-availability/?slug=A', a), 'slug');
    expectValidation(await request('GET', `offers/${offer.id}/stats/?days=3`, a), 'days');
    expectValidation(await request('GET', `offers/${offer.id}/leads/?ordering=nope`, a), 'ordering');
    expectValidation(await request('GET', `offers/${offer.id}/leads/nope/`, a), 'leadId');
    expectValidation(await request('GET', `offers/${offer.id}/fields/bad%20id/`, a), 'fieldId');
    expectValidation(await request('POST', `offers/${offer.id}/fields/`, a, { field: { id: 'x' } }), 'field.type');
    expectValidation(await request('POST', `offers/${offer.id}/fields/reorder/`, a, { field_ids: 'x' }), 'field_ids');
  });

  it('lists with filters, search, ordering and pagination', async () => {
    const a = await registerUser(t);
    const tag = randomUUID().slice(0, 8);
    const draft = await createOffer(a, { title: `Alpha ${tag}` });
    const active = await createOffer(a, { title: `Beta ${tag}`, status: 'active', is_published: true });
    const archived = await createOffer(a, { title: `Gamma ${tag}` });
    await request('POST', `offers/${archived.id}/archive/`, a);
    const get = async (q: string) => expectData(offerPage, await request('GET', `offers/?${q}`, a));
    expect((await get('')).count).toBe(3);
    expect((await get('status=draft')).results.map((o) => o.id)).toEqual([draft.id]);
    expect((await get('is_published=true')).results.map((o) => o.id)).toEqual([active.id]);
    expect((await get('is_published=false&ordering=title')).results.map((o) => o.id)).toEqual([draft.id, archived.id]);
    expect((await get('search=beta')).results.map((o) => o.id)).toEqual([active.id]);
    expect((await get('ordering=-title')).results.map((o) => o.id)).toEqual([archived.id, active.id, draft.id]);
    const page = await get('page=2&page_size=2&ordering=title');
    expect(page.results.map((o) => o.id)).toEqual([archived.id]);
    expect(page.count).toBe(3);
    expect(page.next).toBeNull();
    expect(page.previous).toContain('page=1');
    expect((await get('page=5')).count).toBe(3);
  });

  it('updates any subset, merges settings, and deletes the offer but keeps its leads', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a, { settings: { require_approval: true } });
    const changed = expectData(
      offerSchema,
      await request('PATCH', `offers/${offer.id}/`, a, { description: 'New', success_message: 'Thanks!' }),
    );
    expect(changed).toMatchObject({ description: 'New', success_message: 'Thanks!', title: offer.title });
    expect(changed.settings.require_approval).toBe(true);
    const leadId = await insertLead(orgId(a), offer.id);
    expectData(anyData, await request('DELETE', `offers/${offer.id}/`, a));
    expectError(await request('GET', `offers/${offer.id}/`, a), 404, 'NOT_FOUND');
    const [lead] = await inScope(t.database.db, { organizationId: orgId(a) }, (tx) =>
      tx.select({ offerId: leads.offerId }).from(leads).where(eq(leads.id, leadId)),
    );
    expect(lead).toEqual({ offerId: null });
  });
});

// --- slugs -----------------------------------------------------------------------------------

describe('slugs', () => {
  it('keeps slugs unique across organisations: 409 on create and update, and the availability check', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const slug = uniqueSlug();
    const theirs = await createOffer(b, { slug });
    const avail = (q: string) =>
      request('GET', `offers/slug-availability/?${q}`, a).then((r) => expectData(offerSlugAvailabilitySchema, r));
    expect(await avail(`slug=${slug}`)).toEqual({ slug, available: false });
    expect(await avail(`slug=${uniqueSlug()}`)).toMatchObject({ available: true });
    // The holder may keep its own slug; the check is case-insensitive as slugs are lowercased.
    expect(
      await request('GET', `offers/slug-availability/?slug=${slug}&offer_id=${theirs.id}`, b).then((r) =>
        expectData(offerSlugAvailabilitySchema, r),
      ),
    ).toEqual({ slug, available: true });
    expect(await avail(`slug=${slug.toUpperCase()}`)).toEqual({ slug, available: false });

    const taken = expectError(await request('POST', 'offers/', a, { title: 'Mine', slug }), 409, 'CONFLICT');
    expect(taken.details).toHaveProperty('slug');
    const mine = await createOffer(a);
    expect(
      expectError(await request('PATCH', `offers/${mine.id}/`, a, { slug }), 409, 'CONFLICT').details,
    ).toHaveProperty('slug');
    // The other tenant's offer is untouched and its slug not revealed otherwise.
    expect(expectData(offerSchema, await request('GET', `offers/${theirs.id}/`, b)).slug).toBe(slug);
  });
});

// --- status and publishing -------------------------------------------------------------------

describe('status and is_published', () => {
  it('publishes only an active offer (409 otherwise) and unpublishes on archive or back to draft', async () => {
    const a = await registerUser(t);
    const notActive = expectError(
      await request('POST', 'offers/', a, { title: 'T', is_published: true }),
      409,
      'CONFLICT',
    );
    expect(notActive.details).toHaveProperty('is_published');
    const offer = await createOffer(a);
    expectError(await request('PATCH', `offers/${offer.id}/`, a, { is_published: true }), 409, 'CONFLICT');
    expect(expectData(offerSchema, await request('GET', `offers/${offer.id}/`, a)).is_published).toBe(false);

    const activated = expectData(offerSchema, await request('POST', `offers/${offer.id}/activate/`, a));
    expect(activated).toMatchObject({ status: 'active', is_published: false });
    // Activating again changes nothing.
    expect(expectData(offerSchema, await request('POST', `offers/${offer.id}/activate/`, a)).status).toBe('active');
    const published = expectData(offerSchema, await request('PATCH', `offers/${offer.id}/`, a, { is_published: true }));
    expect(published).toMatchObject({ status: 'active', is_published: true });

    const archived = expectData(offerSchema, await request('POST', `offers/${offer.id}/archive/`, a));
    expect(archived).toMatchObject({ status: 'archived', is_published: false });
    expectError(await request('PATCH', `offers/${offer.id}/`, a, { is_published: true }), 409, 'CONFLICT');
    // Activate and publish in one request; then back to draft unpublishes.
    expect(
      expectData(
        offerSchema,
        await request('PATCH', `offers/${offer.id}/`, a, { status: 'active', is_published: true }),
      ),
    ).toMatchObject({ status: 'active', is_published: true });
    expect(
      expectData(offerSchema, await request('PATCH', `offers/${offer.id}/`, a, { status: 'draft' })),
    ).toMatchObject({ status: 'draft', is_published: false });
    // Asking for draft and published at once is refused as a whole.
    expectError(
      await request('PATCH', `offers/${offer.id}/`, a, { status: 'draft', is_published: true }),
      409,
      'CONFLICT',
    );
    expect(
      expectData(
        offerSchema,
        await request('POST', 'offers/', a, { title: 'Live', status: 'active', is_published: true }),
        201,
      ),
    ).toMatchObject({ status: 'active', is_published: true });
  });

  it('duplicates with fields and settings under a new slug, as an unpublished draft', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a, {
      title: 'x'.repeat(200),
      slug: uniqueSlug(),
      status: 'active',
      is_published: true,
      form_fields: [emailField, nameField],
      settings: { require_approval: true },
      consent_text: 'I agree',
    });
    await insertLead(orgId(a), offer.id);
    const copy = expectData(offerSchema, await request('POST', `offers/${offer.id}/duplicate/`, a), 201);
    expect(copy.id).not.toBe(offer.id);
    expect(copy.slug).not.toBe(offer.slug);
    expect(copy.slug.startsWith(`${offer.slug}-`)).toBe(true);
    // Its own short link (and so its own QR code), not the original's.
    expect(copy.short_url).not.toBe(offer.short_url);
    expect(copy).toMatchObject({
      status: 'draft',
      is_published: false,
      form_fields: offer.form_fields,
      settings: { require_approval: true },
      consent_text: 'I agree',
      submissions: 0,
    });
    expect(copy.title.endsWith(' (copy)')).toBe(true);
    expect(copy.title.length).toBe(200);
    // The original is unchanged.
    expect(expectData(offerSchema, await request('GET', `offers/${offer.id}/`, a))).toMatchObject({
      is_published: true,
      submissions: 1,
    });
  });
});

// --- fields ----------------------------------------------------------------------------------

describe('fields', () => {
  it('adds, reads, changes and removes fields with the form engine’s rules', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a, { form_fields: [emailField] });
    const url = `offers/${offer.id}/fields/`;
    const added = expectData(offerFieldSchema, await request('POST', url, a, { field: nameField, position: 0 }), 201);
    expect(added).toMatchObject({ id: 'name', type: 'text', label: 'Name', required: false });
    expect(expectData(offerFieldsSchema, await request('GET', url, a)).form_fields.map((f) => f.id)).toEqual([
      'name',
      'email',
    ]);
    expectError(await request('POST', url, a, { field: emailField }), 409, 'CONFLICT');
    expectValidation(
      await request('POST', url, a, { field: { id: 'x', type: 'select', label: 'Pick' } }),
      'field.options',
    );
    expectValidation(
      await request('POST', url, a, { field: { id: 'y', type: 'text', label: 'x'.repeat(201) } }),
      'field.label',
    );
    expectValidation(await request('POST', url, a, { field: nameField, position: -1 }), 'position');

    expect(expectData(offerFieldSchema, await request('GET', `${url}email/`, a))).toMatchObject({ id: 'email' });
    expectError(await request('GET', `${url}nope/`, a), 404, 'NOT_FOUND');
    const changed = expectData(
      offerFieldSchema,
      await request('PATCH', `${url}email/`, a, { label: 'Work email', width: 'half' }),
    );
    expect(changed).toMatchObject({ id: 'email', label: 'Work email', width: 'half', required: true });
    expectValidation(await request('PATCH', `${url}email/`, a, { label: '' }), 'label');
    expectValidation(await request('PATCH', `${url}email/`, a, { width: 'huge' }), 'width');
    // The id is not a property to change (an unknown key).
    expectValidation(await request('PATCH', `${url}email/`, a, { id: 'other' }));
    expectValidation(await request('PATCH', `${url}email/`, a, { min_length: 10, max_length: 5 }), 'min_length');
    expectError(await request('PATCH', `${url}nope/`, a, { label: 'X' }), 404, 'NOT_FOUND');

    expectData(anyData, await request('DELETE', `${url}name/`, a));
    expectError(await request('DELETE', `${url}name/`, a), 404, 'NOT_FOUND');
    const offerNow = expectData(offerSchema, await request('GET', `offers/${offer.id}/`, a));
    expect(offerNow.form_fields).toEqual([changed]);
  });

  it('reorders with the complete list of the offer’s field ids only', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a, { form_fields: [emailField, nameField] });
    const other = await createOffer(a, { form_fields: [{ id: 'company', type: 'text', label: 'Company' }] });
    const url = `offers/${offer.id}/fields/reorder/`;
    const done = expectData(offerFieldsSchema, await request('POST', url, a, { field_ids: ['name', 'email'] }));
    expect(done.form_fields.map((f) => f.id)).toEqual(['name', 'email']);
    for (const field_ids of [
      ['name'],
      ['name', 'email', 'email'],
      ['name', 'company'],
      ['name', 'email', 'company'],
      [],
    ]) {
      expectValidation(await request('POST', url, a, { field_ids }), 'field_ids');
    }
    expect(
      expectData(offerFieldsSchema, await request('GET', `offers/${offer.id}/fields/`, a)).form_fields.map((f) => f.id),
    ).toEqual(['name', 'email']);
    // Another offer's field is not this offer's.
    expectError(await request('GET', `offers/${offer.id}/fields/company/`, a), 404, 'NOT_FOUND');
    expect(
      expectData(offerFieldsSchema, await request('GET', `offers/${other.id}/fields/`, a)).form_fields,
    ).toHaveLength(1);
  });
});

// --- leads and stats -------------------------------------------------------------------------

describe('leads and stats', () => {
  it('lists the offer’s leads only, and one of them', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a);
    const other = await createOffer(a);
    const mine = await insertLead(orgId(a), offer.id);
    const notMine = await insertLead(orgId(a), other.id);
    await insertLead(orgId(a), offer.id, { deletedAt: new Date() });
    await insertLead(orgId(a), null);
    const page = expectData(paginated(leadSchema), await request('GET', `offers/${offer.id}/leads/`, a));
    expect(page.results.map((l) => l.id)).toEqual([mine]);
    expect(page.results[0]?.offer).toBe(offer.id);
    expect(expectData(leadSchema, await request('GET', `offers/${offer.id}/leads/${mine}/`, a)).id).toBe(mine);
    expectError(await request('GET', `offers/${offer.id}/leads/${notMine}/`, a), 404, 'NOT_FOUND');
  });

  it('answers page views, submissions, conversion and submissions by day', async () => {
    const a = await registerUser(t);
    const offer = await createOffer(a);
    const today = new Date().toISOString().slice(0, 10);
    await inScope(t.database.db, { organizationId: orgId(a) }, (tx) =>
      tx.insert(offerPageViews).values({ organizationId: orgId(a), offerId: offer.id, day: today, views: 8 }),
    );
    await insertLead(orgId(a), offer.id);
    await insertLead(orgId(a), offer.id);
    const stats = expectData(offerStatsSchema, await request('GET', `offers/${offer.id}/stats/?days=7`, a));
    expect(stats).toMatchObject({
      offer_id: offer.id,
      days: 7,
      to: today,
      page_views: 8,
      submissions: 2,
      conversion_rate: 25,
    });
    expect(stats.by_day).toHaveLength(7);
    expect(stats.by_day[6]).toEqual({ date: today, page_views: 8, submissions: 2 });
    expect(stats.all_time).toEqual({ page_views: 8, submissions: 2, conversion_rate: 25 });
    expect(expectData(offerSchema, await request('GET', `offers/${offer.id}/`, a))).toMatchObject({
      page_views: 8,
      submissions: 2,
    });
  });
});

// --- tenants and roles -----------------------------------------------------------------------

describe('tenancy and roles', () => {
  it('answers 404 on every route for another organisation’s offer, exactly as for a missing one', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = await createOffer(b, { form_fields: [emailField, nameField] });
    const theirLead = await insertLead(orgId(b), theirs.id);
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, url, body] of offerRoutes(id, theirLead)) {
        const error = expectError(await request(method as 'GET', url, a, body), 404, 'NOT_FOUND');
        expect(error.message, `${method} ${url}`).toBe('Offer not found');
      }
    }
    expect(expectData(offerSchema, await request('GET', `offers/${theirs.id}/`, b))).toEqual({
      ...theirs,
      submissions: 1,
    });
    // Their list is not ours.
    expect(expectData(offerPage, await request('GET', 'offers/', a)).count).toBe(0);
  });

  it('lets a viewer read every route but change nothing (403), and a member change everything', async () => {
    const owner = await registerUser(t);
    const viewer = await teammate(owner, 'viewer');
    const member = await teammate(owner, 'member');
    const offer = await createOffer(owner, { form_fields: [emailField, nameField] });
    const leadId = await insertLead(orgId(owner), offer.id);
    for (const [method, url, body] of offerRoutes(offer.id, leadId)) {
      const res = await request(method as 'GET', url, viewer, body);
      if (method === 'GET') expect(res.statusCode, url).toBe(200);
      else expectError(res, 403, 'PERMISSION_DENIED');
    }
    expectError(await request('POST', 'offers/', viewer, { title: 'No' }), 403, 'PERMISSION_DENIED');
    for (const [method, url, body] of offerRoutes(offer.id, leadId)) {
      const res = await request(method as 'GET', url, member, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(300);
    }
  });
});
