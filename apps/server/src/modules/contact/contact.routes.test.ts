import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, mailsTo, uniqueAddress, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { contactReceiptSchema } from '@leadcapture/contracts/contact';
import { anyData, expectData, expectError, expectValidation } from '../../../test/envelope.ts';

describe('POST /api/v1/contact/', () => {
  let t: TestApp;
  const support = uniqueEmail('support');

  beforeAll(async () => {
    t = await createTestApp({ env: { SUPPORT_EMAIL: support } });
  });
  afterAll(() => t.close());

  const message = (over: Record<string, unknown> = {}) => ({
    name: 'Anna Lind',
    email: 'Anna.Lind@Example.com',
    company: 'Nordic Fairs AB',
    subject: 'Pricing for 40 events a year',
    message: 'Hello, we run about forty trade shows a year. <b>Could we talk?</b>',
    language: 'sv',
    ...over,
  });

  it('queues the message for the support inbox with Reply-To the sender, without sign-in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: message(),
      remoteAddress: uniqueAddress(),
    });
    const data = expectData(contactReceiptSchema, res, 201);
    expect(data.reference).toMatch(/^[0-9A-F]{8}$/);

    const [mail] = await mailsTo(t, support);
    expect(mail?.replyTo).toBe('Anna Lind <anna.lind@example.com>');
    expect(mail?.subject).toBe(`[Contact ${data.reference}] Pricing for 40 events a year`);
    expect(mail?.text).toContain('Company: Nordic Fairs AB');
    expect(mail?.text).toContain('Not signed in');
    // The visitor's text is escaped in the HTML part.
    expect(mail?.html).toContain('&lt;b&gt;Could we talk?&lt;/b&gt;');
  });

  it('answers without the trailing slash too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact',
      payload: message({ subject: 'No slash' }),
      remoteAddress: uniqueAddress(),
    });
    expectData(anyData, res, 201);
  });

  it('refuses missing and oversized fields with per-field details', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/contact/',
      payload: { name: '', email: 'not-an-email', subject: 'x'.repeat(161), message: '   ' },
      remoteAddress: uniqueAddress(),
    });
    expect(expectValidation(res, 'name', 'email', 'subject', 'message')).toEqual({
      name: ['This field is required'],
      email: ['Enter a valid email address'],
      subject: ['Ensure this field has no more than 160 characters'],
      message: ['This field is required'],
    });
  });

  it('answers a filled honeypot like success and sends nothing', async () => {
    const bot = uniqueEmail('bot');
    const app = await createTestApp({ env: { SUPPORT_EMAIL: bot } });
    try {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/contact/',
        payload: message({ website_url: 'http://spam.example' }),
        remoteAddress: uniqueAddress(),
      });
      expectData(anyData, res, 201);
      expect(await mailsTo(app, bot, { timeoutMs: 200 })).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('throttles one address after 5 messages an hour', async () => {
    const remoteAddress = uniqueAddress();
    for (let i = 0; i < 5; i += 1) {
      const ok = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: message(), remoteAddress });
      expect(ok.statusCode).toBe(201);
    }
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload: message(), remoteAddress });
    expectError(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
