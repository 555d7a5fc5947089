import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataTemplateSchema } from '@leadcapture/contracts/data-exports';
import { z } from 'zod';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let owner: User;
let stranger: User;
const headersOf = (user: User) => ({ ...bearer(user.access), 'x-organization-id': user.organization?.id ?? '' });
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: User, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/data/${url}`, headers: headersOf(user), ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([registerUser(t), registerUser(t)]);
});
afterAll(() => t.close());

describe('/data/templates/', () => {
  it('saves, lists, renames and deletes export column sets and import mappings', async () => {
    const columns = expectData(
      dataTemplateSchema,
      await call('POST', 'templates/', owner, {
        kind: 'export',
        resource: 'leads',
        name: ' Booth follow-up ',
        columns: ['first_name', 'email', 'custom:Fleet size'],
      }),
      201,
    );
    expect(columns).toMatchObject({ name: 'Booth follow-up', mapping: null, created_by: owner.user.id });
    const mapping = expectData(
      dataTemplateSchema,
      await call('POST', 'templates/', owner, {
        kind: 'import',
        resource: 'clients',
        name: 'CRM',
        mapping: { Företag: 'company_name', Skip: null },
      }),
      201,
    );
    const exports = expectData(z.array(dataTemplateSchema), await call('GET', 'templates/?kind=export', owner));
    expect(exports.map((x) => x.id)).toEqual([columns.id]);
    const renamed = expectData(
      dataTemplateSchema,
      await call('PATCH', `templates/${columns.id}/`, owner, { name: 'Renamed', columns: ['phone'] }),
    );
    expect(renamed).toMatchObject({ name: 'Renamed', columns: ['phone'] });
    expectData(z.object({ detail: z.string() }), await call('DELETE', `templates/${mapping.id}/`, owner));
    expectError(await call('GET', `templates/${mapping.id}/`, owner), 404, 'NOT_FOUND');
  });

  it('refuses unknown columns, unknown fields, an empty set and a taken name', async () => {
    const base = { kind: 'export', resource: 'leads', name: 'Set' };
    expectValidation(await call('POST', 'templates/', owner, { ...base, columns: ['shoe'] }), 'columns');
    expectValidation(await call('POST', 'templates/', owner, base), 'columns');
    expectValidation(
      await call('POST', 'templates/', owner, { kind: 'import', resource: 'leads', name: 'M', mapping: { A: 'shoe' } }),
      'mapping.A',
    );
    expectValidation(await call('POST', 'templates/', owner, { ...base, name: '  ', columns: ['email'] }), 'name');
    expectData(dataTemplateSchema, await call('POST', 'templates/', owner, { ...base, columns: ['email'] }), 201);
    expectValidation(await call('POST', 'templates/', owner, { ...base, columns: ['email'] }), 'name');
  });

  it('another organisation gets 404 for every id route', async () => {
    const mine = expectData(
      dataTemplateSchema,
      await call('POST', 'templates/', owner, { kind: 'export', resource: 'events', name: 'Ev', columns: ['name'] }),
      201,
    );
    expectError(await call('GET', `templates/${mine.id}/`, stranger), 404, 'NOT_FOUND');
    expectError(await call('PATCH', `templates/${mine.id}/`, stranger, { name: 'X' }), 404, 'NOT_FOUND');
    expectError(await call('DELETE', `templates/${mine.id}/`, stranger), 404, 'NOT_FOUND');
    const theirs = expectData(z.array(dataTemplateSchema), await call('GET', 'templates/', stranger));
    expect(theirs).toEqual([]);
  });

  it('downloads blank import templates as CSV and XLSX', async () => {
    const csv = await call('GET', 'templates/blank/?resource=leads&format=csv', owner);
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.rawPayload, { bom: true });
    const [header] = rows;
    expect(header).toContain('email');
    expect(header).toContain('first_name');
    const xlsx = await call('GET', 'templates/blank/?resource=clients&format=xlsx', owner);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getRow(1).values).toContain('company_name');
    expectValidation(await call('GET', 'templates/blank/?resource=events', owner), 'resource');
  });
});
