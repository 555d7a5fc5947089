import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import {
  DATA_EXPORT_PROGRESS,
  dataExportCreatedSchema,
  dataExportSchema,
  exportColumnSchema,
  type DataExport,
  type DataExportProgressData,
} from '@leadcapture/contracts/data-exports';
import { paginated } from '@leadcapture/contracts/envelope';
import { DATA_JOB_FAILURES } from '@leadcapture/contracts/data-imports';
import { createFormField } from '@leadcapture/contracts/form-fields';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { z } from 'zod';
import { createEvent } from '../../../test/capture.ts';
import type { LiveEvent } from '../../jobs/live-events.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { EXPORT_SWEEP_TASK } from '../../jobs/background.ts';
import { users } from '../auth/auth.table.ts';
import { currentUsage } from '../billing/billing.service.ts';
import { leadActivities, leads } from '../leads/leads.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { dataExports } from './data-exports.table.ts';
import { guardCell } from './data-exports.service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const exportPage = paginated(dataExportSchema);

let t: TestApp;
let owner: User;
let stranger: User;
let viewer: User;
const orgOf = (u: User) => u.organization?.id ?? '';
const headersOf = (user: User) => ({ ...bearer(user.access), 'x-organization-id': orgOf(user) });

async function addMember(organizationId: string, role: Role): Promise<User> {
  const user = await registerUser(t);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

const get = (url: string, user: User) =>
  t.app.inject({ method: 'GET', url: `/api/v1/${url}`, headers: headersOf(user) });
const post = (url: string, user: User, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: headersOf(user), payload: payload as object });

async function createLead(user: User, input: Record<string, unknown>): Promise<Lead> {
  const res = await post('leads/', user, input);
  return expectData(leadSchema, res, 201);
}

/** Starts an export and waits for its background work to end. */
async function exportOf(user: User, body: Record<string, unknown>): Promise<DataExport> {
  const started = expectData(dataExportCreatedSchema, await post('data/exports/', user, body), 202);
  expect(started.status).toBe('queued');
  for (let i = 0; i < 200; i++) {
    const record = expectData(dataExportSchema, await get(`data/exports/${started.id}/`, user));
    if (record.status === 'done' || record.status === 'failed') return record;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('export did not finish');
}

/** Downloads through the signed link alone: no Authorization header, as a browser link does. */
async function download(record: DataExport) {
  expect(record.download_url).toMatch(/\/api\/v1\/data\/exports\/.+\/download\/\?token=/);
  const url = new URL(record.download_url ?? '');
  return t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
}

let event: { id: string };
let lead: Lead;

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
  viewer = await addMember(orgOf(owner), 'viewer');
  event = await createEvent(t, orgOf(owner), {
    name: 'Nordic Expo',
    formFields: [
      createFormField('select', 'f_size', { label: 'Fleet size', options: ['1-10', '11-50'] }),
      createFormField('checkbox', 'f_demo', { label: 'Wants a demo', checkbox_text: 'Yes please' }),
    ],
  });
  lead = await createLead(owner, {
    first_name: 'Anna',
    last_name: 'Åberg',
    email: 'anna@example.com',
    phone: '+46 70 123 45 67',
    company: '=HYPERLINK("http://evil")',
    status: 'qualified',
    event: event.id,
    notes: 'Met at the booth',
  });
  await inScope(t.database.db, { organizationId: orgOf(owner) }, async (tx) => {
    await tx
      .update(leads)
      .set({ customFields: { f_size: '11-50', f_demo: true } })
      .where(eq(leads.id, lead.id));
    await tx.insert(leadActivities).values([
      { organizationId: orgOf(owner), leadId: lead.id, type: 'note', description: 'Wants pricing' },
      { organizationId: orgOf(owner), leadId: lead.id, type: 'call', description: 'Called back' },
    ]);
  });
  const bo = await createLead(owner, { first_name: 'Bo', last_name: 'Berg', email: 'bo@example.com' });
  // Written before phones were checked: not a phone number, so it is guarded like any text.
  await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
    tx.update(leads).set({ phone: '-12' }).where(eq(leads.id, bo.id)),
  );
});
afterAll(() => t.close());

describe('guardCell', () => {
  it('quotes what a spreadsheet would run, and leaves phone numbers and numbers readable', () => {
    expect(guardCell('=1+1', 'text')).toBe("'=1+1");
    expect(guardCell('@SUM(A1)', 'text')).toBe("'@SUM(A1)");
    expect(guardCell('\tx', 'text')).toBe("'\tx");
    expect(guardCell('\rx', 'text')).toBe("'\rx");
    expect(guardCell('+46 70 123 45 67', 'phone')).toBe('+46 70 123 45 67');
    expect(guardCell('+46 70=1+1', 'phone')).toBe("'+46 70=1+1");
    expect(guardCell('-12', 'phone')).toBe("'-12");
    expect(guardCell('-5', 'number')).toBe('-5');
    expect(guardCell('+46 70 123 45 67', 'text')).toBe("'+46 70 123 45 67");
    expect(guardCell('Plain', 'text')).toBe('Plain');
  });
});

describe('POST /data/exports/ leads', () => {
  it('writes a CSV a person can read: labels, a column per form answer, notes and activities, phones intact', async () => {
    const record = await exportOf(owner, { resource: 'leads', format: 'csv' });
    expect(record).toMatchObject({ status: 'done', resource: 'leads', format: 'csv', row_count: 2 });
    expect(record.progress).toEqual({ done: 2, total: 2 });
    expect(record.created_by?.id).toBe(owner.user.id);
    expect(record.size).toBeGreaterThan(0);
    const res = await download(record);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse<Record<string, string>>(res.rawPayload, { bom: true, columns: true });
    const anna = rows.find((r) => r.Email === 'anna@example.com');
    expect(anna).toBeDefined();
    expect(anna?.Phone).toBe('+46 70 123 45 67');
    expect(anna?.Company).toBe('\'=HYPERLINK("http://evil")');
    expect(anna?.Status).toBe('Qualified');
    expect(anna?.Event).toBe('Nordic Expo');
    expect(anna?.['Fleet size']).toBe('11-50');
    expect(anna?.['Wants a demo']).toBe('Yes');
    expect(anna?.Notes).toBe('Met at the booth | Wants pricing');
    expect(anna?.Activities).toMatch(/^1 notes, 1 calls · last \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(anna?.['Created at']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows.find((r) => r.Email === 'bo@example.com')?.Phone).toBe("'-12");
  });

  it('writes XLSX with exceljs, read back as a spreadsheet reads it', async () => {
    const record = await exportOf(owner, {
      resource: 'leads',
      format: 'xlsx',
      columns: ['first_name', 'phone', 'company', 'custom:Fleet size'],
      filters: { search: 'anna' },
    });
    expect(record).toMatchObject({
      status: 'done',
      row_count: 1,
      columns: ['first_name', 'phone', 'company', 'custom:Fleet size'],
    });
    const res = await download(record);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('Leads');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'First name', 'Phone', 'Company', 'Fleet size']);
    expect(sheet?.getRow(2).values).toEqual([
      undefined,
      'Anna',
      '+46 70 123 45 67',
      '\'=HYPERLINK("http://evil")',
      '11-50',
    ]);
    expect(sheet?.rowCount).toBe(2);
  });

  it('for re-import: codes as headers and values, UTC times', async () => {
    const record = await exportOf(owner, { resource: 'leads', format: 'json', for_reimport: true });
    const res = await download(record);
    expect(res.headers['content-type']).toContain('application/json');
    const rows = JSON.parse(res.body) as Record<string, string>[];
    const anna = rows.find((r) => r.email === 'anna@example.com');
    expect(anna?.status).toBe('qualified');
    expect(anna?.created_at).toMatch(/Z$/);
    expect(anna?.['Fleet size']).toBe('11-50');
  });

  it('labels in the author’s language', async () => {
    await t.database.db.update(users).set({ language: 'sv' }).where(eq(users.id, viewer.user.id));
    const record = await exportOf(viewer, { resource: 'leads', format: 'csv', columns: ['first_name', 'status'] });
    const rows = parse<Record<string, string>>((await download(record)).rawPayload, { bom: true, columns: true });
    expect(rows.find((r) => r['Förnamn'] === 'Anna')?.Status).toBe('Kvalificerad');
  });

  it('tells the author’s live sockets how it goes, through the outbox', async () => {
    const seen: LiveEvent[] = [];
    const stop = t.app.deps.live.subscribe((e) => {
      if (e.type === DATA_EXPORT_PROGRESS) seen.push(e);
    });
    const record = await exportOf(owner, { resource: 'leads', format: 'csv' });
    const mine = () => seen.filter((e) => (e.data as DataExportProgressData).id === record.id);
    for (let i = 0; i < 100 && !mine().some((e) => (e.data as DataExportProgressData).status === 'done'); i++) {
      await t.app.deps.outbox.drain();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    stop();
    expect(mine().map((e) => (e.data as DataExportProgressData).status)).toEqual(['running', 'done']);
    expect(mine().every((e) => e.userId === owner.user.id && e.organizationId === orgOf(owner))).toBe(true);
    expect(mine().at(-1)?.data).toEqual({ id: record.id, status: 'done', progress: { done: 2, total: 2 } });
  });

  it('exports clients, events and offers', async () => {
    await post('clients/', owner, { company_name: 'Acme AB', contact_phone: '+46 8 123 456', status: 'active' });
    await post('offers/', owner, { title: 'Free trial' });
    for (const resource of ['clients', 'events', 'offers'] as const) {
      const record = await exportOf(owner, { resource, format: 'csv' });
      expect(record.status, resource).toBe('done');
      const rows = parse<Record<string, string>>((await download(record)).rawPayload, { bom: true, columns: true });
      expect(rows.length, resource).toBe(record.row_count);
      expect(record.row_count, resource).toBeGreaterThan(0);
    }
    const clients = await exportOf(owner, { resource: 'clients', format: 'csv' });
    const rows = parse<Record<string, string>>((await download(clients)).rawPayload, { bom: true, columns: true });
    expect(rows[0]).toMatchObject({ Company: 'Acme AB', 'Contact phone': '+46 8 123 456', Status: 'Active' });
  });

  it("applies the lists' own filters: the clients list's and the leads list's ordering", async () => {
    await post('clients/', owner, { company_name: 'Brisk AB', priority: 'high', tags: ['fair'] });
    await post('clients/', owner, { company_name: 'Calm AB', priority: 'low', tags: ['fair'] });
    const high = await exportOf(owner, {
      resource: 'clients',
      format: 'json',
      filters: { priority: 'high', tags: 'fair' },
    });
    const rows = JSON.parse((await download(high)).body) as Record<string, string>[];
    expect(rows.map((r) => r.Company)).toEqual(['Brisk AB']);
    expectValidation(
      await post('data/exports/', owner, { resource: 'clients', format: 'csv', filters: { priority: 'urgent' } }),
      'filters.priority.0',
    );
    // The clients list's order, as GET /clients/ answers it: a name, a value (unset last), priority.
    for (const ordering of ['company_name', '-estimated_value', 'priority', 'created_at']) {
      const exported = await exportOf(owner, { resource: 'clients', format: 'json', filters: { ordering } });
      const companies = (JSON.parse((await download(exported)).body) as Record<string, string>[]).map((r) => r.Company);
      const listed = expectData(
        paginated(z.object({ company_name: z.string() })),
        await get(`clients/?ordering=${ordering}&page_size=100`, owner),
      ).results.map((r) => r.company_name);
      expect(companies.length).toBeGreaterThan(2);
      expect(companies, ordering).toEqual(listed);
    }
    const byName = await exportOf(owner, { resource: 'leads', format: 'json', filters: { ordering: 'first_name' } });
    const names = (JSON.parse((await download(byName)).body) as Record<string, string>[]).map(
      (r) => r['First name'] ?? '',
    );
    expect(names.length).toBeGreaterThan(1);
    expect([...names].sort()).toEqual(names);
  });

  it("follows the events and offers lists' ordering and filters, as GET /events/ and GET /offers/ answer them", async () => {
    const user = await registerUser(t);
    for (const name of ['Beta', 'alfa', 'Gamma']) await createEvent(t, orgOf(user), { name });
    await createEvent(t, orgOf(user), { name: 'Delta', status: 'draft' });
    for (const title of ['Beta deal', 'alfa deal', 'Gamma deal'])
      expect((await post('offers/', user, { title })).statusCode).toBe(201);
    const column = async (body: Record<string, unknown>, label: string) =>
      (
        JSON.parse((await download(await exportOf(user, { format: 'json', ...body }))).body) as Record<string, string>[]
      ).map((r) => r[label]);
    const listed = async (url: string, key: 'name' | 'title') =>
      (
        expectData(paginated(z.object({ [key]: z.string() })), await get(url, user)).results as Record<string, string>[]
      ).map((r) => r[key]);

    const byName = await column({ resource: 'events', filters: { ordering: 'name', status: 'active' } }, 'Name');
    expect(byName).toEqual(['alfa', 'Beta', 'Gamma']);
    expect(byName).toEqual(await listed('events/?ordering=name&status=active', 'name'));
    expect(await column({ resource: 'events', filters: { ordering: '-name' } }, 'Name')).toEqual(
      await listed('events/?ordering=-name', 'name'),
    );
    expect(await column({ resource: 'events', filters: {} }, 'Name')).toEqual(['Delta', 'Gamma', 'alfa', 'Beta']);

    const byTitle = await column({ resource: 'offers', filters: { ordering: '-title' } }, 'Title');
    expect(byTitle).toEqual(['Gamma deal', 'Beta deal', 'alfa deal']);
    expect(byTitle).toEqual(await listed('offers/?ordering=-title', 'title'));
    expect(await column({ resource: 'offers', filters: { is_published: true } }, 'Title')).toEqual([]);
    expectValidation(
      await post('data/exports/', user, { resource: 'offers', format: 'csv', filters: { ordering: 'price' } }),
      'filters.ordering',
    );
  });

  it('refuses bad input with the envelope, writing nothing', async () => {
    const before = (await t.database.db.select().from(dataExports)).length;
    expectValidation(await post('data/exports/', owner, { resource: 'leads', format: 'pdf' }), 'format');
    expectValidation(
      await post('data/exports/', owner, { resource: 'leads', format: 'csv', filters: { status: 'nope' } }),
      'filters.status.0',
    );
    expectValidation(
      await post('data/exports/', owner, { resource: 'leads', format: 'csv', columns: ['shoe_size'] }),
      'columns',
    );
    expect((await t.database.db.select().from(dataExports)).length).toBe(before);
  });

  it('lists the history, newest first, with who and filters', async () => {
    const page = expectData(exportPage, await get('data/exports/', owner));
    expect(page.count).toBeGreaterThan(3);
    expect(page.results[0]?.created_at).toBeDefined();
    expect(page.results.some((r) => r.filters.search === 'anna')).toBe(true);
  });

  it('lists the columns with labels', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/data/exports/columns/?resource=leads',
      headers: { ...headersOf(owner), 'accept-language': 'sv-SE' },
    });
    const columns = expectData(z.array(exportColumnSchema), res);
    expect(columns).toContainEqual({ code: 'first_name', label: 'Förnamn' });
    expect(columns).toContainEqual({ code: 'custom:Fleet size', label: 'Fleet size' });
  });

  it('counts export files against the plan’s storage', async () => {
    const usage = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      currentUsage({ organizationId: orgOf(owner), tx }),
    );
    expect(usage.storage).toBeGreaterThanOrEqual(1);
  });
});

describe('download links and tenancy', () => {
  it('another organisation gets 404 for every id route; a forged or expired link 401', async () => {
    const record = await exportOf(owner, { resource: 'leads', format: 'csv' });
    expectError(await get(`data/exports/${record.id}/`, stranger), 404, 'NOT_FOUND');
    expectError(await get(`data/exports/${record.id}/download/`, stranger), 404, 'NOT_FOUND');
    expectError(await get(`data/exports/${randomUUID()}/`, owner), 404, 'NOT_FOUND');
    const signedIn = await get(`data/exports/${record.id}/download/`, owner);
    expect(signedIn.statusCode).toBe(200);
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data/exports/${record.id}/download/?token=1.abc`,
    });
    expectError(forged, 401, 'TOKEN_INVALID');
    const url = new URL(record.download_url ?? '');
    const other = await exportOf(stranger, { resource: 'leads', format: 'csv' });
    // A token signs one export: it does not open another's file.
    const swapped = await t.app.inject({
      method: 'GET',
      url: `/api/v1/data/exports/${other.id}/download/${url.search}`,
    });
    expectError(swapped, 401, 'TOKEN_INVALID');
    expectError(
      await t.app.inject({ method: 'GET', url: `/api/v1/data/exports/${record.id}/download/` }),
      401,
      'NOT_AUTHENTICATED',
    );
  });

  it('the sweep removes files after 7 days and fails exports whose process died', async () => {
    const record = await exportOf(owner, { resource: 'leads', format: 'csv' });
    const stale = randomUUID();
    await inScope(t.database.db, { organizationId: orgOf(owner) }, async (tx) => {
      await tx
        .update(dataExports)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(dataExports.id, record.id));
      await tx.insert(dataExports).values({
        id: stale,
        organizationId: orgOf(owner),
        resource: 'leads',
        format: 'csv',
        status: 'running',
        fileName: 'leads.csv',
        heartbeatAt: sql`now() - interval '10 minutes'`,
      });
    });
    expect(await t.app.deps.scheduler.run(EXPORT_SWEEP_TASK)).toBe('ran');
    const gone = expectData(dataExportSchema, await get(`data/exports/${record.id}/`, owner));
    expect(gone.download_url).toBeNull();
    expectError(await get(`data/exports/${record.id}/download/`, owner), 409, 'CONFLICT');
    const failed = expectData(dataExportSchema, await get(`data/exports/${stale}/`, owner));
    expect(failed).toMatchObject({
      status: 'failed',
      failure: DATA_JOB_FAILURES.exportRestarted,
    });
  });
});
