import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSchema } from '@leadcapture/contracts/integrations';
import { paginated } from '@leadcapture/contracts/envelope';
import { notificationSchema } from '@leadcapture/contracts/notifications';
import { expectData, expectError } from '../../../test/envelope.ts';
import { SalesforceDouble } from '../../../test/doubles/salesforce-double.ts';
import { createTestApp, registerUser, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { api, deliver, records, type User } from '../../../test/integrations.ts';
import { inScope } from '../../db/tenant.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { integrations } from './integrations.table.ts';

/**
 * Salesforce end to end against its local double: OAuth 2.0 authorization code (with PKCE and
 * our sealed state) through the public callback, Lead upserts by External ID, the refresh of an
 * expired session, and a refused refresh stopping the integration.
 */

let t: TestApp;
let sf: SalesforceDouble;

beforeAll(async () => {
  sf = await new SalesforceDouble().start();
  t = await createTestApp({ env: { SALESFORCE_LOGIN_BASE: sf.url } });
});
afterAll(async () => {
  await t.close();
  await sf.close();
});

const config = (overrides: Record<string, string> = {}) => ({
  client_id: sf.clientId,
  client_secret: sf.clientSecret,
  external_id_field: sf.externalIdField,
  ...overrides,
});

/** The browser coming back from Salesforce to our callback. */
function callback(query: Record<string, string>) {
  return t.app.inject({
    method: 'GET',
    url: `/api/v1/integrations/salesforce/callback/?${new URLSearchParams(query).toString()}`,
    remoteAddress: uniqueAddress(),
  });
}

/** Connect, approve in "Salesforce", come back: where the browser lands. */
async function authorize(user: User, overrides: Record<string, string> = {}) {
  const started = expectData(integrationSchema, await api(t, user).connect('salesforce', config(overrides)));
  expect(started.authorization_url).not.toBeNull();
  const { code, state, redirectUri } = sf.approve(started.authorization_url ?? '');
  expect(redirectUri).toBe('http://localhost:3000/api/v1/integrations/salesforce/callback/');
  const res = await callback({ code, state });
  expect(res.statusCode).toBe(302);
  return { started, location: res.headers.location ?? '', state, code };
}

describe('Salesforce', () => {
  it('connects through OAuth (nothing saved before the callback), upserts Leads by External ID, once per lead', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const { started, location } = await authorize(owner);
    // Until Salesforce sent the browser back, nothing was stored.
    expect(started).toMatchObject({ id: null, status: 'available' });
    expect(location).toBe('/settings/integrations?integration=salesforce&result=connected');

    const connected = await a.one('salesforce');
    expect(connected).toMatchObject({
      status: 'connected',
      config: {
        client_id: sf.clientId,
        external_id_field: sf.externalIdField,
        instance_url: sf.url,
        client_secret: '••••6789',
      },
      connected_by: owner.user.id,
    });
    const listed = await a.call('GET', 'integrations/');
    expect(listed.body).not.toContain(sf.clientSecret);
    expect(listed.body).not.toContain('00Ddouble!');

    const lead = await a.createLead({ company: '', job_title: 'Buyer' });
    await deliver(t);
    const record = sf.leads.get(lead.id);
    expect(record?.fields).toMatchObject({
      FirstName: 'Greta',
      LastName: 'Berg',
      // Required by Salesforce, as on its own web-to-lead.
      Company: '[not provided]',
      Email: lead.email,
      Title: 'Buyer',
      LeadCapture_Id__c: lead.id,
    });
    expect((await a.call('PATCH', `leads/${lead.id}/`, { company: 'Fjord AB', interest: 'hot' })).statusCode).toBe(200);
    await deliver(t);
    expect([...sf.leads.values()].filter((l) => l.fields.LeadCapture_Id__c === lead.id)).toHaveLength(1);
    expect(sf.leads.get(lead.id)).toMatchObject({
      id: record?.id,
      fields: expect.objectContaining({ Company: 'Fjord AB', Rating: 'Hot' }) as unknown,
    });
    expect(await records(t, a.org, connected.id ?? '')).toEqual([expect.objectContaining({ remoteId: record?.id })]);
    expect((await a.one('salesforce')).status).toBe('active');
  });

  it('renews an expired session with the refresh token; a refused refresh stops the integration and tells the owners', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    await authorize(owner);
    sf.expireAccessTokens();
    const first = await a.createLead();
    await deliver(t);
    expect(sf.leads.has(first.id)).toBe(true);
    expect(
      sf.calls(/\/services\/oauth2\/token$/).filter((r) => r.body.includes('grant_type=refresh_token')).length,
    ).toBeGreaterThan(0);

    // The renewed token was kept: the next push needs no refresh.
    const refreshes = sf.calls(/\/services\/oauth2\/token$/).length;
    const second = await a.createLead();
    await deliver(t);
    expect(sf.leads.has(second.id)).toBe(true);
    expect(sf.calls(/\/services\/oauth2\/token$/).length).toBe(refreshes);

    sf.expireAccessTokens();
    sf.refuseRefresh = true;
    try {
      const third = await a.createLead();
      await deliver(t);
      expect(sf.leads.has(third.id)).toBe(false);
      const stopped = await a.one('salesforce');
      expect(stopped.status).toBe('error');
      expect(stopped.error).toMatch(/connect Salesforce again/);
      const inbox = expectData(paginated(notificationSchema), await a.call('GET', 'notifications/inbox/'));
      expect(inbox.results.map((n) => n.type)).toContain('integration_error');
    } finally {
      sf.refuseRefresh = false;
    }
    // Connecting again (a new authorization) recovers it.
    const again = await authorize(owner);
    expect(again.location).toMatch(/result=connected/);
    await deliver(t);
    expect((await a.one('salesforce')).status).toBe('active');
  });

  it('refuses a tampered or replayed state, a declined authorization, wrong app credentials and a field that is not an External ID: nothing saved', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const started = expectData(integrationSchema, await a.connect('salesforce', config()));
    const { code, state } = sf.approve(started.authorization_url ?? '');
    const tampered = await callback({ code, state: `${state.slice(0, -4)}AAAA` });
    expect(tampered.headers.location).toBe(
      '/settings/integrations?integration=salesforce&result=error&error=invalid_state',
    );
    const declined = await callback({
      state,
      error: 'access_denied',
      error_description: 'end-user denied authorization',
    });
    expect(declined.headers.location).toMatch(/error=denied$/);
    expect((await callback({ code: 'x' })).headers.location).toMatch(/error=invalid_state$/);

    const wrongSecret = await authorize(owner, { client_secret: 'not-the-secret' });
    expect(wrongSecret.location).toMatch(/error=credentials$/);
    // The code is single use: replaying it fails too.
    const replay = await callback({ code: wrongSecret.code, state: wrongSecret.state });
    expect(replay.headers.location).toMatch(/error=credentials$/);

    sf.externalIdMarked = false;
    try {
      expect((await authorize(owner)).location).toMatch(/error=external_id_field$/);
    } finally {
      sf.externalIdMarked = true;
    }
    expect(await a.one('salesforce')).toMatchObject({ id: null, status: 'available' });
  });

  it('binds the state to the organisation and user that started it: another organisation is untouched, a user no longer allowed is refused', async () => {
    const owner = await registerUser(t);
    expectError(
      await api(t, owner).call('POST', 'integrations/salesforce/connect/', { config: { client_id: 'x' } }),
      422,
      'VALIDATION_ERROR',
    );
    const other = await registerUser(t);
    const b = api(t, other);
    const first = await authorize(other);
    expect(first.location).toMatch(/result=connected/);
    expect((await api(t, owner).one('salesforce')).status).toBe('available');
    expect((await b.one('salesforce')).status).toBe('connected');

    // Demoted while Salesforce's window was open: the callback saves nothing.
    const { id } = await b.one('salesforce');
    expectData(integrationSchema, await b.call('POST', `integrations/${id}/disconnect/`));
    const started = expectData(integrationSchema, await b.connect('salesforce', config()));
    const { code, state } = sf.approve(started.authorization_url ?? '');
    await inScope(t.database.db, { organizationId: b.org }, (tx) =>
      tx
        .update(memberships)
        .set({ role: 'member' })
        .where(and(eq(memberships.organizationId, b.org), eq(memberships.userId, other.user.id))),
    );
    const refused = await callback({ code, state });
    expect(refused.headers.location).toMatch(/error=permission_denied$/);
    const row = await inScope(t.database.db, { organizationId: b.org }, (tx) =>
      tx
        .select({ status: integrations.status })
        .from(integrations)
        .where(eq(integrations.id, id ?? '')),
    );
    expect(row).toEqual([{ status: 'inactive' }]);
  });

  it('gives the refresh token back to Salesforce on disconnect, after the commit', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    expect((await authorize(owner)).location).toMatch(/result=connected/);
    const { id } = await a.one('salesforce');
    const [row] = await inScope(t.database.db, { organizationId: a.org }, (tx) =>
      tx
        .select({ secrets: integrations.secrets })
        .from(integrations)
        .where(eq(integrations.id, id ?? '')),
    );
    const { refresh_token } = JSON.parse(t.app.deps.sealedBox.open(row?.secrets ?? '')) as { refresh_token: string };
    expect(sf.knowsRefreshToken(refresh_token)).toBe(true);

    expectData(integrationSchema, await a.call('POST', `integrations/${id}/disconnect/`));
    await deliver(t);
    expect(sf.knowsRefreshToken(refresh_token)).toBe(false);
    const revokes = sf.requests.filter((r) => r.path === '/services/oauth2/revoke' && r.body.includes(refresh_token));
    expect(revokes).toHaveLength(1);
  });
});
