import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrTargetUrl, SHORT_CODE_PATTERN } from '@leadcapture/contracts/event-urls';
import { eventSchema } from '@leadcapture/contracts/events';
import { captureResultSchema, leadSchema } from '@leadcapture/contracts/leads';
import { offerSchema } from '@leadcapture/contracts/offers';
import { attributionFromPage } from '@leadcapture/contracts/public-capture';
import { createEvent, createPublicOffer, postCapture, visitor } from '../../../test/capture.ts';
import { expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { SHORT_LINK_MISSES } from './short-links.service.ts';

let t: TestApp;
let org: string;
let access: string;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t);
  org = owner.organization?.id ?? '';
  access = owner.access;
});
afterAll(() => t.close());

const follow = (path: string, remoteAddress = uniqueAddress()) =>
  t.app.inject({ method: 'GET', url: path, remoteAddress });
const codeOf = (shortUrl: string) => shortUrl.slice(shortUrl.lastIndexOf('/') + 1);

async function eventShortCode(id: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/events/${id}/`, headers: bearer(access) });
  return codeOf(expectData(eventSchema, res).short_url);
}

describe('GET /p/{code}', () => {
  it("redirects an event's code to its capture page, keeping the QR marker and the language", async () => {
    const event = await createEvent(t, org);
    const code = await eventShortCode(event.id);
    expect(code).toMatch(SHORT_CODE_PATTERN);
    const res = await follow(`/p/${code}?src=qr&utm_source=poster`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/capture/${event.slug}?src=qr&utm_source=poster`);
    expect(res.headers['cache-control']).toBe('no-store');
    const sv = await follow(`/sv/p/${code}`);
    expect(sv.headers.location).toBe(`/sv/capture/${event.slug}`);
    // Typed from print in capitals, it still works (Crockford base32 reads case-insensitively).
    expect((await follow(`/p/${code.toUpperCase()}`)).headers.location).toBe(`/capture/${event.slug}`);
  });

  it("marks a lead from the event's QR code as a QR scan, from the printed code to the stored lead", async () => {
    // The review saw such leads as "Direct". The path: the QR encodes the short link with the
    // marker, the redirect keeps it, the page turns it into the source it sends, the API keeps it.
    const event = await createEvent(t, org);
    const target = new URL(qrTargetUrl('https://leads.example.com', await eventShortCode(event.id)));
    const redirect = await follow(`${target.pathname}${target.search}`);
    expect(redirect.statusCode).toBe(302);
    const page = new URL(redirect.headers.location ?? '', 'https://leads.example.com');
    expect(page.pathname).toBe(`/capture/${event.slug}`);
    const attribution = attributionFromPage(page.searchParams, '');
    expect(attribution.source).toBe('qr_scan');
    const captured = expectData(captureResultSchema, await postCapture(t, event.slug, visitor(attribution)), 201);
    const lead = await t.app.inject({ method: 'GET', url: `/api/v1/leads/${captured.id}/`, headers: bearer(access) });
    expect(expectData(leadSchema, lead).source).toBe('qr_scan');
    // A source outside the capture sources is refused, not stored.
    const refused = await postCapture(t, event.slug, { ...visitor(), source: 'manual' });
    expect(refused.statusCode).toBe(422);
  });

  it('redirects an offer only while it is published, and follows its slug', async () => {
    const offer = await createPublicOffer(t, org, { status: 'active', isPublished: false });
    expect((await follow(`/p/${offer.shortCode}`)).statusCode).toBe(404);
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/offers/${offer.id}/`,
      headers: bearer(access),
      payload: { is_published: true, slug: `${offer.slug}-live` },
    });
    expect(codeOf(expectData(offerSchema, published).short_url)).toBe(offer.shortCode);
    const res = await follow(`/p/${offer.shortCode}?src=qr`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`/show/${offer.slug}-live?src=qr`);
  });

  it('answers 404 for a page that is not public, an unknown code and a malformed one', async () => {
    const draft = await createEvent(t, org, { status: 'draft' });
    const archived = await createPublicOffer(t, org, { status: 'archived' });
    for (const code of [await eventShortCode(draft.id), archived.shortCode, 'e00000000000', 'x123', 'e'.repeat(200)]) {
      const res = await follow(`/p/${code}`);
      expect(res.statusCode, code).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('gives every event and offer its own code', async () => {
    const a = await createPublicOffer(t, org);
    const b = await createPublicOffer(t, org);
    expect(a.shortCode).not.toBe(b.shortCode);
    expect(a.shortCode).toMatch(/^o/);
  });

  it('refuses an address that keeps trying unknown codes (no walking the code space)', async () => {
    const event = await createEvent(t, org);
    const code = await eventShortCode(event.id);
    const address = uniqueAddress();
    for (let i = 0; i < SHORT_LINK_MISSES.limit; i++)
      expect((await follow(`/p/e${String(i).padStart(11, '0')}`, address)).statusCode).toBe(404);
    const refused = await follow(`/p/${code}`, address);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Others are not affected.
    expect((await follow(`/p/${code}`)).statusCode).toBe(302);
  });
});
