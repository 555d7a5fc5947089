import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, postCapture, visitor, type EventFixture } from '../../test/capture.ts';
import { leadImportSchema } from '@leadcapture/contracts/lead-imports';
import { expectData, expectError } from '../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/helpers.ts';
import { multipart } from '../../test/multipart.ts';
import { AppError } from './errors.ts';
import { createFairShare, FAIR_SHARE_DEFAULTS, type Release } from './fair-share.ts';

describe('createFairShare', () => {
  it('runs up to N of an organisation at once, the next in line when one ends, other organisations apart', async () => {
    const share = createFairShare({ perOrganization: 2, queuePerOrganization: 4, waitMs: 1_000 });
    const a = randomUUID();
    const b = randomUUID();
    const first = await share.acquire(a);
    const second = await share.acquire(a);
    let third: Release | undefined;
    const waiting = share.acquire(a).then((r) => (third = r));
    // Another organisation is not behind the first one's line.
    const other = await share.acquire(b);
    expect(share.running(b)).toBe(1);
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBeUndefined();
    first();
    first(); // a second call frees nothing more
    await waiting;
    expect(share.running(a)).toBe(2);
    second();
    third?.();
    other();
    expect(share.running(a)).toBe(0);
    expect(share.running(b)).toBe(0);
  });

  it('refuses with 429 RATE_LIMITED and Retry-After when no slot frees in time, or the line is full', async () => {
    const share = createFairShare({ perOrganization: 1, queuePerOrganization: 1, waitMs: 50 });
    const a = randomUUID();
    const held = await share.acquire(a);
    const waited = share.acquire(a);
    // The line holds one: the next is refused at once, before the first's wait is over.
    await expect(share.acquire(a)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const err = await waited.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).headers).toEqual({ 'Retry-After': '1' });
    held();
    expect(share.running(a)).toBe(0);
  });
});

describe('heavy work through the API', () => {
  let t: TestApp;
  let busy: Awaited<ReturnType<typeof registerUser>>;
  let calm: Awaited<ReturnType<typeof registerUser>>;
  let calmEvent: EventFixture;
  const orgOf = (u: typeof busy) => u.organization?.id ?? '';

  beforeAll(async () => {
    // A long wait in line: the test decides when the held slots free, not a timer.
    t = await createTestApp({ fairShare: { waitMs: 60_000 } });
    busy = await registerUser(t);
    calm = await registerUser(t);
    calmEvent = await createEvent(t, orgOf(calm));
  });
  afterAll(() => t.close());

  const get = (user: typeof busy, url: string) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(user.access) });

  const importFile = (user: typeof busy, csv: string) => {
    const form = multipart([{ name: 'file', filename: 'leads.csv', data: csv }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/import_leads/',
      headers: { ...bearer(user.access), ...form.headers },
      payload: form.payload,
    });
  };

  it("one organisation's many heavy requests take its own share, not another organisation's list, search or capture", async () => {
    // Two long exports of the busy organisation are running (each holds a slot while it streams).
    const exports = [await t.app.deps.fairShare.acquire(orgOf(busy)), await t.app.deps.fairShare.acquire(orgOf(busy))];
    // It fires a dozen more searches, exports and imports at once: its line takes eight.
    const flood = Array.from({ length: 12 }, (_, i) =>
      i % 3 === 0
        ? get(busy, `/leads/?search=${encodeURIComponent('@bulk.test')}`)
        : i % 3 === 1
          ? get(busy, '/leads/export/?format=csv')
          : importFile(busy, 'Email\r\na@example.com\r\n'),
    );
    // Meanwhile, with the busy organisation's slots taken and its line full, the other
    // organisation lists, searches, exports and captures as usual.
    const calmAnswers = await Promise.all([
      get(calm, '/leads/'),
      get(calm, '/leads/?search=greta'),
      get(calm, '/leads/export/?format=csv'),
      postCapture(t, calmEvent.slug, visitor()),
    ]);
    expect(calmAnswers.map((r) => r.statusCode)).toEqual([200, 200, 200, 201]);
    for (const release of exports) release();
    // The eight in line ran once the exports ended; the four past the line were refused.
    const statuses = (await Promise.all(flood)).map((res) => {
      if (res.statusCode === 429) {
        expectError(res, 429, 'RATE_LIMITED');
        expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      return res.statusCode;
    });
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
    expect(statuses.filter((s) => s === 200 || s === 202)).toHaveLength(8);
    expect(t.app.deps.fairShare.running(orgOf(busy))).toBeLessThanOrEqual(FAIR_SHARE_DEFAULTS.perOrganization);
  });

  it('an export holds its slot until its file is sent, an import until its job ends', async () => {
    const owner = await registerUser(t);
    expect((await get(owner, '/leads/export/?format=xlsx')).statusCode).toBe(200);
    expect(t.app.deps.fairShare.running(orgOf(owner))).toBe(0);
    const posted = await importFile(owner, 'Email\r\nnew.lead@example.com\r\n');
    const { id } = expectData(leadImportSchema, posted, 202);
    for (let tries = 0; tries < 200; tries++) {
      const { status } = expectData(leadImportSchema, await get(owner, `/data/imports/${id}/`));
      if (status === 'completed' && t.app.deps.fairShare.running(orgOf(owner)) === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(t.app.deps.fairShare.running(orgOf(owner))).toBe(0);
  });
});
