import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormField } from '@leadcapture/contracts/form-fields';
import {
  createEvent,
  createPublicOffer,
  postCapture,
  postOfferSubmission,
  storedLeads,
  visitor,
} from '../../test/capture.ts';
import { expectError, expectValidation } from '../../test/envelope.ts';
import { bearer, createTestApp, registerUser, uniqueEmail, type TestApp } from '../../test/helpers.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { MALFORMED_TEXT_MESSAGE } from './well-formed-text.ts';

/** Bad input the outside review found (issue 22, point 6): unstorable text and what the log says. */

const LONE_HIGH = '\ud800';
const LONE_LOW = '\udc00';

/** Every line the app logged, as written. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString('utf8'));
    done();
  },
});

let t: TestApp;
let organizationId: string;
let access: string;

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream });
  const owner = await registerUser(t);
  organizationId = owner.organization?.id ?? '';
  access = owner.access;
});
afterAll(() => t.close());

const answer = createFormField('text', 'answer', { label: 'Anything else?' });

describe('a lone UTF-16 surrogate', () => {
  it('in a capture answers 422 naming the field, for a standard field and a form answer, and stores nothing', async () => {
    const event = await createEvent(t, organizationId, { formFields: [answer] });
    const named = await postCapture(t, event.id, visitor({ first_name: `Gr${LONE_HIGH}ta` }));
    expect(expectValidation(named, 'first_name').first_name).toEqual([MALFORMED_TEXT_MESSAGE]);
    const answered = await postCapture(t, event.id, { ...visitor(), responses: { [answer.id]: `yes${LONE_LOW}` } });
    expectValidation(answered, `responses.${answer.id}`);
    const keyed = await postCapture(t, event.id, { ...visitor(), responses: { [`k${LONE_LOW}`]: 'yes' } });
    expectValidation(keyed, `responses.k${LONE_LOW}`);
    const stored = await storedLeads(t, organizationId);
    expect(stored.filter((lead) => lead.eventId === event.id)).toHaveLength(0);
  });

  it('in an offer submission answers 422 naming the field', async () => {
    const offer = await createPublicOffer(t, organizationId, { formFields: [answer] });
    expectValidation(await postOfferSubmission(t, offer.id, visitor({ company: `Fjord${LONE_HIGH}` })), 'company');
    const answered = await postOfferSubmission(t, offer.slug, { ...visitor(), responses: { [answer.id]: LONE_LOW } });
    expectValidation(answered, `responses.${answer.id}`);
  });

  it('anywhere else in the API (a body, nested or not, and a query) answers 422 the same way', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/leads/',
      headers: bearer(access),
      payload: {
        first_name: 'Greta',
        last_name: 'Berg',
        email: uniqueEmail(),
        company: 'Fjord AB',
        tags: ['ok', `x${LONE_HIGH}`],
      },
    });
    expectValidation(created, 'tags.1');
    // (A query string cannot carry one: percent-encoded, a lone surrogate is no valid UTF-8 and
    // decodes to U+FFFD. JSON's `\ud800` escape is how one arrives.)
    const event = await t.app.inject({
      method: 'POST',
      url: '/api/v1/events/',
      headers: bearer(access),
      payload: JSON.parse(`{"name":"Expo \\ud83d","slug":"expo-lone-surrogate"}`) as Record<string, unknown>,
    });
    expectValidation(event, 'name');
  });

  it('is refused alone: a pair (an emoji) is text like any other', async () => {
    const event = await createEvent(t, organizationId);
    const res = await postCapture(t, event.id, visitor({ first_name: 'Greta 🎪', company: '\ud83c\udfaa Fjord' }));
    expect(res.statusCode, res.body).toBe(201);
  });
});

/** Runs SQL as the database's owner (the app's own role may not alter tables). */
async function asOwner(database: DatabaseHandle, sqlText: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return database.execScript(`RESET ROLE; ${sqlText}; SET ROLE leadcapture_app`);
  const owner = new pg.Client({ connectionString: url });
  await owner.connect();
  try {
    await owner.query(sqlText);
  } finally {
    await owner.end();
  }
}

describe('the log of an unexpected error', () => {
  it('holds no request body, bound parameter or personal data of the request that failed', async () => {
    const email = uniqueEmail('canary.leak');
    const firstName = 'Sigvaldia';
    // A fault the API cannot foresee: the database refuses this one email (a constraint the app
    // knows nothing of), so the capture fails inside its statement and answers 500.
    const constraint = `refuse_canary_${Date.now().toString(36)}`;
    await asOwner(t.database, `ALTER TABLE leads ADD CONSTRAINT ${constraint} CHECK (email <> '${email}') NOT VALID`);
    try {
      const event = await createEvent(t, organizationId);
      logLines.length = 0;
      const searched = await t.app.inject({
        method: 'GET',
        url: `/api/v1/leads/?search=${encodeURIComponent(email)}`,
        headers: bearer(access),
      });
      expect(searched.statusCode).toBe(200);
      const res = await postCapture(
        t,
        event.slug,
        visitor({ first_name: firstName, last_name: 'Canarysson', email, phone: '+46 70 123 45 67' }),
      );
      expectError(res, 500, 'INTERNAL_ERROR');
      const log = logLines.join('');
      // The failure is logged, with what a developer needs (the SQL state, the statement)...
      expect(log).toContain('unhandled error');
      expect(log).toContain('23514');
      expect(log).toContain('/api/v1/leads/?[redacted]');
      // ...and nothing the visitor sent.
      for (const secret of [email, firstName, 'Canarysson', '+46 70 123 45 67', 'Fjord AB']) {
        expect(log, `the log holds ${secret}`).not.toContain(secret);
      }
    } finally {
      await asOwner(t.database, `ALTER TABLE leads DROP CONSTRAINT ${constraint}`);
    }
  });
});
