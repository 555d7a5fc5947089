import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INTEGRATION_KINDS, integrationSchema } from '@leadcapture/contracts/integrations';
import { notificationSchema } from '@leadcapture/contracts/notifications';
import { usageRowSchema } from '@leadcapture/contracts/billing';
import { paginated } from '@leadcapture/contracts/envelope';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { HubspotDouble } from '../../../test/doubles/hubspot-double.ts';
import { createTestApp, mailsTo, registerUser, setPlan, type TestApp } from '../../../test/helpers.ts';
import { api, deliver, dueNow, pendingPushes, records } from '../../../test/integrations.ts';

/**
 * The integrations framework through HTTP, with HubSpot against its local double: connect,
 * configure, sync, disconnect, statuses, queued pushes (429, refused credentials, garbage),
 * masking, tenancy and the plan's limit.
 */

let t: TestApp;
let hub: HubspotDouble;
const logged: string[] = [];

beforeAll(async () => {
  hub = await new HubspotDouble().start();
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logged.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({ env: { HUBSPOT_API_BASE: hub.url, LOG_LEVEL: 'info' }, logStream });
});
afterAll(async () => {
  await t.close();
  await hub.close();
});

describe('integrations list', () => {
  it('answers every kind, never connected ones available with id null, to every role', async () => {
    const owner = await registerUser(t);
    const list = await api(t, owner).list();
    expect(list.map((i) => i.kind)).toEqual([...INTEGRATION_KINDS]);
    for (const item of list) {
      expect(item).toMatchObject({ id: null, status: 'available', last_synced_at: null, error: null, synced_leads: 0 });
    }
    expect(list.find((i) => i.kind === 'hubspot')).toMatchObject({
      name: 'HubSpot',
      category: 'crm',
      requires_feature: 'crm_integrations',
      config: { access_token: '' },
    });
  });
});

describe('HubSpot', () => {
  it('connects with a private app token (masked in every answer), pushes new and changed leads as one contact', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const connected = await a.connect('hubspot', { access_token: hub.token });
    const body = expectData(integrationSchema, connected, 201);
    expect(body).toMatchObject({ kind: 'hubspot', status: 'connected', config: { access_token: '••••5555' } });
    expect(body.id).not.toBeNull();
    expect(connected.body).not.toContain(hub.token);

    const lead = await a.createLead({ phone: '+46 70 123 45 67', job_title: 'Buyer' });
    await deliver(t);
    const contact = hub.contacts.get(lead.email);
    expect(contact?.properties).toMatchObject({
      email: lead.email,
      firstname: 'Greta',
      lastname: 'Berg',
      company: 'Fjord AB',
      phone: '+46 70 123 45 67',
      jobtitle: 'Buyer',
    });
    const after = await a.one('hubspot');
    expect(after).toMatchObject({ status: 'active', synced_leads: 1, error: null });
    expect(after.last_synced_at).not.toBeNull();

    // A change upserts the same contact: one remote record, its id kept.
    expect((await a.call('PATCH', `leads/${lead.id}/`, { company: 'Norrsken AB' })).statusCode).toBe(200);
    await deliver(t);
    expect([...hub.contacts.values()].filter((c) => c.properties.email === lead.email)).toHaveLength(1);
    expect(hub.contacts.get(lead.email)?.properties.company).toBe('Norrsken AB');
    const kept = await records(t, a.org, body.id ?? '');
    expect(kept).toEqual([expect.objectContaining({ leadId: lead.id, remoteId: contact?.id, lastError: null })]);

    for (const res of [await a.call('GET', 'integrations/'), await a.call('GET', `integrations/${body.id}/`)]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(hub.token);
    }
    expect(logged.join('')).not.toContain(hub.token);
  });

  it('syncs every lead on Sync now (202, queued); syncing twice leaves one contact each', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const leads = [await a.createLead(), await a.createLead(), await a.createLead({ email: '' })];
    // Their lead.created messages are told before the connection: these leads came before it.
    await deliver(t);
    const { id } = expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    await deliver(t);
    expect(leads.filter((l) => hub.contacts.has(l.email))).toHaveLength(0);

    const sync = await a.call('POST', `integrations/${id}/sync/`);
    expect(expectData(integrationSchema, sync, 202).id).toBe(id);
    await deliver(t);
    const ids = leads.slice(0, 2).map((l) => hub.contacts.get(l.email)?.id);
    expect(ids.every(Boolean)).toBe(true);

    expectData(integrationSchema, await a.call('POST', `integrations/${id}/sync/`), 202);
    await deliver(t);
    expect(leads.slice(0, 2).map((l) => hub.contacts.get(l.email)?.id)).toEqual(ids);
    const kept = await records(t, a.org, id ?? '');
    // The lead without an email is kept with its reason; the other two synced.
    expect(kept.filter((r) => r.syncedAt !== null)).toHaveLength(2);
    expect(kept.find((r) => r.leadId === leads[2]?.id)?.lastError).toMatch(/email/);
    expect((await a.one('hubspot')).synced_leads).toBe(2);
  });

  it('waits out a 429 with Retry-After without counting it as a failed attempt, then pushes', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    hub.next.push({ kind: 'rate_limit', retryAfter: 120, only: /batch\/upsert/ });
    const lead = await a.createLead();
    await deliver(t);
    expect(hub.contacts.has(lead.email)).toBe(false);
    const [waiting] = await pendingPushes(t, a.org);
    expect(waiting).toMatchObject({ kind: 'integration.push', attempts: 0 });
    // Rescheduled at Retry-After (120 s), not at the backoff's 10 s.
    expect((waiting?.availableAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(100_000);
    expect((await a.one('hubspot')).status).toBe('connected');

    await dueNow(t, a.org);
    await deliver(t);
    expect(hub.contacts.has(lead.email)).toBe(true);
    expect(await pendingPushes(t, a.org)).toEqual([]);
  });

  it('stops on refused credentials: status error with the reason, the owners told in the app and by mail, nothing more pushed until reconfigured', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const { id } = expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    hub.refuseCredentials = true;
    try {
      await a.createLead();
      await deliver(t);
      const stopped = await a.one('hubspot');
      expect(stopped.status).toBe('error');
      expect(stopped.error).toMatch(/HubSpot refused the access token/);
      expect(stopped.error_at).not.toBeNull();

      const inbox = expectData(paginated(notificationSchema), await a.call('GET', 'notifications/inbox/'));
      expect(inbox.results).toEqual([
        expect.objectContaining({
          type: 'integration_error',
          category: 'system',
          link: '/settings/integrations',
          data: expect.objectContaining({ integration_id: id, kind: 'hubspot', name: 'HubSpot' }) as unknown,
        }),
      ]);
      // After the address confirmation of the registration.
      const mails = await mailsTo(t, owner.email, { atLeast: 2 });
      expect(mails.map((m) => m.subject)).toContain('An integration stopped syncing');
      expect(mails.find((m) => m.subject === 'An integration stopped syncing')?.text).toMatch(/HubSpot refused/);

      const before = hub.requests.length;
      await a.createLead();
      await deliver(t);
      expect(hub.requests.length).toBe(before);
      expectError(await a.call('POST', `integrations/${id}/sync/`), 409, 'CONFLICT');
    } finally {
      hub.refuseCredentials = false;
    }
    // Reconfigured with a token HubSpot takes: connected again, and what it missed is synced.
    const fixed = expectData(
      integrationSchema,
      await a.call('PATCH', `integrations/${id}/`, { config: { access_token: hub.token } }),
    );
    expect(fixed).toMatchObject({ status: 'connected', error: null });
    await deliver(t);
    expect((await a.one('hubspot')).synced_leads).toBe(2);
  });

  it('refuses a wrong token at connect with 422 on the field, and a provider answering garbage or hanging with 502: nothing saved', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const wrong = expectValidation(
      await a.connect('hubspot', { access_token: 'pat-na1-wrong' }),
      'config.access_token',
    );
    expect(wrong['config.access_token']?.[0]).toMatch(/HubSpot refused the access token/);

    hub.next.push({ kind: 'garbage', only: /contacts$/ });
    const garbage = expectError(await a.connect('hubspot', { access_token: hub.token }), 502, 'BAD_GATEWAY');
    expect(garbage.message).toMatch(/HubSpot: .*not JSON/);

    hub.next.push({ kind: 'hang', only: /contacts$/ });
    const hang = expectError(await a.connect('hubspot', { access_token: hub.token }), 502, 'BAD_GATEWAY');
    expect(hang.message).toMatch(/did not answer within 10 seconds/);

    expect(await a.one('hubspot')).toMatchObject({ id: null, status: 'available' });
    // The server keeps serving.
    expect((await a.call('GET', 'integrations/')).statusCode).toBe(200);
  }, 20_000);

  it('retries a push the provider answered with garbage (backoff), keeping the reason, then succeeds', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    hub.next.push({ kind: 'garbage', only: /batch\/upsert/ });
    const lead = await a.createLead();
    await deliver(t);
    const [retry] = await pendingPushes(t, a.org);
    expect(retry).toMatchObject({ attempts: 1 });
    expect(retry?.lastError).toMatch(/not JSON/);
    const failing = await a.one('hubspot');
    expect(failing).toMatchObject({ status: 'connected' });
    expect(failing.error).toMatch(/not JSON/);

    await dueNow(t, a.org);
    await deliver(t);
    expect(hub.contacts.has(lead.email)).toBe(true);
    expect(await a.one('hubspot')).toMatchObject({ status: 'active', error: null });
  });

  it('disconnects (credentials erased, nothing pushed, no longer counted) and reconnects to the same contacts', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const { id } = expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    const lead = await a.createLead();
    await deliver(t);
    const remote = hub.contacts.get(lead.email)?.id;

    const off = expectData(integrationSchema, await a.call('POST', `integrations/${id}/disconnect/`));
    expect(off).toMatchObject({ id, status: 'inactive', config: { access_token: '' } });
    const usage = expectData(z.array(usageRowSchema), await a.call('GET', 'billing/subscriptions/usage/'));
    expect(usage.find((r) => r.resource === 'integrations')).toMatchObject({ current_usage: 0, limit: 10 });
    const before = hub.requests.length;
    expect((await a.call('PATCH', `leads/${lead.id}/`, { company: 'Efter AB' })).statusCode).toBe(200);
    await deliver(t);
    expect(hub.requests.length).toBe(before);
    expectError(await a.call('POST', `integrations/${id}/sync/`), 409, 'CONFLICT');
    expectError(await a.call('PATCH', `integrations/${id}/`, { config: { access_token: hub.token } }), 409, 'CONFLICT');

    const again = expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    expect(again.id).toBe(id);
    expectData(integrationSchema, await a.call('POST', `integrations/${id}/sync/`), 202);
    await deliver(t);
    expect(hub.contacts.get(lead.email)).toMatchObject({
      id: remote,
      properties: expect.objectContaining({ company: 'Efter AB' }) as unknown,
    });
  });
});

describe('bad input', () => {
  it('answers 422 for a missing, malformed or unknown config field and a kind that is not one; 409 for a second connect', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    expectValidation(await a.connect('hubspot', {}), 'config.access_token');
    expectValidation(await a.connect('hubspot', { access_token: 'a b' }), 'config.access_token');
    expectValidation(await a.connect('hubspot', { access_token: hub.token, extra: 1 }), 'config');
    expectValidation(await a.connect('mailchimp', { api_key: 'nodatacentre', audience_id: 'x' }), 'config.api_key');
    expectValidation(await a.call('POST', 'integrations/pipedrive/connect/', { config: {} }));
    expectValidation(await a.call('POST', 'integrations/hubspot/connect/', { config: 'token' }), 'config');
    expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    expectError(await a.connect('hubspot', { access_token: hub.token }), 409, 'CONFLICT');
    expectError(await a.call('GET', 'integrations/not-a-uuid/'), 422, 'VALIDATION_ERROR');
  });

  it('keeps a secret sent back masked, and refuses an unknown field on configure', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const { id } = expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    const same = await a.call('PATCH', `integrations/${id}/`, { config: { access_token: '••••5555' } });
    expect(expectData(integrationSchema, same).config.access_token).toBe('••••5555');
    expectValidation(await a.call('PATCH', `integrations/${id}/`, { config: { token: 'x' } }), 'config');
    expectValidation(
      await a.call('PATCH', `integrations/${id}/`, { config: { access_token: 'pat-wrong' } }),
      'config.access_token',
    );
    // Nothing half-saved: the stored token still works.
    await a.createLead();
    await deliver(t);
    expect((await a.one('hubspot')).status).toBe('active');
  });
});

describe('tenancy and roles', () => {
  it('answers 404 for another organisation’s integration on every id route', async () => {
    const owner = await registerUser(t);
    const other = await registerUser(t);
    const { id } = expectData(
      integrationSchema,
      await api(t, owner).connect('hubspot', { access_token: hub.token }),
      201,
    );
    const b = api(t, other);
    expectError(await b.call('GET', `integrations/${id}/`), 404, 'NOT_FOUND');
    expectError(await b.call('PATCH', `integrations/${id}/`, { config: {} }), 404, 'NOT_FOUND');
    expectError(await b.call('POST', `integrations/${id}/sync/`), 404, 'NOT_FOUND');
    expectError(await b.call('POST', `integrations/${id}/disconnect/`), 404, 'NOT_FOUND');
    expect((await api(t, owner).one('hubspot')).status).toBe('connected');
  });
});

describe('plan', () => {
  it('needs CRM integrations for HubSpot (402 FEATURE_LOCKED) and room in the integrations limit (402 USAGE_LIMIT_REACHED)', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    await setPlan(t, a.org, 'starter');
    const locked = expectError(await a.connect('hubspot', { access_token: hub.token }), 402, 'FEATURE_LOCKED');
    expect(locked.details).toMatchObject({ code: 'FEATURE_LOCKED', feature: 'crm_integrations' });

    await setPlan(t, a.org, 'free');
    const full = expectError(
      await a.connect('mailchimp', { api_key: '0123456789abcdef-us21', audience_id: 'abc' }),
      402,
      'USAGE_LIMIT_REACHED',
    );
    expect(full.details).toMatchObject({ resource: 'integrations', current_usage: 0, limit: 0 });
    expect(await a.one('mailchimp')).toMatchObject({ id: null, status: 'available' });

    await setPlan(t, a.org, 'professional');
    expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    const usage = expectData(z.array(usageRowSchema), await a.call('GET', 'billing/subscriptions/usage/'));
    expect(usage.find((r) => r.resource === 'integrations')).toEqual({
      resource: 'integrations',
      current_usage: 1,
      limit: 10,
      percentage: 10,
    });
  });

  it('stops a CRM integration when the plan no longer includes it, and resumes it only on a plan that does', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    await setPlan(t, a.org, 'professional');
    const { id } = expectData(integrationSchema, await a.connect('hubspot', { access_token: hub.token }), 201);
    await setPlan(t, a.org, 'starter');
    const before = hub.requests.length;
    await a.createLead();
    await deliver(t);
    expect(hub.requests.length).toBe(before);
    const stopped = await a.one('hubspot');
    expect(stopped.status).toBe('error');
    expect(stopped.error).toMatch(/does not include CRM integrations/);
    const inbox = expectData(paginated(notificationSchema), await a.call('GET', 'notifications/inbox/'));
    expect(inbox.results.map((n) => n.type)).toContain('integration_error');

    expectError(
      await a.call('PATCH', `integrations/${id}/`, { config: { access_token: hub.token } }),
      402,
      'FEATURE_LOCKED',
    );
    await setPlan(t, a.org, 'professional');
    const resumed = expectData(
      integrationSchema,
      await a.call('PATCH', `integrations/${id}/`, { config: { access_token: hub.token } }),
    );
    expect(resumed).toMatchObject({ status: 'connected', error: null });
    await deliver(t);
    expect((await a.one('hubspot')).synced_leads).toBe(1);
  });
});
