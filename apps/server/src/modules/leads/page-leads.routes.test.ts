import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadListPageSchema } from '@leadcapture/contracts/leads';
import { createEvent, createPublicOffer } from '../../../test/capture.ts';
import { expectData, expectError } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { LEAD_COUNT_CAP } from './lead-list.service.ts';
import { leads } from './leads.table.ts';

/**
 * The lead panels of events and offers (GET /events/{id}/leads/, /offers/{id}/leads/) are the
 * leads list filtered by their page: the list's search and bounded count, and a search's fair share.
 */

type User = Awaited<ReturnType<typeof registerUser>>;
type Page = { kind: 'events' | 'offers'; id: string };

let t: TestApp;
let owner: User;
let other: User;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  // No line: a search past the organisation's running share is refused at once.
  t = await createTestApp({ fairShare: { queuePerOrganization: 0 } });
  [owner, other] = await Promise.all([registerUser(t), registerUser(t)]);
});
afterAll(() => t.close());

const get = (user: User, url: string) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: bearer(user.access) });

async function insertLeads(
  organizationId: string,
  page: Page,
  rows: { firstName: string; email?: string; company?: string; deletedAt?: Date }[],
): Promise<string[]> {
  const inserted = await inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .insert(leads)
      .values(
        rows.map((r) => ({
          organizationId,
          eventId: page.kind === 'events' ? page.id : null,
          offerId: page.kind === 'offers' ? page.id : null,
          firstName: r.firstName,
          lastName: 'Berg',
          email: r.email ?? `${r.firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`,
          company: r.company ?? 'Fjord AB',
          source: 'website' as const,
          ...(r.deletedAt ? { deletedAt: r.deletedAt } : {}),
        })),
      )
      .returning({ id: leads.id }),
  );
  return inserted.map((r) => r.id);
}

async function pages(user: User): Promise<Page[]> {
  const event = await createEvent(t, orgOf(user));
  const offer = await createPublicOffer(t, orgOf(user));
  return [
    { kind: 'events', id: event.id },
    { kind: 'offers', id: offer.id },
  ];
}

describe('lead panels of events and offers', () => {
  it("search the page's own leads, by text and by email fragment, with the list's exact count", async () => {
    const [eventPage, offerPage] = await pages(owner);
    const [theirEvent, theirOffer] = await pages(other);
    for (const [mine, theirs] of [
      [eventPage, theirEvent],
      [offerPage, theirOffer],
    ] as [Page, Page][]) {
      const [astrid, , sven] = await insertLeads(orgOf(owner), mine, [
        { firstName: 'Astrid', email: `astrid.${randomUUID().slice(0, 6)}@nordlys.se` },
        { firstName: 'Bo' },
        { firstName: 'Sven', company: 'Astrid Shipping' },
        { firstName: 'Astrid', deletedAt: new Date() },
      ]);
      // Another page of the same organisation, and another organisation's page: never listed.
      const [sibling] = await pages(owner);
      await insertLeads(orgOf(owner), sibling as Page, [{ firstName: 'Astrid' }]);
      await insertLeads(orgOf(other), theirs, [{ firstName: 'Astrid', email: `astrid@nordlys.se` }]);

      const found = expectData(leadListPageSchema, await get(owner, `${mine.kind}/${mine.id}/leads/?search=astrid`));
      expect(found.results.map((l) => l.id).sort()).toEqual([astrid, sven].sort());
      expect(found).toMatchObject({ count: 2, count_exact: true });

      const byDomain = expectData(
        leadListPageSchema,
        await get(owner, `${mine.kind}/${mine.id}/leads/?search=@nordlys.se`),
      );
      expect(byDomain.results.map((l) => l.id)).toEqual([astrid]);
      expect(byDomain.count).toBe(1);

      // The other organisation sees its own page only; this one is not found for it.
      const theirsFound = expectData(
        leadListPageSchema,
        await get(other, `${theirs.kind}/${theirs.id}/leads/?search=astrid`),
      );
      expect(theirsFound.results).toHaveLength(1);
      expectError(await get(other, `${mine.kind}/${mine.id}/leads/?search=astrid`), 404, 'NOT_FOUND');
      expectError(await get(owner, `${theirs.kind}/${theirs.id}/leads/?search=astrid`), 404, 'NOT_FOUND');
    }
  });

  it("count as the leads list does: an estimate, marked so, past the list's cap", async () => {
    const [eventPage, offerPage] = await pages(owner);
    for (const page of [eventPage, offerPage] as Page[]) {
      await insertLeads(
        orgOf(owner),
        page,
        Array.from({ length: LEAD_COUNT_CAP + 100 }, () => ({ firstName: 'Greta' })),
      );
      const searched = expectData(leadListPageSchema, await get(owner, `${page.kind}/${page.id}/leads/?search=greta`));
      expect(searched.results).toHaveLength(25);
      expect(searched.count_exact).toBe(false);
      // Two significant digits, as the list's estimates.
      expect(searched.count).toBeGreaterThanOrEqual(LEAD_COUNT_CAP);
      const listed = expectData(leadListPageSchema, await get(owner, `${page.kind}/${page.id}/leads/`));
      expect(listed.count_exact).toBe(false);
      expect(listed.count).toBeGreaterThan(LEAD_COUNT_CAP);
    }
  });

  it("run a search within the organisation's fair share: 429 when it is taken, other organisations unaffected", async () => {
    const [eventPage, offerPage] = await pages(owner);
    const [theirEvent] = await pages(other);
    const held = [await t.app.deps.fairShare.acquire(orgOf(owner)), await t.app.deps.fairShare.acquire(orgOf(owner))];
    try {
      for (const page of [eventPage, offerPage] as Page[]) {
        const refused = await get(owner, `${page.kind}/${page.id}/leads/?search=greta`);
        expectError(refused, 429, 'RATE_LIMITED');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        // The plain panel is no heavy work.
        expect((await get(owner, `${page.kind}/${page.id}/leads/`)).statusCode).toBe(200);
      }
      const theirTurn = theirEvent as Page;
      expect((await get(other, `${theirTurn.kind}/${theirTurn.id}/leads/?search=greta`)).statusCode).toBe(200);
    } finally {
      for (const release of held) release();
    }
    expect((await get(owner, `events/${eventPage?.id}/leads/?search=greta`)).statusCode).toBe(200);
  });
});
