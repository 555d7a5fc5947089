import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, meSchema, type AuthResult } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  MAX_OWNED_ORGANIZATIONS,
  organizationSchema,
  organizationSettingsSchema,
  type Organization,
  type OrganizationSettings,
} from '@leadcapture/contracts/organizations';
import { teamMemberSchema } from '@leadcapture/contracts/team';
import {
  PASSWORD,
  bearer,
  createTestApp,
  mailsTo,
  registerUser,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from './organizations.table.ts';
import { expectError, expectData, expectValidation, anyData, type Response } from '../../../test/envelope.ts';

type User = AuthResult & { email: string; password: string };
const organizationPageSchema = paginated(organizationSchema);

// --- request helpers -------------------------------------------------------------------------

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function request(
  method: 'GET' | 'PATCH' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  user: Pick<AuthResult, 'access'>,
  opts: { payload?: InjectOptions['payload']; organization?: string } = {},
): Promise<Response> {
  return t.app.inject({
    method,
    url: url.startsWith('/api/') ? url : `/api/v1/${url}`,
    headers: {
      ...bearer(user.access),
      ...(opts.organization === undefined ? {} : { 'x-organization-id': opts.organization }),
    },
    ...(opts.payload === undefined ? {} : { payload: opts.payload }),
  });
}

const orgId = (u: User) => u.organization?.id ?? '';

async function getOrganization(user: User, id = orgId(user)): Promise<Organization> {
  return expectData(organizationSchema, await request('GET', `organizations/${id}/`, user));
}

async function patchOrganization(user: User, id: string, payload: Record<string, unknown>): Promise<Response> {
  return request('PATCH', `organizations/${id}/`, user, { payload });
}

/** Adds an existing user to an organisation with a role, as the organisation's tenant. */
async function addMember(organizationId: string, userId: string, role: Role): Promise<void> {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId, role }),
  );
}

/** Audit actions of an organisation, read as that organisation (the app role, under RLS). */
async function auditActions(organizationId: string): Promise<{ action: string; metadata: Record<string, unknown> }[]> {
  return inScope(t.database.db, { organizationId }, (tx) =>
    queryRows<{ action: string; metadata: Record<string, unknown> }>(
      tx,
      sql`select action, metadata from audit_logs where organization_id = ${organizationId} order by created_at`,
    ),
  );
}

const suffix = () => Math.random().toString(36).slice(2, 10);

// --- list ------------------------------------------------------------------------------------

describe('GET /organizations/', () => {
  it('lists only the organisations the user belongs to, paginated', async () => {
    const a = await registerUser(t);
    await registerUser(t); // another tenant, never listed
    const page = expectData(organizationPageSchema, await request('GET', 'organizations/', a));
    expect(page).toEqual({ results: [await getOrganization(a)], count: 1, next: null, previous: null });
    expect(page.results[0]?.role).toBe('owner');
  });

  it('pages through two organisations with next and previous links', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    await addMember(orgId(b), a.user.id, 'admin');

    const first = expectData(organizationPageSchema, await request('GET', 'organizations/?page_size=1', a));
    expect(first.count).toBe(2);
    expect(first.results).toHaveLength(1);
    expect(first.next).toBe('http://localhost:3000/api/v1/organizations/?page_size=1&page=2');
    expect(first.previous).toBeNull();

    const second = expectData(organizationPageSchema, await request('GET', 'organizations/?page_size=1&page=2', a));
    expect(second.count).toBe(2);
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toBe('http://localhost:3000/api/v1/organizations/?page_size=1&page=1');

    const seen = [...first.results, ...second.results].map((o) => [o.id, o.role]).sort();
    expect(seen).toEqual(
      [
        [orgId(a), 'owner'],
        [orgId(b), 'admin'],
      ].sort(),
    );

    // Past the end: no results, the right count, a link back to the last page.
    const beyond = expectData(organizationPageSchema, await request('GET', 'organizations/?page_size=1&page=5', a));
    expect(beyond).toEqual({
      results: [],
      count: 2,
      next: null,
      previous: 'http://localhost:3000/api/v1/organizations/?page_size=1&page=2',
    });
  });

  it.each([
    ['page_size=101', 'page_size'],
    ['page_size=0', 'page_size'],
    ['page_size=abc', 'page_size'],
    ['page=0', 'page'],
    ['page=-1', 'page'],
  ])('answers 422 for %s', async (query, field) => {
    const a = await registerUser(t);
    const error = expectError(await request('GET', `organizations/?${query}`, a), 422, 'VALIDATION_ERROR');
    expect(error.details).toHaveProperty([field]);
  });

  it('accepts the maximum page size of 100', async () => {
    const a = await registerUser(t);
    expect(expectData(organizationPageSchema, await request('GET', 'organizations/?page_size=100', a)).count).toBe(1);
  });
});

// --- detail ----------------------------------------------------------------------------------

describe('GET /organizations/{id}/', () => {
  it('answers the own organisation with the caller’s role', async () => {
    const a = await registerUser(t);
    const org = await getOrganization(a);
    expect(org).toMatchObject({
      id: orgId(a),
      name: a.organization?.name,
      slug: a.organization?.slug,
      website: '',
      industry: '',
      size: '',
      billing_email: a.email,
      logo_url: null,
      primary_color: '#2563eb',
      secondary_color: '#0f172a',
      custom_domain: '',
      address: { street: '', city: '', state: '', postal_code: '', country: '' },
      role: 'owner',
    });
    expect(Date.parse(org.created_at)).not.toBeNaN();
  });

  it('answers 404 for another tenant’s organisation, exactly like a missing one', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const res = await request('GET', `organizations/${orgId(b)}/`, a);
    const foreign = expectError(res, 404, 'NOT_FOUND');
    expect(foreign).toEqual({ code: 'NOT_FOUND', message: 'Organization not found' });
    expect(res.body).not.toContain(b.organization?.name ?? '?');
    expect(res.body).not.toContain(b.organization?.slug ?? '?');
    const missing = expectError(await request('GET', `organizations/${randomUUID()}/`, a), 404, 'NOT_FOUND');
    expect(missing).toEqual(foreign);
    // The settings of another tenant are just as invisible.
    expectError(await request('GET', `organizations/${orgId(b)}/settings/`, a), 404, 'NOT_FOUND');
  });

  it('answers 422 for an id that is not a UUID', async () => {
    const a = await registerUser(t);
    expectValidation(await request('GET', 'organizations/not-a-uuid/', a), 'id');
  });
});

// --- update ----------------------------------------------------------------------------------

describe('PATCH /organizations/{id}/', () => {
  it('lets the owner change name, website, colours, industry, size, billing email and address', async () => {
    const a = await registerUser(t);
    const before = await getOrganization(a);
    const changes = {
      name: '  Fika Events AB  ',
      website: 'https://fika.example.com',
      primary_color: '#FF5500',
      secondary_color: '#112233',
      industry: 'technology',
      size: '11-50',
      billing_email: 'Billing@Fika.example.com',
      address: { city: 'Stockholm', country: 'se' },
    };
    const updated = expectData(organizationSchema, await patchOrganization(a, orgId(a), changes));
    expect(updated).toMatchObject({
      name: 'Fika Events AB',
      website: 'https://fika.example.com',
      primary_color: '#FF5500',
      secondary_color: '#112233',
      industry: 'technology',
      size: '11-50',
      billing_email: 'billing@fika.example.com',
      address: { street: '', city: 'Stockholm', state: '', postal_code: '', country: 'se' },
      role: 'owner',
      slug: before.slug,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
    expect(await getOrganization(a)).toEqual(updated);

    // A partial address keeps the other address fields.
    const moved = expectData(
      organizationSchema,
      await patchOrganization(a, orgId(a), { address: { street: 'Drottninggatan 1', postal_code: '111 51' } }),
    );
    expect(moved.address).toEqual({
      street: 'Drottninggatan 1',
      city: 'Stockholm',
      state: '',
      postal_code: '111 51',
      country: 'se',
    });
    expect(moved.name).toBe('Fika Events AB');

    const audit = await auditActions(orgId(a));
    const updates = audit.filter((r) => r.action === 'organization.updated');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.metadata.fields).toEqual(expect.arrayContaining(['name', 'website', 'address']));
  });

  it('shows the new name in /auth/me/ at once', async () => {
    const a = await registerUser(t);
    expect(expectData(meSchema, await request('GET', 'auth/me/', a)).organizations[0]?.name).toBe(a.organization?.name);
    expectData(organizationSchema, await patchOrganization(a, orgId(a), { name: 'Renamed Booths AB' }));
    const me = expectData(meSchema, await request('GET', 'auth/me/', a));
    expect(me.organizations).toEqual([expect.objectContaining({ id: orgId(a), name: 'Renamed Booths AB' })]);
    expect(me.current_organization?.name).toBe('Renamed Booths AB');
  });

  it('answers 422 with dotted details for bad input and changes nothing', async () => {
    const a = await registerUser(t);
    const before = await getOrganization(a);
    const details = expectValidation(
      await patchOrganization(a, orgId(a), {
        name: '',
        website: 'ftp://files.example.com',
        primary_color: 'blue',
        industry: 'space_travel',
        size: '5',
        billing_email: 'not-an-email',
        address: { country: 'xx', postal_code: '1'.repeat(21) },
      }),
      'name',
      'website',
      'primary_color',
      'industry',
      'size',
      'billing_email',
      'address.country',
      'address.postal_code',
    );
    expect(details.primary_color).toEqual(['Enter a valid hex colour such as #1a73e8']);
    expect(details.website).toEqual(['Enter a valid URL']);
    expect(await getOrganization(a)).toEqual(before);
  });

  it.each([
    ['a short colour', { secondary_color: '#fff' }, 'secondary_color'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name'],
    ['a website over 500 characters', { website: `https://example.com/${'a'.repeat(490)}` }, 'website'],
    ['a non-object address', { address: 'Main street 1' }, 'address'],
  ])('answers 422 for %s', async (_why, payload, field) => {
    const a = await registerUser(t);
    expectValidation(await patchOrganization(a, orgId(a), payload), field);
  });

  it.each([
    ['an unknown field', { plan: 'enterprise' }],
    ['the slug', { slug: 'taken-over' }],
    ['the id', { id: randomUUID() }],
    ['the role', { role: 'owner' }],
    ['an unknown address field', { address: { planet: 'Mars' } }],
  ])('answers 422 for %s (the schema is strict) and changes nothing', async (_why, payload) => {
    const a = await registerUser(t);
    const before = await getOrganization(a);
    expectError(await patchOrganization(a, orgId(a), { ...payload, name: 'Changed' }), 422, 'VALIDATION_ERROR');
    expect(await getOrganization(a)).toEqual(before);
  });

  it('answers 200 and changes nothing for an empty body', async () => {
    const a = await registerUser(t);
    const before = await getOrganization(a);
    expect(expectData(organizationSchema, await patchOrganization(a, orgId(a), {}))).toEqual(before);
    expect(await getOrganization(a)).toEqual(before);
    expect((await auditActions(orgId(a))).map((r) => r.action)).not.toContain('organization.updated');
  });

  it('answers 404 for another tenant’s organisation and changes nothing there', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const before = await getOrganization(b);
    const error = expectError(
      await patchOrganization(a, orgId(b), { name: 'Hijacked', custom_domain: `evil-${suffix()}.example.com` }),
      404,
      'NOT_FOUND',
    );
    expect(error.message).toBe('Organization not found');
    expectError(
      await request('PATCH', `organizations/${orgId(b)}/settings/`, a, { payload: { lead_follow_up_days: 30 } }),
      404,
      'NOT_FOUND',
    );
    expect(await getOrganization(b)).toEqual(before);
    expect(
      expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', b))
        .lead_follow_up_days,
    ).toBe(1);
  });
});

// --- custom domains --------------------------------------------------------------------------

describe('custom_domain', () => {
  it('is unique across organisations: a second organisation gets 409 CONFLICT', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const domain = `leads-${suffix()}.example.com`;
    expect(
      expectData(organizationSchema, await patchOrganization(a, orgId(a), { custom_domain: domain.toUpperCase() }))
        .custom_domain,
    ).toBe(domain);

    const error = expectError(
      await patchOrganization(b, orgId(b), { custom_domain: domain, name: 'B renamed' }),
      409,
      'CONFLICT',
    );
    expect(error.details).toEqual({ custom_domain: ['This domain is already in use'] });
    expect(await getOrganization(b)).toMatchObject({ custom_domain: '', name: b.organization?.name });

    // Setting the same value again on its own organisation is no conflict.
    expectData(organizationSchema, await patchOrganization(a, orgId(a), { custom_domain: domain }));
    // Released, it can be taken.
    expectData(organizationSchema, await patchOrganization(a, orgId(a), { custom_domain: '' }));
    expect(
      expectData(organizationSchema, await patchOrganization(b, orgId(b), { custom_domain: domain })).custom_domain,
    ).toBe(domain);
  });

  it.each(['not a domain', 'http://leads.example.com', 'localhost', '-bad-.example.com'])(
    'answers 422 for %j',
    async (custom_domain) => {
      const a = await registerUser(t);
      expectValidation(await patchOrganization(a, orgId(a), { custom_domain }), 'custom_domain');
    },
  );
});

// --- settings and the X-Organization-Id header -----------------------------------------------

describe('organisation settings', () => {
  const DEFAULTS: OrganizationSettings = {
    default_language: 'en',
    timezone: 'UTC',
    lead_follow_up_days: 1,
    require_lead_approval: false,
    notify_on_new_lead: true,
    duplicate_leads: 'link',
  };

  it('answers the defaults and merges a partial update', async () => {
    const a = await registerUser(t);
    expect(expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', a))).toEqual(
      DEFAULTS,
    );
    const next = expectData(
      organizationSettingsSchema,
      await request('PATCH', 'organizations/current/settings/', a, {
        payload: {
          lead_follow_up_days: 14,
          require_lead_approval: true,
          default_language: 'sv',
          timezone: 'Europe/Stockholm',
        },
      }),
    );
    const expected = {
      ...DEFAULTS,
      lead_follow_up_days: 14,
      require_lead_approval: true,
      default_language: 'sv',
      timezone: 'Europe/Stockholm',
    };
    expect(next).toEqual(expected);
    expect(
      expectData(organizationSettingsSchema, await request('GET', `organizations/${orgId(a)}/settings/`, a)),
    ).toEqual(expected);
    expect((await auditActions(orgId(a))).map((r) => r.action)).toContain('organization.settings_updated');
  });

  it.each([
    ['lead_follow_up_days', { lead_follow_up_days: 0 }],
    ['lead_follow_up_days', { lead_follow_up_days: 91 }],
    ['lead_follow_up_days', { lead_follow_up_days: 2.5 }],
    ['lead_follow_up_days', { lead_follow_up_days: '7' }],
    ['default_language', { default_language: 'de' }],
    ['require_lead_approval', { require_lead_approval: 'yes' }],
    ['timezone', { timezone: 'Mars/Olympus_Mons' }],
  ])('answers 422 on %s for %j and changes nothing', async (field, payload) => {
    const a = await registerUser(t);
    expectValidation(await request('PATCH', 'organizations/current/settings/', a, { payload }), field);
    expect(expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', a))).toEqual(
      DEFAULTS,
    );
  });

  it('answers 422 for an unknown settings field', async () => {
    const a = await registerUser(t);
    expectError(
      await request('PATCH', 'organizations/current/settings/', a, { payload: { theme: 'dark' } }),
      422,
      'VALIDATION_ERROR',
    );
  });

  it('acts on the organisation named by X-Organization-Id', async () => {
    const u = await registerUser(t);
    const v = await registerUser(t);
    await addMember(orgId(v), u.user.id, 'admin');
    expectData(
      anyData,
      await request('PATCH', 'organizations/current/settings/', v, { payload: { lead_follow_up_days: 7 } }),
    );

    const own = expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', u));
    expect(own.lead_follow_up_days).toBe(1);
    const chosen = expectData(
      organizationSettingsSchema,
      await request('GET', 'organizations/current/settings/', u, { organization: orgId(v) }),
    );
    expect(chosen.lead_follow_up_days).toBe(7);
    // An empty header means "no header".
    expect(
      expectData(
        organizationSettingsSchema,
        await request('GET', 'organizations/current/settings/', u, { organization: '' }),
      ).lead_follow_up_days,
    ).toBe(1);

    expectData(
      anyData,
      await request('PATCH', 'organizations/current/settings/', u, {
        organization: orgId(v),
        payload: { notify_on_new_lead: false },
      }),
    );
    expect(
      expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', v))
        .notify_on_new_lead,
    ).toBe(false);
    expect(
      expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', u))
        .notify_on_new_lead,
    ).toBe(true);
  });

  it.each([
    ['another tenant’s organisation', 'foreign'],
    ['an organisation that does not exist', randomUUID()],
    ['a malformed id', 'not-a-uuid'],
    ['SQL in the header', "' or 1=1 --"],
  ])('answers 404 "Organization not found" for X-Organization-Id of %s', async (_what, header) => {
    const u = await registerUser(t);
    const w = await registerUser(t);
    const organization = header === 'foreign' ? orgId(w) : header;
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await request(method, 'organizations/current/settings/', u, {
        organization,
        ...(method === 'PATCH' ? { payload: { lead_follow_up_days: 60 } } : {}),
      });
      expect(expectError(res, 404, 'NOT_FOUND').message).toBe('Organization not found');
      expect(res.body).not.toContain('lead_follow_up_days');
    }
    expect(
      expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', w))
        .lead_follow_up_days,
    ).toBe(1);
  });
});

// --- roles -----------------------------------------------------------------------------------

describe('roles', () => {
  let owner: User;
  let admin: User;
  let member: User;
  let viewer: User;

  beforeAll(async () => {
    owner = await registerUser(t);
    [admin, member, viewer] = await Promise.all([registerUser(t), registerUser(t), registerUser(t)]);
    await addMember(orgId(owner), admin.user.id, 'admin');
    await addMember(orgId(owner), member.user.id, 'member');
    await addMember(orgId(owner), viewer.user.id, 'viewer');
  });

  it.each(['member', 'viewer'] as const)('a %s can read the organisation and its settings', async (role) => {
    const user = role === 'member' ? member : viewer;
    const org = await getOrganization(user, orgId(owner));
    expect(org).toMatchObject({ id: orgId(owner), role });
    expectData(organizationSettingsSchema, await request('GET', `organizations/${orgId(owner)}/settings/`, user));
    const list = expectData(organizationPageSchema, await request('GET', 'organizations/', user));
    expect(list.results.find((o) => o.id === orgId(owner))?.role).toBe(role);
  });

  it.each(['member', 'viewer'] as const)(
    'a %s gets 403 PERMISSION_DENIED for changes, and nothing changes',
    async (role) => {
      const user = role === 'member' ? member : viewer;
      const before = await getOrganization(owner);
      const settingsBefore = expectData(
        organizationSettingsSchema,
        await request('GET', 'organizations/current/settings/', owner),
      );

      const denied = expectError(
        await patchOrganization(user, orgId(owner), { name: `${role} was here` }),
        403,
        'PERMISSION_DENIED',
      );
      expect(denied.message).toBe('You do not have permission to perform this action.');
      expectError(
        await request('PATCH', `organizations/${orgId(owner)}/settings/`, user, {
          payload: { lead_follow_up_days: 30 },
        }),
        403,
        'PERMISSION_DENIED',
      );
      expectError(
        await request('PATCH', 'organizations/current/settings/', user, {
          organization: orgId(owner),
          payload: { lead_follow_up_days: 30 },
        }),
        403,
        'PERMISSION_DENIED',
      );

      expect(await getOrganization(owner)).toEqual(before);
      expect(
        expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', owner)),
      ).toEqual(settingsBefore);
    },
  );

  it('an admin can change the organisation and its settings', async () => {
    const updated = expectData(
      organizationSchema,
      await patchOrganization(admin, orgId(owner), { website: 'https://admin.example.com' }),
    );
    expect(updated).toMatchObject({ website: 'https://admin.example.com', role: 'admin' });
    expect((await getOrganization(owner)).website).toBe('https://admin.example.com');
    const settings = expectData(
      organizationSettingsSchema,
      await request('PATCH', `organizations/${orgId(owner)}/settings/`, admin, {
        payload: { require_lead_approval: true },
      }),
    );
    expect(settings.require_lead_approval).toBe(true);
  });

  it('a role in one organisation grants nothing in another', async () => {
    // The admin of the owner's organisation is a stranger to the viewer's own organisation.
    expectError(await request('GET', `organizations/${orgId(viewer)}/`, admin), 404, 'NOT_FOUND');
    expectError(await patchOrganization(admin, orgId(viewer), { name: 'nope' }), 404, 'NOT_FOUND');
  });
});

// --- several organisations -------------------------------------------------------------------

describe('a user with several organisations', () => {
  it('sees them in /auth/me/ and switches the current one, which /current/settings/ then acts on', async () => {
    const u = await registerUser(t);
    const v = await registerUser(t);
    await addMember(orgId(v), u.user.id, 'admin');
    expectData(
      anyData,
      await request('PATCH', 'organizations/current/settings/', v, { payload: { lead_follow_up_days: 21 } }),
    );

    const me = expectData(meSchema, await request('GET', 'auth/me/', u));
    expect(me.organizations.map((o) => [o.id, o.role]).sort()).toEqual(
      [
        [orgId(u), 'owner'],
        [orgId(v), 'admin'],
      ].sort(),
    );
    expect(me.current_organization?.id).toBe(orgId(u));

    const switched = expectData(
      meSchema,
      await request('POST', 'auth/switch-organization/', u, { payload: { organization_id: orgId(v) } }),
    );
    expect(switched.current_organization).toMatchObject({ id: orgId(v), role: 'admin' });
    expect(expectData(meSchema, await request('GET', 'auth/me/', u)).current_organization?.id).toBe(orgId(v));

    expect(
      expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', u))
        .lead_follow_up_days,
    ).toBe(21);
    expectData(
      anyData,
      await request('PATCH', 'organizations/current/settings/', u, { payload: { lead_follow_up_days: 22 } }),
    );
    expect(
      expectData(organizationSettingsSchema, await request('GET', 'organizations/current/settings/', v))
        .lead_follow_up_days,
    ).toBe(22);
    // The header still wins over the current organisation.
    expect(
      expectData(
        organizationSettingsSchema,
        await request('GET', 'organizations/current/settings/', u, { organization: orgId(u) }),
      ).lead_follow_up_days,
    ).toBe(1);

    // The next sign-in starts in the organisation chosen last.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email: u.email, password: PASSWORD },
    });
    expect(expectData(authResultSchema, login).organization).toMatchObject({ id: orgId(v), role: 'admin' });
  });
});

// --- spec 01 §7: create another, PUT, DELETE, invitations ------------------------------------

describe('POST /organizations/', () => {
  it('creates another organisation with the user as its owner, listed and readable at once', async () => {
    const a = await registerUser(t);
    const created = expectData(
      organizationSchema,
      await request('POST', 'organizations/', a, {
        payload: { name: 'Second Booth AB', website: 'https://second.example.com', address: { city: 'Malmö' } },
      }),
      201,
    );
    expect(created).toMatchObject({ name: 'Second Booth AB', role: 'owner', billing_email: a.email });
    expect(created.website).toBe('https://second.example.com');
    expect(created.address.city).toBe('Malmö');
    expect(created.id).not.toBe(orgId(a));
    const listed = expectData(organizationPageSchema, await request('GET', 'organizations/', a));
    expect(listed.results.map((o) => o.id).sort()).toEqual([orgId(a), created.id].sort());
    const me = expectData(meSchema, await request('GET', 'auth/me/', a));
    expect(me.organizations.map((o) => o.id)).toContain(created.id);
    // The new organisation is the user's own: X-Organization-Id reaches it.
    expectData(
      organizationSettingsSchema,
      await request('GET', 'organizations/current/settings/', a, { organization: created.id }),
    );
    expect((await auditActions(created.id)).map((e) => e.action)).toContain('organization.created');
  });

  it('answers 422 without a name, 409 past the number a user may own', async () => {
    const a = await registerUser(t);
    expectValidation(await request('POST', 'organizations/', a, { payload: {} }), 'name');
    for (let i = 1; i < MAX_OWNED_ORGANIZATIONS; i += 1) {
      const res = await request('POST', 'organizations/', a, { payload: { name: `Org ${i}` } });
      expect(res.statusCode, res.body).toBe(201);
    }
    expectError(await request('POST', 'organizations/', a, { payload: { name: 'One too many' } }), 409, 'CONFLICT');
  });
});

describe('PUT /organizations/{id}/', () => {
  it('updates with the name required, like PATCH for owners and admins; 404 for a foreign one', async () => {
    const [a, b] = await Promise.all([registerUser(t), registerUser(t)]);
    const put = expectData(
      organizationSchema,
      await request('PUT', `organizations/${orgId(a)}/`, a, {
        payload: { name: 'Renamed AB', industry: 'technology' },
      }),
    );
    expect(put).toMatchObject({ name: 'Renamed AB', industry: 'technology' });
    expectValidation(
      await request('PUT', `organizations/${orgId(a)}/`, a, { payload: { industry: 'technology' } }),
      'name',
    );
    expectError(
      await request('PUT', `organizations/${orgId(b)}/`, a, { payload: { name: 'Mine now' } }),
      404,
      'NOT_FOUND',
    );
    await addMember(orgId(a), b.user.id, 'member');
    expectError(
      await request('PUT', `organizations/${orgId(a)}/`, b, { payload: { name: 'Nope' } }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('DELETE /organizations/{id}/', () => {
  async function secondOrganization(user: User): Promise<Organization> {
    return expectData(
      organizationSchema,
      await request('POST', 'organizations/', user, { payload: { name: 'To go' } }),
      201,
    );
  }

  it('deletes an organisation and its data for its owner, confirmed with DELETE', async () => {
    const a = await registerUser(t);
    const doomed = await secondOrganization(a);
    const lead = await request('POST', 'leads/', a, {
      organization: doomed.id,
      payload: { first_name: 'Greta', last_name: 'Berg', email: uniqueEmail('lead') },
    });
    expect(lead.statusCode, lead.body).toBe(201);
    expectValidation(await request('DELETE', `organizations/${doomed.id}/`, a), 'confirmation');
    expectValidation(await request('DELETE', `organizations/${doomed.id}/?confirmation=yes`, a), 'confirmation');
    expect(await getOrganization(a, doomed.id)).toMatchObject({ id: doomed.id });

    const gone = await request('DELETE', `organizations/${doomed.id}/?confirmation=DELETE`, a);
    expect(gone.statusCode, gone.body).toBe(200);
    expectError(await request('GET', `organizations/${doomed.id}/`, a), 404, 'NOT_FOUND');
    expectError(await request('GET', 'leads/', a, { organization: doomed.id }), 404, 'NOT_FOUND');
    const listed = expectData(organizationPageSchema, await request('GET', 'organizations/', a));
    expect(listed.results.map((o) => o.id)).toEqual([orgId(a)]);
    const me = expectData(meSchema, await request('GET', 'auth/me/', a));
    expect(me.organizations.map((o) => o.id)).toEqual([orgId(a)]);
    expect((await auditActions(doomed.id)).map((e) => e.action)).toContain('organization.deleted');
  });

  it('is for owners only (403), 404 for a foreign organisation, 409 for the user’s only one', async () => {
    const [a, b] = await Promise.all([registerUser(t), registerUser(t)]);
    const shared = await secondOrganization(a);
    await addMember(shared.id, b.user.id, 'admin');
    expectError(
      await request('DELETE', `organizations/${shared.id}/?confirmation=DELETE`, b),
      403,
      'PERMISSION_DENIED',
    );
    expectError(await request('DELETE', `organizations/${orgId(b)}/?confirmation=DELETE`, a), 404, 'NOT_FOUND');
    const c = await registerUser(t);
    expectError(await request('DELETE', `organizations/${orgId(c)}/?confirmation=DELETE`, c), 409, 'CONFLICT');
    expect(await getOrganization(c)).toMatchObject({ id: orgId(c) });
  });
});

describe('/organizations/{id}/invitations/', () => {
  it('invites by email through the team’s invitations (mailed, listed as invited) and lists them', async () => {
    const a = await registerUser(t);
    const email = uniqueEmail('invitee');
    const invited = expectData(
      teamMemberSchema,
      await request('POST', `organizations/${orgId(a)}/invitations/`, a, { payload: { email, role: 'member' } }),
      201,
    );
    expect(invited).toMatchObject({ email, role: 'member', status: 'invited' });
    expect(await mailsTo(t, email)).toHaveLength(1);
    const page = expectData(
      paginated(teamMemberSchema),
      await request('GET', `organizations/${orgId(a)}/invitations/`, a),
    );
    expect(page.results.map((m) => m.email)).toEqual([email]);
    // The same invitation as the team page's: a second one is a 409 there too.
    expectError(
      await request('POST', 'auth/team/members/', a, { payload: { email, role: 'member' } }),
      409,
      'CONFLICT',
    );
  });

  it('lets owners and admins invite (members 403), every member read, and 404s another organisation', async () => {
    const [a, b] = await Promise.all([registerUser(t), registerUser(t)]);
    await addMember(orgId(a), b.user.id, 'member');
    const payload = { email: uniqueEmail('invitee'), role: 'viewer' };
    expectError(
      await request('POST', `organizations/${orgId(a)}/invitations/`, b, { payload }),
      403,
      'PERMISSION_DENIED',
    );
    expect((await request('GET', `organizations/${orgId(a)}/invitations/`, b)).statusCode).toBe(200);
    const stranger = await registerUser(t);
    expectError(await request('GET', `organizations/${orgId(a)}/invitations/`, stranger), 404, 'NOT_FOUND');
    expectError(
      await request('POST', `organizations/${orgId(a)}/invitations/`, stranger, { payload }),
      404,
      'NOT_FOUND',
    );
  });
});
