import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSchema, type Client } from '@leadcapture/contracts/clients';
import { CLIENT_IMPORT_FIELDS } from '@leadcapture/contracts/client-import-fields';
import { dataImportPreviewSchema, dataImportSchema } from '@leadcapture/contracts/data-imports';
import { IMPORT_FIELDS } from '@leadcapture/contracts/lead-import-fields';
import {
  dataExportCreatedSchema,
  dataExportSchema,
  dataTemplateSchema,
  type DataExport,
} from '@leadcapture/contracts/data-exports';
import { paginated } from '@leadcapture/contracts/envelope';
import { importRequests } from '../../../test/data-imports.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { createEvent } from '../../../test/capture.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { users } from '../auth/auth.table.ts';
import { leadActivitySchema, leadSchema } from '@leadcapture/contracts/leads';
import { notificationSchema } from '@leadcapture/contracts/notifications';

/** Issue 26: clients through POST /data/imports/, and imports that name a saved mapping. */

type User = Awaited<ReturnType<typeof registerUser>>;
const clientPage = paginated(clientSchema);

let t: TestApp;
const { headersOf, get, upload, finished } = importRequests(() => t);
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, user: User, payload?: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/v1/${url}`, headers: headersOf(user), payload: payload as object });

async function importClients(user: User, data: string | Buffer, fields: Record<string, string> = {}) {
  const started = expectData(dataImportSchema, await upload(user, data, { resource: 'clients', ...fields }), 202);
  expect(started.resource).toBe('clients');
  return finished(user, started.id);
}

async function allClients(user: User): Promise<Client[]> {
  return expectData(clientPage, await get('clients/?page_size=100&ordering=company_name', user)).results;
}

async function exportOf(user: User, body: Record<string, unknown>): Promise<DataExport> {
  const started = expectData(dataExportCreatedSchema, await post('data/exports/', user, body), 202);
  for (let i = 0; i < 400; i++) {
    const record = expectData(dataExportSchema, await get(`data/exports/${started.id}/`, user));
    if (record.status === 'done' || record.status === 'failed') return record;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('export did not finish');
}

const CSV = [
  'company_name,contact_email,contact_first_name,client_type,estimated_value,tags',
  'Acme AB,anna@acme.example,Anna,enterprise,1200.50,"vip, nordic"',
  'Broken Ltd,not-an-email,Bo,smb,10,',
  'Cirkus HB,,Cia,startup,,',
].join('\n');

describe('clients through POST /data/imports/', () => {
  it('dry-runs with per-row errors, imports, handles duplicates by email, gives results and undoes', async () => {
    const user = await registerUser(t);
    const dry = await importClients(user, CSV, { dry_run: 'true' });
    expect(dry).toMatchObject({ status: 'completed', dry_run: true, created: 2, failed: 1, undo_until: null });
    expect(dry.errors).toEqual([expect.objectContaining({ row: 3, field: 'contact_email' })]);
    expect(await allClients(user)).toHaveLength(0);

    const done = await importClients(user, CSV);
    expect(done).toMatchObject({ status: 'completed', created: 2, failed: 1 });
    expect(done.mapping).toMatchObject({ company_name: 'company_name', contact_email: 'contact_email' });
    const [acme, cirkus] = await allClients(user);
    expect(acme).toMatchObject({
      company_name: 'Acme AB',
      contact_email: 'anna@acme.example',
      client_type: 'enterprise',
      estimated_value: 1200.5,
      tags: ['vip', 'nordic'],
    });
    expect(cirkus).toMatchObject({ company_name: 'Cirkus HB', client_type: 'startup' });

    // The same address in any case: skipped, then updated (and the update undone).
    const again = 'company_name,contact_email,priority\nAcme Group,ANNA@acme.example,high\n';
    expect(await importClients(user, again, { duplicates: 'skip' })).toMatchObject({ skipped: 1, created: 0 });
    const updated = await importClients(user, again, { duplicates: 'update' });
    expect(updated).toMatchObject({ updated: 1, created: 0 });
    expect((await allClients(user)).find((c) => c.id === acme?.id)).toMatchObject({
      company_name: 'Acme Group',
      priority: 'high',
    });

    const results = await get(`data/imports/${done.id}/results/`, user);
    expect(results.statusCode).toBe(200);
    const rows = parse<Record<string, string>>(results.body.replace(/^\ufeff/, ''), { columns: true });
    expect(rows.map((r) => r.outcome)).toEqual(['created', 'failed', 'created']);

    expectData(dataImportSchema, await post(`data/imports/${updated.id}/undo/`, user));
    expect((await allClients(user)).find((c) => c.id === acme?.id)).toMatchObject({
      company_name: 'Acme AB',
      priority: 'medium',
    });
    expectData(dataImportSchema, await post(`data/imports/${done.id}/undo/`, user));
    expect(await allClients(user)).toHaveLength(0);
  });

  it('reads a workbook and refuses a mapping to a lead field or without a company', async () => {
    const user = await registerUser(t);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('clients');
    sheet.addRow(['Company', 'E-mail', 'Status']);
    sheet.addRow(['Delta AB', 'd@delta.example', 'Active']);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const record = await importClients(user, xlsx);
    expect(record).toMatchObject({ status: 'completed', file_kind: 'xlsx', created: 1 });
    expect(await allClients(user)).toEqual([expect.objectContaining({ company_name: 'Delta AB', status: 'active' })]);

    expectValidation(
      await upload(user, 'email\nx@example.com\n', { resource: 'clients', mapping: '{"email":"email"}' }),
      'mapping.email',
    );
    expectValidation(await upload(user, 'email\nx@example.com\n', { resource: 'clients' }), 'mapping');
  });

  it.each([
    ['for re-import', true, 'en'],
    ['labelled in English', false, 'en'],
    ['labelled in Swedish', false, 'sv'],
  ] as const)(
    'round-trips: a clients export %s, imported into another organisation, gives the same records',
    async (_, forReimport, language) => {
      const [from, to] = [await registerUser(t), await registerUser(t)];
      await t.database.db.update(users).set({ language }).where(eq(users.id, from.user.id));
      const given = [
        {
          company_name: 'Eko AB',
          contact_email: 'e@eko.example',
          contact_phone: '+46701234567',
          client_type: 'enterprise',
          priority: 'high',
          status: 'active',
          currency: 'sek',
          estimated_value: 99.95,
          tags: ['a', 'b'],
          notes: '=not a formula',
          industry: 'technology',
          website: 'https://eko.example',
          next_follow_up_date: '2027-03-01T09:30:00Z',
        },
        {
          company_name: 'Fika HB',
          contact_first_name: 'Fia',
          contact_last_name: 'Ek',
          organization_number: '556677-8899',
          vat_id: 'SE556677889901',
        },
      ];
      for (const c of given) expectData(clientSchema, await post('clients/', from, c), 201);
      const exported = await exportOf(from, { resource: 'clients', format: 'csv', for_reimport: forReimport });
      expect(exported.status).toBe('done');
      const url = new URL(exported.download_url ?? '');
      const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(file.statusCode).toBe(200);
      const record = await importClients(to, file.rawPayload);
      expect(record).toMatchObject({ status: 'completed', created: 2, failed: 0 });
      // A labelled file has dates as people read them, in the organisation's zone to the minute: a
      // follow-up date comes back as its day.
      const comparable = (c: Client) => {
        const { id: _id, created_at: _c, updated_at: _u, ...rest } = c;
        const day = rest.next_follow_up_date?.slice(0, 10);
        return forReimport ? rest : { ...rest, next_follow_up_date: day === undefined ? null : `${day}T00:00:00.000Z` };
      };
      expect((await allClients(to)).map(comparable)).toEqual((await allClients(from)).map(comparable));
    },
  );
});

describe('the mapping POST /data/imports/preview/ guesses', () => {
  const previewOf = async (user: User, data: string | Buffer, resource?: string) =>
    expectData(
      dataImportPreviewSchema,
      await upload(user, data, resource ? { resource } : {}, { route: 'imports/preview' }),
    );

  /** An export of ours, its headers in the user's language (`for_reimport` off: labels). */
  async function labelledExport(user: User, resource: 'clients' | 'leads', language: 'en' | 'sv') {
    const prefs = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/auth/preferences/',
      headers: headersOf(user),
      payload: { language },
    });
    expect(prefs.statusCode).toBe(200);
    const exported = await exportOf(user, { resource, format: 'csv' });
    expect(exported.status).toBe('done');
    const url = new URL(exported.download_url ?? '');
    return (await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).rawPayload;
  }

  it('maps a CRM export with English headers onto client fields, each field once, the surest column first', async () => {
    const user = await registerUser(t);
    const csv =
      'Name,Company,Organisation number,Contact email,Phone,Website,Industry,Contact_First_Name,VAT number,Comments,Shoe size\n' +
      'Anna Ek,Acme AB,556677-8899,anna@acme.example,+46701234567,https://acme.example,technology,Anna,SE1,hi,42\n';
    const preview = await previewOf(user, csv, 'clients');
    expect(preview.resource).toBe('clients');
    expect(preview.mapping).toEqual({
      Name: null,
      Company: 'company_name',
      'Organisation number': 'organization_number',
      'Contact email': 'contact_email',
      Phone: 'contact_phone',
      Website: 'website',
      Industry: 'industry',
      Contact_First_Name: 'contact_first_name',
      'VAT number': 'vat_id',
      Comments: 'notes',
      'Shoe size': null,
    });
    // The same header guessed for leads gets lead fields (the default resource).
    const leads = await previewOf(user, csv);
    expect(leads).toMatchObject({ resource: 'leads', mapping: { Name: 'full_name', Company: 'company' } });
    // What the preview guesses, an import without a mapping uses.
    const record = await importClients(user, csv);
    expect(record.errors).toEqual([]);
    expect(record).toMatchObject({ status: 'completed', created: 1, failed: 0 });
    expect(record.mapping).toEqual(preview.mapping);
  });

  it('maps Swedish headers, with case, accents, spaces and underscores folded', async () => {
    const user = await registerUser(t);
    const preview = await previewOf(
      user,
      'FORETAG;Organisations_nummer;E-post;Telefon;Webbplats;Bransch;Förnamn;efter namn;Momsnummer;Anteckningar;Nästa uppföljning;Prioritet\n' +
        'Bolaget AB;556677-8899;a@b.se;070;https://b.se;technology;Åsa;Ek;SE1;x;2027-01-01;hög\n',
      'clients',
    );
    expect(preview.mapping).toEqual({
      FORETAG: 'company_name',
      Organisations_nummer: 'organization_number',
      'E-post': 'contact_email',
      Telefon: 'contact_phone',
      Webbplats: 'website',
      Bransch: 'industry',
      Förnamn: 'contact_first_name',
      'efter namn': 'contact_last_name',
      Momsnummer: 'vat_id',
      Anteckningar: 'notes',
      'Nästa uppföljning': 'next_follow_up_date',
      Prioritet: 'priority',
    });
  });

  it('maps every field of our own clients and leads exports, labelled in English or Swedish', async () => {
    const user = await registerUser(t);
    expectData(
      clientSchema,
      await post('clients/', user, { company_name: 'Eko AB', contact_email: 'e@eko.example' }),
      201,
    );
    expectData(
      leadSchema,
      await post('leads/', user, { first_name: 'Li', last_name: 'Ek', email: 'li@lead.example' }),
      201,
    );
    for (const language of ['en', 'sv'] as const) {
      const clients = await previewOf(user, await labelledExport(user, 'clients', language), 'clients');
      expect(clients.columns).toContain(language === 'sv' ? 'Kontaktens e-post' : 'Contact email');
      expect(
        Object.values(clients.mapping)
          .filter((f) => f !== null)
          .sort(),
      ).toEqual([...CLIENT_IMPORT_FIELDS].sort());
      const leads = await previewOf(user, await labelledExport(user, 'leads', language), 'leads');
      expect(leads.columns).toContain(language === 'sv' ? 'Förnamn' : 'First name');
      // Every lead field of the export (a full name is not one of its columns).
      expect(
        Object.values(leads.mapping)
          .filter((f) => f !== null)
          .sort(),
      ).toEqual(IMPORT_FIELDS.filter((f) => f !== 'full_name').sort());
    }
  });

  it('refuses an unknown resource', async () => {
    const user = await registerUser(t);
    expectValidation(
      await upload(user, 'Company\nA\n', { resource: 'events' }, { route: 'imports/preview' }),
      'resource',
    );
  });
});

describe('template_id on POST /data/imports/', () => {
  it("imports with a saved mapping; another organisation's template is 404, another resource's 422", async () => {
    const [user, stranger] = [await registerUser(t), await registerUser(t)];
    const template = expectData(
      dataTemplateSchema,
      await post('data/templates/', user, {
        kind: 'import',
        resource: 'clients',
        name: 'Fair list',
        mapping: { Firma: 'company_name', Mejl: 'contact_email', 'Not here': 'notes' },
      }),
      201,
    );
    const record = await importClients(user, 'Firma,Mejl\nGamma AB,g@gamma.example\n', { template_id: template.id });
    expect(record).toMatchObject({ status: 'completed', created: 1 });
    expect(record.mapping).toEqual({ Firma: 'company_name', Mejl: 'contact_email' });
    expect(await allClients(user)).toEqual([
      expect.objectContaining({ company_name: 'Gamma AB', contact_email: 'g@gamma.example' }),
    ]);

    expectError(
      await upload(stranger, 'Firma\nX\n', { resource: 'clients', template_id: template.id }),
      404,
      'NOT_FOUND',
    );
    expectValidation(await upload(user, 'Firma\nX\n', { resource: 'leads', template_id: template.id }), 'template_id');
    expectValidation(
      await upload(user, 'Firma\nX\n', {
        resource: 'clients',
        template_id: template.id,
        mapping: '{"Firma":"company_name"}',
      }),
      'template_id',
    );
    expect(await allClients(stranger)).toHaveLength(0);
  });
});

describe('imported leads are qualified like captured ones', () => {
  it("go through the event's round robin, and each assignee gets one notice for the import", async () => {
    const owner = await registerUser(t);
    const organizationId = orgOf(owner);
    const rep = await registerUser(t);
    await inScope(t.database.db, { organizationId }, (tx) =>
      tx.insert(memberships).values({ organizationId, userId: rep.user.id, role: 'member' }),
    );
    const repHere = { ...rep, organization: { ...rep.organization, id: organizationId } } as User;
    const event = await createEvent(t, organizationId, { name: 'Elmia' });
    const assignment = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/events/${event.id}/assignment/`,
      headers: headersOf(owner),
      payload: { mode: 'round_robin', user_ids: [owner.user.id, rep.user.id] },
    });
    expect(assignment.statusCode).toBe(200);
    const csv = ['email,first name', ...Array.from({ length: 5 }, (_, i) => `p${i}@lead.example,P${i}`)].join('\n');
    const started = expectData(dataImportSchema, await upload(owner, csv, { resource: 'leads', event: event.id }), 202);
    expect(await finished(owner, started.id)).toMatchObject({ status: 'completed', created: 5 });
    const leads = expectData(paginated(leadSchema), await get('leads/?page_size=10', owner)).results;
    const counts = new Map<string | null, number>();
    for (const l of leads) counts.set(l.assigned_to, (counts.get(l.assigned_to) ?? 0) + 1);
    expect([counts.get(owner.user.id), counts.get(rep.user.id)].sort()).toEqual([2, 3]);
    // Each lead's timeline says who it went to, automatically, as a captured lead's does.
    for (const lead of leads) {
      const timeline = expectData(paginated(leadActivitySchema), await get(`leads/${lead.id}/activities/`, owner));
      expect(timeline.results.filter((a) => a.type === 'assigned')).toEqual([
        expect.objectContaining({
          user: null,
          metadata: expect.objectContaining({ from: null, to: lead.assigned_to, automatic: true }),
        }),
      ]);
    }

    const notices = expectData(paginated(notificationSchema), await get('notifications/', repHere)).results;
    const imported = notices.filter((n) => n.type === 'leads_imported');
    expect(imported).toHaveLength(1);
    expect(imported[0]?.data).toMatchObject({
      import_id: started.id,
      count: counts.get(rep.user.id),
      event_name: 'Elmia',
    });
  });
});
