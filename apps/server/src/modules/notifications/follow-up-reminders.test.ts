import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { leadSchema } from '@leadcapture/contracts/leads';
import { notificationSchema } from '@leadcapture/contracts/notifications';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, type TestApp } from '../../../test/helpers.ts';
import { REMINDERS_TASK } from '../../jobs/background.ts';
import { inScope } from '../../db/tenant.ts';
import { users } from '../auth/auth.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { leads as leadsTable } from '../leads/leads.table.ts';
import { followUpTiming, localDay, sendFollowUpReminders } from './follow-up-reminders.service.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
const inbox = paginated(notificationSchema);

let t: TestApp;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user: User, payload?: unknown) {
  return t.app.inject({ method, url: `/api/v1/${url}`, headers: bearer(user.access), ...(payload ? { payload } : {}) });
}

async function user(profile: { timezone?: string; language?: 'en' | 'sv' } = {}): Promise<User> {
  const u = await registerUser(t);
  if (profile.timezone || profile.language)
    await t.database.db.update(users).set(profile).where(eq(users.id, u.user.id));
  return u;
}

async function addMember(owner: User, role: Role, profile: { timezone?: string; language?: 'en' | 'sv' } = {}) {
  const u = await user(profile);
  const organizationId = orgOf(owner);
  await inScope(t.database.db, { organizationId }, (tx) =>
    tx.insert(memberships).values({ organizationId, userId: u.user.id, role }),
  );
  return u;
}

async function lead(owner: User, fields: Record<string, unknown>) {
  return expectData(
    leadSchema,
    await call('POST', 'leads/', owner, { first_name: 'Greta', last_name: 'Holm', company: 'Fjord AB', ...fields }),
    201,
  );
}

/** The user's inbox in the organisation (their own unless given). */
async function notificationsOf(u: User, organization = orgOf(u)) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/notifications/inbox/',
    headers: { ...bearer(u.access), 'x-organization-id': organization },
  });
  // Follow-up reminders only: an assigned lead also brings its new-lead notification.
  return expectData(inbox, res).results.filter((n) => n.type === 'lead_follow_up_due');
}

const REMINDER_SUBJECTS = ['Follow-up due today', 'Uppföljning i dag'];
/** Reminder mails to the user (registration sent them a verification mail too). */
async function remindersTo(u: User, options: Parameters<typeof mailsTo>[2] = {}) {
  return (await mailsTo(t, u.email, options)).filter((m) => REMINDER_SUBJECTS.includes(m.subject));
}

const run = () => t.app.deps.scheduler.run(REMINDERS_TASK);

/** The first quarter hour of tomorrow in a timezone (offsets are multiples of 15 minutes). */
function startOfTomorrow(timeZone: string): Date {
  const now = new Date();
  const today = localDay(now, timeZone);
  let at = new Date(Math.ceil(now.getTime() / 900_000) * 900_000);
  while (localDay(at, timeZone) === today) at = new Date(at.getTime() + 900_000);
  return at;
}

describe('followUpTiming', () => {
  const followUp = new Date('2026-11-23T23:30:00Z');
  const now = new Date('2026-11-23T12:00:00Z');
  it("judges the day in the recipient's timezone", () => {
    expect(followUpTiming(followUp, 'UTC', now)).toBe('due');
    // 00:30 on the 24th in Stockholm: tomorrow there.
    expect(followUpTiming(followUp, 'Europe/Stockholm', now)).toBe('upcoming');
    expect(followUpTiming(followUp, 'America/New_York', now)).toBe('due');
    // Yesterday still reminds (a process down over midnight); the day before no longer does.
    expect(followUpTiming(new Date('2026-11-22T08:00:00Z'), 'UTC', now)).toBe('due');
    expect(followUpTiming(new Date('2026-11-21T08:00:00Z'), 'UTC', now)).toBe('past');
    expect(followUpTiming(followUp, 'Not/AZone', now)).toBe('due');
    expect(localDay(followUp, 'Not/AZone')).toBe('2026-11-23');
  });
});

describe('follow-up reminders', () => {
  it('reminds the creator of an unassigned lead once, in the app and by mail, on the day', async () => {
    const owner = await user({ timezone: 'Europe/Stockholm' });
    const due = await lead(owner, { follow_up_date: new Date().toISOString() });
    const tomorrow = await lead(owner, { follow_up_date: startOfTomorrow('Europe/Stockholm').toISOString() });

    expect(await run()).toBe('ran');
    const [n, ...rest] = await notificationsOf(owner);
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      category: 'follow_ups',
      type: 'lead_follow_up_due',
      priority: 'normal',
      is_read: false,
      link: `/leads/${due.id}`,
      data: { lead_id: due.id, lead_name: 'Greta Holm', company: 'Fjord AB', follow_up_date: due.follow_up_date },
    });
    const [mail, ...moreMail] = await remindersTo(owner, { atLeast: 2 });
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe('Follow-up due today');
    expect(mail?.text).toContain('It is time to follow up Greta Holm, Fjord AB today');
    expect(mail?.text).toContain(`http://localhost:3000/leads/${due.id}`);

    // Once only: the next runs find nothing new for this date.
    expect(await run()).toBe('ran');
    expect(await notificationsOf(owner)).toHaveLength(1);
    expect(await remindersTo(owner, { timeoutMs: 200 })).toHaveLength(1);
    expect(tomorrow.id).not.toBe(due.id);
  });

  it('reminds the assigned rep, in Swedish for a Swedish rep, and again after the date changes', async () => {
    const owner = await user();
    const rep = await addMember(owner, 'member', { language: 'sv', timezone: 'Europe/Stockholm' });
    const l = await lead(owner, { assigned_to: rep.user.id, follow_up_date: new Date().toISOString() });

    await run();
    expect(await notificationsOf(owner)).toEqual([]);
    expect(await notificationsOf(rep, orgOf(owner))).toHaveLength(1);
    const [mail] = await remindersTo(rep, { atLeast: 2 });
    expect(mail?.subject).toBe('Uppföljning i dag');
    expect(mail?.text).toContain('Det är dags att följa upp Greta Holm, Fjord AB i dag');
    expect(mail?.text).toContain(`http://localhost:3000/sv/leads/${l.id}`);

    // A new date re-arms the reminder; another edit that keeps the date does not.
    expectData(leadSchema, await call('PATCH', `leads/${l.id}/`, owner, { notes: 'Still keen' }));
    await run();
    expect(await notificationsOf(rep, orgOf(owner))).toHaveLength(1);
    const later = new Date(Date.now() + 60_000).toISOString();
    expectData(leadSchema, await call('PATCH', `leads/${l.id}/`, owner, { follow_up_date: later }));
    await run();
    expect(await notificationsOf(rep, orgOf(owner))).toHaveLength(2);
    expect(await remindersTo(rep, { atLeast: 3 })).toHaveLength(2);
  });

  it('reminds whoever set the follow-up date of an unassigned lead', async () => {
    const owner = await user();
    const colleague = await addMember(owner, 'member');
    const l = await lead(owner, {});
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/leads/${l.id}/`,
      headers: { ...bearer(colleague.access), 'x-organization-id': orgOf(owner) },
      payload: { follow_up_date: new Date().toISOString() },
    });
    expect(res.statusCode, res.body).toBe(200);
    await run();
    expect(await notificationsOf(owner)).toEqual([]);
    expect((await notificationsOf(colleague, orgOf(owner))).map((n) => n.data.lead_id)).toEqual([l.id]);
  });

  it('does not remind of leads in the bin or in a final status', async () => {
    const owner = await user();
    const today = new Date().toISOString();
    const binned = await lead(owner, { follow_up_date: today });
    expect((await call('DELETE', `leads/${binned.id}/`, owner)).statusCode).toBe(200);
    for (const status of ['converted', 'closed_won', 'closed_lost', 'lost'])
      await lead(owner, { follow_up_date: today, status });
    const open = await lead(owner, { follow_up_date: today, status: 'nurturing' });
    await run();
    expect((await notificationsOf(owner)).map((n) => n.data.lead_id)).toEqual([open.id]);
  });

  it('sends one reminder when two processes run at the same moment', async () => {
    const owner = await user();
    const leads = await Promise.all([1, 2, 3].map(() => lead(owner, { follow_up_date: new Date().toISOString() })));
    // Below the scheduler's lock: the claim on the lead itself is what makes it exactly once.
    const runs = await Promise.all([
      sendFollowUpReminders(t.database.db, { publicUrl: t.config.publicUrl }),
      sendFollowUpReminders(t.database.db, { publicUrl: t.config.publicUrl }),
      sendFollowUpReminders(t.database.db, { publicUrl: t.config.publicUrl }),
    ]);
    expect(runs.every((r) => r.reminded >= 0)).toBe(true);
    const got = (await notificationsOf(owner)).map((n) => n.data.lead_id).sort();
    expect(got).toEqual(leads.map((l) => l.id).sort());
    expect(await remindersTo(owner, { atLeast: 4 })).toHaveLength(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await remindersTo(owner, { timeoutMs: 100 })).toHaveLength(3);
  });

  it('sets a past follow-up aside without a reminder, so it is not read again every run', async () => {
    const owner = await user();
    const past = await lead(owner, { follow_up_date: new Date(Date.now() - 2.5 * 86_400_000).toISOString() });
    const due = await lead(owner, { follow_up_date: new Date().toISOString() });
    await run();
    expect((await notificationsOf(owner)).map((n) => n.data.lead_id)).toEqual([due.id]);
    const organizationId = orgOf(owner);
    const rows = await inScope(t.database.db, { organizationId }, (tx) =>
      tx
        .select({ id: leadsTable.id, remindedAt: leadsTable.followUpRemindedAt })
        .from(leadsTable)
        .where(eq(leadsTable.organizationId, organizationId)),
    );
    expect(rows.find((r) => r.id === past.id)?.remindedAt).toBeInstanceOf(Date);
    expect(await remindersTo(owner, { atLeast: 2 })).toHaveLength(1);
  });
});
