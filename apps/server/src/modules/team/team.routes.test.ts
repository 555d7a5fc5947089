import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authResultSchema, meSchema } from '@leadcapture/contracts/auth';
import type { Role } from '@leadcapture/contracts/constants';
import { paginated } from '@leadcapture/contracts/envelope';
import {
  invitationSchema,
  TEAM_PERMISSION_MESSAGE,
  teamMemberSchema,
  type TeamMember,
} from '@leadcapture/contracts/team';
import { anyData, expectData, expectError, expectValidation } from '../../../test/envelope.ts';
import {
  bearer,
  createTestApp,
  mailsTo,
  registerUser,
  setPlan,
  uniqueAddress,
  uniqueEmail,
  type TestApp,
} from '../../../test/helpers.ts';
import { inScope } from '../../db/tenant.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { invitationTokens } from './team.table.ts';

type User = Awaited<ReturnType<typeof registerUser>>;
type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const memberPage = paginated(teamMemberSchema);
const NEW_PASSWORD = 'Invited2026Booth';

let t: TestApp;
let owner: User;
const orgOf = (u: User) => u.organization?.id ?? '';

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t);
  // More members than a trial allows (its limits are tested in billing).
  await setPlan(t, orgOf(owner), 'enterprise');
});
afterAll(() => t.close());

/** A request as `user`, acting in `org` (the owner's organisation unless given). */
function call(method: Method, url: string, user: User | null, payload?: unknown, org = orgOf(owner)) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    remoteAddress: uniqueAddress(),
    headers: user ? { ...bearer(user.access), 'x-organization-id': org } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function invite(by: User, body: Record<string, unknown>, org = orgOf(owner)): Promise<TeamMember> {
  return expectData(teamMemberSchema, await call('POST', 'auth/team/members/', by, body, org), 201);
}

/**
 * The token of the invitation mail to `email` that is not among `seen` (mails delivered in the
 * same moment have no reliable order, so "the newest" is "the one not seen before").
 */
async function invitationToken(email: string, seen: string[] = []): Promise<string> {
  const mails = await mailsTo(t, email, { atLeast: seen.length + 1 });
  const tokens = mails.flatMap((mail) => {
    const match = /http:\/\/localhost:3000(?:\/sv)?\/auth\/accept-invite\?token=([\w%-]+)/.exec(mail.text);
    return match?.[1] ? [decodeURIComponent(match[1])] : [];
  });
  const fresh = tokens.find((token) => !seen.includes(token));
  if (!fresh) throw new Error(`no new invitation link to ${email}`);
  return fresh;
}

function accept(token: string, user: User | null, extra: Record<string, unknown> = {}) {
  return call('POST', 'auth/invitations/accept/', user, { token, ...extra });
}

const newPerson = { first_name: 'Nils', last_name: 'Holm', password: NEW_PASSWORD, password_confirm: NEW_PASSWORD };

/** Invites a fresh address with `role` and accepts as a new account: a joined member. */
async function joinAs(role: Role, org = orgOf(owner), by = owner): Promise<User & { memberId: string; token: string }> {
  const email = uniqueEmail('member');
  const member = await invite(by, { email, role }, org);
  const token = await invitationToken(email);
  const result = expectData(authResultSchema, await accept(token, null, newPerson));
  return { ...result, email, password: NEW_PASSWORD, organization: result.organization, memberId: member.id, token };
}

describe('inviting and accepting as a new person', () => {
  it('invites (201, invited), mails a link, and accepting keeps the member id and joins', async () => {
    const email = uniqueEmail('Invitee').toUpperCase();
    const member = await invite(owner, {
      email,
      role: 'member',
      name: 'Nils Holm',
      department: 'Sales',
      job_title: 'Rep',
    });
    expect(member).toMatchObject({
      status: 'invited',
      user_id: null,
      email: email.toLowerCase(),
      name: 'Nils Holm',
      role: 'member',
      department: 'Sales',
      job_title: 'Rep',
      date_joined: null,
    });
    expect(new Date(member.invitation_expires_at ?? 0).getTime()).toBeGreaterThan(Date.now() + 6.9 * 86400_000);

    const mails = await mailsTo(t, email.toLowerCase());
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('You are invited to join your team on LeadCapture');
    expect(mails[0]?.text).toContain(`Ada Lindqvist has invited you to join ${owner.organization?.name}`);
    const token = await invitationToken(email.toLowerCase());

    const lookup = expectData(invitationSchema, await call('GET', `auth/invitations/lookup/?token=${token}`, null));
    expect(lookup).toMatchObject({
      organization: { id: orgOf(owner), name: owner.organization?.name },
      email: email.toLowerCase(),
      role: 'member',
      name: 'Nils Holm',
      invited_by: 'Ada Lindqvist',
      account_exists: false,
      state: 'pending',
    });

    const result = expectData(authResultSchema, await accept(token, null, newPerson));
    expect(result.organization).toMatchObject({ id: orgOf(owner), role: 'member' });
    expect(result.user).toMatchObject({ email: email.toLowerCase(), first_name: 'Nils', email_verified: true });
    // They join an organisation that is set up already: no new-organisation wizard for them.
    const onboarding = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/onboarding/',
      headers: bearer(result.access),
    });
    expect(onboarding.json()).toMatchObject({ data: { skipped: true, current_step: 'complete' } });

    const joined = expectData(teamMemberSchema, await call('GET', `auth/team/members/${member.id}/`, owner));
    expect(joined).toMatchObject({ id: member.id, status: 'joined', user_id: result.user.id, name: 'Nils Holm' });
    expect(joined.date_joined).not.toBeNull();
    expect(joined.invitation_expires_at).toBeNull();

    // The new member works in the organisation with the answer's tokens, and can sign in.
    const asNew = { ...result, email, password: NEW_PASSWORD } as User;
    expect(expectData(memberPage, await call('GET', 'auth/team/members/', asNew)).count).toBeGreaterThanOrEqual(2);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login/',
      remoteAddress: uniqueAddress(),
      payload: { email, password: NEW_PASSWORD },
    });
    expect(expectData(authResultSchema, login).organization?.id).toBe(orgOf(owner));

    const lookedAfter = expectData(
      invitationSchema,
      await call('GET', `auth/invitations/lookup/?token=${token}`, null),
    );
    expect(lookedAfter.state).toBe('used');
    expect(lookedAfter.account_exists).toBe(true);
  });

  it('lists the team with joined, invited and inactive members, filtered by status and search', async () => {
    const member = await joinAs('viewer');
    const invited = await invite(owner, { email: uniqueEmail('pending'), role: 'admin', name: 'Pending Person' });
    expectData(
      teamMemberSchema,
      await call('PATCH', `auth/team/members/${member.memberId}/`, owner, { status: 'inactive' }),
    );

    const all = expectData(memberPage, await call('GET', 'auth/team/members/?page_size=100', owner));
    const byId = new Map(all.results.map((m) => [m.id, m]));
    expect(byId.get(member.memberId)?.status).toBe('inactive');
    expect(byId.get(invited.id)?.status).toBe('invited');
    const self = all.results.find((m) => m.user_id === owner.user.id);
    expect(self).toMatchObject({ role: 'owner', status: 'joined', email: owner.email, name: 'Ada Lindqvist' });

    const invitedOnly = expectData(
      memberPage,
      await call('GET', 'auth/team/members/?status=invited&page_size=100', owner),
    );
    expect(invitedOnly.results.every((m) => m.status === 'invited')).toBe(true);
    const found = expectData(memberPage, await call('GET', 'auth/team/members/?search=Pending%20Person', owner));
    expect(found.results.map((m) => m.id)).toEqual([invited.id]);
  });

  it('writes the invitee mail in the inviter’s language when the invitee has no account', async () => {
    const swede = await registerUser(t, { language: 'sv' });
    const email = uniqueEmail('sv');
    await invite(swede, { email, role: 'viewer' }, orgOf(swede));
    const [mail] = await mailsTo(t, email);
    expect(mail?.subject).toBe('Du är inbjuden till ditt team på LeadCapture');
    expect(mail?.text).toContain('som läsare');
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/sv\/auth\/accept-invite\?token=/);
  });
});

describe('bad input', () => {
  it('answers 422 with field details for invite, update, lookup and accept', async () => {
    expectValidation(await call('POST', 'auth/team/members/', owner, { email: 'nope', role: 'boss' }), 'email', 'role');
    expectValidation(await call('POST', 'auth/team/members/', owner, { role: 'member' }), 'email');
    expectValidation(
      await call('POST', 'auth/team/members/', owner, {
        email: uniqueEmail(),
        role: 'member',
        job_title: 'x'.repeat(151),
      }),
      'job_title',
    );
    const member = await invite(owner, { email: uniqueEmail(), role: 'member' });
    expectValidation(await call('PATCH', `auth/team/members/${member.id}/`, owner, { role: 'chief' }), 'role');
    expectValidation(await call('PATCH', `auth/team/members/${member.id}/`, owner, { status: 'invited' }), 'status');
    // An invitation becomes a member only by acceptance.
    expectValidation(await call('PATCH', `auth/team/members/${member.id}/`, owner, { status: 'joined' }), 'status');
    expectValidation(await call('GET', 'auth/team/members/?status=gone', owner), 'status');
    expectValidation(await call('GET', 'auth/invitations/lookup/', null), 'token');
    expectValidation(await call('POST', 'auth/invitations/accept/', null, {}), 'token');

    const email = uniqueEmail('fields');
    await invite(owner, { email, role: 'member' });
    const token = await invitationToken(email);
    expectValidation(await accept(token, null), 'first_name', 'last_name', 'password', 'password_confirm');
    expectValidation(
      await accept(token, null, { ...newPerson, password: 'short', password_confirm: 'short' }),
      'password',
    );
    expectValidation(
      await accept(token, null, { ...newPerson, password_confirm: 'Other2026Booth' }),
      'password_confirm',
    );
    // Nothing was used up by the refused attempts.
    expectData(authResultSchema, await accept(token, null, newPerson));
  });

  it('refuses a second invitation to the same address, and inviting a member (409)', async () => {
    const email = uniqueEmail('twice');
    await invite(owner, { email, role: 'member' });
    expectError(await call('POST', 'auth/team/members/', owner, { email, role: 'viewer' }), 409, 'CONFLICT');
    expectError(
      await call('POST', 'auth/team/members/', owner, { email: owner.email, role: 'viewer' }),
      409,
      'CONFLICT',
    );
  });
});

describe('another organisation', () => {
  it('answers 404 for every member route with an id of another organisation', async () => {
    const other = await registerUser(t);
    const foreign = await invite(other, { email: uniqueEmail('foreign'), role: 'member' }, orgOf(other));
    for (const [method, url, body] of [
      ['GET', `auth/team/members/${foreign.id}/`, undefined],
      ['PATCH', `auth/team/members/${foreign.id}/`, { department: 'x' }],
      ['DELETE', `auth/team/members/${foreign.id}/`, undefined],
      ['POST', `auth/team/members/${foreign.id}/resend-invite/`, undefined],
    ] as const) {
      expectError(await call(method, url, owner, body), 404, 'NOT_FOUND');
    }
    const list = expectData(memberPage, await call('GET', 'auth/team/members/?page_size=100', owner));
    expect(list.results.map((m) => m.id)).not.toContain(foreign.id);
    // Naming the other organisation in the header is not being its member.
    expectError(await call('GET', 'auth/team/members/', owner, undefined, orgOf(other)), 404, 'NOT_FOUND');
  });
});

describe('the role rules', () => {
  it('lets only owners and admins invite, edit, remove and resend, with the spec’s words for others', async () => {
    const member = await joinAs('member');
    const viewer = await joinAs('viewer');
    const target = await invite(owner, { email: uniqueEmail('target'), role: 'viewer' });
    for (const actor of [member, viewer]) {
      for (const [method, url, body] of [
        ['POST', 'auth/team/members/', { email: uniqueEmail(), role: 'viewer' }],
        ['PATCH', `auth/team/members/${target.id}/`, { role: 'member' }],
        ['DELETE', `auth/team/members/${target.id}/`, undefined],
        ['POST', `auth/team/members/${target.id}/resend-invite/`, undefined],
      ] as const) {
        expect(expectError(await call(method, url, actor, body), 403, 'PERMISSION_DENIED').message).toBe(
          TEAM_PERMISSION_MESSAGE,
        );
      }
      // Reading the team is for everyone.
      expectData(memberPage, await call('GET', 'auth/team/members/', actor));
    }
  });

  it('keeps owners for owners: an admin cannot make, change or remove an owner', async () => {
    const admin = await joinAs('admin');
    const coOwner = await joinAs('owner');
    const member = await joinAs('member');
    const deny = async (method: Method, url: string, body?: unknown) =>
      expect(expectError(await call(method, url, admin, body), 403, 'PERMISSION_DENIED').message).toBe(
        TEAM_PERMISSION_MESSAGE,
      );
    await deny('POST', 'auth/team/members/', { email: uniqueEmail(), role: 'owner' });
    await deny('PATCH', `auth/team/members/${member.memberId}/`, { role: 'owner' });
    await deny('PATCH', `auth/team/members/${coOwner.memberId}/`, { role: 'admin' });
    await deny('PATCH', `auth/team/members/${coOwner.memberId}/`, { status: 'inactive' });
    await deny('DELETE', `auth/team/members/${coOwner.memberId}/`);
    // What an admin may do: manage everyone else, and an owner's department.
    const promoted = expectData(
      teamMemberSchema,
      await call('PATCH', `auth/team/members/${member.memberId}/`, admin, { role: 'admin', department: 'Ops' }),
    );
    expect(promoted).toMatchObject({ role: 'admin', department: 'Ops' });
    expectData(
      teamMemberSchema,
      await call('PATCH', `auth/team/members/${coOwner.memberId}/`, admin, { job_title: 'CEO' }),
    );
    // An owner may make an owner.
    expect(
      expectData(
        teamMemberSchema,
        await call('PATCH', `auth/team/members/${member.memberId}/`, owner, { role: 'owner' }),
      ).role,
    ).toBe('owner');
  });

  it('never leaves an organisation without an owner (409 LAST_OWNER)', async () => {
    const solo = await registerUser(t);
    const org = orgOf(solo);
    const list = expectData(memberPage, await call('GET', 'auth/team/members/', solo, undefined, org));
    const self = list.results[0]?.id ?? '';
    expectError(await call('PATCH', `auth/team/members/${self}/`, solo, { role: 'admin' }, org), 409, 'LAST_OWNER');
    expectError(
      await call('PATCH', `auth/team/members/${self}/`, solo, { status: 'inactive' }, org),
      409,
      'LAST_OWNER',
    );
    expectError(await call('DELETE', `auth/team/members/${self}/`, solo, undefined, org), 409, 'LAST_OWNER');
    // An invited owner is not an owner yet: the last owner still cannot step down.
    await invite(solo, { email: uniqueEmail(), role: 'owner' }, org);
    expectError(await call('PATCH', `auth/team/members/${self}/`, solo, { role: 'admin' }, org), 409, 'LAST_OWNER');
    // With a second owner who joined, the first may step down.
    const second = await joinAs('owner', org, solo);
    expectData(teamMemberSchema, await call('PATCH', `auth/team/members/${self}/`, solo, { role: 'admin' }, org));
    expectError(
      await call('DELETE', `auth/team/members/${second.memberId}/`, second, undefined, org),
      409,
      'LAST_OWNER',
    );
  });

  it('refuses one of two owners demoting each other at the same time', async () => {
    const solo = await registerUser(t);
    const org = orgOf(solo);
    const second = await joinAs('owner', org, solo);
    const self = expectData(memberPage, await call('GET', 'auth/team/members/', solo, undefined, org)).results.find(
      (m) => m.user_id === solo.user.id,
    );
    const answers = await Promise.all([
      call('PATCH', `auth/team/members/${self?.id ?? ''}/`, second, { role: 'admin' }, org),
      call('PATCH', `auth/team/members/${second.memberId}/`, solo, { role: 'admin' }, org),
    ]);
    // The second, re-reading roles under the lock, is either no longer an owner (403) or the last one (409).
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const owners = expectData(memberPage, await call('GET', 'auth/team/members/?role=owner', solo, undefined, org));
    expect(owners.count).toBe(1);
  });

  it('audits invitations and membership changes', async () => {
    const email = uniqueEmail('audited');
    const member = await invite(owner, { email, role: 'viewer' });
    const first = await invitationToken(email);
    await call('POST', `auth/team/members/${member.id}/resend-invite/`, owner);
    await accept(await invitationToken(email, [first]), null, newPerson);
    await call('PATCH', `auth/team/members/${member.id}/`, owner, { role: 'member' });
    await call('DELETE', `auth/team/members/${member.id}/`, owner);
    const rows = await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .select({ action: auditLogs.action, metadata: auditLogs.metadata })
        .from(auditLogs)
        .where(and(eq(auditLogs.organizationId, orgOf(owner)), eq(auditLogs.targetId, member.id)))
        .orderBy(auditLogs.createdAt),
    );
    expect(
      rows.map((r) => r.action),
      JSON.stringify(rows),
    ).toEqual([
      'invitation.created',
      'invitation.resent',
      'invitation.accepted',
      'membership.updated',
      'membership.deleted',
    ]);
    expect(rows[3]?.metadata).toMatchObject({ role: { from: 'viewer', to: 'member' } });
  });
});

describe('the invitation lifecycle', () => {
  it('refuses a used link (410 INVITATION_USED) and an unknown one (404 INVITATION_INVALID)', async () => {
    const email = uniqueEmail('reuse');
    await invite(owner, { email, role: 'member' });
    const token = await invitationToken(email);
    expectData(authResultSchema, await accept(token, null, newPerson));
    expectError(await accept(token, null, newPerson), 410, 'INVITATION_USED');
    expectError(await accept('not-a-real-token', null, newPerson), 404, 'INVITATION_INVALID');
    expectError(await call('GET', 'auth/invitations/lookup/?token=not-a-real-token', null), 404, 'INVITATION_INVALID');
  });

  it('refuses an expired link (410 INVITATION_EXPIRED) and says so on lookup', async () => {
    const email = uniqueEmail('expired');
    const member = await invite(owner, { email, role: 'member' });
    const token = await invitationToken(email);
    await inScope(t.database.db, { organizationId: orgOf(owner) }, (tx) =>
      tx
        .update(invitationTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(invitationTokens.membershipId, member.id)),
    );
    expect(expectData(invitationSchema, await call('GET', `auth/invitations/lookup/?token=${token}`, null)).state).toBe(
      'expired',
    );
    expectError(await accept(token, null, newPerson), 410, 'INVITATION_EXPIRED');
    // A resend issues a fresh week.
    expectData(anyData, await call('POST', `auth/team/members/${member.id}/resend-invite/`, owner));
    expectData(authResultSchema, await accept(await invitationToken(email, [token]), null, newPerson));
  });

  it('resending voids the previous link (410 INVITATION_REVOKED) and the new one works', async () => {
    const email = uniqueEmail('resent');
    const member = await invite(owner, { email, role: 'viewer' });
    const first = await invitationToken(email);
    const resent = expectData(
      teamMemberSchema,
      await call('POST', `auth/team/members/${member.id}/resend-invite/`, owner),
    );
    expect(resent.id).toBe(member.id);
    const second = await invitationToken(email, [first]);
    expect(second).not.toBe(first);
    expect(expectData(invitationSchema, await call('GET', `auth/invitations/lookup/?token=${first}`, null)).state).toBe(
      'revoked',
    );
    expectError(await accept(first, null, newPerson), 410, 'INVITATION_REVOKED');
    expectData(authResultSchema, await accept(second, null, newPerson));
    // A joined member has no invitation to resend.
    expectError(await call('POST', `auth/team/members/${member.id}/resend-invite/`, owner), 409, 'CONFLICT');
  });

  it('lets an existing account accept signed in, and only the invited one', async () => {
    const invitee = await registerUser(t);
    const stranger = await registerUser(t);
    const member = await invite(owner, { email: invitee.email, role: 'admin' });
    const token = await invitationToken(invitee.email);
    expect(
      expectData(invitationSchema, await call('GET', `auth/invitations/lookup/?token=${token}`, null)).account_exists,
    ).toBe(true);
    // Not signed in: sign in first (the account exists).
    expectError(await accept(token, null, newPerson), 401, 'NOT_AUTHENTICATED');
    // Signed in as someone else: the invitation is not theirs.
    expectError(await accept(token, stranger), 403, 'INVITATION_EMAIL_MISMATCH');

    const result = expectData(authResultSchema, await accept(token, invitee));
    expect(result.user.id).toBe(invitee.user.id);
    expect(result.organization).toMatchObject({ id: orgOf(owner), role: 'admin' });
    const me = expectData(meSchema, await call('GET', 'auth/me/', invitee, undefined, ''));
    expect(me.organizations.map((o) => o.id).sort()).toEqual([orgOf(invitee), orgOf(owner)].sort());
    const joined = expectData(teamMemberSchema, await call('GET', `auth/team/members/${member.id}/`, owner));
    expect(joined).toMatchObject({ status: 'joined', user_id: invitee.user.id, email: invitee.email });
  });

  it('withdrawing an invitation makes its link unknown', async () => {
    const email = uniqueEmail('withdrawn');
    const member = await invite(owner, { email, role: 'viewer' });
    const token = await invitationToken(email);
    expectData(anyData, await call('DELETE', `auth/team/members/${member.id}/`, owner));
    expectError(await accept(token, null, newPerson), 404, 'INVITATION_INVALID');
  });
});

describe('ending access', () => {
  it('a removed member’s tokens no longer reach the organisation', async () => {
    const member = await joinAs('member');
    expectData(anyData, await call('GET', 'leads/', member));
    expectData(anyData, await call('DELETE', `auth/team/members/${member.memberId}/`, owner));
    // The same access token, the same organisation: as if it did not exist.
    expectError(await call('GET', 'leads/', member), 404, 'NOT_FOUND');
    expectError(
      await call('POST', 'leads/', member, { first_name: 'A', last_name: 'B', email: uniqueEmail() }),
      404,
      'NOT_FOUND',
    );
    const me = expectData(meSchema, await call('GET', 'auth/me/', member, undefined, ''));
    expect(me.organizations.map((o) => o.id)).not.toContain(orgOf(owner));
    // Refreshing the session does not bring it back.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh/',
      payload: { refresh: member.refresh },
    });
    const access = refreshed.json<{ data: { access: string } }>().data.access;
    expectError(await call('GET', 'leads/', { ...member, access }), 404, 'NOT_FOUND');
    expect(
      expectData(memberPage, await call('GET', 'auth/team/members/?page_size=100', owner)).results.map((m) => m.id),
    ).not.toContain(member.memberId);
  });

  it('inactive ends access like removal, keeps the record, and is not offered for leads', async () => {
    const member = await joinAs('member');
    expectData(anyData, await call('GET', 'leads/', member));
    expectData(
      teamMemberSchema,
      await call('PATCH', `auth/team/members/${member.memberId}/`, owner, { status: 'inactive' }),
    );
    expectError(await call('GET', 'leads/', member), 404, 'NOT_FOUND');
    const me = expectData(meSchema, await call('GET', 'auth/me/', member, undefined, ''));
    expect(me.organizations.map((o) => o.id)).not.toContain(orgOf(owner));
    // Lead assignment skips them, as it skips deactivated accounts.
    const lead = expectData(anyData, await call('POST', 'leads/', owner, { first_name: 'A', last_name: 'B' }), 201) as {
      id: string;
    };
    expectValidation(
      await call('POST', `leads/${lead.id}/assign/`, owner, { assigned_to: member.user.id }),
      'assigned_to',
    );
    const pickers = expectData(
      paginated(anyData),
      await call('GET', `organizations/${orgOf(owner)}/members/?page_size=100`, owner),
    ).results as { id: string; is_active: boolean }[];
    expect(pickers.find((p) => p.id === member.user.id)?.is_active).toBe(false);

    // Back to joined: access returns.
    expectData(
      teamMemberSchema,
      await call('PATCH', `auth/team/members/${member.memberId}/`, owner, { status: 'joined' }),
    );
    expectData(anyData, await call('GET', 'leads/', member));
  });

  it('a removed user can be invited again and accept with their account', async () => {
    const member = await joinAs('viewer');
    await call('DELETE', `auth/team/members/${member.memberId}/`, owner);
    const again = await invite(owner, { email: member.email, role: 'member' });
    const result = expectData(
      authResultSchema,
      await accept(await invitationToken(member.email, [member.token]), member),
    );
    expect(result.organization).toMatchObject({ id: orgOf(owner), role: 'member' });
    expect(again.id).not.toBe(member.memberId);
  });
});
