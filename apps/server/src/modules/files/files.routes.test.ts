import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { detailSchema, type AuthResult } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { fileSchema, MAX_IMAGE_BYTES, type FileInfo } from '@leadcapture/contracts/files';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { GIF, JPEG, multipart, PNG, pngOfSize, SVG, WEBP, type Part } from '../../../test/multipart.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { files } from './files.table.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = AuthResult & { email: string; password: string };
const orgId = (u: User) => u.organization?.id ?? '';

function upload(
  user: Pick<AuthResult, 'access'>,
  parts: Part[],
  headers: Record<string, string> = {},
): Promise<Response> {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/files/upload/',
    headers: { ...form.headers, ...bearer(user.access), ...headers },
    payload: form.payload,
  });
}
const image = (data: Buffer, filename = 'booth.png', contentType = 'image/png'): Part[] => [
  { name: 'file', filename, contentType, data },
];
async function uploaded(user: User, data: Buffer = PNG, filename = 'booth.png'): Promise<FileInfo> {
  return expectData(fileSchema, await upload(user, image(data, filename)), 201);
}

const get = (user: Pick<AuthResult, 'access'>, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(user.access), ...headers } });
const remove = (user: Pick<AuthResult, 'access'>, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/v1/files/${id}/`, headers: bearer(user.access) });

async function addMember(organizationId: string, userId: string, role: Role): Promise<void> {
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId, role }),
  );
}

/** A user who belongs to the organisation of `owner` with `role` (and to their own as owner). */
async function teammate(owner: User, role: Role): Promise<User> {
  const u = await registerUser(t);
  await addMember(orgId(owner), u.user.id, role);
  return u;
}
const inOrg = (u: User) => ({ 'x-organization-id': orgId(u) });

/** Names of the stored files of an organisation on disk. */
function storedFiles(organizationId: string): string[] {
  const dir = path.join(t.config.dataDir, 'uploads', organizationId);
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

async function fileRows(organizationId: string) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx.select().from(files).where(eq(files.organizationId, organizationId)),
  );
}

// --- upload ----------------------------------------------------------------------------------

describe('POST /files/upload/', () => {
  it('stores a PNG under uploads/<org>/ with a server-made name and answers its metadata', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a, PNG, 'Booth photo.png');
    expect(info).toMatchObject({
      purpose: 'general',
      content_type: 'image/png',
      size: PNG.length,
      original_name: 'Booth photo.png',
      uploaded_by: a.user.id,
      download_url: `http://localhost:3000/api/v1/files/${info.id}/download/`,
      public_url: null,
    });
    const [stored] = storedFiles(orgId(a));
    expect(stored).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(stored).not.toContain(info.id); // the storage name reveals nothing guessable from the API
    expect(readFileSync(path.join(t.config.dataDir, 'uploads', orgId(a), stored!)).equals(PNG)).toBe(true);
    const [row] = await fileRows(orgId(a));
    expect(row).toMatchObject({ id: info.id, storageKey: `${orgId(a)}/${stored}`, size: PNG.length });
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'jpg'],
    ['GIF', GIF, 'image/gif', 'gif'],
    ['WebP', WEBP, 'image/webp', 'webp'],
  ])('recognises %s by its content', async (_name, data, contentType, extension) => {
    const a = await registerUser(t);
    const info = await uploaded(a, data, 'picture');
    expect(info.content_type).toBe(contentType);
    expect(storedFiles(orgId(a))[0]).toMatch(new RegExp(`\\.${extension}$`));
  });

  it('trusts the content, not the name or the declared type', async () => {
    const a = await registerUser(t);
    const info = expectData(fileSchema, await upload(a, image(PNG, 'notes.txt', 'text/plain')), 201);
    expect(info.content_type).toBe('image/png');
    expect(storedFiles(orgId(a))[0]).toMatch(/\.png$/);
  });

  it.each([
    ['SVG (it can carry script)', SVG, 'logo.svg', 'image/svg+xml'],
    ['HTML named and declared as PNG', Buffer.from('<html><script>alert(1)</script></html>'), 'x.png', 'image/png'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'doc.png', 'image/png'],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
    ['a truncated PNG signature', Buffer.from(PNG.subarray(0, 5)), 'cut.png', 'image/png'],
  ])('answers 422 "Please select a valid image file" for %s and stores nothing', async (_what, data, name, type) => {
    const a = await registerUser(t);
    const details = expectValidation(await upload(a, image(data, name, type)), 'file');
    expect(details).toEqual({ file: ['Please select a valid image file'] });
    expect(storedFiles(orgId(a))).toEqual([]);
    expect(await fileRows(orgId(a))).toEqual([]);
  });

  it('accepts an image of exactly 2 MB', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a, pngOfSize(MAX_IMAGE_BYTES));
    expect(info.size).toBe(MAX_IMAGE_BYTES);
  });

  it('answers 413 PAYLOAD_TOO_LARGE "Image size must be less than 2MB" one byte over, and stores nothing', async () => {
    const a = await registerUser(t);
    const error = expectError(await upload(a, image(pngOfSize(MAX_IMAGE_BYTES + 1))), 413, 'PAYLOAD_TOO_LARGE');
    expect(error.message).toBe('Image size must be less than 2MB');
    expect(error.details).toEqual({ file: ['Image size must be less than 2MB'] });
    expect(storedFiles(orgId(a))).toEqual([]);
    expect(await fileRows(orgId(a))).toEqual([]);
  });

  it('refuses a body whose declared length cannot hold a file of 2 MB before reading it', async () => {
    const a = await registerUser(t);
    const error = expectError(await upload(a, image(pngOfSize(3 * 1024 * 1024))), 413, 'PAYLOAD_TOO_LARGE');
    expect(error.details).toEqual({ file: ['Image size must be less than 2MB'] });
  });

  describe('over a real connection, with no Content-Length to refuse up front', () => {
    const total = 64 * 1024 * 1024;
    /** Streams a multipart upload of `total` bytes, chunked; answers what came back and how much was sent. */
    async function streamUpload(headers: Record<string, string>) {
      await t.app.ready();
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as { port: number };
      return new Promise<{ status?: number; connection?: string; body?: string; sent: number }>((resolve) => {
        const req = http.request({
          port,
          method: 'POST',
          path: '/api/v1/files/upload/',
          headers: { ...headers, 'content-type': 'multipart/form-data; boundary=B' },
        });
        let sent = 0;
        const done = (outcome: { status?: number; connection?: string; body?: string }) => {
          req.destroy();
          resolve({ ...outcome, sent });
        };
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => done({ status: res.statusCode, connection: res.headers.connection, body }));
        });
        // The server may close while the client is still writing: that also shows it stopped.
        req.on('error', () => done({}));
        req.write('--B\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n\r\n');
        req.write(PNG);
        const chunk = Buffer.alloc(64 * 1024);
        const pump = () => {
          while (sent < total && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!req.destroyed) req.end('\r\n--B--\r\n');
        };
        pump();
      });
    }

    it('stops reading a file at the 2 MB limit instead of reading the body to its end', async () => {
      const a = await registerUser(t);
      const outcome = await streamUpload(bearer(a.access));
      expect(outcome.sent).toBeLessThan(total);
      if (outcome.status !== undefined) {
        expect(outcome.status).toBe(413);
        expect(outcome.connection).toBe('close');
        expect(outcome.body).toContain('Image size must be less than 2MB');
      }
      expect(storedFiles(orgId(a))).toEqual([]);
    });

    it('does not read the body of an upload without a valid token', async () => {
      const outcome = await streamUpload(bearer('not-a-token'));
      expect(outcome.sent).toBeLessThan(total);
      if (outcome.status !== undefined) {
        expect(outcome.status).toBe(401);
        expect(outcome.connection).toBe('close');
      }
    });
  });

  it('answers 422 on file when the form has no file, or it is in another field', async () => {
    const a = await registerUser(t);
    expect(expectValidation(await upload(a, [{ name: 'title', data: 'hello' }]), 'file')).toEqual({
      file: ['This field is required'],
    });
    expectValidation(await upload(a, [{ name: 'image', filename: 'a.png', data: PNG }]), 'file');
    expect(await fileRows(orgId(a))).toEqual([]);
  });

  it('answers 415 for a JSON body and 400 for broken multipart data', async () => {
    const a = await registerUser(t);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/',
      headers: bearer(a.access),
      payload: { file: PNG.toString('base64') },
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const cut = multipart(image(PNG));
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/files/upload/',
      headers: { ...cut.headers, ...bearer(a.access) },
      payload: cut.payload.subarray(0, cut.payload.length - 40),
    });
    expectError(broken, 400, 'BAD_REQUEST');
    expect(storedFiles(orgId(a))).toEqual([]);
  });

  it.each([
    ['a path', '../../../etc/passwd.png', 'passwd.png'],
    ['a Windows path', 'C:\\Users\\ada\\logo.png', 'logo.png'],
    ['control and direction-override characters', 'inv\u0000oice\u202egnp.exe', 'invoicegnp.exe'],
    ['reserved characters', 'a:b<c>|d?*.png', 'a_b_c__d__.png'],
    ['only dots', '...', ''],
  ])('cleans a file name with %s', async (_what, filename, expected) => {
    const a = await registerUser(t);
    expect((await uploaded(a, PNG, filename)).original_name).toBe(expected);
    expect(storedFiles(orgId(a))[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
  });

  it('shortens a long file name to 255 characters, keeping the extension', async () => {
    const a = await registerUser(t);
    const name = (await uploaded(a, PNG, `${'å'.repeat(400)}.png`)).original_name;
    expect(Array.from(name)).toHaveLength(255);
    expect(name.endsWith('å.png')).toBe(true);
  });

  it('lets members upload but not viewers (403, nothing stored)', async () => {
    const owner = await registerUser(t);
    const member = await teammate(owner, 'member');
    const viewer = await teammate(owner, 'viewer');
    expectData(fileSchema, await upload(member, image(PNG), inOrg(owner)), 201);
    expectError(await upload(viewer, image(PNG), inOrg(owner)), 403, 'PERMISSION_DENIED');
    expect(storedFiles(orgId(owner))).toHaveLength(1);
  });

  it('uploads into the organisation of X-Organization-Id, and 404s for one the user is not in', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const member = await teammate(b, 'member');
    const info = expectData(fileSchema, await upload(member, image(PNG), inOrg(b)), 201);
    expect((await fileRows(orgId(b))).map((r) => r.id)).toEqual([info.id]);
    expectError(await upload(member, image(PNG), inOrg(a)), 404, 'NOT_FOUND');
    expect(storedFiles(orgId(a))).toEqual([]);
  });

  it('leaves no row when storing the bytes fails (500 without internals)', async () => {
    const a = await registerUser(t);
    const spy = vi.spyOn(t.app.deps.storage, 'write').mockRejectedValueOnce(new Error('EIO: disk on fire /srv/data'));
    try {
      const error = expectError(await upload(a, image(PNG)), 500, 'INTERNAL_ERROR');
      expect(JSON.stringify(error)).not.toContain('disk on fire');
    } finally {
      spy.mockRestore();
    }
    expect(await fileRows(orgId(a))).toEqual([]);
  });

  it('removes the stored bytes when recording them fails (here: membership gone meanwhile)', async () => {
    const owner = await registerUser(t);
    const member = await teammate(owner, 'member');
    const storage = t.app.deps.storage;
    const write = storage.write.bind(storage);
    let storedKey = '';
    const spy = vi.spyOn(storage, 'write').mockImplementationOnce(async (key, body) => {
      const result = await write(key, body);
      storedKey = key;
      // Between storing and recording, the member is removed from the organisation.
      await inScope(t.database.db, { organizationId: orgId(owner) }, (tx) =>
        tx.delete(memberships).where(eq(memberships.userId, member.user.id)),
      );
      return result;
    });
    try {
      expectError(await upload(member, image(PNG), inOrg(owner)), 404, 'NOT_FOUND');
    } finally {
      spy.mockRestore();
    }
    expect(storedKey).toMatch(new RegExp(`^${orgId(owner)}/`));
    expect(storedFiles(orgId(owner))).toEqual([]);
    expect(await fileRows(orgId(owner))).toEqual([]);
  });

  it('records the upload in the organisation’s audit log', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a);
    const rows = await inScope(t.database.db, { organizationId: orgId(a) }, (tx) =>
      queryRows<{ action: string; target_id: string }>(
        tx,
        sql`select action, target_id from audit_logs where organization_id = ${orgId(a)} and action like 'file.%'`,
      ),
    );
    expect(rows).toEqual([{ action: 'file.uploaded', target_id: info.id }]);
  });
});

// --- read ------------------------------------------------------------------------------------

describe('GET /files/{id}/ and /files/{id}/download/', () => {
  it('answers the metadata', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a);
    expect(expectData(fileSchema, await get(a, `/api/v1/files/${info.id}/`))).toEqual(info);
  });

  it('streams the bytes with the stored type, nosniff, an inline safe name and cache headers', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a, JPEG, 'Fika <bild> å.png');
    const res = await get(a, `/api/v1/files/${info.id}/download/`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(JPEG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['content-length']).toBe(String(JPEG.length));
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    // The detected type decides the extension; non-ASCII goes in filename* only.
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="Fika _bild_ _.jpg"; filename*=UTF-8''Fika%20_bild_%20%C3%A5.jpg`,
    );
    expect(res.headers['cache-control']).toBe('private, max-age=86400');
    expect(res.headers.etag).toBe(`"${info.id}"`);

    const again = await get(a, `/api/v1/files/${info.id}/download/`, { 'if-none-match': `"${info.id}"` });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('lets every role of the organisation read and download', async () => {
    const owner = await registerUser(t);
    const viewer = await teammate(owner, 'viewer');
    const info = await uploaded(owner);
    expectData(fileSchema, await get(viewer, `/api/v1/files/${info.id}/`, inOrg(owner)));
    expect((await get(viewer, `/api/v1/files/${info.id}/download/`, inOrg(owner))).rawPayload.equals(PNG)).toBe(true);
  });

  it('answers 404 for another tenant’s file, exactly like a missing one, for every route', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    const theirs = await uploaded(b);
    const missing = randomUUID();
    for (const [method, suffix] of [
      ['GET', ''],
      ['GET', 'download/'],
      ['DELETE', ''],
    ] as const) {
      const foreign = await t.app.inject({
        method,
        url: `/api/v1/files/${theirs.id}/${suffix}`,
        headers: bearer(a.access),
      });
      const none = await t.app.inject({ method, url: `/api/v1/files/${missing}/${suffix}`, headers: bearer(a.access) });
      expect(expectError(foreign, 404, 'NOT_FOUND')).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
      expect(expectError(none, 404, 'NOT_FOUND')).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
      expect(foreign.body).not.toContain(orgId(b));
    }
    // Still there for its owner.
    expectData(fileSchema, await get(b, `/api/v1/files/${theirs.id}/`));
    expect(storedFiles(orgId(b))).toHaveLength(1);
  });

  it('answers 422 for an id that is not a UUID', async () => {
    const a = await registerUser(t);
    expectValidation(await get(a, '/api/v1/files/not-a-uuid/'), 'id');
    expectValidation(await get(a, '/api/v1/files/not-a-uuid/download/'), 'id');
  });

  it('answers 404 when the bytes are missing from storage, not 500', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a);
    const spy = vi.spyOn(t.app.deps.storage, 'read').mockResolvedValueOnce(undefined);
    try {
      const res = await get(a, `/api/v1/files/${info.id}/download/`);
      expectError(res, 404, 'NOT_FOUND');
      // Not cacheable as if it were the file.
      expect(res.headers.etag).toBeUndefined();
      expect(res.headers['cache-control']).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
  });

  it('does not serve an ordinary file on the public route', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a);
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/public/files/${info.id}/` }), 404, 'NOT_FOUND');
  });
});

// --- delete ----------------------------------------------------------------------------------

describe('DELETE /files/{id}/', () => {
  it('deletes the row and the bytes; the file is then not found', async () => {
    const a = await registerUser(t);
    const info = await uploaded(a);
    expect(expectData(detailSchema, await remove(a, info.id))).toEqual({ detail: 'File deleted' });
    expect(storedFiles(orgId(a))).toEqual([]);
    expect(await fileRows(orgId(a))).toEqual([]);
    expectError(await get(a, `/api/v1/files/${info.id}/`), 404, 'NOT_FOUND');
    expectError(await remove(a, info.id), 404, 'NOT_FOUND');
  });

  it('lets a member delete their own upload but not another’s; admins delete any', async () => {
    const owner = await registerUser(t);
    const member = await teammate(owner, 'member');
    const admin = await teammate(owner, 'admin');
    const ownersFile = await uploaded(owner);
    const membersFile = expectData(fileSchema, await upload(member, image(PNG), inOrg(owner)), 201);
    const asMember = (id: string) =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/v1/files/${id}/`,
        headers: { ...bearer(member.access), ...inOrg(owner) },
      });
    expectError(await asMember(ownersFile.id), 403, 'PERMISSION_DENIED');
    expectData(detailSchema, await asMember(membersFile.id));
    const asAdmin = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${ownersFile.id}/`,
      headers: { ...bearer(admin.access), ...inOrg(owner) },
    });
    expectData(detailSchema, asAdmin);
    expect(storedFiles(orgId(owner))).toEqual([]);
  });

  it('does not let a viewer delete', async () => {
    const owner = await registerUser(t);
    const viewer = await teammate(owner, 'viewer');
    const info = await uploaded(owner);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/files/${info.id}/`,
      headers: { ...bearer(viewer.access), ...inOrg(owner) },
    });
    expectError(res, 403, 'PERMISSION_DENIED');
    expect(storedFiles(orgId(owner))).toHaveLength(1);
  });
});
