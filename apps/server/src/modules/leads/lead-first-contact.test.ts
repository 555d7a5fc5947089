import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { leads } from './leads.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let owner: User;

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
});
afterAll(() => t.close());

const orgOf = (u: User) => u.organization?.id ?? '';

async function call(method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) {
  return t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(owner.access), payload });
}

async function createLead(): Promise<Lead> {
  const res = await call('POST', 'leads/', {
    first_name: 'Ada',
    last_name: 'Lind',
    email: `${randomUUID().slice(0, 8)}@example.com`,
  });
  return expectData(leadSchema, res, 201);
}

async function firstContact(leadId: string) {
  const [row] = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
    tx.select({ at: leads.firstContactedAt, by: leads.firstContactedBy }).from(leads).where(eq(leads.id, leadId)),
  );
  return row;
}

describe('speed to lead: first_contacted_at', () => {
  it('is empty for a new lead, and a rename or an assignment does not set it', async () => {
    const lead = await createLead();
    expect((await call('PATCH', `leads/${lead.id}/`, { company: 'Fjord AB' })).statusCode).toBe(200);
    expect(await firstContact(lead.id)).toEqual({ at: null, by: null });
  });

  it('is set by the first note, by whoever wrote it, and kept by later ones', async () => {
    const lead = await createLead();
    expect((await call('POST', `leads/${lead.id}/notes/`, { body: 'Met at the booth' })).statusCode).toBe(201);
    const first = await firstContact(lead.id);
    expect(first?.at).toBeInstanceOf(Date);
    expect(first?.by).toBe(owner.user.id);
    await call('POST', `leads/${lead.id}/notes/`, { body: 'Again' });
    expect(await firstContact(lead.id)).toEqual(first);
  });

  it('is set when the status moves on from new, not by a later move', async () => {
    const lead = await createLead();
    expect((await call('PATCH', `leads/${lead.id}/`, { status: 'contacted' })).statusCode).toBe(200);
    const first = await firstContact(lead.id);
    expect(first?.by).toBe(owner.user.id);
    await call('PATCH', `leads/${lead.id}/`, { status: 'qualified' });
    expect(await firstContact(lead.id)).toEqual(first);
  });
});
