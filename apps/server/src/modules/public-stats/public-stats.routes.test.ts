import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStatsSchema, roundedFigure } from '@leadcapture/contracts/public-stats';
import { sql } from 'drizzle-orm';
import { createEvent, postCapture, visitor } from '../../../test/capture.ts';
import { expectData } from '../../../test/envelope.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { createPublicStats } from './public-stats.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The exact totals, counted here as a superuser would (PGlite and the test database's owner). */
async function exactTotals() {
  const [row] = await queryRows<{ leads: number; events: number; organizations: number }>(
    t.database.db,
    sql`select leads::int, events::int, organizations::int from public_stats()`,
  );
  return row;
}

describe('GET /public/stats/', () => {
  it('answers rounded totals without signing in, in the envelope, with Cache-Control, and nothing else', async () => {
    const owner = await registerUser(t);
    const organizationId = owner.organization?.id ?? '';
    const event = await createEvent(t, organizationId);
    await createEvent(t, organizationId, { status: 'draft' });
    for (let i = 0; i < 3; i++) expect((await postCapture(t, event.slug, visitor())).statusCode).toBe(201);

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/stats/' });
    const data = expectData(publicStatsSchema, res);
    expect(Object.keys(res.json<{ data: object }>().data).sort()).toEqual([
      'events_run',
      'leads_captured',
      'organizations',
      'updated_at',
    ]);
    const totals = await exactTotals();
    expect(data).toMatchObject({
      leads_captured: roundedFigure(totals?.leads ?? -1),
      events_run: roundedFigure(totals?.events ?? -1),
      organizations: roundedFigure(totals?.organizations ?? -1),
    });
    // This test's own rows are among them (other files may share a PostgreSQL database).
    expect(totals?.leads).toBeGreaterThanOrEqual(3);
    expect(totals?.events).toBeGreaterThanOrEqual(1);
    expect(res.headers['cache-control']).toMatch(/^public, max-age=(\d+)$/);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);
  });

  it('counts once per period: later requests answer the same figures until they expire', async () => {
    let clock = 1_000_000;
    const stats = createPublicStats(t.database.db, 60_000, () => clock);
    const first = await stats.get();
    const owner = await registerUser(t);
    await createEvent(t, owner.organization?.id ?? '');
    clock += 30_000;
    const cached = await stats.get();
    expect(cached.stats).toBe(first.stats);
    expect(cached.maxAge).toBe(30);
    clock += 30_000;
    const fresh = await stats.get();
    expect(fresh.stats).not.toBe(first.stats);
    expect(fresh.stats.updated_at).not.toBe(first.stats.updated_at);
    // Concurrent requests after expiry share one count.
    clock += 60_000;
    const [a, b] = await Promise.all([stats.get(), stats.get()]);
    expect(a.stats).toBe(b.stats);
  });
});
