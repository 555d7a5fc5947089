import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATA_IMPORT_MESSAGES, dataImportSchema } from '@leadcapture/contracts/data-imports';
import { paginated } from '@leadcapture/contracts/envelope';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { importRequests } from '../../../test/data-imports.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { PNG } from '../../../test/multipart.ts';
import { inScope } from '../../db/tenant.ts';
import { users } from '../auth/auth.table.ts';
import { leadImports } from './data-imports.table.ts';
import { eq } from 'drizzle-orm';

type User = Awaited<ReturnType<typeof registerUser>>;
const leadPage = paginated(leadSchema);
const importPage = paginated(dataImportSchema);

let t: TestApp;
let stranger: User;
const { headersOf, get, upload, finished } = importRequests(() => t);
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
  stranger = await registerUser(t);
});
afterAll(() => t.close());

function post(url: string, user: User) {
  return t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: headersOf(user) });
}

async function importAndWait(user: User, data: string | Buffer, fields: Record<string, string> = {}, name?: string) {
  const started = expectData(
    dataImportSchema,
    await upload(user, data, { resource: 'leads', ...fields }, { filename: name }),
    202,
  );
  return finished(user, started.id);
}

async function allLeads(user: User): Promise<Lead[]> {
  return expectData(leadPage, await get('leads/?page_size=100&ordering=email', user)).results;
}

async function createLead(user: User, payload: Record<string, unknown>): Promise<Lead> {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/leads/', headers: headersOf(user), payload });
  return expectData(leadSchema, res, 201);
}

async function xlsxOf(rows: (string | number | Date)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Leads');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('POST /data/imports/', () => {
  it('dry-runs a file: per-row errors and counts, nothing written; then imports it for real', async () => {
    const user = await registerUser(t);
    const csv =
      'Email,First name,Status\nok@example.com,Ok,new\nnot-an-email,Bad,new\nfine@example.com,Fine,nonsense\n';
    const dry = await importAndWait(user, csv, { dry_run: 'true' });
    expect(dry).toMatchObject({ status: 'completed', dry_run: true, created: 1, failed: 2, undo_until: null });
    expect(dry.progress).toEqual({ done: 3, total: 3 });
    // Each with a code and params the web translates, and the English message for API users.
    expect(dry.errors.map((e) => [e.row, e.field, e.code, e.message])).toEqual([
      [3, 'email', 'invalid_email', 'Enter a valid email address'],
      [4, 'status', 'invalid_choice', expect.any(String)],
    ]);
    expect(String(dry.errors[1]?.params.values)).toContain('qualified');
    expect(await allLeads(user)).toHaveLength(0);

    const real = await importAndWait(user, csv);
    expect(real).toMatchObject({ status: 'completed', dry_run: false, created: 1, failed: 2, file_kind: 'csv' });
    expect(real.undo_until).not.toBeNull();
    expect((await allLeads(user)).map((l) => l.email)).toEqual(['ok@example.com']);

    // The per-row results: every row and what it did.
    const res = await get(`data/imports/${real.id}/results/`, user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows: string[][] = parse(res.body.replace(/^\ufeff/, ''));
    expect(rows[0]).toEqual(['line', 'outcome', 'record_id', 'message']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([
      ['2', 'created'],
      ['3', 'failed'],
      ['4', 'failed'],
    ]);
    expect(rows[2]?.[3]).toBe('email: Not a valid email address');
  });

  it("writes the results' row errors in the importing user's language", async () => {
    const user = await registerUser(t);
    await t.database.db.update(users).set({ language: 'sv' }).where(eq(users.id, user.user.id));
    const record = await importAndWait(user, 'Email,First name,Last name\nnot-an-email,Bo,Berg\n,,\n');
    expect(record.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [2, 'email', 'invalid_email'],
      [3, 'email', 'identity_missing'],
    ]);
    const res = await get(`data/imports/${record.id}/results/`, user);
    const rows: string[][] = parse(res.body.replace(/^\ufeff/, ''));
    expect(rows.slice(1).map((r) => [r[0], r[1], r[3]])).toEqual([
      ['2', 'failed', 'email: Ingen giltig e-postadress'],
      ['3', 'failed', 'email: Ange en e-postadress eller ett namn'],
    ]);
  });

  it('reads XLSX by its content, whatever the file is called, and CSV named .xlsx', async () => {
    const user = await registerUser(t);
    const workbook = await xlsxOf([
      ['E-post', 'Förnamn', 'Uppföljning'],
      ['xl@example.com', 'Åsa', new Date(Date.UTC(2026, 11, 1))],
      ['xl2@example.com', 'Örjan', ''],
    ]);
    const record = await importAndWait(user, workbook, {}, 'named-like-a.csv');
    expect(record).toMatchObject({ status: 'completed', file_kind: 'xlsx', created: 2, failed: 0 });
    const leads = await allLeads(user);
    expect(leads.map((l) => [l.email, l.first_name])).toEqual([
      ['xl2@example.com', 'Örjan'],
      ['xl@example.com', 'Åsa'],
    ]);
    expect(leads[1]?.follow_up_date?.slice(0, 10)).toBe('2026-12-01');
    const csvNamedXlsx = await importAndWait(user, 'email\ncsv@example.com\n', {}, 'leads.xlsx');
    expect(csvNamedXlsx).toMatchObject({ file_kind: 'csv', created: 1 });
  });

  it('handles duplicates by the chosen rule: skip, update or create', async () => {
    const user = await registerUser(t);
    await createLead(user, { first_name: 'Known', last_name: 'Lead', email: 'known@example.com', company: 'Old AB' });
    const csv = 'email,company\nKNOWN@example.com,New AB\n';
    expect(await importAndWait(user, csv, { duplicates: 'skip' })).toMatchObject({ skipped: 1, created: 0 });
    expect(await importAndWait(user, csv, { duplicates: 'update' })).toMatchObject({ updated: 1, created: 0 });
    expect((await allLeads(user)).map((l) => l.company)).toEqual(['New AB']);
    expect(await importAndWait(user, csv, { duplicates: 'create' })).toMatchObject({ created: 1, updated: 0 });
    expect(await allLeads(user)).toHaveLength(2);
  });

  it('undoes an import: created leads removed, updated leads restored; once only, within 24 hours', async () => {
    const user = await registerUser(t);
    const known = await createLead(user, {
      first_name: 'Kept',
      last_name: 'Lead',
      email: 'kept@example.com',
      company: 'Before AB',
      tags: ['old'],
    });
    const record = await importAndWait(
      user,
      'email,company,tags\nkept@example.com,After AB,new\nfresh1@example.com,X,\nfresh2@example.com,Y,\n',
      { duplicates: 'update' },
    );
    expect(record).toMatchObject({ created: 2, updated: 1 });
    expect(await allLeads(user)).toHaveLength(3);

    const undone = expectData(dataImportSchema, await post(`data/imports/${record.id}/undo/`, user));
    expect(undone).toMatchObject({ status: 'undone', undo_until: null });
    const left = await allLeads(user);
    expect(left.map((l) => [l.id, l.company, l.tags])).toEqual([[known.id, 'Before AB', ['old']]]);
    expectError(await post(`data/imports/${record.id}/undo/`, user), 409, 'CONFLICT');

    // A dry run cannot be undone; nor can an import finished more than 24 hours ago.
    const dry = await importAndWait(user, 'email\ndry@example.com\n', { dry_run: 'true' });
    expectError(await post(`data/imports/${dry.id}/undo/`, user), 409, 'CONFLICT');
    const old = await importAndWait(user, 'email\nold@example.com\n');
    await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
      tx
        .update(leadImports)
        .set({ finishedAt: new Date(Date.now() - 25 * 3600 * 1000) })
        .where(eq(leadImports.id, old.id)),
    );
    expectError(await post(`data/imports/${old.id}/undo/`, user), 409, 'CONFLICT');
    expect((await allLeads(user)).map((l) => l.email)).toContain('old@example.com');
  });

  it("answers another organisation's import as 404 on every id route", async () => {
    const user = await registerUser(t);
    const record = await importAndWait(user, 'email\nmine@example.com\n');
    expectError(await get(`data/imports/${record.id}/`, stranger), 404, 'NOT_FOUND');
    expectError(await get(`data/imports/${record.id}/results/`, stranger), 404, 'NOT_FOUND');
    expectError(await post(`data/imports/${record.id}/undo/`, stranger), 404, 'NOT_FOUND');
    expect(expectData(importPage, await get('data/imports/', stranger)).results.map((r) => r.id)).not.toContain(
      record.id,
    );
    expect(await allLeads(user)).toHaveLength(1);
  });
});

/** The zip with the entry's stored uncompressed size (local header and central directory) set to `bytes`. */
function claimSize(zip: Buffer, name: string, bytes: number): Buffer {
  const out = Buffer.from(zip);
  const wanted = Buffer.from(name);
  let found = 0;
  for (let at = 0; at + 46 < out.length; at += 1) {
    const signature = out.readUInt32LE(at);
    const local = signature === 0x04034b50;
    if (!local && signature !== 0x02014b50) continue;
    const nameLength = out.readUInt16LE(at + (local ? 26 : 28));
    const nameAt = at + (local ? 30 : 46);
    if (!out.subarray(nameAt, nameAt + nameLength).equals(wanted)) continue;
    out.writeUInt32LE(bytes, at + (local ? 22 : 24));
    found += 1;
  }
  if (found !== 2) throw new Error(`${name}: ${found} headers found`);
  return out;
}

describe('POST /data/imports/ with bad input', () => {
  it('refuses files that are not CSV or XLSX by content, bad options and unknown fields, writing nothing', async () => {
    const user = await registerUser(t);
    expectValidation(await upload(user, PNG, {}, { filename: 'leads.csv' }), 'file');
    const notWorkbook = await new JSZip().file('hello.txt', 'hi').generateAsync({ type: 'nodebuffer' });
    expectValidation(await upload(user, notWorkbook, {}, { filename: 'leads.xlsx' }), 'file');
    expectValidation(await upload(user, 'email\nx@example.com\n', { resource: 'planets' }), 'resource');
    expectValidation(await upload(user, 'email\nx@example.com\n', { dry_run: 'perhaps' }), 'dry_run');
    // Another organisation's template, or none: the same 404 (tenancy).
    expectError(await upload(user, 'email\nx@example.com\n', { template_id: randomUUID() }), 404, 'NOT_FOUND');
    // A mapping to a field that does not exist, and of a column the file lacks.
    expectValidation(
      await upload(user, 'email\nx@example.com\n', { mapping: '{"email":"shoe_size"}' }),
      'mapping.email',
    );
    expectValidation(await upload(user, 'email\nx@example.com\n', { mapping: '{"Nope":"email"}' }), 'mapping.Nope');
    expect(expectData(importPage, await get('data/imports/', user)).count).toBe(0);
    expect(await allLeads(user)).toHaveLength(0);
  });

  it('leaves unknown columns unimported without failing the rows', async () => {
    const user = await registerUser(t);
    const record = await importAndWait(user, 'email,shoe size\nfeet@example.com,44\n');
    expect(record.mapping).toEqual({ email: 'email', 'shoe size': null });
    expect(record).toMatchObject({ created: 1, failed: 0 });
  });

  it('refuses an XLSX bomb before inflating it: huge shared strings, a huge entry, huge dimensions', async () => {
    const user = await registerUser(t);
    const base = await xlsxOf([['email'], ['bomb@example.com']]);
    // Shared strings that say they unpack to 130 MB (over their 128 MB) in a file of a few kB: the
    // sizes the zip lists are read before anything is inflated.
    const bomb = claimSize(base, 'xl/sharedStrings.xml', 130 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const bombed422 = await upload(user, bomb, {}, { filename: 'bomb.xlsx' });
    expectValidation(bombed422, 'file');
    expect(bombed422.body).toContain(DATA_IMPORT_MESSAGES.xlsxTooLarge);

    // A sheet declaring a million and more rows and 16,384 columns.
    const wide = await JSZip.loadAsync(base);
    const sheet = (await wide.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
    wide.file(
      'xl/worksheets/sheet1.xml',
      sheet.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
    );
    expect(sheet).toContain('<dimension');
    const res = await upload(
      user,
      await wide.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }),
      {},
      { filename: 'wide.xlsx' },
    );
    expectValidation(res, 'file');
    expect(res.body).toContain(DATA_IMPORT_MESSAGES.xlsxTooWide);
    // The same with its entries stored, not deflated: a zip whose entry never ends is refused in time.
    const stored = await upload(
      user,
      await wide.generateAsync({ type: 'nodebuffer' }),
      {},
      { filename: 'stored.xlsx' },
    );
    expectValidation(stored, 'file');
    expect(expectData(importPage, await get('data/imports/', user)).count).toBe(0);
    // The server still answers.
    expect((await get('status/', user)).statusCode).toBe(200);
  });

  it('fails a file with a quote never closed, saying where, and leaves no rows', async () => {
    const user = await registerUser(t);
    const rows = Array.from({ length: 300 }, (_, i) => `row${i}@example.com,Name${i}`);
    const csv = `email,first name\n${rows.join('\n')}\n"broken@example.com,Never closed\nlast@example.com,Last\n`;
    const record = await importAndWait(user, csv);
    expect(record.status).toBe('failed');
    expect(record.failure).toMatch(/line \d+/);
    expect(record.failure).toContain('Nothing was imported');
    expect(await allLeads(user)).toHaveLength(0);
  });

  it('answers a file over the size limit with 413 in the envelope', async () => {
    const user = await registerUser(t);
    const { IMPORT_MAX_BYTES } = await import('@leadcapture/contracts/lead-imports');
    expectError(await upload(user, Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a')), 413, 'PAYLOAD_TOO_LARGE');
    expect(expectData(importPage, await get('data/imports/', user)).count).toBe(0);
  });
});
