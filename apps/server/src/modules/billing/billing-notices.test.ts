import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { PlanId } from '@leadcapture/contracts/billing';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import { eventSchema } from '@leadcapture/contracts/events';
import { notificationSchema } from '@leadcapture/contracts/notifications';
import { expectData } from '../../../test/envelope.ts';
import { bearer, createTestApp, mailsTo, registerUser, uniqueEmail, type TestApp } from '../../../test/helpers.ts';
import { TRIAL_REMINDERS_TASK } from '../../jobs/background.ts';
import { inScope } from '../../db/tenant.ts';
import { users } from '../auth/auth.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { advanceSubscriptions } from './billing.service.ts';
import { subscriptions } from './billing.table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const inbox = paginated(notificationSchema);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const orgOf = (user: AuthResult) => user.organization?.id ?? '';

function call(method: 'POST' | 'PATCH', url: string, user: AuthResult, payload: Record<string, unknown> = {}) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
    payload,
  });
}

/** Another user in the owner's organisation, with a role and a language. */
async function joined(owner: AuthResult, role: Role, language: 'en' | 'sv' = 'en'): Promise<AuthResult> {
  const user = await registerUser(t);
  await t.database.db.update(users).set({ language }).where(eq(users.id, user.user.id));
  await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
    tx.insert(memberships).values({ organizationId: orgOf(owner), userId: user.user.id, role }),
  );
  return { ...user, organization: owner.organization };
}

/** The user's billing notifications in the organisation. */
async function billingNotices(user: AuthResult) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v1/notifications/inbox/?page_size=100',
    headers: { ...bearer(user.access), 'x-organization-id': orgOf(user) },
  });
  return expectData(inbox, res).results.filter((n) => n.category === 'billing');
}

const SUBJECTS = {
  trialEnding: ['Your LeadCapture trial ends soon', 'Din provperiod på LeadCapture tar snart slut'],
  trialEnded: ['Your LeadCapture trial has ended', 'Din provperiod på LeadCapture har tagit slut'],
  usage: ['Your plan’s usage', 'Användningen av din plan'],
};

/** The user's mails with one of the subjects (registration sent a verification mail too). */
async function mailsOf(user: AuthResult, subjects: string[], atLeast = 1) {
  const all = await mailsTo(t, user.user.email, { atLeast: atLeast + 1, timeoutMs: atLeast === 0 ? 300 : 5000 });
  return all.filter((m) => subjects.includes(m.subject));
}

/** Moves the organisation's trial end (and period end) to `end`. */
function trialEndsAt(organizationId: string, end: Date) {
  return inScope(t.database.db, { organizationId }, (tx) =>
    tx
      .update(subscriptions)
      .set({ trialEnd: end, currentPeriodEnd: end })
      .where(eq(subscriptions.organizationId, organizationId)),
  );
}

describe('trial reminders (scheduled task subscription_trial_reminders)', () => {
  it('tells every owner once, in the app and by mail in their language, when 3 days or fewer are left', async () => {
    const owner = await registerUser(t);
    const svOwner = await joined(owner, 'owner', 'sv');
    const admin = await joined(owner, 'admin');
    const later = await registerUser(t);
    await trialEndsAt(orgOf(owner), new Date(Date.now() + 2.5 * DAY_MS));
    await trialEndsAt(orgOf(later), new Date(Date.now() + 3.5 * DAY_MS));

    expect(await t.app.deps.scheduler.run(TRIAL_REMINDERS_TASK)).toBe('ran');
    expect(await t.app.deps.scheduler.run(TRIAL_REMINDERS_TASK)).toBe('ran');

    const [notice, ...more] = await billingNotices(owner);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({
      type: 'trial_ending',
      category: 'billing',
      priority: 'high',
      link: '/settings/billing',
      data: { days_remaining: 3 },
    });
    expect(await billingNotices(svOwner)).toHaveLength(1);
    expect(await billingNotices(admin)).toEqual([]);
    expect(await billingNotices(later)).toEqual([]);

    const [mail, ...moreMail] = await mailsOf(owner, SUBJECTS.trialEnding);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe('Your LeadCapture trial ends soon');
    expect(mail?.text).toContain('Your Professional trial ends in 3 days.');
    expect(mail?.text).toContain('http://localhost:3000/settings/billing');
    const [svMail] = await mailsOf(svOwner, SUBJECTS.trialEnding);
    expect(svMail?.subject).toBe('Din provperiod på LeadCapture tar snart slut');
    expect(svMail?.text).toContain('Din provperiod på Professional slutar om 3 dagar.');
    expect(svMail?.text).toContain('http://localhost:3000/sv/settings/billing');
    expect(await mailsOf(admin, SUBJECTS.trialEnding, 0)).toEqual([]);
    expect(await mailsOf(later, SUBJECTS.trialEnding, 0)).toEqual([]);

    // Once its days have gone by, the trial that had 3.5 days left is told too, and only it.
    await trialEndsAt(orgOf(later), new Date(Date.now() + 1.2 * DAY_MS));
    expect(await t.app.deps.scheduler.run(TRIAL_REMINDERS_TASK)).toBe('ran');
    expect(await billingNotices(later)).toMatchObject([{ type: 'trial_ending', data: { days_remaining: 2 } }]);
    expect(await billingNotices(owner)).toHaveLength(1);
  });
});

describe('trial ended (scheduled task subscription_periods)', () => {
  it('tells every owner once when the trial falls to free, and nobody when a paid plan renews', async () => {
    const owner = await registerUser(t);
    const svOwner = await joined(owner, 'owner', 'sv');
    const member = await joined(owner, 'member');
    const paid = await registerUser(t);
    await call('POST', 'billing/subscriptions/', paid, { plan_id: 'starter' });
    const ended = new Date(Date.now() - 60_000);
    await trialEndsAt(orgOf(owner), ended);
    await inScope(t.database.db, { organizationId: orgOf(paid) }, (tx) =>
      tx
        .update(subscriptions)
        .set({ currentPeriodEnd: ended })
        .where(eq(subscriptions.organizationId, orgOf(paid))),
    );

    await Promise.all([
      advanceSubscriptions(t.database.db, t.app.deps.billing),
      advanceSubscriptions(t.database.db, t.app.deps.billing),
    ]);
    await advanceSubscriptions(t.database.db, t.app.deps.billing);

    expect(await billingNotices(owner)).toMatchObject([
      { type: 'trial_ended', priority: 'high', link: '/settings/billing', data: { trial_end: ended.toISOString() } },
    ]);
    expect(await billingNotices(svOwner)).toHaveLength(1);
    expect(await billingNotices(member)).toEqual([]);
    expect(await billingNotices(paid)).toEqual([]);
    const [mail, ...more] = await mailsOf(owner, SUBJECTS.trialEnded);
    expect(more).toEqual([]);
    expect(mail?.text).toContain('Your Professional trial has ended and the organisation is now on Free.');
    expect(mail?.text).toContain('http://localhost:3000/settings/billing');
    const [svMail] = await mailsOf(svOwner, SUBJECTS.trialEnded);
    expect(svMail?.subject).toBe('Din provperiod på LeadCapture har tagit slut');
    expect(svMail?.text).toContain('http://localhost:3000/sv/settings/billing');
    expect(await mailsOf(paid, SUBJECTS.trialEnded, 0)).toEqual([]);
  });
});

describe('usage notices (reserveUsage at 80 % and 100 %)', () => {
  /** A new organisation on `plan` (active, no trial). */
  async function onPlan(plan: PlanId): Promise<AuthResult> {
    const user = await registerUser(t);
    await inScope(t.database.db, { organizationId: orgOf(user) }, (tx) =>
      tx
        .update(subscriptions)
        .set({ planId: plan, status: 'active', trialEnd: null })
        .where(eq(subscriptions.organizationId, orgOf(user))),
    );
    return user;
  }

  /** `n` leads created this month, straight in SQL. */
  function insertLeads(organizationId: string, n: number) {
    return inScope(t.database.db, { organizationId }, (tx) =>
      tx.execute(sql`insert into leads (organization_id, first_name, last_name, email, source, status)
        select ${organizationId}::uuid, 'Lead', 'No ' || g, 'lead' || g || '@example.com', 'import', 'new'
        from generate_series(1, ${n}) as g`),
    );
  }

  const addLead = async (user: AuthResult) => {
    const res = await call('POST', 'leads/', user, {
      first_name: 'Greta',
      last_name: 'Berg',
      email: uniqueEmail('lead'),
    });
    expect(res.statusCode).toBe(201);
  };

  it('tells the owners once at 80 % and once at 100 % of the month’s leads, in their language', async () => {
    const owner = await onPlan('free');
    const svOwner = await joined(owner, 'owner', 'sv');
    const other = await onPlan('free');
    await insertLeads(orgOf(owner), 18);
    await insertLeads(orgOf(other), 18);

    await addLead(owner); // 19 of 25: 76 %
    expect(await billingNotices(owner)).toEqual([]);
    await addLead(owner); // 20 of 25: 80 %
    await addLead(owner); // 21: still past 80 %, told already
    expect(await billingNotices(owner)).toMatchObject([
      {
        type: 'usage_threshold',
        priority: 'normal',
        link: '/settings/billing/usage',
        data: { resource: 'leads', percentage: 80, limit: 25 },
      },
    ]);
    await insertLeads(orgOf(owner), 3);
    await addLead(owner); // 25 of 25
    const notices = await billingNotices(owner);
    expect(notices.map((n) => n.data)).toEqual([
      { resource: 'leads', percentage: 100, limit: 25 },
      { resource: 'leads', percentage: 80, limit: 25 },
    ]);
    expect(notices[0]?.priority).toBe('high');
    expect(await billingNotices(svOwner)).toHaveLength(2);
    expect(await billingNotices(other)).toEqual([]);

    const mails = await mailsOf(owner, SUBJECTS.usage, 2);
    expect(mails.map((m) => m.text.split('\n')[2]).sort()).toEqual([
      'You have used 80 % of your plan’s 25 leads this month.',
      'You have used all of your plan’s 25 leads this month. Upgrade your plan to add more.',
    ]);
    expect(mails[1]?.text).toContain('http://localhost:3000/settings/billing/usage');
    const svMails = await mailsOf(svOwner, SUBJECTS.usage, 2);
    expect(svMails.map((m) => m.text.split('\n')[2]).sort()).toEqual([
      'Ni har använt 80 % av planens gräns på 25 leads den här månaden.',
      'Ni har använt hela planens gräns på 25 leads den här månaden. Uppgradera planen för att lägga till fler.',
    ]);
    expect(svMails[0]?.text).toContain('http://localhost:3000/sv/settings/billing/usage');
    expect(await mailsOf(other, SUBJECTS.usage, 0)).toEqual([]);
  });

  it('tells at 100 % only when one create passes both, and again once usage fell below and came back', async () => {
    const owner = await onPlan('free');
    const created = await call('POST', 'events/', owner, { name: 'Expo', status: 'active' });
    const event = expectData(eventSchema, created, 201);
    expect((await billingNotices(owner)).map((n) => n.data)).toEqual([
      { resource: 'events', percentage: 100, limit: 1 },
    ]);
    const [mail] = await mailsOf(owner, SUBJECTS.usage);
    expect(mail?.text).toContain('You have used all of your plan’s 1 active event. Upgrade your plan to add more.');

    expect((await call('PATCH', `events/${event.id}/`, owner, { status: 'draft' })).statusCode).toBe(200);
    expect((await call('PATCH', `events/${event.id}/`, owner, { status: 'active' })).statusCode).toBe(200);
    expect((await billingNotices(owner)).map((n) => n.data)).toEqual([
      { resource: 'events', percentage: 100, limit: 1 },
      { resource: 'events', percentage: 100, limit: 1 },
    ]);
  });
});
