import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSchema } from '@leadcapture/contracts/clients';
import { eventFormSchema, eventSchema } from '@leadcapture/contracts/events';
import { leadSchema } from '@leadcapture/contracts/leads';
import { offerFieldSchema, offerSchema } from '@leadcapture/contracts/offers';
import { expectData, expectValidation } from '../../test/envelope.ts';
import { bearer, createTestApp, registerUser, uniqueEmail, type TestApp } from '../../test/helpers.ts';

/**
 * 03-decisions §3, "be liberal in what is accepted where the meaning is plain": a date-time field
 * takes a calendar date (midnight in the organisation's timezone), and form fields sent without
 * an id get one from the server.
 */

type User = Awaited<ReturnType<typeof registerUser>>;
let t: TestApp;
let stockholm: User;
let utc: User;

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, user: User, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: bearer(user.access),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

beforeAll(async () => {
  t = await createTestApp();
  [stockholm, utc] = await Promise.all([registerUser(t), registerUser(t)]);
  const set = await call('PATCH', 'organizations/current/settings/', stockholm, { timezone: 'Europe/Stockholm' });
  expect(set.statusCode, set.body).toBe(200);
});
afterAll(() => t.close());

const newLead = (user: User, extra: Record<string, unknown>) =>
  call('POST', 'leads/', user, { first_name: 'Greta', last_name: 'Berg', email: uniqueEmail('lead'), ...extra });

describe('a date-time field given a calendar date', () => {
  it("reads a lead's follow-up date as midnight in the organisation's timezone, summer and winter", async () => {
    const lead = expectData(leadSchema, await newLead(stockholm, { follow_up_date: '2027-05-10' }), 201);
    expect(lead.follow_up_date).toBe('2027-05-09T22:00:00.000Z');
    const moved = expectData(
      leadSchema,
      await call('PATCH', `leads/${lead.id}/`, stockholm, { follow_up_date: '2027-01-10' }),
    );
    expect(moved.follow_up_date).toBe('2027-01-09T23:00:00.000Z');
    const inUtc = expectData(leadSchema, await newLead(utc, { follow_up_date: '2027-05-10' }), 201);
    expect(inUtc.follow_up_date).toBe('2027-05-10T00:00:00.000Z');
    // A date-time keeps working as before.
    const exact = expectData(
      leadSchema,
      await newLead(stockholm, { follow_up_date: '2027-05-10T08:30:00+02:00' }),
      201,
    );
    expect(exact.follow_up_date).toBe('2027-05-10T06:30:00.000Z');
  });

  it("takes an event's start and end as calendar dates, and still checks that the end comes after the start", async () => {
    const event = expectData(
      eventSchema,
      await call('POST', 'events/', stockholm, {
        name: 'Nordic Expo',
        start_date: '2027-05-10',
        end_date: '2027-05-12',
      }),
      201,
    );
    expect([event.start_date, event.end_date]).toEqual(['2027-05-09T22:00:00.000Z', '2027-05-11T22:00:00.000Z']);
    const updated = expectData(
      eventSchema,
      await call('PATCH', `events/${event.id}/`, stockholm, { end_date: '2027-05-13' }),
    );
    expect(updated.end_date).toBe('2027-05-12T22:00:00.000Z');
    expectValidation(await call('PATCH', `events/${event.id}/`, stockholm, { end_date: '2027-05-09' }), 'end_date');
  });

  it("takes a client's next follow-up as a calendar date", async () => {
    const client = expectData(
      clientSchema,
      await call('POST', 'clients/', stockholm, { company_name: 'Fjord AB', next_follow_up_date: '2027-05-10' }),
      201,
    );
    expect(client.next_follow_up_date).toBe('2027-05-09T22:00:00.000Z');
  });

  it.each(['2027-02-30', '2027-5-10', '10/05/2027', '2027-05-10T08:30'])('refuses %s with 422', async (value) => {
    expectValidation(await newLead(stockholm, { follow_up_date: value }), 'follow_up_date');
  });
});

describe('form fields sent without an id', () => {
  const FIELD_ID = /^field_[0-9a-z]{6}$/;

  it('get one from the server, distinct from every other field of the form, on events and offers', async () => {
    const form = [
      { type: 'text', label: 'Stand number' },
      { type: 'email', label: 'Colleague', id: 'colleague' },
      { type: 'textarea', label: 'Anything else?' },
    ];
    const event = expectData(
      eventSchema,
      await call('POST', 'events/', stockholm, { name: 'Ids', form_fields: form }),
      201,
    );
    const ids = event.form_fields.map((f) => f.id);
    expect(ids[1]).toBe('colleague');
    expect(ids[0]).toMatch(FIELD_ID);
    expect(ids[2]).toMatch(FIELD_ID);
    expect(new Set(ids).size).toBe(3);

    const replaced = expectData(
      eventFormSchema,
      await call('PUT', `events/${event.id}/forms/`, stockholm, { form_fields: form }),
    );
    expect(replaced.form_fields.map((f) => f.id)).toEqual([
      expect.stringMatching(FIELD_ID),
      'colleague',
      expect.stringMatching(FIELD_ID),
    ]);

    const offer = expectData(
      offerSchema,
      await call('POST', 'offers/', stockholm, { title: 'Ids', form_fields: form }),
      201,
    );
    expect(offer.form_fields.map((f) => f.id)).toEqual([
      expect.stringMatching(FIELD_ID),
      'colleague',
      expect.stringMatching(FIELD_ID),
    ]);
    const added = expectData(
      offerFieldSchema,
      await call('POST', `offers/${offer.id}/fields/`, stockholm, { field: { type: 'phone', label: 'Mobile' } }),
      201,
    );
    expect(added.id).toMatch(FIELD_ID);
    expect(offer.form_fields.map((f) => f.id)).not.toContain(added.id);
  });

  it('still refuses an empty or malformed id that was sent', async () => {
    const res = await call('POST', 'events/', stockholm, {
      name: 'Ids',
      form_fields: [
        { type: 'text', label: 'A', id: '' },
        { type: 'text', label: 'B', id: 'a b' },
      ],
    });
    expectValidation(res, 'form_fields.0.id', 'form_fields.1.id');
  });
});
