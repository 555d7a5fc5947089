import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { createBatchPace } from '../../jobs/batch-pace.ts';

// Issue 22: on PGlite (one connection in the API's own process, whose queries resolve without a
// turn of the event loop) an export of 230,000 leads held every request of every organisation,
// static files included, for 25 s. Batches now leave a turn between them.
let t: TestApp;
let owner: Awaited<ReturnType<typeof registerUser>>;
const LEADS = 6_000;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  const organizationId = owner.organization?.id ?? '';
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source)
      select ${organizationId}::uuid, 'Lead', 'No ' || g, 'lead' || g || '@example.com', 'import'
      from generate_series(1, ${LEADS}) as g`),
  );
});
afterAll(() => t.close());

it('answers other requests while a CSV or XLSX export streams, not after it', async () => {
  // A real port: through sockets, a batch that gives the event loop no turn is written out whole
  // before any other request is even read.
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (const format of ['csv', 'xlsx']) {
    const answered: string[] = [];
    const res = await fetch(`${base}/api/v1/leads/export/?format=${format}`, { headers: bearer(owner.access) });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe(String(LEADS));
    // The export is under way (its first bytes are out): a cheap request comes in meanwhile.
    const status = fetch(`${base}/api/v1/status/`).then(async (r) => {
      await r.arrayBuffer();
      answered.push('status');
      return r.status;
    });
    let bytes = 0;
    for await (const chunk of res.body ?? []) bytes += (chunk as Uint8Array).length;
    answered.push('export');
    expect(await status).toBe(200);
    expect(bytes).toBeGreaterThan(LEADS * 20);
    expect(answered).toEqual(['status', 'export']);
  }
});

it('sizes batches by time: shrinks at once after a slow one, grows at most twofold, within bounds', () => {
  const pace = createBatchPace({ initial: 500, min: 50, max: 2000, targetMs: 25 });
  pace.record(500, 100);
  expect(pace.size).toBe(125);
  pace.record(125, 1);
  expect(pace.size).toBe(250);
  pace.record(100, 1); // a short (last) batch tells nothing
  expect(pace.size).toBe(250);
  pace.record(250, 10_000);
  expect(pace.size).toBe(50);
  for (let i = 0; i < 10; i++) pace.record(pace.size, 1);
  expect(pace.size).toBe(2000);
});
