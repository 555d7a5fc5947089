import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { leadSchema, type Lead } from '@leadcapture/contracts/leads';
import {
  mailPreviewSchema,
  mailTemplateSchema,
  notificationLogSchema,
  notificationPreferencesSchema,
  notificationSchema,
  notificationSettingsSchema,
  sendTeamNotificationResultSchema,
} from '@leadcapture/contracts/notifications';
import { z } from 'zod';
import { createEvent } from '../../../test/capture.ts';
import { expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, type TestApp } from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { liveEventHandler, type LiveEvent } from '../../jobs/live-events.ts';
import type { OutboxItem } from '../../jobs/outbox.ts';
import { outbox } from '../../jobs/outbox.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { leadNotificationHandler } from './lead-notifications.ts';
import { deliverNotice } from './notification-delivery.ts';
import { sendDigests } from './notification-digest.ts';
import { notificationLogs, notifications } from './notifications.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const inbox = paginated(notificationSchema);
const logPage = paginated(notificationLogSchema);

let t: TestApp;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
function call(method: Method, url: string, user: User, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function addMember(owner: User, role: Role): Promise<User> {
  const user = await registerUser(t);
  const organizationId = orgOf(owner);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: user.user.id, role }),
  );
  return { ...user, organization: { ...user.organization, id: organizationId } } as User;
}

async function createLead(user: User, input: Record<string, unknown> = {}): Promise<Lead> {
  const body = { first_name: 'Greta', last_name: 'Berg', email: `${randomUUID().slice(0, 8)}@example.com`, ...input };
  return expectData(leadSchema, await call('POST', 'leads/', user, body), 201);
}

async function myInbox(user: User) {
  await t.app.deps.outbox.drain();
  return expectData(inbox, await call('GET', 'notifications/?page_size=50', user)).results;
}

async function setPrefs(user: User, preferences: Record<string, unknown>[]) {
  return expectData(
    notificationPreferencesSchema,
    await call('PATCH', 'notifications/preferences/me/', user, { preferences }),
  );
}

/** Mail to the user besides the address verification every registration sends. */
async function mailFor(user: User, atLeast = 1) {
  const all = await mailsTo(t, user.user.email, { atLeast: atLeast + 1 });
  return all.filter((m) => m.subject !== 'Confirm your email address');
}
/** Everything mailed to the user so far (the run's spool on PostgreSQL, whichever process sent it). */
const sentTo = async (user: User) =>
  (await mailsTo(t, user.user.email, { atLeast: Number.MAX_SAFE_INTEGER, timeoutMs: 300 })).filter(
    (m) => m.subject !== 'Confirm your email address',
  );

async function logsOf(user: User, organizationId = orgOf(user)) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .select()
      .from(notificationLogs)
      .where(and(eq(notificationLogs.userId, user.user.id))),
  );
}

describe('preferences', () => {
  it('answers every category with its defaults, changes the named channels only, on both paths', async () => {
    const user = await registerUser(t);
    const first = expectData(notificationPreferencesSchema, await call('GET', 'notifications/preferences/', user));
    expect(first.preferences.map((p) => p.category)).toEqual(['leads', 'follow_ups', 'team', 'billing', 'system']);
    expect(first.preferences[0]).toEqual({
      category: 'leads',
      in_app: true,
      email: true,
      push: true,
      digest: true,
      is_default: true,
    });
    expect(first.digest_hour).toBe(8);

    const changed = await setPrefs(user, [{ category: 'leads', email: false }]);
    expect(changed.preferences[0]).toMatchObject({ category: 'leads', email: false, in_app: true, is_default: false });
    expect(changed.preferences[1]).toMatchObject({ category: 'follow_ups', is_default: true });
    const put = expectData(
      notificationPreferencesSchema,
      await call('PUT', 'notifications/preferences/', user, { preferences: [{ category: 'team', push: true }] }),
    );
    expect(put.preferences[0]?.email).toBe(false);
    expect(put.preferences[2]).toMatchObject({ category: 'team', push: true, is_default: false });
  });

  it('refuses unknown categories, unknown channels and repeated categories with 422', async () => {
    const user = await registerUser(t);
    expectValidation(
      await call('PATCH', 'notifications/preferences/me/', user, {
        preferences: [{ category: 'events', email: true }],
      }),
      'preferences.0.category',
    );
    expectError(
      await call('PATCH', 'notifications/preferences/me/', user, { preferences: [{ category: 'leads', sms: true }] }),
      422,
      'VALIDATION_ERROR',
    );
    expectError(
      await call('PUT', 'notifications/preferences/me/', user, {
        preferences: [{ category: 'leads' }, { category: 'leads' }],
      }),
      422,
      'VALIDATION_ERROR',
    );
    expectError(
      await call('PATCH', 'notifications/preferences/me/', user, { preferences: [] }),
      422,
      'VALIDATION_ERROR',
    );
  });
});

describe('new and hot leads', () => {
  it('tells the assigned rep of a new lead in the app, gathers its mail for the digest, and a repeat tells nobody twice', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const lead = await createLead(owner, { assigned_to: rep.user.id, company: 'Fjord AB' });
    const items = await myInbox(rep);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: 'lead_new',
      category: 'leads',
      priority: 'normal',
      link: `/leads/${lead.id}`,
      data: { lead_id: lead.id, lead_name: 'Greta Berg', company: 'Fjord AB' },
    });
    // The creator is not told of the lead they made.
    expect(await myInbox(owner)).toHaveLength(0);
    // Leads are in the digest by default: a queued digest row, no mail now.
    const logs = await logsOf(rep);
    expect(logs.map((l) => [l.channel, l.status, l.digest]).sort()).toEqual([
      ['email', 'queued', true],
      ['in_app', 'sent', false],
    ]);
    expect(await sentTo(rep)).toHaveLength(0);

    // The same outbox row delivered again (at least once): nothing new.
    const [row] = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.organizationId, orgOf(owner)), eq(outbox.kind, 'lead.created'))),
    );
    if (!row) throw new Error('no lead.created row');
    const handed: OutboxItem[] = [];
    const handle = leadNotificationHandler(t.database.db, (items) => handed.push(...items));
    const again = { id: row.id, kind: row.kind, organizationId: row.organizationId, payload: row.payload, attempts: 2 };
    await handle(again);
    await handle(again);
    expect(handed).toHaveLength(0);
    expect(await myInbox(rep)).toHaveLength(1);
    expect(await logsOf(rep)).toHaveLength(2);
  });

  it('tells of many new leads at once, each to its own rep, across organisations, and hands their live messages over', async () => {
    const owner = await registerUser(t);
    const reps = [await addMember(owner, 'member'), await addMember(owner, 'member')];
    const other = await registerUser(t);
    const otherRep = await addMember(other, 'member');
    // Created with another member's hand, so the handler below is the one telling them.
    const made = [
      ...(await Promise.all(reps.map((rep) => createLead(owner, { assigned_to: rep.user.id })))),
      await createLead(other, { assigned_to: otherRep.user.id, interest: 'hot' }),
    ];
    // Told once already by the app's own worker; rows of new ids are news again.
    await t.app.deps.outbox.drain();
    const fresh = made.map((lead, i) => ({
      id: randomUUID(),
      kind: 'lead.created',
      organizationId: i < reps.length ? orgOf(owner) : orgOf(other),
      payload: { data: lead },
      attempts: 1,
    }));
    const handed: OutboxItem[] = [];
    const handle = leadNotificationHandler(t.database.db, (items) => handed.push(...items));
    await Promise.all(fresh.map((item) => handle(item)));

    expect(handed.map((item) => item.kind)).toEqual(Array(3).fill('notification.created'));
    expect(handed.map((item) => item.payload.user_id).sort()).toEqual(
      [...reps, otherRep].map((rep) => rep.user.id).sort(),
    );
    for (const rep of reps) {
      const items = await myInbox(rep);
      expect(items.map((n) => n.type)).toEqual(['lead_new', 'lead_new']);
    }
    expect((await myInbox(otherRep)).map((n) => n.type)).toEqual(['lead_hot', 'lead_hot']);
  });

  it('writes a notification.created message for the member in the same transaction, forwarded to their sockets only', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const organizationId = orgOf(owner);
    // Read inside the writing transaction: on PostgreSQL the test files share one outbox, and
    // once committed another process's drain may deliver (and redact) the row.
    const { row, item } = await inScope(t.database.db, { organizationId }, async (tx) => {
      const recipient = { id: rep.user.id, email: rep.user.email, firstName: 'Rep', language: 'en' };
      await deliverNotice(tx, organizationId, [recipient], {
        category: 'team',
        type: 'team_message',
        priority: 'normal',
        data: { title: 'Hello', message: 'World', from: 'Owner' },
        link: '/notifications',
        template: 'team_message',
        detail: () => 'Hello',
      });
      const [written] = await tx
        .select()
        .from(outbox)
        .where(and(eq(outbox.organizationId, organizationId), eq(outbox.kind, 'notification.created')));
      const [stored] = await tx.select().from(notifications).where(eq(notifications.userId, rep.user.id));
      return { row: written, item: stored };
    });
    expect(row?.payload).toEqual({
      user_id: rep.user.id,
      data: expect.objectContaining({ id: item?.id, type: 'team_message', is_read: false }) as unknown,
    });
    expect(notificationSchema.parse(row?.payload.data)).toMatchObject({ data: { title: 'Hello' } });

    const seen: LiveEvent[] = [];
    const off = t.app.deps.live.subscribe((e) => seen.push(e));
    try {
      await liveEventHandler(t.app.deps.live)({
        id: row?.id ?? '',
        kind: 'notification.created',
        organizationId,
        payload: row?.payload ?? {},
        attempts: 1,
      });
      expect(seen).toEqual([
        { type: 'notification.created', organizationId, userId: rep.user.id, data: row?.payload.data },
      ]);
    } finally {
      off();
    }
  });

  it('honours the channels: in-app off writes no row, email off sends no mail', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await setPrefs(rep, [{ category: 'leads', in_app: false, email: false }]);
    await createLead(owner, { assigned_to: rep.user.id });
    expect(await myInbox(rep)).toHaveLength(0);
    expect(await logsOf(rep)).toHaveLength(0);
  });

  it('tells of a hot lead at once, urgent, by mail even when leads go to the digest', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const lead = await createLead(owner, { assigned_to: rep.user.id, interest: 'hot', company: 'Heat AB' });
    const [item] = await myInbox(rep);
    expect(item).toMatchObject({ type: 'lead_hot', priority: 'urgent', data: { lead_id: lead.id } });
    const mails = await mailFor(rep);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('A hot lead just came in');
    expect(mails[0]?.text).toContain('Heat AB');
    const logs = await logsOf(rep);
    expect(logs.find((l) => l.channel === 'email')).toMatchObject({ status: 'sent', digest: false });
  });

  it('counts a score at the organisation threshold as hot, and with no assignee tells the owners', async () => {
    const owner = await registerUser(t);
    expectData(
      notificationSettingsSchema,
      await call('PATCH', 'notifications/settings/', owner, { hot_lead_score_threshold: 1 }),
    );
    const event = await createEvent(t, orgOf(owner));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${event.slug}/leads/`,
      payload: {
        first_name: 'Vera',
        last_name: 'Lund',
        email: `${randomUUID().slice(0, 8)}@example.com`,
        company: 'Lund AB',
        job_title: 'CEO',
        source: 'qr_scan',
      },
    });
    expect(res.statusCode).toBe(201);
    const items = await myInbox(owner);
    expect(items).toHaveLength(1);
    // A QR scan scores 5 (default rules), so at a threshold of 1 it is hot.
    expect(items[0]).toMatchObject({
      type: 'lead_hot',
      priority: 'urgent',
      data: { lead_name: 'Vera Lund', source_name: 'Nordic Expo' },
    });
    expect((items[0]?.data as { score: number }).score).toBeGreaterThanOrEqual(1);
    // At the default threshold (80) the same capture is an ordinary new lead.
    const other = await registerUser(t);
    const otherEvent = await createEvent(t, orgOf(other));
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/public/events/${otherEvent.slug}/leads/`,
      payload: {
        first_name: 'Vera',
        last_name: 'Lund',
        email: `${randomUUID().slice(0, 8)}@example.com`,
        company: 'Lund AB',
      },
    });
    expect((await myInbox(other)).map((n) => [n.type, n.priority])).toEqual([['lead_new', 'normal']]);
    const member = await addMember(owner, 'member');
    expectError(
      await call('PATCH', 'notifications/settings/', member, { hot_lead_score_threshold: 5 }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('assignment and status changes', () => {
  it('tells the new assignee, not when they assign themselves; the status change by another, not by them', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await setPrefs(rep, [{ category: 'leads', digest: false }]);
    const lead = await createLead(owner);
    expectData(leadSchema, await call('POST', `leads/${lead.id}/assign/`, owner, { assigned_to: rep.user.id }));
    let items = await myInbox(rep);
    expect(items.map((i) => i.type)).toEqual(['lead_assigned']);
    expect(items[0]?.data).toMatchObject({ lead_id: lead.id });
    const mails = await mailFor(rep);
    expect(mails.at(-1)?.subject).toBe('A lead was assigned to you');

    expectData(leadSchema, await call('POST', `leads/${lead.id}/status/`, owner, { status: 'contacted' }));
    items = await myInbox(rep);
    expect(items[0]).toMatchObject({ type: 'lead_status_changed', data: { from: 'new', to: 'contacted' } });

    // Their own doing: nothing.
    expectData(leadSchema, await call('POST', `leads/${lead.id}/status/`, rep, { status: 'qualified' }));
    const own = await createLead(rep, { assigned_to: rep.user.id });
    expectData(leadSchema, await call('PATCH', `leads/${own.id}/`, rep, { status: 'contacted' }));
    expect(await myInbox(rep)).toHaveLength(2);
  });
});

describe('team invitation accepted', () => {
  it('tells the owner when an invited person joins', async () => {
    const owner = await registerUser(t);
    const email = `joiner-${randomUUID().slice(0, 8)}@example.com`;
    const invited = await call('POST', 'auth/team/members/', owner, { email, role: 'member' });
    expect(invited.statusCode).toBe(201);
    const [mail] = await mailsTo(t, email);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/invitations/accept/',
      payload: {
        token,
        first_name: 'Ny',
        last_name: 'Medlem',
        password: 'Booth2026Leads',
        password_confirm: 'Booth2026Leads',
      },
    });
    expect(accepted.statusCode).toBe(200);
    const items = await myInbox(owner);
    expect(items[0]).toMatchObject({
      type: 'invitation_accepted',
      category: 'team',
      data: { email, member_name: 'Ny Medlem' },
    });
    const mails = await mailFor(owner);
    expect(mails.some((m) => m.subject === 'A new member joined your team')).toBe(true);
    // The invitation mail, sent without a notification, is in the organisation's log too.
    const log = expectData(logPage, await call('GET', 'notifications/logs/?channel=email', owner));
    expect(log.results.map((l) => [l.template, l.recipient, l.status])).toEqual(
      expect.arrayContaining([
        ['team_invitation', email, 'sent'],
        ['invitation_accepted', owner.user.email, 'sent'],
      ]),
    );
  });
});

describe('daily digest', () => {
  it('sends one mail a day from the morning hour in the organisation timezone, listing what waited', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await createLead(owner, { assigned_to: rep.user.id, first_name: 'Anna' });
    await createLead(owner, { assigned_to: rep.user.id, first_name: 'Bo' });
    await t.app.deps.outbox.drain();
    // The organisation is on UTC (registration default): 06:00 is too early, 09:00 sends.
    const day = new Date();
    const early = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6));
    const morning = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 9));
    await sendDigests(t.database.db, early);
    await t.app.deps.outbox.drain();
    expect(await sentTo(rep)).toHaveLength(0);
    await sendDigests(t.database.db, morning);
    const mails = await mailFor(rep);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Your daily LeadCapture summary');
    expect(mails[0]?.text).toContain('Anna Berg');
    expect(mails[0]?.text).toContain('Bo Berg');
    // Everything it gathered is sent; another lead the same day waits for tomorrow.
    expect((await logsOf(rep)).filter((l) => l.channel === 'email').every((l) => l.status === 'sent')).toBe(true);
    await createLead(owner, { assigned_to: rep.user.id, first_name: 'Cecilia' });
    await t.app.deps.outbox.drain();
    await sendDigests(t.database.db, new Date(morning.getTime() + 3600_000));
    await t.app.deps.outbox.drain();
    expect(await sentTo(rep)).toHaveLength(1);
    await sendDigests(t.database.db, new Date(morning.getTime() + 24 * 3600_000));
    expect(await mailFor(rep, 2)).toHaveLength(2);
  });

  it('waits for the hour each member chose (0-23), and refuses an hour outside it', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const early = await addMember(owner, 'member');
    expect(
      expectData(notificationPreferencesSchema, await call('GET', 'notifications/preferences/me/', rep)),
    ).toMatchObject({
      digest_hour: 8,
    });
    const saved = expectData(
      notificationPreferencesSchema,
      await call('PATCH', 'notifications/preferences/me/', rep, { digest_hour: 17 }),
    );
    expect(saved.digest_hour).toBe(17);
    expect(saved.preferences.every((p) => p.is_default)).toBe(true);
    expectData(
      notificationPreferencesSchema,
      await call('PATCH', 'notifications/preferences/me/', early, { digest_hour: 0 }),
    );
    expectValidation(await call('PATCH', 'notifications/preferences/me/', rep, { digest_hour: 24 }), 'digest_hour');
    expectValidation(await call('PATCH', 'notifications/preferences/me/', rep, {}), 'preferences');
    // Another member's hour is theirs alone.
    expect(
      expectData(notificationPreferencesSchema, await call('GET', 'notifications/preferences/me/', owner)).digest_hour,
    ).toBe(8);

    await createLead(owner, { assigned_to: rep.user.id, first_name: 'Dora' });
    await createLead(owner, { assigned_to: early.user.id, first_name: 'Erik' });
    await t.app.deps.outbox.drain();
    const day = new Date();
    const at = (hour: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hour));
    await sendDigests(t.database.db, at(1));
    expect(await mailFor(early)).toHaveLength(1);
    await sendDigests(t.database.db, at(16));
    await t.app.deps.outbox.drain();
    expect(await sentTo(rep)).toHaveLength(0);
    await sendDigests(t.database.db, at(17));
    expect(await mailFor(rep)).toHaveLength(1);
  });
});

describe('templates', () => {
  const templates = z.array(mailTemplateSchema);

  it('lists, validates, saves, previews and resets; the saved wording is what is mailed', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    const list = expectData(templates, await call('GET', 'notifications/templates/', owner));
    const assigned = list.find((x) => x.key === 'lead_assigned');
    expect(assigned?.variables).toEqual(['name', 'detail', 'link']);
    expect(assigned?.versions.map((v) => v.language)).toEqual(['en', 'sv']);
    expect(assigned?.versions[1]).toMatchObject({ subject: 'En lead har tilldelats dig', is_customized: false });
    expect(list.some((x) => x.key === ('password_reset' as string))).toBe(false);

    const bad = expectValidation(
      await call('PUT', 'notifications/templates/lead_assigned/', owner, {
        language: 'en',
        subject: 'New: {{lead_name}}',
        body: 'Hi {{name}} {{detail',
      }),
      'subject',
      'body',
    );
    expect(bad.subject?.[0]).toContain('{{lead_name}}');
    expectError(await call('GET', 'notifications/templates/nope/', owner), 422, 'VALIDATION_ERROR');

    const saved = expectData(
      mailTemplateSchema,
      await call('PUT', 'notifications/templates/lead_assigned/', owner, {
        language: 'en',
        subject: 'Yours now, {{name}}',
        body: 'Hello {{name}}!\n\n{{detail}}\n\nGood luck.',
      }),
    );
    expect(saved.versions[0]).toMatchObject({ subject: 'Yours now, {{name}}', is_customized: true });

    const preview = expectData(
      mailPreviewSchema,
      await call('POST', 'notifications/templates/lead_assigned/preview/', owner, { language: 'en' }),
    );
    expect(preview.subject).toBe('Yours now, Alex');
    expect(preview.text).toContain('Good luck.');
    expect(preview.html).toContain('<p>Good luck.</p>');
    const unsaved = expectData(
      mailPreviewSchema,
      await call('POST', 'notifications/templates/lead_assigned/preview/', owner, {
        language: 'en',
        subject: '<b>{{name}}</b>',
        body: '<script>x</script>',
      }),
    );
    expect(unsaved.html).toContain('&lt;script&gt;');

    await setPrefs(rep, [{ category: 'leads', digest: false }]);
    const lead = await createLead(owner);
    await call('POST', `leads/${lead.id}/assign/`, owner, { assigned_to: rep.user.id });
    const [mail] = await mailFor(rep);
    expect(mail?.subject).toBe(`Yours now, ${rep.user.first_name}`);
    expect(mail?.text).toContain('Good luck.');

    const reset = expectData(
      mailTemplateSchema,
      await call('POST', 'notifications/templates/lead_assigned/reset/', owner, { language: 'en' }),
    );
    expect(reset.versions[0]).toMatchObject({ subject: 'A lead was assigned to you', is_customized: false });

    // Members neither read nor change them.
    expectError(await call('GET', 'notifications/templates/', rep), 403, 'PERMISSION_DENIED');
    expectError(
      await call('PUT', 'notifications/templates/lead_assigned/', rep, { language: 'en', subject: 'x', body: 'y' }),
      403,
      'PERMISSION_DENIED',
    );
  });
});

describe('logs and send', () => {
  it('logs every notification and mail of the organisation for owners, filterable; not for members or others', async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await createLead(owner, { assigned_to: rep.user.id, interest: 'hot' });
    await mailFor(rep);
    const all = expectData(logPage, await call('GET', 'notifications/logs/', owner));
    expect(all.count).toBe(2);
    const mail = expectData(logPage, await call('GET', 'notifications/logs/?channel=email&status=sent', owner));
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]).toMatchObject({ recipient: rep.user.email, template: 'lead_hot', category: 'leads' });
    expect(expectData(logPage, await call('GET', 'notifications/logs/?status=failed', owner)).count).toBe(0);
    expectError(await call('GET', 'notifications/logs/', rep), 403, 'PERMISSION_DENIED');
    expectValidation(await call('GET', 'notifications/logs/?status=lost', owner), 'status');
    const stranger = await registerUser(t);
    expect(expectData(logPage, await call('GET', 'notifications/logs/', stranger)).count).toBe(0);
  });

  it('lets owners and admins notify the team or chosen members, validated and rate-limited', async () => {
    const owner = await registerUser(t);
    const admin = await addMember(owner, 'admin');
    const rep = await addMember(owner, 'member');
    const sent = expectData(
      sendTeamNotificationResultSchema,
      await call('POST', 'notifications/send/', owner, { title: 'Booth moved', message: 'We are at stand B12 now.' }),
      201,
    );
    expect(sent.recipients).toBe(2);
    const [item] = await myInbox(rep);
    expect(item).toMatchObject({ type: 'team_message', category: 'team', data: { title: 'Booth moved' } });
    expect(await myInbox(owner)).toHaveLength(0);
    const mails = await mailFor(rep);
    expect(mails[0]?.text).toContain('We are at stand B12 now.');

    const chosen = expectData(
      sendTeamNotificationResultSchema,
      await call('POST', 'notifications/send/', admin, { title: 'Hi', message: 'Only you', user_ids: [rep.user.id] }),
      201,
    );
    expect(chosen.recipients).toBe(1);
    expectError(await call('POST', 'notifications/send/', rep, { title: 'x', message: 'y' }), 403, 'PERMISSION_DENIED');
    expectValidation(await call('POST', 'notifications/send/', owner, { title: '', message: 'y' }), 'title');
    const outsider = await registerUser(t);
    expectValidation(
      await call('POST', 'notifications/send/', owner, { title: 'x', message: 'y', user_ids: [outsider.user.id] }),
      'user_ids',
    );
    for (let i = 0; i < 18; i += 1)
      expect((await call('POST', 'notifications/send/', owner, { title: `n${i}`, message: 'm' })).statusCode).toBe(201);
    expectError(
      await call('POST', 'notifications/send/', owner, { title: 'one too many', message: 'm' }),
      429,
      'RATE_LIMITED',
    );
  });

  it("answers 404 for another organisation's notification on every id path", async () => {
    const owner = await registerUser(t);
    const rep = await addMember(owner, 'member');
    await createLead(owner, { assigned_to: rep.user.id });
    const [item] = await myInbox(rep);
    const stranger = await registerUser(t);
    for (const [method, url] of [
      ['GET', `notifications/${item?.id}/`],
      ['GET', `notifications/inbox/${item?.id}/`],
      ['POST', `notifications/${item?.id}/read/`],
      ['POST', `notifications/inbox/${item?.id}/mark_as_read/`],
      ['POST', `notifications/inbox/${item?.id}/mark_read/`],
      ['DELETE', `notifications/${item?.id}/`],
    ] as const)
      expectError(await call(method, url, stranger), 404, 'NOT_FOUND');
    const rows = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx.select().from(notifications).where(eq(notifications.userId, rep.user.id)),
    );
    expect(rows[0]?.readAt).toBeNull();
  });
});
