import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiKeySchema, apiKeyUsageSchema, apiKeyWithSecretSchema } from '@leadcapture/contracts/api-keys';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { anyData, expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import {
  bearer,
  createTestApp,
  memoryMailer,
  openTestDatabase,
  registerUser,
  TEST_JWT_SECRET,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { inScope } from '../../db/tenant.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { users } from '../auth/auth.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { apiKeys } from './api-keys.table.ts';
import { generateKey, isWellFormedKey } from './key-format.ts';

/** API keys over HTTP: the key routes, and calling the API with a key (docs/api-keys.md). */

/** Every line the app logged, as written: no key may be among them. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const orgOf = (user: AuthResult) => user.organization?.id ?? '';
/** Every key any test made, to look for in the log at the end. */
const issued: string[] = [];

function call(method: Method, url: string, user: AuthResult, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** A request made with an API key, in the X-API-Key header unless `asBearer`. */
function withKey(
  method: Method,
  url: string,
  key: string,
  {
    payload,
    asBearer = false,
    headers = {},
  }: { payload?: unknown; asBearer?: boolean; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...(asBearer ? { authorization: `Bearer ${key}` } : { 'x-api-key': key }), ...headers },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function createKey(user: AuthResult, permissions: string[], extra: Record<string, unknown> = {}) {
  const res = await call('POST', 'auth/api-keys/', user, { name: 'CRM sync', permissions, ...extra });
  const key = expectData(apiKeyWithSecretSchema, res, 201);
  issued.push(key.key);
  return key;
}

async function joined(owner: AuthResult, role: Role): Promise<Awaited<ReturnType<typeof registerUser>>> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
    tx.insert(memberships).values({ organizationId: orgOf(owner), userId: user.user.id, role }),
  );
  return { ...user, organization: owner.organization };
}

async function setRole(owner: AuthResult, user: AuthResult, role: Role) {
  await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
    tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, orgOf(owner)), eq(memberships.userId, user.user.id))),
  );
}

const newLead = () => ({ first_name: 'Keyed', last_name: 'Lead', email: uniqueEmail('keyed') });
const keyCount = (owner: AuthResult) =>
  inScope(
    t.database.db,
    { organizationId: orgOf(owner) },
    async (tx) =>
      (
        await tx
          .select({ id: apiKeys.id })
          .from(apiKeys)
          .where(eq(apiKeys.organizationId, orgOf(owner)))
      ).length,
  );

describe('the key routes', () => {
  it('creates a key shown once, lists and reads it without the secret, renames it and revokes it', async () => {
    const owner = await registerUser(t);
    const created = await createKey(owner, ['leads:read', 'leads:write', 'leads:read'], { name: '  Zapier  ' });
    expect(created.name).toBe('Zapier');
    expect(created.permissions).toEqual(['leads:read', 'leads:write']);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.prefix).toMatch(/^lc_live_[0-9A-Za-z]{6}$/);
    expect(created.key.endsWith(created.last_four)).toBe(true);
    expect(isWellFormedKey(created.key)).toBe(true);
    expect(created.expires_at).toBeNull();
    expect(created.last_used_at).toBeNull();

    const list = expectData(paginated(apiKeySchema), await call('GET', 'auth/api-keys/', owner));
    expect(list.count).toBe(1);
    expect(list.results[0]?.id).toBe(created.id);
    expect(JSON.stringify(list)).not.toContain(created.key);
    const one = await call('GET', `auth/api-keys/${created.id}/`, owner);
    expect(expectData(apiKeySchema, one).prefix).toBe(created.prefix);
    expect(one.body).not.toContain(created.key.slice(created.prefix.length));

    const renamed = await call('PATCH', `auth/api-keys/${created.id}/`, owner, {
      name: 'Zapier (sales)',
      permissions: ['events:read'],
      expires_at: '2099-01-01',
    });
    const after = expectData(apiKeySchema, renamed);
    expect(after).toMatchObject({ name: 'Zapier (sales)', permissions: ['events:read'] });
    // A calendar date is midnight in the organisation's timezone (UTC by default).
    expect(after.expires_at).toBe('2099-01-01T00:00:00.000Z');
    const cleared = expectData(
      apiKeySchema,
      await call('PATCH', `auth/api-keys/${created.id}/`, owner, { expires_at: null }),
    );
    expect(cleared.expires_at).toBeNull();

    expectData(anyData, await call('DELETE', `auth/api-keys/${created.id}/`, owner));
    expectError(await call('GET', `auth/api-keys/${created.id}/`, owner), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `auth/api-keys/${created.id}/`, owner), 404, 'NOT_FOUND');
    expect(expectData(paginated(apiKeySchema), await call('GET', 'auth/api-keys/', owner)).count).toBe(0);
    expectError(await withKey('GET', 'leads/', created.key), 401, 'TOKEN_INVALID');

    const audited = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .select({ action: auditLogs.action })
        .from(auditLogs)
        .where(and(eq(auditLogs.organizationId, orgOf(owner)), eq(auditLogs.targetId, created.id))),
    );
    expect(audited.map((a) => a.action).sort()).toEqual([
      'api_key.created',
      'api_key.revoked',
      'api_key.updated',
      'api_key.updated',
    ]);
  });

  it('refuses bad input with 422 on the field, writing nothing', async () => {
    const owner = await registerUser(t);
    const post = (body: unknown) => call('POST', 'auth/api-keys/', owner, body);
    expectValidation(await post({ permissions: ['leads:read'] }), 'name');
    expectValidation(await post({ name: '   ', permissions: ['leads:read'] }), 'name');
    expectValidation(await post({ name: 'x'.repeat(101), permissions: ['leads:read'] }), 'name');
    expectValidation(await post({ name: 'No permissions', permissions: [] }), 'permissions');
    expectValidation(await post({ name: 'No permissions' }), 'permissions');
    expectValidation(await post({ name: 'Unknown', permissions: ['leads:read', 'billing:write'] }), 'permissions.1');
    expectValidation(await post({ name: 'Unknown', permissions: ['leads:admin'] }), 'permissions.0');
    expectValidation(
      await post({ name: 'Past', permissions: ['leads:read'], expires_at: '2020-01-01T00:00:00Z' }),
      'expires_at',
    );
    expectValidation(await post({ name: 'Past', permissions: ['leads:read'], expires_at: '2020-01-01' }), 'expires_at');
    expectValidation(
      await post({ name: 'Garbage', permissions: ['leads:read'], expires_at: 'next week' }),
      'expires_at',
    );
    expect(await keyCount(owner)).toBe(0);

    const key = await createKey(owner, ['leads:read']);
    expectValidation(await call('PATCH', `auth/api-keys/${key.id}/`, owner, { permissions: [] }), 'permissions');
    expectValidation(
      await call('PATCH', `auth/api-keys/${key.id}/`, owner, { expires_at: '2001-02-03' }),
      'expires_at',
    );
    expectValidation(await call('PATCH', `auth/api-keys/${key.id}/`, owner, { name: '' }), 'name');
    const unchanged = expectData(apiKeySchema, await call('GET', `auth/api-keys/${key.id}/`, owner));
    expect(unchanged).toMatchObject({ name: 'CRM sync', permissions: ['leads:read'], expires_at: null });
  });

  it('lets owners and admins manage keys and refuses members and viewers (403)', async () => {
    const owner = await registerUser(t);
    const admin = await joined(owner, 'admin');
    const key = await createKey(admin, ['leads:read']);
    expectData(anyData, await call('GET', `auth/api-keys/${key.id}/usage/`, owner));
    for (const role of ['member', 'viewer'] as const) {
      const user = await joined(owner, role);
      expectError(await call('GET', 'auth/api-keys/', user), 403, 'PERMISSION_DENIED');
      expectError(
        await call('POST', 'auth/api-keys/', user, { name: 'Mine', permissions: ['leads:read'] }),
        403,
        'PERMISSION_DENIED',
      );
      expectError(await call('POST', `auth/api-keys/${key.id}/regenerate/`, user), 403, 'PERMISSION_DENIED');
      expectError(await call('DELETE', `auth/api-keys/${key.id}/`, user), 403, 'PERMISSION_DENIED');
    }
    expect(await keyCount(owner)).toBe(1);
  });

  it("answers 404 on every id route for another organisation's key, and for no key", async () => {
    const owner = await registerUser(t);
    const stranger = await registerUser(t);
    const key = await createKey(owner, ['leads:read']);
    for (const id of [key.id, randomUUID()]) {
      expectError(await call('GET', `auth/api-keys/${id}/`, stranger), 404, 'NOT_FOUND');
      expectError(await call('PATCH', `auth/api-keys/${id}/`, stranger, { name: 'Mine now' }), 404, 'NOT_FOUND');
      expectError(await call('POST', `auth/api-keys/${id}/regenerate/`, stranger), 404, 'NOT_FOUND');
      expectError(await call('GET', `auth/api-keys/${id}/usage/`, stranger), 404, 'NOT_FOUND');
      expectError(await call('DELETE', `auth/api-keys/${id}/`, stranger), 404, 'NOT_FOUND');
    }
    expect(expectData(paginated(apiKeySchema), await call('GET', 'auth/api-keys/', stranger)).count).toBe(0);
    // Untouched, and still working.
    expectData(anyData, await withKey('GET', 'leads/', key.key));
  });

  it('regenerates: same id, name and permissions, a new secret; the old one answers 401 at once', async () => {
    const owner = await registerUser(t);
    const key = await createKey(owner, ['leads:read']);
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    const res = await call('POST', `auth/api-keys/${key.id}/regenerate/`, owner);
    const fresh = expectData(apiKeyWithSecretSchema, res);
    issued.push(fresh.key);
    expect(fresh).toMatchObject({ id: key.id, name: key.name, permissions: key.permissions, last_used_at: null });
    expect(fresh.key).not.toBe(key.key);
    expectError(await withKey('GET', 'leads/', key.key), 401, 'TOKEN_INVALID');
    expectData(anyData, await withKey('GET', 'leads/', fresh.key));
    const audited = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx.select({ action: auditLogs.action }).from(auditLogs).where(eq(auditLogs.targetId, key.id)),
    );
    expect(audited.map((a) => a.action)).toContain('api_key.regenerated');
  });
});

describe('calling the API with a key', () => {
  it('reads with :read and is refused writes without :write (403), in either header', async () => {
    const owner = await registerUser(t);
    const key = await createKey(owner, ['leads:read', 'events:read']);
    for (const asBearer of [false, true]) {
      expectData(anyData, await withKey('GET', 'leads/', key.key, { asBearer }));
      expectData(anyData, await withKey('GET', 'events/', key.key, { asBearer }));
      const refused = expectError(
        await withKey('POST', 'leads/', key.key, { asBearer, payload: newLead() }),
        403,
        'PERMISSION_DENIED',
      );
      expect(refused.message).toContain('leads:write');
      expectError(
        await withKey('POST', 'events/', key.key, { asBearer, payload: { name: 'Expo' } }),
        403,
        'PERMISSION_DENIED',
      );
      // A resource the key was not given at all.
      expectError(await withKey('GET', 'clients/', key.key, { asBearer }), 403, 'PERMISSION_DENIED');
    }
    const writer = await createKey(owner, ['leads:write']);
    const lead = expectData(
      z.object({ id: z.uuid() }),
      await withKey('POST', 'leads/', writer.key, { payload: newLead() }),
      201,
    );
    expectData(anyData, await call('GET', `leads/${lead.id}/`, owner));
    expectError(await withKey('GET', 'leads/', writer.key), 403, 'PERMISSION_DENIED');
  });

  it('is refused on routes that do not take keys: keys, billing, the team, the account (403)', async () => {
    const owner = await registerUser(t);
    const key = await createKey(owner, ['leads:read', 'leads:write', 'webhooks:write', 'analytics:read']);
    for (const [method, url] of [
      ['GET', 'auth/api-keys/'],
      ['POST', 'auth/api-keys/'],
      ['POST', `auth/api-keys/${key.id}/regenerate/`],
      ['DELETE', `auth/api-keys/${key.id}/`],
      ['GET', 'billing/subscriptions/current/'],
      ['GET', 'auth/team/members/'],
      ['GET', 'auth/me/'],
      ['GET', 'organizations/'],
      ['GET', 'notifications/'],
    ] as const) {
      const body = method === 'POST' ? { name: 'Minted', permissions: ['leads:read'] } : undefined;
      const error = expectError(await withKey(method, url, key.key, { payload: body }), 403, 'PERMISSION_DENIED');
      expect(error.message).toContain('API keys cannot be used');
    }
    expect(await keyCount(owner)).toBe(1);
    // A public route acts for no one: the key is not read, and the route answers as to anyone.
    expectData(anyData, await withKey('GET', 'billing/plans/', key.key));
    expectData(anyData, await withKey('GET', 'billing/plans/', 'lc_live_garbage'));
  });

  it('acts in its own organisation: another named in X-Organization-Id answers 404', async () => {
    const owner = await registerUser(t);
    const other = await call('POST', 'organizations/', owner, { name: 'Second AB' });
    const secondOrg = expectData(z.object({ id: z.uuid() }), other, 201).id;
    const key = await createKey(owner, ['leads:read', 'leads:write']);
    expectData(anyData, await withKey('GET', 'leads/', key.key, { headers: { 'x-organization-id': orgOf(owner) } }));
    expectError(
      await withKey('GET', 'leads/', key.key, { headers: { 'x-organization-id': secondOrg } }),
      404,
      'NOT_FOUND',
    );
    const stranger = await registerUser(t);
    expectError(
      await withKey('GET', 'leads/', key.key, { headers: { 'x-organization-id': orgOf(stranger) } }),
      404,
      'NOT_FOUND',
    );
    // A lead of another organisation is as missing as one that does not exist.
    const theirs = expectData(z.object({ id: z.uuid() }), await call('POST', 'leads/', stranger, newLead()), 201);
    expectError(await withKey('GET', `leads/${theirs.id}/`, key.key), 404, 'NOT_FOUND');
    expectError(await withKey('DELETE', `leads/${theirs.id}/`, key.key), 404, 'NOT_FOUND');
  });

  it("never exceeds its creator's role: a member's key cannot delete another's note; a demoted creator's key cannot write", async () => {
    const owner = await registerUser(t);
    const member = await joined(owner, 'member');
    const lead = expectData(z.object({ id: z.uuid() }), await call('POST', 'leads/', owner, newLead()), 201);
    const note = expectData(
      z.object({ id: z.uuid() }),
      await call('POST', `leads/${lead.id}/notes/`, owner, { body: 'Owner note' }),
      201,
    );
    const admin = await joined(owner, 'admin');
    const memberKey = await createKey(admin, ['leads:read', 'leads:write']);
    // The admin made the key; an admin may delete any note, so: the admin becomes a member.
    await setRole(owner, admin, 'member');
    expectError(await withKey('DELETE', `leads/${lead.id}/notes/${note.id}/`, memberKey.key), 403, 'PERMISSION_DENIED');
    expectError(await call('DELETE', `leads/${lead.id}/notes/${note.id}/`, member), 403, 'PERMISSION_DENIED');
    expectData(anyData, await withKey('POST', 'leads/', memberKey.key, { payload: newLead() }), 201);

    await setRole(owner, admin, 'viewer');
    expectData(anyData, await withKey('GET', 'leads/', memberKey.key));
    expectError(await withKey('POST', 'leads/', memberKey.key, { payload: newLead() }), 403, 'PERMISSION_DENIED');

    await setRole(owner, admin, 'admin');
    expectData(anyData, await withKey('DELETE', `leads/${lead.id}/notes/${note.id}/`, memberKey.key));
  });

  it('answers 401 once its creator is removed from the organisation or deactivated', async () => {
    const owner = await registerUser(t);
    const admin = await joined(owner, 'admin');
    const key = await createKey(admin, ['leads:read']);
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .delete(memberships)
        .where(and(eq(memberships.organizationId, orgOf(owner)), eq(memberships.userId, admin.user.id))),
    );
    expectError(await withKey('GET', 'leads/', key.key), 401, 'TOKEN_INVALID');

    const ownerKey = await createKey(owner, ['leads:read']);
    expectData(anyData, await withKey('GET', 'leads/', ownerKey.key));
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, owner.user.id));
    expectError(await withKey('GET', 'leads/', ownerKey.key), 401, 'TOKEN_INVALID');
    await t.database.db.update(users).set({ isActive: true }).where(eq(users.id, owner.user.id));
    expectData(anyData, await withKey('GET', 'leads/', ownerKey.key));

    // A creator who deletes their account takes their keys with them.
    const leaving = await joined(owner, 'admin');
    const leavingKey = await createKey(leaving, ['leads:read']);
    expectData(anyData, await withKey('GET', 'leads/', leavingKey.key));
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/delete-account/',
      headers: bearer(leaving.access),
      payload: { password: leaving.password, confirmation: 'DELETE' },
    });
    expectData(anyData, deleted);
    expectError(await withKey('GET', 'leads/', leavingKey.key), 401, 'TOKEN_INVALID');
    expectError(await call('GET', `auth/api-keys/${leavingKey.id}/`, owner), 404, 'NOT_FOUND');
  });

  it('answers 401 for an expired, unknown or malformed key, and a malformed one without a database query', async () => {
    const owner = await registerUser(t);
    const key = await createKey(owner, ['leads:read'], { expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiKeys.id, key.id)),
    );
    expectError(await withKey('GET', 'leads/', key.key), 401, 'TOKEN_INVALID');
    // Regenerating an expired key would hand out a dead one.
    expectError(await call('POST', `auth/api-keys/${key.id}/regenerate/`, owner), 409, 'CONFLICT');

    const execute = vi.spyOn(t.app.deps.db, 'execute');
    try {
      const unknown = generateKey().key;
      expectError(await withKey('GET', 'leads/', unknown), 401, 'TOKEN_INVALID');
      expect(execute).toHaveBeenCalledTimes(1);
      execute.mockClear();
      // One character changed: the checksum no longer matches.
      const last = key.key.at(-1) === 'a' ? 'b' : 'a';
      for (const bad of [`${key.key.slice(0, -1)}${last}`, 'lc_live_short', 'lc_test_x', `${key.key}x`]) {
        for (const asBearer of [false, true]) {
          expectError(await withKey('GET', 'leads/', bad, { asBearer }), 401, 'TOKEN_INVALID');
        }
      }
      expect(execute).not.toHaveBeenCalled();
    } finally {
      execute.mockRestore();
    }
    expectError(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/leads/',
        headers: { 'x-api-key': key.key, authorization: `Bearer ${owner.access}` },
      }),
      401,
      'NOT_AUTHENTICATED',
    );
  });

  it('counts requests per day and notes the last use at most once a minute', async () => {
    const owner = await registerUser(t);
    const key = await createKey(owner, ['leads:read']);
    const lastUsed = async () =>
      expectData(apiKeySchema, await call('GET', `auth/api-keys/${key.id}/`, owner)).last_used_at;
    expect(await lastUsed()).toBeNull();
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    const first = await lastUsed();
    expect(first).not.toBeNull();
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    expectError(await withKey('POST', 'leads/', key.key, { payload: newLead() }), 403, 'PERMISSION_DENIED');
    expect(await lastUsed()).toBe(first);
    // A minute on, the next use is noted.
    await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .update(apiKeys)
        .set({ lastUsedAt: sql`now() - interval '61 seconds'` })
        .where(eq(apiKeys.id, key.id)),
    );
    const moved = await lastUsed();
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    const noted = await lastUsed();
    expect(noted).not.toBe(moved);
    expect(new Date(noted ?? 0).getTime()).toBeGreaterThan(new Date(moved ?? 0).getTime() + 60_000);

    const usage = expectData(apiKeyUsageSchema, await call('GET', `auth/api-keys/${key.id}/usage/`, owner));
    expect(usage.days).toHaveLength(30);
    expect(usage.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), requests: 4 });
    expect(usage.days.slice(0, -1).every((d) => d.requests === 0)).toBe(true);
    expect(usage.total).toBe(4);
    // Counted again across flushes: added, never overwritten.
    expectData(anyData, await withKey('GET', 'leads/', key.key));
    const again = expectData(apiKeyUsageSchema, await call('GET', `auth/api-keys/${key.id}/usage/`, owner));
    expect(again.total).toBe(5);
  });

  it('logs no key, whichever header carried it and however the request ended', () => {
    expect(issued.length).toBeGreaterThan(5);
    const log = logLines.join('');
    expect(log).toContain('"url":"/api/v1/leads/"');
    for (const key of issued) {
      // The random part alone: the prefix is public, shown in the list.
      expect(log).not.toContain(key.slice(key.length - 32));
    }
    expect(log.toLowerCase()).not.toContain('x-api-key');
  });
});

describe('the per-key rate limit', () => {
  it('answers 429 with Retry-After past API_KEY_RATE_LIMIT, per key', async () => {
    const limited = await createTestApp({ env: { API_KEY_RATE_LIMIT: '3/1m' } });
    try {
      const owner = await registerUser(limited);
      const create = async () => {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/api-keys/',
          headers: bearer(owner.access),
          payload: { name: 'Busy', permissions: ['leads:read'] },
        });
        return expectData(apiKeyWithSecretSchema, res, 201).key;
      };
      const [busy, calm] = [await create(), await create()];
      const get = (key: string) =>
        limited.app.inject({ method: 'GET', url: '/api/v1/leads/', headers: { 'x-api-key': key } });
      for (let i = 0; i < 3; i += 1) {
        const res = await get(busy);
        expectData(anyData, res);
        expect(res.headers['x-ratelimit-limit']).toBe('3');
        expect(res.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      }
      const refused = await get(busy);
      expectError(refused, 429, 'RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      // Another key of the same organisation has its own budget; a session is not limited by it.
      expectData(anyData, await get(calm));
      expectData(
        anyData,
        await limited.app.inject({ method: 'GET', url: '/api/v1/leads/', headers: bearer(owner.access) }),
      );
    } finally {
      await limited.close();
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.skipIf(!redisUrl)('the per-key rate limit across API processes sharing Redis', () => {
  it('counts one budget for a key whichever process serves it', async () => {
    const database = await openTestDatabase();
    const connections = [new Redis(redisUrl ?? ''), new Redis(redisUrl ?? '')];
    // Processes of one deployment share ENCRYPTION_KEY, hence the keys' hashes.
    const encryptionKey = randomBytes(32).toString('base64');
    const apps = await Promise.all(
      connections.map(async (redis) => {
        const config = loadConfig(
          {
            NODE_ENV: 'test',
            LOG_LEVEL: 'silent',
            PUBLIC_URL: 'http://localhost:3000',
            API_KEY_RATE_LIMIT: '3/1m',
            ENCRYPTION_KEY: encryptionKey,
          },
          { dataDir: mkdtempSync(path.join(tmpdir(), 'leadcapture-app-')), jwtSecret: TEST_JWT_SECRET },
        );
        const app = await buildApp({
          config,
          database,
          mailer: memoryMailer(),
          redis,
          runOutbox: false,
          runScheduler: false,
          logger: false,
        });
        await app.ready();
        return app;
      }),
    );
    const [a, b] = apps as [TestApp['app'], TestApp['app']];
    try {
      const owner = await registerUser({ app: a } as TestApp);
      const res = await a.inject({
        method: 'POST',
        url: '/api/v1/auth/api-keys/',
        headers: bearer(owner.access),
        payload: { name: 'Shared', permissions: ['leads:read'] },
      });
      const { key } = expectData(apiKeyWithSecretSchema, res, 201);
      const get = (app: TestApp['app']) =>
        app.inject({ method: 'GET', url: '/api/v1/leads/', headers: { 'x-api-key': key } });
      expectData(anyData, await get(a));
      expectData(anyData, await get(b));
      expectData(anyData, await get(a));
      expectError(await get(b), 429, 'RATE_LIMITED');
      expectError(await get(a), 429, 'RATE_LIMITED');
    } finally {
      for (const app of apps) await app.close();
      for (const redis of connections) await redis.quit();
      await database.close();
    }
  });
});
