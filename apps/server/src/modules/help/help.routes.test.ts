import { helpFeedbackCountsSchema } from '@leadcapture/contracts/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueAddress, type TestApp } from '../../../test/helpers.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { HELP_FEEDBACK_THROTTLE } from './help.service.ts';

describe('POST /api/v1/help/feedback/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const answer = (over: Record<string, unknown> = {}, ip = uniqueAddress()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/help/feedback/',
      payload: { category: 'billing', article: 'held-leads', language: 'en', helpful: true, ...over },
      remoteAddress: ip,
    });

  it('counts answers per article and language, without sign-in', async () => {
    expect(expectData(helpFeedbackCountsSchema, await answer(), 201)).toEqual({ helpful: 1, not_helpful: 0 });
    expect(expectData(helpFeedbackCountsSchema, await answer({ helpful: false }), 201)).toEqual({
      helpful: 1,
      not_helpful: 1,
    });
    // Swedish readers of the same article are counted apart.
    expect(expectData(helpFeedbackCountsSchema, await answer({ language: 'sv' }), 201)).toEqual({
      helpful: 1,
      not_helpful: 0,
    });
  });

  it('counts every one of answers sent at once', async () => {
    const many = await Promise.all(
      Array.from({ length: 12 }, () => answer({ category: 'security', article: 'audit-log', language: 'sv' })),
    );
    for (const res of many) expect(res.statusCode).toBe(201);
    const last = expectData(
      helpFeedbackCountsSchema,
      await answer({ category: 'security', article: 'audit-log', language: 'sv', helpful: false }),
      201,
    );
    expect(last).toEqual({ helpful: 12, not_helpful: 1 });
  });

  it('refuses an article that does not exist, and bad fields, writing nothing', async () => {
    expectValidation(await answer({ article: 'no-such-article' }), 'article');
    // A real article of another category is not an article of this one.
    expectValidation(await answer({ category: 'billing', article: 'audit-log' }), 'article');
    expectValidation(await answer({ category: 'nope' }), 'category');
    expectValidation(await answer({ language: 'de' }), 'language');
    expectValidation(await answer({ helpful: 'yes' }), 'helpful');
    expectValidation(await answer({ article: '<script>'.repeat(20) }), 'article');
    const after = expectData(helpFeedbackCountsSchema, await answer({ article: 'plans-and-limits' }), 201);
    expect(after).toEqual({ helpful: 1, not_helpful: 0 });
  });

  it('stops one address after the hourly limit with 429 and Retry-After', async () => {
    const ip = uniqueAddress();
    for (let i = 0; i < HELP_FEEDBACK_THROTTLE.limit; i += 1) {
      expect((await answer({ article: 'invoices-and-payment' }, ip)).statusCode).toBe(201);
    }
    const refused = await answer({ article: 'invoices-and-payment' }, ip);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another reader is not affected.
    expect((await answer({ article: 'invoices-and-payment' })).statusCode).toBe(201);
  });
});
