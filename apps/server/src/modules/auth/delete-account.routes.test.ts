import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletedSchema, meSchema, type AuthResult } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { fileSchema } from '@leadcapture/contracts/files';
import { organizationSchema } from '@leadcapture/contracts/organizations';
import { bearer, createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { multipart, PNG } from '../../../test/multipart.ts';
import { queryRows, type Tx } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { files } from '../files/files.table.ts';
import { memberships } from '../organizations/organizations.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = AuthResult & { email: string; password: string };
const orgId = (u: User) => u.organization?.id ?? '';

function deleteAccount(user: Pick<AuthResult, 'access'>, payload: Record<string, unknown>): Promise<Response> {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/delete-account/',
    headers: bearer(user.access),
    remoteAddress: uniqueAddress(),
    payload,
  });
}

const login = (u: User) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login/',
    remoteAddress: uniqueAddress(),
    payload: { email: u.email, password: u.password },
  });

const getMe = (u: Pick<AuthResult, 'access'>) =>
  t.app.inject({ method: 'GET', url: '/api/v1/auth/me/', headers: bearer(u.access) });

async function addMember(organizationId: string, userId: string, role: Role): Promise<void> {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId, role }),
  );
}

/** Rows of the audit log, read as the session user (the app role sees one tenant's rows only). */
async function audit(
  where: ReturnType<typeof sql>,
): Promise<{ action: string; organization_id: string | null; metadata: Record<string, unknown> }[]> {
  return inScope(t.database.db, {}, async (tx: Tx) => {
    await tx.execute(sql`set local role none`);
    return queryRows(
      tx,
      sql`select action, organization_id, metadata from audit_logs where ${where} order by created_at`,
    );
  });
}

async function organizationExists(id: string): Promise<boolean> {
  const rows = await inScope(t.database.db, {}, async (tx: Tx) => {
    await tx.execute(sql`set local role none`);
    return queryRows<{ id: string }>(tx, sql`select id from organizations where id = ${id}`);
  });
  return rows.length === 1;
}

async function uploadLogo(u: User): Promise<string> {
  const form = multipart([{ name: 'file', filename: 'logo.png', data: PNG }]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${orgId(u)}/logo/`,
    headers: { ...form.headers, ...bearer(u.access) },
    payload: form.payload,
  });
  return expectData(organizationSchema, res).logo_url ?? '';
}

const uploadsOf = (organizationId: string) => path.join(t.config.dataDir, 'uploads', organizationId);

describe('POST /auth/delete-account/', () => {
  it('deletes the user and the organisation they were the only member of, with its files', async () => {
    const a = await registerUser(t);
    const logoUrl = await uploadLogo(a);
    expect(readdirSync(uploadsOf(orgId(a)))).toHaveLength(1);
    expectData(meSchema, await getMe(a)); // cached: the deletion must invalidate it

    const res = await deleteAccount(a, { password: a.password, confirmation: 'DELETE' });
    expect(expectData(accountDeletedSchema, res)).toEqual({
      detail: 'Account deleted',
      deleted_organizations: [orgId(a)],
    });

    expect(await organizationExists(orgId(a))).toBe(false);
    expect(existsSync(uploadsOf(orgId(a)))).toBe(false);
    expectError(await t.app.inject({ method: 'GET', url: new URL(logoUrl).pathname }), 404, 'NOT_FOUND');
    // Every session ended; the access token no longer reaches anything.
    expectError(await getMe(a), 401, 'TOKEN_INVALID');
    expectError(await login(a), 401, 'INVALID_CREDENTIALS');
    expectError(
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh/', payload: { refresh: a.refresh } }),
      401,
      'TOKEN_INVALID',
    );
    // The email address is free again.
    await registerUser(t, { email: a.email });

    // Written before the deletion, and kept.
    const orgAudit = await audit(sql`organization_id = ${orgId(a)} and action = 'organization.deleted'`);
    expect(orgAudit).toEqual([
      {
        action: 'organization.deleted',
        organization_id: orgId(a),
        metadata: { name: a.organization?.name, reason: 'account_deleted' },
      },
    ]);
    const userAudit = await audit(sql`user_id = ${a.user.id} and action = 'auth.account_deleted'`);
    expect(userAudit).toEqual([
      {
        action: 'auth.account_deleted',
        organization_id: null,
        metadata: { deleted_organizations: [orgId(a)], left_organizations: [] },
      },
    ]);
  });

  it('accepts the Swedish confirmation word RADERA, and surrounding spaces', async () => {
    const a = await registerUser(t);
    expectData(accountDeletedSchema, await deleteAccount(a, { password: a.password, confirmation: ' RADERA ' }));
    expectError(await login(a), 401, 'INVALID_CREDENTIALS');
  });

  it('answers 422 on password for a wrong password, and deletes nothing', async () => {
    const a = await registerUser(t);
    const details = expectValidation(
      await deleteAccount(a, { password: 'Wrong2026Pass', confirmation: 'DELETE' }),
      'password',
    );
    expect(details.password).toEqual(['Password is incorrect']);
    expectData(meSchema, await getMe(a));
    expect(await organizationExists(orgId(a))).toBe(true);
  });

  it.each<[string, Record<string, unknown>, string, string[] | undefined]>([
    ['a lowercase word', { confirmation: 'delete' }, 'confirmation', ['Type DELETE to confirm']],
    ['another word', { confirmation: 'YES' }, 'confirmation', ['Type DELETE to confirm']],
    ['no confirmation', { confirmation: undefined }, 'confirmation', undefined],
    ['no password', { password: undefined }, 'password', undefined],
    ['an empty password', { password: '' }, 'password', undefined],
    ['a password over 128 characters', { password: 'x'.repeat(129) }, 'password', undefined],
  ])('answers 422 for %s, and deletes nothing', async (_what, change, field, messages) => {
    const a = await registerUser(t);
    const details = expectValidation(
      await deleteAccount(a, { password: a.password, confirmation: 'DELETE', ...change }),
      field,
    );
    if (messages) expect(details[field]).toEqual(messages);
    expectData(meSchema, await getMe(a));
  });

  it('answers 422 for an unknown field (the schema is strict)', async () => {
    const a = await registerUser(t);
    expectError(
      await deleteAccount(a, { password: a.password, confirmation: 'DELETE', force: true }),
      422,
      'VALIDATION_ERROR',
    );
    expectData(meSchema, await getMe(a));
  });

  it('answers 409 naming the organisations where the user is the last owner and others remain; changes nothing', async () => {
    const a = await registerUser(t);
    const colleague = await registerUser(t);
    await addMember(orgId(a), colleague.user.id, 'admin');
    const res = await deleteAccount(a, { password: a.password, confirmation: 'DELETE' });
    const error = expectError(res, 409, 'CONFLICT');
    expect(error.message).toBe(
      `You are the only owner of "${a.organization?.name}", which has other members. Transfer ownership or delete the organization first.`,
    );
    expect(error.details).toEqual({ organizations: [a.organization?.name], organization_ids: [orgId(a)] });
    expectData(meSchema, await getMe(a));
    expect(await organizationExists(orgId(a))).toBe(true);
    expect((await login(a)).statusCode).toBe(200);
    expect(
      await audit(sql`user_id = ${a.user.id} and action in ('auth.account_deleted', 'organization.deleted')`),
    ).toEqual([]);
  });

  it('refuses as a whole when one of several organisations blocks: the sole-member one is not deleted either', async () => {
    const a = await registerUser(t);
    const blocked = await registerUser(t);
    // a owns a second organisation (blocked's), which has another member: blocked, demoted to viewer.
    await addMember(orgId(blocked), a.user.id, 'owner');
    await inScope(t.database.db, { organizationId: orgId(blocked) }, (tx) =>
      tx.update(memberships).set({ role: 'viewer' }).where(eq(memberships.userId, blocked.user.id)),
    );
    const error = expectError(
      await deleteAccount(a, { password: a.password, confirmation: 'DELETE' }),
      409,
      'CONFLICT',
    );
    expect(error.details).toEqual({ organizations: [blocked.organization?.name], organization_ids: [orgId(blocked)] });
    expect(await organizationExists(orgId(a))).toBe(true);
    expect(await organizationExists(orgId(blocked))).toBe(true);
  });

  it('leaves an organisation that has another owner, and one where the user was not an owner', async () => {
    const a = await registerUser(t);
    const coOwned = await registerUser(t);
    const memberOf = await registerUser(t);
    await addMember(orgId(coOwned), a.user.id, 'owner');
    await addMember(orgId(memberOf), a.user.id, 'member');

    // a's upload in the co-owned organisation stays with it.
    const form = multipart([{ name: 'file', filename: 'booth.png', data: PNG }]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/',
      headers: { ...form.headers, ...bearer(a.access), 'x-organization-id': orgId(coOwned) },
      payload: form.payload,
    });
    const file = expectData(fileSchema, upload, 201);

    const res = await deleteAccount(a, { password: a.password, confirmation: 'DELETE' });
    expect(expectData(accountDeletedSchema, res).deleted_organizations).toEqual([orgId(a)]);

    for (const other of [coOwned, memberOf]) {
      expect(await organizationExists(orgId(other))).toBe(true);
      const org = expectData(
        organizationSchema,
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/organizations/${orgId(other)}/`,
          headers: bearer(other.access),
        }),
      );
      expect(org.role).toBe('owner');
      const left = await audit(sql`organization_id = ${orgId(other)} and action = 'membership.deleted'`);
      expect(left).toHaveLength(1);
      expect(left[0]?.metadata).toMatchObject({ reason: 'account_deleted' });
    }
    const kept = await inScope(t.database.db, { organizationId: orgId(coOwned) }, (tx) =>
      tx.select({ uploadedBy: files.uploadedBy }).from(files).where(eq(files.id, file.id)),
    );
    expect(kept).toEqual([{ uploadedBy: null }]);
    const meOfCoOwner = expectData(meSchema, await getMe(coOwned));
    expect(meOfCoOwner.organizations.map((o) => o.id)).toEqual([orgId(coOwned)]);
  });

  it('lets two co-owners who leave at the same time not both go: one of them stays the owner', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const colleague = await registerUser(t);
    // a's organisation: owners a and b, and a member.
    await addMember(orgId(a), b.user.id, 'owner');
    await addMember(orgId(a), colleague.user.id, 'member');
    const [ra, rb] = await Promise.all([
      deleteAccount(a, { password: a.password, confirmation: 'DELETE' }),
      deleteAccount(b, { password: b.password, confirmation: 'DELETE' }),
    ]);
    // b's own organisation has no one else, so only a's shared one can block.
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    expect(await organizationExists(orgId(a))).toBe(true);
    const owners = await inScope(t.database.db, { organizationId: orgId(a) }, (tx) =>
      tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(eq(memberships.organizationId, orgId(a))),
    );
    expect(owners.map((o) => o.role).sort()).toEqual(['member', 'owner']);
  });
});
