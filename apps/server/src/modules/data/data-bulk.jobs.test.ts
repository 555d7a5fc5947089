import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { bulkJobSchema, createBulkJobSchema, type BulkJob } from '@leadcapture/contracts/data-bulk';
import { bulkLeadsResultSchema } from '@leadcapture/contracts/leads';
import { notificationPreferencesSchema } from '@leadcapture/contracts/notifications';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { BULK_SWEEP_TASK } from '../../jobs/background.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { BULK_MAX_ATTEMPTS, createBulkJob, runBulkJob } from './data-bulk.service.ts';

/**
 * The bulk centre's batches, sweep and notices on a small scale: batches of 500 (BULK_BATCH_SIZE)
 * so that 1,500 leads take three of them, on PGlite as on PostgreSQL. The 10,000-lead run is in
 * data-bulk.routes.test.ts (PostgreSQL only).
 */
const BATCH = 500;
type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
const orgOf = (u: User) => u.organization?.id ?? '';
const headersOf = (user: User) => ({ ...bearer(user.access), 'x-organization-id': orgOf(user) });

beforeAll(async () => {
  t = await createTestApp({ env: { BULK_BATCH_SIZE: String(BATCH) } });
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, user: User, payload?: Record<string, unknown>) =>
  t.app.inject({ method, url: `/api/v1/${url}`, headers: headersOf(user), ...(payload ? { payload } : {}) });
const start = async (user: User, payload: Record<string, unknown>) =>
  expectData(bulkJobSchema, await call('POST', 'data/bulk/', user, payload), 202);

async function seedLeads(user: User, count: number, company: string): Promise<void> {
  await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
    tx.execute(sql`insert into leads (organization_id, first_name, email, company, status, source)
      select ${orgOf(user)}::uuid, 'Lead ' || g, 'lead' || g || '-' || ${randomUUID().slice(0, 6)} || '@example.com',
        ${company}, 'new', 'manual'
      from generate_series(1, ${count}) g`),
  );
}

async function addMember(owner: User, role: Role): Promise<User> {
  const user = await registerUser(t);
  const organizationId = orgOf(owner);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

async function rows<T>(user: User | null, query: ReturnType<typeof sql>): Promise<T[]> {
  return inScope(t.database.db, user ? { organizationId: orgOf(user) } : {}, (tx) => queryRows<T>(tx, query));
}

async function finished(user: User, id: string): Promise<BulkJob> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = expectData(bulkJobSchema, await call('GET', `data/bulk/${id}/`, user));
    if (job.status === 'done' || job.status === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`bulk job ${id} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const outboxKinds = async (user: User) =>
  Object.fromEntries(
    (
      await rows<{ kind: string; n: number }>(
        null,
        sql`select kind, count(*)::int as n from outbox where organization_id = ${orgOf(user)} group by kind`,
      )
    ).map((k) => [k.kind, k.n]),
  );

const bulkNotices = (user: User) =>
  rows<{ type: string; data: { count: number; job_id: string | null } }>(
    user,
    sql`select type, data from notifications where organization_id = ${orgOf(user)} and user_id = ${user.user.id}
      and type = 'leads_bulk_assigned'`,
  );

describe('bulk jobs in batches', () => {
  it('changes 1,500 leads by filter in three batches of 500, with progress and one audit entry', async () => {
    const user = await registerUser(t);
    await seedLeads(user, 1_500, 'Batch AB');
    await seedLeads(user, 4, 'Other AB');
    const started = start(user, {
      resource: 'leads',
      action: 'status',
      filters: { search: 'Batch AB' },
      params: { status: 'contacted' },
    });
    const job = await finished(user, (await started).id);
    expect(job).toMatchObject({ status: 'done', progress: { done: 1_500, total: 1_500 }, changed: 1_500 });
    const [counts] = await rows<{ contacted: number; fresh: number }>(
      user,
      sql`select count(*) filter (where status = 'contacted')::int as contacted,
        count(*) filter (where status = 'new')::int as fresh from leads where organization_id = ${orgOf(user)}`,
    );
    expect(counts).toEqual({ contacted: 1_500, fresh: 4 });
    const audits = await rows<{ action: string; metadata: { count: number } }>(
      user,
      sql`select action, metadata from audit_logs where organization_id = ${orgOf(user)} and action like 'lead.bulk_%'`,
    );
    expect(audits).toEqual([
      expect.objectContaining({ action: 'lead.bulk_status', metadata: expect.objectContaining({ count: 1_500 }) }),
    ]);
    const kinds = await outboxKinds(user);
    // One live "leads changed" message per batch: three batches ran.
    expect(kinds['leads.bulk_updated']).toBe(1_500 / BATCH);
    expect(kinds['data.progress']).toBeGreaterThanOrEqual(1);
  });
});

describe('a bulk job whose process died', () => {
  it('is resumed by the sweep where its last batch ended, repeating and skipping nothing', async () => {
    const user = await registerUser(t);
    await seedLeads(user, 1_600, 'Resume AB');
    // The job of a process that stops after its first batch (as if killed there): the batch is
    // committed, the job still says running, and its heartbeat then goes stale.
    const data = createBulkJobSchema.parse({
      resource: 'leads',
      action: 'tags',
      filters: { search: 'Resume AB' },
      params: { tags: ['resumed'] },
    });
    const { run } = await inScope(t.database.db, { organizationId: orgOf(user), userId: user.user.id }, (tx) =>
      createBulkJob(
        { tx, organizationId: orgOf(user), userId: user.user.id, role: 'owner' },
        { ip: '203.0.113.9', userAgent: 'test' },
        data,
      ),
    );
    let batches = 0;
    await runBulkJob(t.database.db, run, () => ++batches >= 1, { batchSize: BATCH });
    await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
      tx.execute(sql`update data_bulk_jobs set updated_at = now() - interval '10 minutes' where id = ${run.id}`),
    );
    const stalled = expectData(bulkJobSchema, await call('GET', `data/bulk/${run.id}/`, user));
    expect(stalled).toMatchObject({ status: 'running', progress: { done: BATCH, total: 1_600 }, changed: BATCH });

    expect(await t.app.deps.scheduler.run(BULK_SWEEP_TASK)).toBe('ran');
    const job = await finished(user, run.id);
    expect(job).toMatchObject({ status: 'done', progress: { done: 1_600, total: 1_600 }, changed: 1_600 });
    const [tagged] = await rows<{ n: number }>(
      user,
      sql`select count(*)::int as n from leads where organization_id = ${orgOf(user)} and tags ? 'resumed'`,
    );
    expect(tagged?.n).toBe(1_600);
    const [row] = await rows<{ attempts: number }>(user, sql`select attempts from data_bulk_jobs where id = ${run.id}`);
    expect(row?.attempts).toBe(2);
    // One audit entry for the whole job, from the run that finished it.
    const audits = await rows<{ n: number }>(
      user,
      sql`select count(*)::int as n from audit_logs where target_id = ${run.id}`,
    );
    expect(audits[0]?.n).toBe(1);
  });

  it('is resumed from the start when it died before reading its selection, and a fresh one is left alone', async () => {
    const user = await registerUser(t);
    await seedLeads(user, 20, 'Queued AB');
    const dead = start(user, { resource: 'leads', action: 'delete', filters: { search: 'Nothing matches this' } });
    const deadJob = await finished(user, (await dead).id);
    expect(deadJob.status).toBe('done');
    // A queued job as a dead process left it (never started), and one whose heartbeat is fresh.
    const [stale] = await rows<{ id: string }>(
      user,
      sql`insert into data_bulk_jobs (organization_id, resource, action, filters, params, role, attempts, created_by, updated_at)
        values (${orgOf(user)}, 'leads', 'status', ${JSON.stringify({ search: 'Queued AB' })}::jsonb,
          ${JSON.stringify({ status: 'qualified' })}::jsonb, 'owner', 1, ${user.user.id}, now() - interval '1 hour')
        returning id`,
    );
    const [fresh] = await rows<{ id: string }>(
      user,
      sql`insert into data_bulk_jobs (organization_id, resource, action, filters, params, role, attempts, created_by, status)
        values (${orgOf(user)}, 'leads', 'status', ${JSON.stringify({ search: 'Queued AB' })}::jsonb,
          ${JSON.stringify({ status: 'lost' })}::jsonb, 'owner', 1, ${user.user.id}, 'running')
        returning id`,
    );
    expect(await t.app.deps.scheduler.run(BULK_SWEEP_TASK)).toBe('ran');
    const resumed = await finished(user, stale?.id ?? '');
    expect(resumed).toMatchObject({ status: 'done', progress: { done: 20, total: 20 }, changed: 20 });
    const untouched = expectData(bulkJobSchema, await call('GET', `data/bulk/${fresh?.id}/`, user));
    expect(untouched).toMatchObject({ status: 'running', progress: { done: 0, total: 0 } });
    const [lost] = await rows<{ n: number }>(
      user,
      sql`select count(*)::int as n from leads where organization_id = ${orgOf(user)} and status = 'lost'`,
    );
    expect(lost?.n).toBe(0);
  });

  it(`is failed, keeping what it did, once it has run ${BULK_MAX_ATTEMPTS} times`, async () => {
    const user = await registerUser(t);
    const [job] = await rows<{ id: string }>(
      user,
      sql`insert into data_bulk_jobs (organization_id, resource, action, filters, params, role, attempts, created_by,
          status, selected_ids, total, done, changed, updated_at)
        values (${orgOf(user)}, 'leads', 'delete', '{}'::jsonb, '{}'::jsonb, 'owner', ${BULK_MAX_ATTEMPTS},
          ${user.user.id}, 'running', ${JSON.stringify([randomUUID(), randomUUID()])}::jsonb, 2, 1, 1,
          now() - interval '1 hour')
        returning id`,
    );
    expect(await t.app.deps.scheduler.run(BULK_SWEEP_TASK)).toBe('ran');
    const failed = expectData(bulkJobSchema, await call('GET', `data/bulk/${job?.id}/`, user));
    expect(failed).toMatchObject({ status: 'failed', progress: { done: 1, total: 2 }, changed: 1 });
    expect(failed.failure).toMatch(/interrupted too many times/);
  });
});

describe('bulk assignment notices', () => {
  it('tells each assignee once per job, through their preferences, however many batches ran', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const quiet = await addMember(owner, 'member');
    // The quiet rep wants no in-app or mail notices about leads.
    expectData(
      notificationPreferencesSchema,
      await call('PATCH', 'notifications/preferences/me/', quiet, {
        preferences: [{ category: 'leads', in_app: false, email: false, push: false }],
      }),
    );
    await seedLeads(owner, 1_200, 'Assign AB');
    const one = start(owner, {
      resource: 'leads',
      action: 'assign',
      filters: { search: 'Assign AB' },
      params: { assigned_to: rep.user.id },
    });
    const job = await finished(owner, (await one).id);
    expect(job).toMatchObject({ status: 'done', changed: 1_200 });
    const notices = await bulkNotices(rep);
    expect(notices).toEqual([
      { type: 'leads_bulk_assigned', data: expect.objectContaining({ count: 1_200, job_id: job.id }) },
    ]);
    // Its mail goes through the outbox, once.
    const [mail] = await rows<{ n: number; template: string }>(
      rep,
      sql`select count(*)::int as n, min(template) as template from notification_logs
        where organization_id = ${orgOf(rep)} and user_id = ${rep.user.id} and channel = 'email'`,
    );
    expect(mail?.template).toBe('leads_bulk_assigned');
    expect(mail?.n).toBe(1);

    // Round robin between the two reps over new leads: each hears once, of their own share; the
    // quiet one, who turned those notices off, not at all.
    await seedLeads(owner, 40, 'Shared AB');
    const shared = start(owner, {
      resource: 'leads',
      action: 'assign',
      filters: { search: 'Shared AB' },
      params: { round_robin: [rep.user.id, quiet.user.id] },
    });
    const second = await finished(owner, (await shared).id);
    expect(second.status).toBe('done');
    const repNotices = await bulkNotices(rep);
    expect(repNotices.map((n) => n.data.count).sort((x, y) => x - y)).toEqual([20, 1_200]);
    const [quietCount] = await rows<{ n: number }>(
      owner,
      sql`select count(*)::int as n from leads where organization_id = ${orgOf(owner)} and assigned_to = ${quiet.user.id}`,
    );
    expect(quietCount?.n).toBeGreaterThan(0);
    expect(await bulkNotices(quiet)).toEqual([]);
    // The owner assigning to themselves hears nothing.
    const mine = start(owner, {
      resource: 'leads',
      action: 'assign',
      filters: { search: 'Assign AB' },
      params: { assigned_to: owner.user.id },
    });
    await finished(owner, (await mine).id);
    expect(await bulkNotices(owner)).toEqual([]);
  });

  it('tells the assignee once for a bulk request of the leads list (POST /leads/bulk/)', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await seedLeads(owner, 30, 'List AB');
    const ids = (
      await rows<{ id: string }>(owner, sql`select id from leads where organization_id = ${orgOf(owner)} limit 25`)
    ).map((r) => r.id);
    const result = expectData(
      bulkLeadsResultSchema.strict(),
      await call('POST', 'leads/bulk/', owner, { action: 'assign', ids, assigned_to: rep.user.id }),
    );
    expect(result).toEqual({ action: 'assign', updated: 25, not_found: [] });
    expect(await bulkNotices(rep)).toEqual([
      { type: 'leads_bulk_assigned', data: expect.objectContaining({ count: 25, job_id: null }) },
    ]);
  });
});
