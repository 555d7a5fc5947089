import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { leadSchema, type CreateLeadInput, type Lead } from '@leadcapture/contracts/leads';
import { expectData, expectValidation, type Response } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { queryRows } from '../../db/database.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;

let t: TestApp;
let owner: User;
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
  owner = await registerUser(t);
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

async function exportCsv(user: User, query = ''): Promise<{ res: Response; rows: string[][] }> {
  const res = await get(`leads/export/?format=csv${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.rawPayload;
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(body.subarray(3).toString('utf8'), { relax_column_count: true });
  return { res, rows };
}

describe('GET /leads/export/', () => {
  it('streams the filter as CSV with a BOM, a header, the total and a dated file name', async () => {
    const user = await freshOwner();
    await create(user, {
      first_name: 'Åsa',
      last_name: 'Öberg',
      company: 'Ärlig AB',
      status: 'contacted',
      tags: ['vip', 'nordics'],
    });
    await create(user, { first_name: 'Bo', status: 'new' });
    const { res, rows } = await exportCsv(user, '&status=contacted');
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...data] = rows;
    expect(header?.slice(0, 4)).toEqual(['ID', 'First name', 'Last name', 'Email']);
    expect(data).toHaveLength(1);
    const row = Object.fromEntries((header ?? []).map((h, i) => [h, data[0]?.[i]]));
    expect(row).toMatchObject({ 'First name': 'Åsa', 'Last name': 'Öberg', Company: 'Ärlig AB', Status: 'contacted' });
    expect(row.Tags).toBe('vip, nordics');
  });

  it('neutralises cells a spreadsheet would run as formulas (= + - @, tab, CR)', async () => {
    const user = await freshOwner();
    await create(user, {
      first_name: '=HYPERLINK("http://evil")',
      last_name: '+1+1',
      company: '-2',
      job_title: '@SUM(A1)',
      notes: '\t=1',
    });
    const { rows } = await exportCsv(user);
    const [header, data] = rows;
    const row = Object.fromEntries((header ?? []).map((h, i) => [h, data?.[i]]));
    expect(row['First name']).toBe(`'=HYPERLINK("http://evil")`);
    expect(row['Last name']).toBe("'+1+1");
    expect(row.Company).toBe("'-2");
    expect(row['Job title']).toBe("'@SUM(A1)");
  });

  it("never exports another organisation's leads, and keyset batches cover every lead once", async () => {
    const user = await freshOwner();
    const other = await freshOwner();
    await create(other, { first_name: 'Hidden' });
    // 1,000-row batches: 1,205 leads take two full batches and one part, ordered by name.
    await inScope(t.database.db, { organizationId: orgOf(user), userId: user.user.id }, (tx) =>
      tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source)
        select ${orgOf(user)}::uuid, 'N' || (g % 7), 'L' || g, 'l' || g || '@example.com', 'manual'
        from generate_series(1, 1205) g`),
    );
    const { res, rows } = await exportCsv(user, '&ordering=first_name');
    expect(res.headers['x-total-count']).toBe('1205');
    const data = rows.slice(1);
    expect(data).toHaveLength(1205);
    expect(new Set(data.map((r) => r[0])).size).toBe(1205);
    expect(data.some((r) => r[1] === 'Hidden')).toBe(false);
    const firstNames = data.map((r) => r[1] ?? '');
    expect([...firstNames].sort()).toEqual(firstNames);
  });

  it('is the data centre export: phones stay readable, answers and activities as columns, the list order kept', async () => {
    const user = await freshOwner();
    await create(user, { first_name: 'Pia', phone: '+46 70 123 45 67' });
    await create(user, { first_name: 'Ada', job_title: '-' });
    const { rows } = await exportCsv(user, '&ordering=first_name');
    const [header, ...data] = rows;
    const at = (name: string) => (header ?? []).indexOf(name);
    expect(header).not.toContain('Custom fields');
    expect(header).toContain('Activities');
    expect(data.map((r) => r[at('First name')])).toEqual(['Ada', 'Pia']);
    expect(data[1]?.[at('Phone')]).toBe('+46 70 123 45 67');
    expect(data[0]?.[at('Job title')]).toBe("'-");
  });

  it('writes an XLSX workbook with the same columns and neutralising', async () => {
    const user = await freshOwner();
    await create(user, { first_name: '=1+2', last_name: 'Lund', email: 'x.lund@example.com' });
    const res = await get('leads/export/?format=xlsx&search=lund', user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    expect(res.headers['x-total-count']).toBe('1');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Leads');
    expect(sheet?.getRow(1).getCell(2).value).toBe('First name');
    expect(sheet?.getRow(2).getCell(2).value).toBe("'=1+2");
    expect(sheet?.getRow(2).getCell(4).value).toBe('x.lund@example.com');
    expect(sheet?.rowCount).toBe(2);
  });

  it('lets a viewer export, audits who and how many, and answers bad filters with the envelope', async () => {
    await create(owner, { first_name: 'Viewed' });
    const res = await get('leads/export/', viewer);
    expect(res.statusCode).toBe(200);
    const audits = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      queryRows<{ user_id: string; metadata: { rows: number } }>(
        tx,
        sql`select user_id, metadata from audit_logs where organization_id = ${orgOf(owner)} and action = 'lead.exported' order by created_at desc limit 1`,
      ),
    );
    expect(audits[0]?.user_id).toBe(viewer.user.id);
    expect(audits[0]?.metadata.rows).toBe(Number(res.headers['x-total-count']));
    expectValidation(await get('leads/export/?format=pdf', owner), 'format');
    expectValidation(await get('leads/export/?status=nope', owner), 'status.0');
  });
});
