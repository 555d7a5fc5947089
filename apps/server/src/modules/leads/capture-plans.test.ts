import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEvent, type EventFixture } from '../../../test/capture.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows, type Queryable } from '../../db/database.ts';

// Its own file: on PGlite each file starts with an empty database, so the capture's lookups are
// first planned, as after an install or a bench's fresh database, for a leads table with no row.
let t: TestApp;
let event: EventFixture;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await registerUser(t);
  event = await createEvent(t, owner.organization?.id ?? '');
});
afterAll(() => t.close());

it('looks a batch up by its keys, however few leads there were when a plan was made (0027, 0029)', async () => {
  // A plan kept from a table of a few pages scanned every lead for every batch once the table
  // had grown (a sequential scan for the ids; for the addresses, the organisation's created_at
  // index with lower(email) compared on each lead). Here the plans are made first, more than
  // five times (past the plan cache's plans for the values), then the organisation gets 3,000
  // leads in the same transaction, and a batch's unknown ids and addresses must read none.
  const lookUp = async (tx: Queryable) => {
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const addresses = Array.from({ length: 12 }, () => `nobody.${randomUUID()}@example.com`);
    await tx.execute(sql`select * from leads_taken_ids(${`{${ids.join(',')}}`}::uuid[])`);
    await tx.execute(sql`select * from leads_first_live_ids(${`{${addresses.join(',')}}`}::text[])`);
  };
  const reads = (tx: Queryable) =>
    queryRows<{ seq_scan: number; idx_tup_fetch: number }>(
      tx,
      sql`select seq_scan::int, idx_tup_fetch::int from pg_stat_xact_user_tables where relname = 'leads'`,
    );
  const [before, after] = await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.organization_id', ${event.organizationId}, true)`);
    for (let call = 0; call < 8; call++) await lookUp(tx);
    await tx.execute(sql`
      insert into leads (organization_id, event_id, first_name, last_name, email, company, source)
      select ${event.organizationId}, ${event.id}, 'Bulk', 'Lead', 'bulk.' || n || '@example.com', 'Fjord AB', 'manual'
      from generate_series(1, 3000) as n`);
    const [counted] = await reads(tx);
    for (let call = 0; call < 4; call++) await lookUp(tx);
    return [counted, (await reads(tx))[0]];
  });
  expect(after?.seq_scan).toBe(before?.seq_scan);
  expect(after?.idx_tup_fetch).toBe(before?.idx_tup_fetch);
});
