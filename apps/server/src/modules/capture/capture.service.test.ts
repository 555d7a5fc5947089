import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, type EventFixture } from '../../../test/capture.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { getPublicEvent, idempotentLeadId } from './capture.service.ts';

let t: TestApp;
let a: EventFixture;
let b: EventFixture;

beforeAll(async () => {
  t = await createTestApp();
  const [ownerA, ownerB] = await Promise.all([registerUser(t), registerUser(t)]);
  a = await createEvent(t, ownerA.organization?.id ?? '');
  b = await createEvent(t, ownerB.organization?.id ?? '');
});
afterAll(() => t.close());

/** Ids of the events an anonymous transaction sees with `app.public_lookup` set to `lookup`. */
function visibleEvents(lookup: string) {
  return inScope(t.database.db, {}, async (tx) => {
    await tx.execute(sql`select set_config('app.public_lookup', ${lookup}, true)`);
    const rows = await queryRows<{ id: string }>(tx, sql`select id from events`);
    const leads = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from leads`);
    return { ids: rows.map((r) => r.id), leads: leads[0]?.n };
  });
}

describe('public lookup (row-level security)', () => {
  it('lets an anonymous transaction see exactly the event it names, by slug or id, and no leads', async () => {
    expect(await visibleEvents(a.slug)).toEqual({ ids: [a.id], leads: 0 });
    expect(await visibleEvents(b.id)).toEqual({ ids: [b.id], leads: 0 });
    expect(await visibleEvents('')).toEqual({ ids: [], leads: 0 });
    expect(await visibleEvents('%')).toEqual({ ids: [], leads: 0 });
  });

  it('does not outlive its transaction', async () => {
    await visibleEvents(a.slug);
    const after = await inScope(t.database.db, {}, (tx) => queryRows<{ id: string }>(tx, sql`select id from events`));
    expect(after).toEqual([]);
  });

  it('reads the organisation name as the event’s tenant', async () => {
    const event = await getPublicEvent(t.app.deps, a.slug);
    expect(event.id).toBe(a.id);
    expect(event.organization_name).toMatch(/^Booth Co/);
  });
});

describe('idempotentLeadId', () => {
  it('names the same lead for the same event and key, another for another event or key', () => {
    const id = idempotentLeadId(a.id, 'key-1');
    expect(id).toBe(idempotentLeadId(a.id, 'key-1'));
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(idempotentLeadId(b.id, 'key-1')).not.toBe(id);
    expect(idempotentLeadId(a.id, 'key-2')).not.toBe(id);
  });

  it('keeps naming the lead it named before (a repeat across a deploy must find the first one)', () => {
    // SHA-256 of `lead:{event}:{key}`, as every version so far derived it.
    expect(idempotentLeadId('00000000-0000-4000-8000-000000000001', 'key-1')).toBe(
      '218af4e4-c63f-8f8c-8906-bcc4222b4742',
    );
  });
});
