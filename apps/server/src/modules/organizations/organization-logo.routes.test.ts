import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { fileSchema } from '@leadcapture/contracts/files';
import { organizationSchema, type Organization } from '@leadcapture/contracts/organizations';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { GIF, multipart, PNG, SVG, type Part } from '../../../test/multipart.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from './organizations.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = AuthResult & { email: string; password: string };
const orgId = (u: User) => u.organization?.id ?? '';

function postLogo(user: Pick<AuthResult, 'access'>, organizationId: string, parts: Part[]): Promise<Response> {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/organizations/${organizationId}/logo/`,
    headers: { ...form.headers, ...bearer(user.access) },
    payload: form.payload,
  });
}
const logoPart = (data: Buffer = PNG, filename = 'logo.png'): Part[] => [{ name: 'file', filename, data }];
const deleteLogo = (user: Pick<AuthResult, 'access'>, organizationId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/v1/organizations/${organizationId}/logo/`,
    headers: bearer(user.access),
  });
const getOrg = async (user: User, id = orgId(user)): Promise<Organization> =>
  expectData(
    organizationSchema,
    await t.app.inject({ method: 'GET', url: `/api/v1/organizations/${id}/`, headers: bearer(user.access) }),
  );

/** The public path and file id behind a logo_url. */
function logoPath(logoUrl: string | null): { path: string; id: string } {
  expect(logoUrl).toMatch(/^http:\/\/localhost:3000\/api\/v1\/public\/files\/[0-9a-f-]{36}\/$/);
  const pathname = new URL(logoUrl ?? '').pathname;
  return { path: pathname, id: pathname.split('/').at(-2) ?? '' };
}
const fetchPublic = (p: string) => t.app.inject({ method: 'GET', url: p });

async function addMember(organizationId: string, userId: string, role: Role): Promise<void> {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId, role }),
  );
}
async function teammate(owner: User, role: Role): Promise<User> {
  const u = await registerUser(t);
  await addMember(orgId(owner), u.user.id, role);
  return u;
}

function storedFiles(organizationId: string): string[] {
  const dir = path.join(t.config.dataDir, 'uploads', organizationId);
  return existsSync(dir) ? readdirSync(dir) : [];
}

async function auditActions(organizationId: string): Promise<string[]> {
  const rows = await inScope(t.database.db, { organizationId }, (tx) =>
    queryRows<{ action: string }>(
      tx,
      sql`select action from audit_logs where organization_id = ${organizationId} and action like 'organization.logo%' order by created_at`,
    ),
  );
  return rows.map((r) => r.action);
}

describe('POST /organizations/{id}/logo/', () => {
  it('stores the logo and sets logo_url to its public address', async () => {
    const a = await registerUser(t);
    const org = expectData(organizationSchema, await postLogo(a, orgId(a), logoPart()));
    const logo = logoPath(org.logo_url);
    expect((await getOrg(a)).logo_url).toBe(org.logo_url);
    expect(storedFiles(orgId(a))).toHaveLength(1);

    // <img src> works without a token, and from other origins (capture pages, mail).
    const pub = await fetchPublic(logo.path);
    expect(pub.statusCode).toBe(200);
    expect(pub.rawPayload.equals(PNG)).toBe(true);
    expect(pub.headers['content-type']).toBe('image/png');
    expect(pub.headers['x-content-type-options']).toBe('nosniff');
    expect(pub.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(pub.headers['cache-control']).toBe('public, max-age=3600');
    // HEAD works for link checkers and caches.
    const head = await t.app.inject({ method: 'HEAD', url: logo.path });
    expect(head.statusCode).toBe(200);

    // Its metadata and the bearer download work for members, as for any file.
    const info = expectData(
      fileSchema,
      await t.app.inject({ method: 'GET', url: `/api/v1/files/${logo.id}/`, headers: bearer(a.access) }),
    );
    expect(info).toMatchObject({ purpose: 'organization_logo', public_url: org.logo_url, original_name: 'logo.png' });
    const download = await t.app.inject({ method: 'GET', url: info.download_url, headers: bearer(a.access) });
    expect(download.rawPayload.equals(PNG)).toBe(true);
    expect(await auditActions(orgId(a))).toEqual(['organization.logo_updated']);
  });

  it('replaces the previous logo: its row, bytes and public address go', async () => {
    const a = await registerUser(t);
    const first = logoPath(expectData(organizationSchema, await postLogo(a, orgId(a), logoPart())).logo_url);
    const second = expectData(organizationSchema, await postLogo(a, orgId(a), logoPart(GIF, 'new.gif')));
    const next = logoPath(second.logo_url);
    expect(next.id).not.toBe(first.id);
    expectError(await fetchPublic(first.path), 404, 'NOT_FOUND');
    expect((await fetchPublic(next.path)).headers['content-type']).toBe('image/gif');
    expect(storedFiles(orgId(a))).toEqual([expect.stringMatching(/\.gif$/)]);
    expect(await auditActions(orgId(a))).toEqual(['organization.logo_updated', 'organization.logo_updated']);
  });

  it('lets an admin set the logo, not a member or a viewer (403, nothing stored)', async () => {
    const owner = await registerUser(t);
    const admin = await teammate(owner, 'admin');
    const member = await teammate(owner, 'member');
    const viewer = await teammate(owner, 'viewer');
    expectError(await postLogo(member, orgId(owner), logoPart()), 403, 'PERMISSION_DENIED');
    expectError(await postLogo(viewer, orgId(owner), logoPart()), 403, 'PERMISSION_DENIED');
    expect(storedFiles(orgId(owner))).toEqual([]);
    const org = expectData(organizationSchema, await postLogo(admin, orgId(owner), logoPart()));
    expect(org.role).toBe('admin');
    expect(org.logo_url).not.toBeNull();
  });

  it('answers 404 for another tenant’s organisation, exactly like a missing one; nothing stored', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const foreign = expectError(await postLogo(a, orgId(b), logoPart()), 404, 'NOT_FOUND');
    const missing = expectError(await postLogo(a, randomUUID(), logoPart()), 404, 'NOT_FOUND');
    expect(foreign).toEqual(missing);
    expect(storedFiles(orgId(b))).toEqual([]);
    expect(storedFiles(orgId(a))).toEqual([]);
    expect((await getOrg(b)).logo_url).toBeNull();
    expectError(await deleteLogo(a, orgId(b)), 404, 'NOT_FOUND');
  });

  it('answers 422 for an SVG and 413 for a file over 2 MB, and keeps the current logo', async () => {
    const a = await registerUser(t);
    const current = expectData(organizationSchema, await postLogo(a, orgId(a), logoPart())).logo_url;
    expect(expectValidation(await postLogo(a, orgId(a), logoPart(SVG, 'logo.svg')), 'file')).toEqual({
      file: ['Please select a valid image file'],
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expect(expectError(await postLogo(a, orgId(a), logoPart(big)), 413, 'PAYLOAD_TOO_LARGE').details).toEqual({
      file: ['Image size must be less than 2MB'],
    });
    expect((await getOrg(a)).logo_url).toBe(current);
    expect(storedFiles(orgId(a))).toHaveLength(1);
  });

  it('answers 422 for an organisation id that is not a UUID', async () => {
    const a = await registerUser(t);
    expectValidation(await postLogo(a, 'nope', logoPart()), 'id');
  });
});

describe('DELETE /organizations/{id}/logo/', () => {
  it('clears logo_url and deletes the file; its public address then answers 404', async () => {
    const a = await registerUser(t);
    const logo = logoPath(expectData(organizationSchema, await postLogo(a, orgId(a), logoPart())).logo_url);
    const org = expectData(organizationSchema, await deleteLogo(a, orgId(a)));
    expect(org.logo_url).toBeNull();
    expect((await getOrg(a)).logo_url).toBeNull();
    expectError(await fetchPublic(logo.path), 404, 'NOT_FOUND');
    expect(storedFiles(orgId(a))).toEqual([]);
    // Again: nothing to remove, same answer, nothing more recorded.
    expect(expectData(organizationSchema, await deleteLogo(a, orgId(a))).logo_url).toBeNull();
    expect(await auditActions(orgId(a))).toEqual(['organization.logo_updated', 'organization.logo_removed']);
  });

  it('is for owners and admins only', async () => {
    const owner = await registerUser(t);
    const member = await teammate(owner, 'member');
    expectData(organizationSchema, await postLogo(owner, orgId(owner), logoPart()));
    expectError(await deleteLogo(member, orgId(owner)), 403, 'PERMISSION_DENIED');
    expect((await getOrg(owner)).logo_url).not.toBeNull();
  });

  it('is the only way to delete a logo: DELETE /files/{id}/ answers 409', async () => {
    const a = await registerUser(t);
    const logo = logoPath(expectData(organizationSchema, await postLogo(a, orgId(a), logoPart())).logo_url);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/files/${logo.id}/`, headers: bearer(a.access) });
    expectError(res, 409, 'CONFLICT');
    expect((await fetchPublic(logo.path)).statusCode).toBe(200);
  });
});

describe('public logos and tenants', () => {
  it('shows another organisation’s logo publicly, but never its metadata or bearer download', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const logo = logoPath(expectData(organizationSchema, await postLogo(b, orgId(b), logoPart())).logo_url);
    expect((await fetchPublic(logo.path)).statusCode).toBe(200);
    for (const url of [`/api/v1/files/${logo.id}/`, `/api/v1/files/${logo.id}/download/`]) {
      expectError(await t.app.inject({ method: 'GET', url, headers: bearer(a.access) }), 404, 'NOT_FOUND');
    }
  });
});
