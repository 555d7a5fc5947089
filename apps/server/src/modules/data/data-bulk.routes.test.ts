import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkJobSchema, type BulkJob } from '@leadcapture/contracts/data-bulk';
import { paginated } from '@leadcapture/contracts/envelope';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { BULK_BATCH_POSTGRES } from './data-bulk.service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const jobPage = paginated(bulkJobSchema);

let t: TestApp;
let stranger: User;
const orgOf = (u: User) => u.organization?.id ?? '';
const headersOf = (user: User) => ({ ...bearer(user.access), 'x-organization-id': orgOf(user) });

beforeAll(async () => {
  t = await createTestApp();
  stranger = await registerUser(t);
});
afterAll(() => t.close());

const get = (url: string, user: User) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: headersOf(user) });
const start = (user: User, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/data/bulk/', headers: headersOf(user), payload });

/** Leads straight into the table: the test is about the bulk job, not about creating leads. */
async function seedLeads(user: User, count: number, company = 'Seed AB'): Promise<void> {
  await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
    tx.execute(sql`insert into leads (organization_id, first_name, email, company, status, source)
      select ${orgOf(user)}::uuid, 'Lead ' || g, 'lead' || g || '-' || ${randomUUID().slice(0, 6)} || '@example.com',
        ${company}, 'new', 'manual'
      from generate_series(1, ${count}) g`),
  );
}

async function countWhere(user: User, condition: ReturnType<typeof sql>): Promise<number> {
  const [row] = await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from leads where organization_id = ${orgOf(user)} and ${condition}`,
    ),
  );
  return row?.n ?? 0;
}

async function finished(user: User, id: string): Promise<BulkJob> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const job = expectData(bulkJobSchema, await get(`data/bulk/${id}/`, user));
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`bulk job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * 10,000 leads take ~40 s on PGlite: the scale run is PostgreSQL's only. The same batches,
 * progress and audit are covered on PGlite by data-bulk.jobs.test.ts (1,500 leads, batches of 500).
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('POST /data/bulk/', () => {
  it.skipIf(!onPostgres)(
    'changes the status of 10,000 leads by filter in batches, with progress and one audit entry',
    { timeout: 180_000 },
    async () => {
      const user = await registerUser(t);
      await seedLeads(user, 10_000, 'Bulk AB');
      await seedLeads(user, 5, 'Other AB');
      const started = expectData(
        bulkJobSchema,
        await start(user, {
          resource: 'leads',
          action: 'status',
          filters: { search: 'Bulk AB' },
          params: { status: 'contacted' },
        }),
        202,
      );
      expect(['queued', 'running', 'done']).toContain(started.status);
      const job = await finished(user, started.id);
      expect(job).toMatchObject({ status: 'done', progress: { done: 10_000, total: 10_000 }, changed: 10_000 });
      expect(await countWhere(user, sql`status = 'contacted'`)).toBe(10_000);
      expect(await countWhere(user, sql`status = 'new'`)).toBe(5);
      const audits = await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
        queryRows<{ action: string; metadata: { count: number } }>(
          tx,
          sql`select action, metadata from audit_logs where organization_id = ${orgOf(user)} and action like 'lead.bulk_%'`,
        ),
      );
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({ action: 'lead.bulk_status', metadata: { count: 10_000 } });
      // The live channel hears of it: the leads' bulk messages and the job's progress, via the outbox.
      const kinds = await inScope(t.database.db, {}, (tx) =>
        queryRows<{ kind: string; n: number }>(
          tx,
          sql`select kind, count(*)::int as n from outbox where organization_id = ${orgOf(user)} group by kind`,
        ),
      );
      const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
      // One message per batch: 5,000 leads a batch on PostgreSQL.
      expect(byKind['leads.bulk_updated']).toBe(Math.ceil(10_000 / BULK_BATCH_POSTGRES));
      expect(byKind['data.progress']).toBeGreaterThanOrEqual(1);
    },
  );

  it('tags, moves to an event, deletes and restores a selection of ids', async () => {
    const user = await registerUser(t);
    await seedLeads(user, 30);
    const ids = (
      await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
        queryRows<{ id: string }>(
          tx,
          sql`select id from leads where organization_id = ${orgOf(user)} order by id limit 10`,
        ),
      )
    ).map((r) => r.id);
    const run = async (payload: Record<string, unknown>) =>
      finished(user, expectData(bulkJobSchema, await start(user, { resource: 'leads', ids, ...payload }), 202).id);
    expect(await run({ action: 'tags', params: { tags: ['fair'], mode: 'add' } })).toMatchObject({ changed: 10 });
    expect(await countWhere(user, sql`tags ? 'fair'`)).toBe(10);
    expect(await run({ action: 'event', params: { event: null } })).toMatchObject({ status: 'done', changed: 0 });
    expect(await run({ action: 'delete' })).toMatchObject({ changed: 10 });
    expect(await countWhere(user, sql`deleted_at is not null`)).toBe(10);
    expect(await run({ action: 'restore' })).toMatchObject({ changed: 10 });
    expect(await countWhere(user, sql`deleted_at is null`)).toBe(30);
    const list = expectData(jobPage, await get('data/bulk/', user));
    expect(list.count).toBe(4);
  });

  it('refuses bad input in the envelope, and touches only the organisation’s own leads', async () => {
    const user = await registerUser(t);
    await seedLeads(user, 3);
    expectValidation(
      await start(user, { resource: 'leads', action: 'status', params: { status: 'won' }, filters: {} }),
      'params.status',
    );
    expectValidation(await start(user, { resource: 'planets', action: 'delete', ids: [randomUUID()] }), 'resource');
    expectValidation(await start(user, { resource: 'leads', action: 'delete' }), 'ids');
    expectValidation(
      await start(user, { resource: 'leads', action: 'event', ids: [randomUUID()], params: { event: randomUUID() } }),
      'params.event',
    );
    // A stranger's filter over everything reaches none of this organisation's leads.
    const job = await finished(
      stranger,
      expectData(bulkJobSchema, await start(stranger, { resource: 'leads', action: 'delete', filters: {} }), 202).id,
    );
    expect(job.progress.total).toBe(0);
    expect(await countWhere(user, sql`deleted_at is null`)).toBe(3);
  });

  it("answers another organisation's bulk job as 404", async () => {
    const user = await registerUser(t);
    const job = expectData(
      bulkJobSchema,
      await start(user, { resource: 'leads', action: 'delete', ids: [randomUUID()] }),
      202,
    );
    await finished(user, job.id);
    expectError(await get(`data/bulk/${job.id}/`, stranger), 404, 'NOT_FOUND');
    expect(expectData(jobPage, await get('data/bulk/', stranger)).results.map((j) => j.id)).not.toContain(job.id);
  });
});
