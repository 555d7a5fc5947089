import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  IMPORT_MAX_BYTES,
  importPreviewSchema,
  leadImportSchema,
  type LeadImport,
} from '@leadcapture/contracts/lead-imports';
import { leadSchema, type CreateLeadInput, type Lead } from '@leadcapture/contracts/leads';
import { DATA_JOB_FAILURES } from '@leadcapture/contracts/data-imports';
import { createEvent } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation, type Response } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { multipart, PNG, type Part } from '../../../test/multipart.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { IMPORT_SWEEP_TASK } from '../../jobs/background.ts';
import { leadImports } from './data-imports.table.ts';
import { LIMIT_REACHED_ROW } from './data-imports.service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const leadPage = paginated(leadSchema);
const importPage = paginated(leadImportSchema);

let t: TestApp;
let owner: User;
let stranger: User;
let viewer: User;
const orgOf = (u: User) => u.organization?.id ?? '';

async function addMember(organizationId: string, role: Role): Promise<User> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
  viewer = await addMember(orgOf(owner), 'viewer');
});
afterAll(() => t.close());

const headersOf = (user: User) => ({ ...bearer(user.access), 'x-organization-id': orgOf(user) });

function get(url: string, user: User) {
  return t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: headersOf(user) });
}

async function create(user: User, input: Partial<CreateLeadInput> = {}): Promise<Lead> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/leads/',
    headers: headersOf(user),
    payload: { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input },
  });
  return expectData(leadSchema, res, 201);
}

/** A fresh organisation per test keeps counts exact on a shared PostgreSQL. */
async function freshOwner(): Promise<User> {
  return registerUser(t);
}

function postFile(user: User, url: string, parts: Part[]): Promise<Response> {
  const form = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/leads/${url}`,
    headers: { ...form.headers, ...headersOf(user) },
    payload: form.payload,
  });
}

function importCsv(user: User, csv: string | Buffer, fields: Record<string, string> = {}): Promise<Response> {
  const parts: Part[] = Object.entries(fields).map(([name, data]) => ({ name, data }));
  parts.push({ name: 'file', filename: 'leads.csv', contentType: 'text/csv', data: csv });
  return postFile(user, 'import_leads/', parts);
}

/** Polls the import record until it is finished. */
async function finished(user: User, id: string): Promise<LeadImport> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const record = expectData(leadImportSchema, await get(`data/imports/${id}/`, user));
    if (record.status === 'completed' || record.status === 'failed') return record;
    if (Date.now() > deadline) throw new Error(`import ${id} still ${record.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function importAndWait(user: User, csv: string | Buffer, fields: Record<string, string> = {}) {
  const started = expectData(leadImportSchema, await importCsv(user, csv, fields), 202);
  expect(['queued', 'processing', 'completed']).toContain(started.status);
  return finished(user, started.id);
}

async function allLeads(user: User, query = ''): Promise<Lead[]> {
  return expectData(leadPage, await get(`leads/?page_size=100${query}`, user)).results;
}

describe('GET /leads/import_template/', () => {
  it('answers the importable columns and an example row that imports as is', async () => {
    const res = await get('leads/import_template/', owner);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const user = await freshOwner();
    const record = await importAndWait(user, res.rawPayload);
    expect(record).toMatchObject({ status: 'completed', created: 1, failed: 0 });
    const [lead] = await allLeads(user);
    expect(lead).toMatchObject({
      first_name: 'Anna',
      email: 'anna.svensson@example.com',
      source: 'import',
      interest: 'warm',
    });
    expect(lead?.tags).toEqual(['fair-2026', 'nordics']);
  });
});

describe('POST /leads/import_leads/', () => {
  it('imports good rows, reports bad ones by line and field, and scores the new leads', async () => {
    const user = await freshOwner();
    const csv = [
      'First name,Last name,Email,Interest,Company',
      'Ada,Lind,ada@example.com,hot,Fjord AB',
      'Bad,Mail,not-an-email,warm,X',
      'Carl,Ek,carl@example.com,lukewarm,Y',
      `Dora,Sund,dora@example.com,cold,${'x'.repeat(201)}`,
      'Eva,Berg,eva@example.com,,Z',
    ].join('\r\n');
    const record = await importAndWait(user, csv);
    expect(record).toMatchObject({ status: 'completed', total_rows: 5, processed_rows: 5, created: 2, failed: 3 });
    expect(record.errors).toEqual(
      expect.arrayContaining([
        // The reason the address failed, not zod's "Invalid input" of the empty-or-email union.
        { row: 3, field: 'email', code: 'invalid_email', params: {}, message: 'Enter a valid email address' },
        expect.objectContaining({ row: 4, field: 'interest' }),
        expect.objectContaining({ row: 5, field: 'company', code: 'too_long', params: { max: 200 } }),
      ]),
    );
    expect(record.error_count).toBe(3);
    const leads = await allLeads(user);
    expect(leads.map((l) => l.email).sort()).toEqual(['ada@example.com', 'eva@example.com']);
    const ada = leads.find((l) => l.email === 'ada@example.com');
    // Scored with the organisation's rules, as every other create: hot interest counts.
    expect(ada?.auto_score).toBeGreaterThan(leads.find((l) => l.email === 'eva@example.com')?.auto_score ?? 0);
  });

  it('skips duplicates in the file and in the organisation, case-insensitively', async () => {
    const user = await freshOwner();
    const known = await create(user, { first_name: 'Known', email: 'known@example.com', company: 'Old AB' });
    const csv =
      'email,first_name,company\nKNOWN@example.com,New,New AB\nfresh@example.com,F,A\nFresh@Example.com,G,B\n';
    const record = await importAndWait(user, csv, { duplicates: 'skip' });
    expect(record).toMatchObject({ created: 1, skipped: 2, updated: 0 });
    const leads = await allLeads(user);
    expect(leads).toHaveLength(2);
    expect(leads.find((l) => l.id === known.id)?.company).toBe('Old AB');
    expect(leads.find((l) => l.email === 'fresh@example.com')?.first_name).toBe('F');
  });

  it('updates duplicates in update mode: the known lead and the later row of the file win', async () => {
    const user = await freshOwner();
    const known = await create(user, {
      first_name: 'Known',
      email: 'known@example.com',
      company: 'Old AB',
      phone: '070-1',
    });
    const csv =
      'email,first_name,company\nknown@example.com,Renamed,New AB\nfresh@example.com,F,A\nfresh@example.com,G,\n';
    const record = await importAndWait(user, csv, { duplicates: 'update' });
    expect(record).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    const leads = await allLeads(user);
    expect(leads).toHaveLength(2);
    // Updated fields change; an empty cell leaves the field as it was.
    expect(leads.find((l) => l.id === known.id)).toMatchObject({
      first_name: 'Renamed',
      company: 'New AB',
      phone: '070-1',
    });
    expect(leads.find((l) => l.email === 'fresh@example.com')).toMatchObject({ first_name: 'G', company: 'A' });
  });

  it('reads `;` files with Swedish headers, quotes, a BOM and CRLF, and files leads under the event', async () => {
    const user = await freshOwner();
    const event = await createEvent(t, orgOf(user));
    const csv =
      '\ufeffFörnamn;Efternamn;E-post;Företag;Taggar\r\nÅke;Ström;ake@example.se;"Bolag; med semikolon";"mässa,vip"\r\n';
    const preview = expectData(
      importPreviewSchema,
      await postFile(user, 'import_leads/preview/', [{ name: 'file', filename: 'sv.csv', data: csv }]),
    );
    expect(preview).toMatchObject({
      delimiter: ';',
      columns: ['Förnamn', 'Efternamn', 'E-post', 'Företag', 'Taggar'],
      mapping: { Förnamn: 'first_name', Efternamn: 'last_name', 'E-post': 'email', Företag: 'company', Taggar: 'tags' },
    });
    expect(preview.rows[0]?.[3]).toBe('Bolag; med semikolon');
    const record = await importAndWait(user, csv, { event: event.id, source: 'event' });
    expect(record).toMatchObject({ status: 'completed', created: 1 });
    const [lead] = await allLeads(user);
    expect(lead).toMatchObject({
      first_name: 'Åke',
      company: 'Bolag; med semikolon',
      event: event.id,
      source: 'event',
    });
    expect(lead?.tags).toEqual(['mässa', 'vip']);
  });

  it('uses a mapping given by the user, including columns not to import', async () => {
    const user = await freshOwner();
    const csv = 'Kolumn A,Kolumn B,Kolumn C\nx@example.com,Vera,secret\n';
    const mapping = JSON.stringify({ 'Kolumn A': 'email', 'Kolumn B': 'first_name', 'Kolumn C': null });
    const record = await importAndWait(user, csv, { mapping });
    expect(record.mapping).toEqual({ 'Kolumn A': 'email', 'Kolumn B': 'first_name', 'Kolumn C': null });
    const [lead] = await allLeads(user);
    expect(lead).toMatchObject({ email: 'x@example.com', first_name: 'Vera', notes: '' });
  });

  it('imports its own export again: the formula quotes come off, enumerations and tags survive', async () => {
    const from = await freshOwner();
    const to = await freshOwner();
    await create(from, {
      first_name: 'Åsa',
      last_name: '=Lind',
      email: 'asa.lind@example.com',
      company: '-2 AB',
      phone: '070-123 45 67',
      interest: 'hot',
      status: 'contacted',
      tags: ['vip', 'nordics'],
    });
    const exported = await get('leads/export/?format=csv', from);
    const record = await importAndWait(to, exported.rawPayload);
    expect(record).toMatchObject({ status: 'completed', created: 1, failed: 0 });
    expect(record.mapping).toMatchObject({ ID: null, 'First name': 'first_name', Email: 'email', Score: null });
    const [lead] = await allLeads(to);
    expect(lead).toMatchObject({
      first_name: 'Åsa',
      last_name: '=Lind',
      company: '-2 AB',
      interest: 'hot',
      status: 'contacted',
      source: 'import',
    });
    expect(lead?.tags).toEqual(['vip', 'nordics']);
  });

  it('never makes two leads of one email when an import and a create of it run at once', async () => {
    const user = await freshOwner();
    const csv = ['email,first_name', ...Array.from({ length: 300 }, (_, i) => `race${i}@example.com,R${i}`)].join('\n');
    const [started] = await Promise.all([
      importCsv(user, csv),
      ...Array.from({ length: 5 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/leads/',
          headers: headersOf(user),
          payload: { first_name: 'Manual', last_name: 'Race', email: `RACE${i * 60}@example.com` },
        }),
      ),
    ]);
    const record = await finished(user, expectData(leadImportSchema, started, 202).id);
    expect(record.created + record.skipped).toBe(300);
    const page = expectData(leadPage, await get('leads/?page_size=1', user));
    expect(page.count).toBe(300);
  });

  it('imports a 10 MB file in batches', { timeout: 120_000 }, async () => {
    const user = await freshOwner();
    // Tens of thousands of leads in a month: more than a trial allows.
    await setPlan(t, user.organization?.id ?? '', 'enterprise');
    const lines = ['first_name,last_name,email,company,job_title,notes'];
    let size = 0;
    let n = 0;
    while (size < 10 * 1024 * 1024) {
      n += 1;
      const line = `First${n},Last${n},person${n}@example.com,Company ${n} AB,Engineer,${'note '.repeat(200)}`;
      lines.push(line);
      size += line.length + 1;
    }
    const record = await importAndWait(user, lines.join('\n'));
    expect(record).toMatchObject({ status: 'completed', total_rows: n, processed_rows: n, created: n, failed: 0 });
    // Counted here, not through the list: past 1,000 leads its count is an estimate (decision 017).
    const [stored] = await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from leads where organization_id = ${orgOf(user)}`),
    );
    expect(stored?.n).toBe(n);
  });

  it('refuses bad files with nothing written', async () => {
    const user = await freshOwner();
    const before = expectData(importPage, await get('data/imports/', user)).count;
    expectValidation(await importCsv(user, PNG), 'file');
    expectValidation(await importCsv(user, ''), 'file');
    expectValidation(await importCsv(user, 'company,job_title\nA,B\n'), 'mapping');
    expectValidation(await importCsv(user, 'email\nx@example.com\n', { duplicates: 'merge' }), 'duplicates');
    expectValidation(await importCsv(user, 'email\nx@example.com\n', { mapping: '{nope' }), 'mapping');
    expectValidation(
      await importCsv(user, 'email\nx@example.com\n', { mapping: '{"Other":"email"}' }),
      'mapping.Other',
    );
    expectValidation(await importCsv(user, 'email\nx@example.com\n', { event: randomUUID() }), 'event');
    // Another organisation's event is refused like a missing one; a source must be a manual one.
    const foreignEvent = await createEvent(t, orgOf(stranger));
    expectValidation(await importCsv(user, 'email\nx@example.com\n', { event: foreignEvent.id }), 'event');
    expectValidation(await importCsv(user, 'email\nx@example.com\n', { source: 'qr_scan' }), 'source');
    expectValidation(await postFile(user, 'import_leads/', [{ name: 'duplicates', data: 'skip' }]), 'file');
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a');
    expectError(await importCsv(user, big), 413, 'PAYLOAD_TOO_LARGE');
    expect(expectData(importPage, await get('data/imports/', user)).count).toBe(before);
    expect(await allLeads(user)).toHaveLength(0);
    const dir = path.join(t.config.dataDir, 'imports');
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  });

  it('refuses a viewer (403) before storing anything', async () => {
    expectError(await importCsv(viewer, 'email\nv@example.com\n'), 403, 'PERMISSION_DENIED');
    expectError(
      await postFile(viewer, 'import_leads/preview/', [{ name: 'file', filename: 'a.csv', data: 'email\n' }]),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('GET /data/imports/', () => {
  it("lists the organisation's imports and answers another's import as 404", async () => {
    const user = await freshOwner();
    const record = await importAndWait(user, 'email\nlisted@example.com\n');
    const page = expectData(importPage, await get('data/imports/', user));
    expect(page.results.map((r) => r.id)).toEqual([record.id]);
    expect(expectData(importPage, await get('data/imports/', stranger)).results.map((r) => r.id)).not.toContain(
      record.id,
    );
    expectError(await get(`data/imports/${record.id}/`, stranger), 404, 'NOT_FOUND');
    expectValidation(await get('data/imports/not-a-uuid/', user), 'id');
    expect(expectData(leadImportSchema, await get(`data/imports/${record.id}/`, user)).created).toBe(1);
  });

  it('fails an import whose process died and takes back the rows its batches wrote', async () => {
    const user = await freshOwner();
    const org = orgOf(user);
    const kept = await importAndWait(user, 'email\nkept@example.com\n');
    const done = await importAndWait(user, 'email\nfirst@example.com\nsecond@example.com\n');
    // As if its process died after writing its batches: still processing, heartbeat long stopped.
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx
        .update(leadImports)
        .set({ status: 'processing', finishedAt: null, heartbeatAt: new Date(Date.now() - 10 * 60 * 1000) })
        .where(eq(leadImports.id, done.id)),
    );
    // The scheduler's sweep is what finds it (once across processes, soon after start).
    expect(await t.app.deps.scheduler.run(IMPORT_SWEEP_TASK)).toBe('ran');
    const record = expectData(leadImportSchema, await get(`data/imports/${done.id}/`, user));
    expect(record).toMatchObject({ status: 'failed', failure: DATA_JOB_FAILURES.importInterrupted });
    const emails = await inScope(t.database.db, { organizationId: org }, (tx) =>
      queryRows<{ email: string }>(tx, sql`select email from leads where organization_id = ${org} order by email`),
    );
    expect(emails.map((e) => e.email)).toEqual(['kept@example.com']);
    expect(expectData(leadImportSchema, await get(`data/imports/${kept.id}/`, user)).status).toBe('completed');
    // A second sweep finds nothing left to do.
    expect(await t.app.deps.scheduler.run(IMPORT_SWEEP_TASK)).toBe('ran');
    expect(expectData(leadImportSchema, await get(`data/imports/${done.id}/`, user)).status).toBe('failed');
  });
});

describe("imports and the plan's monthly lead limit", () => {
  it('imports the rows the month has room for and fails the rest, each saying why', async () => {
    const user = await freshOwner();
    const org = user.organization?.id ?? '';
    await setPlan(t, org, 'free');
    await inScope(t.database.db, { organizationId: org }, (tx) =>
      tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status)
        select ${org}::uuid, 'Lead', 'No ' || g, 'lead' || g || '@example.com', 'import', 'new'
        from generate_series(1, 23) as g`),
    );
    const csv = [
      'first_name,last_name,email',
      'Anna,Berg,anna@x.test',
      'Bo,Ek,bo@x.test',
      'Cai,Lo,cai@x.test',
      'Dag,Ny,dag@x.test',
    ].join('\n');
    const record = await importAndWait(user, csv);
    expect(record).toMatchObject({ status: 'completed', created: 2, failed: 2 });
    const refused = record.errors.filter((e) => e.code === 'lead_limit' && e.message === LIMIT_REACHED_ROW);
    expect(refused.map((e) => e.row).sort()).toEqual([4, 5]);
    const [stored] = await inScope(t.database.db, { organizationId: org }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from leads where organization_id = ${org}`),
    );
    expect(stored?.n).toBe(25);
    const names = (await allLeads(user)).map((l) => l.first_name).filter((n) => n !== 'Lead');
    expect(names.sort()).toEqual(['Anna', 'Bo']);
  });
});
