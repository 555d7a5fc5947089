import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import { attachmentSchema, fileSchema } from '@leadcapture/contracts/files';
import { formFieldSchema } from '@leadcapture/contracts/forms';
import { captureResultSchema } from '@leadcapture/contracts/leads';
import { eq } from 'drizzle-orm';
import {
  createEvent,
  createPublicOffer,
  postCapture,
  postOfferSubmission,
  storedLeads,
  visitor,
  type EventFixture,
} from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { multipart } from '../../../test/multipart.ts';
import { bearer, createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { ATTACHMENT_CLEANUP_TASK } from '../../jobs/background.ts';
import { files } from '../files/files.table.ts';

let t: TestApp;
let owner: AuthResult;
let other: AuthResult;
let event: EventFixture;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  other = await registerUser(t);
  event = await createEvent(t, owner.organization?.id ?? '', { formFields: [cv] });
});
afterAll(() => t.close());

const cv = formFieldSchema.parse({ id: 'cv', type: 'file', label: 'Your CV', required: true });
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
// A Windows executable's first bytes ("MZ"), named as a PDF.
const EXE = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(200)]);

function attach(slug: string, data: Buffer, filename = 'cv.pdf', kind = 'events') {
  const form = multipart([{ name: 'file', filename, contentType: 'application/pdf', data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/public/${kind}/${slug}/files/`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress: uniqueAddress(),
  });
}

describe('POST /public/events/{id_or_slug}/files/', () => {
  it('takes a PDF, and the capture that names it attaches it to the lead, downloadable by the team only', async () => {
    const file = expectData(attachmentSchema, await attach(event.slug, PDF), 201);
    expect(file).toEqual({ id: file.id, name: 'cv.pdf', size: PDF.length, content_type: 'application/pdf' });

    const lead = expectData(
      captureResultSchema,
      await postCapture(t, event.slug, visitor({ responses: { cv: file.id } }), { remoteAddress: uniqueAddress() }),
      201,
    );
    const stored = (await storedLeads(t, event.organizationId)).find((row) => row.id === lead.id);
    expect(stored?.customFields).toEqual({ cv: file.id });

    const info = expectData(
      fileSchema,
      await t.app.inject({ method: 'GET', url: `/api/v1/files/${file.id}/`, headers: bearer(owner.access) }),
    );
    expect(info.purpose).toBe('lead_attachment');
    expect(info.public_url).toBeNull();
    const download = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${file.id}/download/`,
      headers: bearer(owner.access),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // Another organisation, and a visitor, cannot read it.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/files/${file.id}/download/`,
      headers: bearer(other.access),
    });
    expectError(foreign, 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: `/api/v1/public/files/${file.id}/` }), 404, 'NOT_FOUND');

    // Attached once: a second capture cannot name it.
    const again = await postCapture(t, event.slug, visitor({ responses: { cv: file.id } }), {
      remoteAddress: uniqueAddress(),
    });
    expectValidation(again, 'cv');
  });

  it('refuses a renamed executable with 422 and a file over 10 MB with 413', async () => {
    expectError(await attach(event.slug, EXE, 'cv.pdf'), 422, 'VALIDATION_ERROR');
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    expectError(await attach(event.slug, big), 413, 'PAYLOAD_TOO_LARGE');
  });

  it("refuses a capture naming another organisation's file", async () => {
    const theirs = await createEvent(t, other.organization?.id ?? '', { formFields: [cv] });
    const file = expectData(attachmentSchema, await attach(theirs.slug, PDF), 201);
    const capture = await postCapture(t, event.slug, visitor({ responses: { cv: file.id } }), {
      remoteAddress: uniqueAddress(),
    });
    expectValidation(capture, 'cv');
  });

  it('refuses uploads to a form without a file field, and to an unknown page', async () => {
    const plain = await createEvent(t, owner.organization?.id ?? '');
    expectError(await attach(plain.slug, PDF), 422, 'VALIDATION_ERROR');
    expectError(await attach('no-such-event', PDF), 404, 'NOT_FOUND');
  });
});

describe('claims', () => {
  const capture = (kind: 'events' | 'offers', slug: string, fileId: string, key?: string) =>
    (kind === 'events' ? postCapture : postOfferSubmission)(t, slug, visitor({ responses: { cv: fileId } }), {
      remoteAddress: uniqueAddress(),
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  it("two captures naming one free file at once: one takes it, the other answers 422 on the file's field", async () => {
    const offer = await createPublicOffer(t, owner.organization?.id ?? '', { formFields: [cv] });
    for (const [kind, slug] of [
      ['events', event.slug],
      ['offers', offer.slug],
    ] as const) {
      const file = expectData(attachmentSchema, await attach(slug, PDF, 'cv.pdf', kind), 201);
      const answers = await Promise.all([capture(kind, slug, file.id), capture(kind, slug, file.id)]);
      const taken = answers.filter((res) => res.statusCode === 201);
      expect(taken).toHaveLength(1);
      expectValidation(answers.find((res) => res.statusCode !== 201) ?? answers[0], 'cv');
      const leadId = expectData(captureResultSchema, taken[0] ?? answers[0], 201).id;
      const [row] = await inScope(t.database.db, { organizationId: event.organizationId }, (tx) =>
        tx.select({ leadId: files.leadId }).from(files).where(eq(files.id, file.id)),
      );
      expect(row?.leadId).toBe(leadId);
    }
  });

  it('a capture retried with the same Idempotency-Key passes with its file, another capture does not', async () => {
    const offer = await createPublicOffer(t, owner.organization?.id ?? '', { formFields: [cv] });
    for (const [kind, slug] of [
      ['events', event.slug],
      ['offers', offer.slug],
    ] as const) {
      const file = expectData(attachmentSchema, await attach(slug, PDF, 'cv.pdf', kind), 201);
      const key = crypto.randomUUID();
      const first = expectData(captureResultSchema, await capture(kind, slug, file.id, key), 201);
      const retried = expectData(captureResultSchema, await capture(kind, slug, file.id, key), 201);
      expect(retried.id).toBe(first.id);
      expectValidation(await capture(kind, slug, file.id, crypto.randomUUID()), 'cv');
    }
  });
});

describe('removal of uploads no lead took', () => {
  it('removes unsubmitted uploads after 24 h, rows and bytes; attached, recent and recently claimed ones stay', async () => {
    const organizationId = event.organizationId;
    const upload = async () => expectData(attachmentSchema, await attach(event.slug, PDF), 201).id;
    const [stale, fresh, attached, claimedLate] = [await upload(), await upload(), await upload(), await upload()];
    expectData(captureResultSchema, await postCapture(t, event.slug, visitor({ responses: { cv: attached } })), 201);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    const rows = await inScope(t.database.db, { organizationId }, async (tx) => {
      for (const id of [stale, attached, claimedLate])
        await tx.update(files).set({ createdAt: dayAgo }).where(eq(files.id, id));
      // Claimed a moment ago by a capture still under way.
      await tx
        .update(files)
        .set({ claimedAt: new Date(), claimedFor: crypto.randomUUID() })
        .where(eq(files.id, claimedLate));
      return tx
        .select({ id: files.id, key: files.storageKey })
        .from(files)
        .where(eq(files.organizationId, organizationId));
    });
    const keyOf = (id: string) => rows.find((r) => r.id === id)?.key ?? '';

    expect(await t.app.deps.scheduler.run(ATTACHMENT_CLEANUP_TASK)).toBe('ran');

    const left = await inScope(t.database.db, { organizationId }, (tx) =>
      tx.select({ id: files.id }).from(files).where(eq(files.organizationId, organizationId)),
    );
    const ids = left.map((r) => r.id);
    expect(ids).not.toContain(stale);
    expect(ids).toEqual(expect.arrayContaining([fresh, attached, claimedLate]));
    expect(await t.app.deps.storage.read(keyOf(stale))).toBeUndefined();
    for (const id of [fresh, attached, claimedLate]) {
      const bytes = await t.app.deps.storage.read(keyOf(id));
      expect(bytes).toBeDefined();
      bytes?.destroy();
    }
  });
});
