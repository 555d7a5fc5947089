import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationSchema } from '@leadcapture/contracts/integrations';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { MailchimpDouble } from '../../../test/doubles/mailchimp-double.ts';
import { createTestApp, registerUser, type TestApp } from '../../../test/helpers.ts';
import { api, deliver, dueNow, pendingPushes, records } from '../../../test/integrations.ts';
import { subscriberHash } from './mailchimp.provider.ts';

/** Mailchimp against its local double, through the integrations API and the queued pushes. */

let t: TestApp;
let mc: MailchimpDouble;

beforeAll(async () => {
  mc = await new MailchimpDouble().start();
  t = await createTestApp({ env: { MAILCHIMP_API_BASE: mc.url } });
});
afterAll(async () => {
  await t.close();
  await mc.close();
});

const config = () => ({ api_key: mc.apiKey, audience_id: mc.audienceId });

describe('Mailchimp', () => {
  it('connects (key masked), upserts each lead as the member keyed by the MD5 of its email, with merge fields the audience has and its tags', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const res = await a.connect('mailchimp', config());
    const connected = expectData(integrationSchema, res, 201);
    expect(connected.config).toEqual({ audience_id: mc.audienceId, api_key: '••••us21' });
    expect(res.body).not.toContain(mc.apiKey);

    const lead = await a.createLead({
      email: 'Greta.Berg@Example.com',
      phone: '+46 70 111 22 33',
      tags: ['fair-2026', 'nordics'],
    });
    await deliver(t);
    const member = mc.members.get(subscriberHash(lead.email));
    expect(member).toMatchObject({
      email_address: 'greta.berg@example.com',
      // No consent was given on a form: in the audience, not on marketing mail.
      status: 'transactional',
      merge_fields: { FNAME: 'Greta', LNAME: 'Berg', PHONE: '+46 70 111 22 33' },
      tags: ['fair-2026', 'nordics'],
    });
    // COMPANY is not a merge field of this audience: not sent (Mailchimp would refuse it).
    expect(member?.merge_fields).not.toHaveProperty('COMPANY');

    // Twice: one member, the id kept.
    expect((await a.call('PATCH', `leads/${lead.id}/`, { first_name: 'Gretha' })).statusCode).toBe(200);
    await deliver(t);
    expect([...mc.members.values()].filter((m) => m.email_address === 'greta.berg@example.com')).toHaveLength(1);
    expect(mc.members.get(subscriberHash(lead.email))?.merge_fields.FNAME).toBe('Gretha');
    const kept = await records(t, a.org, connected.id ?? '');
    expect(kept).toEqual([expect.objectContaining({ remoteId: subscriberHash(lead.email), lastError: null })]);
    expect((await a.one('mailchimp')).status).toBe('active');
  });

  it('names the field Mailchimp refuses at connect: the key (401) or the audience (404); nothing saved', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const key = expectValidation(
      await a.connect('mailchimp', { ...config(), api_key: 'ffffffffffffffff-us21' }),
      'config.api_key',
    );
    expect(key['config.api_key']?.[0]).toMatch(/Mailchimp refused the API key/);
    const audience = expectValidation(
      await a.connect('mailchimp', { ...config(), audience_id: 'zzz999' }),
      'config.audience_id',
    );
    expect(audience['config.audience_id']?.[0]).toMatch(/no audience/);
    mc.next.push({ kind: 'garbage' });
    expectError(await a.connect('mailchimp', config()), 502, 'BAD_GATEWAY');
    expect(await a.one('mailchimp')).toMatchObject({ id: null, status: 'available' });
  });

  it('waits out a 429, keeps a refused member’s reason without stopping, and stops on a revoked key', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    const { id } = expectData(integrationSchema, await a.connect('mailchimp', config()), 201);
    mc.next.push({ kind: 'rate_limit', retryAfter: 60, only: /\/members\// });
    const lead = await a.createLead();
    await deliver(t);
    expect(mc.members.has(subscriberHash(lead.email))).toBe(false);
    expect(await pendingPushes(t, a.org)).toEqual([expect.objectContaining({ attempts: 0 })]);
    await dueNow(t, a.org);
    await deliver(t);
    expect(mc.members.has(subscriberHash(lead.email))).toBe(true);

    // A lead Mailchimp will never take is skipped with the reason; the integration goes on.
    mc.mergeFields = ['FNAME'];
    const refused = await a.createLead({ phone: '+46 70 999 88 77' });
    await deliver(t);
    const kept = await records(t, a.org, id ?? '');
    expect(kept.find((r) => r.leadId === refused.id)?.lastError).toMatch(/merge fields were invalid/);
    expect((await a.one('mailchimp')).status).toBe('active');
    expect(await pendingPushes(t, a.org)).toEqual([]);

    const before = await records(t, a.org, id ?? '');
    mc.apiKey = 'abcdefabcdefabcdefabcdef-us21';
    try {
      await a.createLead();
      await deliver(t);
      const stopped = await a.one('mailchimp');
      expect(stopped.status).toBe('error');
      expect(stopped.error).toMatch(/Mailchimp refused the API key/);
      expect(await records(t, a.org, id ?? '')).toHaveLength(before.length);
    } finally {
      mc.apiKey = '0123456789abcdef0123456789abcdef-us21';
      mc.mergeFields = ['FNAME', 'LNAME', 'ADDRESS', 'PHONE', 'BIRTHDAY'];
    }
  });

  it('skips a lead without an email, keeping the reason', async () => {
    const owner = await registerUser(t);
    const a = api(t, owner);
    expectData(integrationSchema, await a.connect('mailchimp', config()), 201);
    const lead = await a.createLead({ email: '' });
    await deliver(t);
    // No email, no member: kept with its reason.
    expect([...mc.members.values()].some((m) => m.email_address === '')).toBe(false);
    const [record] = await records(t, a.org, (await a.one('mailchimp')).id ?? '');
    expect(record).toMatchObject({ leadId: lead.id, remoteId: null });
    expect(record?.lastError).toMatch(/by email/);
  });
});
