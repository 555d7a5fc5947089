import type { AuditAction } from '@leadcapture/contracts/audit';
import { and, asc, count, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@leadcapture/contracts/constants';
import {
  INVITATION_TTL_DAYS,
  TEAM_PERMISSION_MESSAGE,
  type TeamMember,
  type inviteMemberSchema,
  type teamMembersQuerySchema,
  type updateMemberSchema,
} from '@leadcapture/contracts/team';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { assertCan, can } from '../../http/permissions.ts';
import type { TenantRunner } from '../../http/tenant.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { enqueue } from '../../jobs/outbox.ts';
import { teamInvitationDetail } from '../../mail/templates.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { reserveUsage } from '../billing/billing.service.ts';
import { users } from '../auth/auth.table.ts';
import { newOpaqueToken } from '../auth/auth.service.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import { invitationTokens } from './team.table.ts';

type MembershipRow = typeof memberships.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
export const INVITATION_TTL_MS = INVITATION_TTL_DAYS * DAY_MS;

/**
 * Mail is the cost of an invitation: an organisation, and one invitation, can only send so many,
 * so a compromised admin account cannot turn the product into a spam relay.
 */
export const TEAM_THROTTLES = {
  invitesPerOrganization: { name: 'invite-org', limit: 100, windowSeconds: 60 * 60 },
  resendsPerInvitation: { name: 'invite-resend', limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

const memberNotFound = () => notFound('Team member');
const denied = () => new AppError('PERMISSION_DENIED', TEAM_PERMISSION_MESSAGE);

/** The columns of a team member: the membership, its account (once joined), its open link. */
const memberColumns = {
  membership: memberships,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  // The link that works now, if any (a resend revokes the previous one).
  invitationExpiresAt: sql<Date | null>`(
    select max(${invitationTokens.expiresAt}) from ${invitationTokens}
    where ${invitationTokens.membershipId} = ${memberships.id}
      and ${invitationTokens.usedAt} is null and ${invitationTokens.revokedAt} is null)`.mapWith(
    (v: string | Date | null) => (v === null ? null : new Date(v)),
  ),
};

interface MemberRow {
  membership: MembershipRow;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  invitationExpiresAt: Date | null;
}

function toTeamMember(row: MemberRow): TeamMember {
  const m = row.membership;
  const joined = m.userId !== null;
  const fullName = `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim();
  return {
    id: m.id,
    user_id: m.userId,
    name: joined ? fullName : m.invitedName,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    email: row.email ?? m.invitedEmail,
    role: m.role,
    department: m.department,
    job_title: m.jobTitle,
    status: m.status,
    available: m.available,
    date_joined: m.status === 'invited' ? null : (m.joinedAt?.toISOString() ?? m.createdAt.toISOString()),
    invited_at: m.invitedAt?.toISOString() ?? null,
    invitation_expires_at: m.status === 'invited' ? (row.invitationExpiresAt?.toISOString() ?? null) : null,
  };
}

function selectMembers(ctx: TenantContext) {
  return ctx.tx.select(memberColumns).from(memberships).leftJoin(users, eq(users.id, memberships.userId));
}

async function loadMember(ctx: TenantContext, id: string): Promise<TeamMember> {
  const [row] = await selectMembers(ctx).where(
    and(eq(memberships.id, id), eq(memberships.organizationId, ctx.organizationId)),
  );
  if (!row) throw memberNotFound();
  return toTeamMember(row);
}

/**
 * The membership, locked, after the organisation row: every change to who may do what queues
 * here. The caller's own role is read again under the lock, as a change that committed while this
 * request waited may have changed it (two owners demoting each other at once).
 */
async function lockMember(ctx: TenantContext, id: string): Promise<MembershipRow> {
  await ctx.tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId))
    .for('update');
  const [actor] = await ctx.tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, ctx.organizationId),
        eq(memberships.userId, ctx.userId),
        eq(memberships.status, 'joined'),
      ),
    );
  if (!actor) throw notFound('Organization');
  ctx.role = actor.role;
  assertCan(ctx, 'members.manage', TEAM_PERMISSION_MESSAGE);
  const [row] = await ctx.tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.organizationId, ctx.organizationId)))
    .for('update');
  if (!row) throw memberNotFound();
  return row;
}

/** Joined owners other than this membership; read under the organisation lock of lockMember. */
async function otherOwners(ctx: TenantContext, membershipId: string): Promise<number> {
  const [row] = await ctx.tx
    .select({ n: count() })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, ctx.organizationId),
        eq(memberships.role, 'owner'),
        eq(memberships.status, 'joined'),
        sql`${memberships.id} <> ${membershipId}`,
      ),
    );
  return row?.n ?? 0;
}

function auditMember(ctx: TenantContext, meta: RequestMeta, action: AuditAction, id: string, metadata: object) {
  return recordAudit(ctx.tx, meta, {
    action,
    userId: ctx.userId,
    organizationId: ctx.organizationId,
    targetType: 'membership',
    targetId: id,
    metadata: { ...metadata },
  });
}

/** GET /auth/team/members/: everyone in the organisation, invited and inactive included. */
export async function listTeamMembers(
  ctx: TenantContext,
  query: z.output<typeof teamMembersQuerySchema>,
): Promise<{ results: TeamMember[]; total: number }> {
  assertCan(ctx, 'members.read');
  const filters: (SQL | undefined)[] = [eq(memberships.organizationId, ctx.organizationId)];
  if (query.status) filters.push(eq(memberships.status, query.status));
  if (query.role) filters.push(eq(memberships.role, query.role));
  if (query.search) {
    const like = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(
      or(
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
        ilike(users.email, like),
        ilike(memberships.invitedName, like),
        ilike(memberships.invitedEmail, like),
      ),
    );
  }
  const where = and(...filters);
  const rows = await selectMembers(ctx)
    .where(where)
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const [total] = await ctx.tx
    .select({ n: count() })
    .from(memberships)
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(where);
  return { results: rows.map(toTeamMember), total: total?.n ?? 0 };
}

/** GET /auth/team/members/{id}/. */
export async function getTeamMember(ctx: TenantContext, id: string): Promise<TeamMember> {
  assertCan(ctx, 'members.read');
  return loadMember(ctx, id);
}

/** The language an invitation is written in: the invitee's own, else the inviter's, else the organisation's. */
function invitationLanguage(invitee: string | undefined, inviter: string, organization: string): 'en' | 'sv' {
  for (const lang of [invitee, inviter, organization]) if (lang === 'en' || lang === 'sv') return lang;
  return 'en';
}

/**
 * Issues a new link for an invited membership and queues its mail, in the caller's transaction.
 * Links issued before stop working (revoked), so only the newest mail can be used.
 */
async function sendInvitation(deps: AppDeps, ctx: TenantContext, membership: MembershipRow): Promise<void> {
  const now = new Date();
  await ctx.tx
    .update(invitationTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitationTokens.membershipId, membership.id),
        isNull(invitationTokens.usedAt),
        isNull(invitationTokens.revokedAt),
      ),
    );
  const { token, hash } = newOpaqueToken();
  await ctx.tx.insert(invitationTokens).values({
    organizationId: ctx.organizationId,
    membershipId: membership.id,
    tokenHash: hash,
    expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    createdBy: ctx.userId,
  });
  const [org] = await ctx.tx
    .select({ name: organizations.name, settings: organizations.settings })
    .from(organizations)
    .where(eq(organizations.id, ctx.organizationId));
  const [inviter] = await ctx.tx
    .select({ firstName: users.firstName, lastName: users.lastName, language: users.language })
    .from(users)
    .where(eq(users.id, ctx.userId));
  const [invitee] = await ctx.tx
    .select({ firstName: users.firstName, language: users.language })
    .from(users)
    .where(eq(users.email, membership.invitedEmail));
  const language = invitationLanguage(
    invitee?.language,
    inviter?.language ?? 'en',
    org?.settings.default_language ?? 'en',
  );
  const prefix = language === 'sv' ? '/sv' : '';
  await enqueue(ctx.tx, {
    kind: 'mail.send',
    organizationId: ctx.organizationId,
    payload: {
      template: 'team_invitation',
      to: membership.invitedEmail,
      language,
      name: invitee?.firstName ?? membership.invitedName,
      link: `${deps.config.publicUrl}${prefix}/auth/accept-invite?token=${encodeURIComponent(token)}`,
      detail: teamInvitationDetail(language, {
        organization: org?.name ?? '',
        invitedBy: `${inviter?.firstName ?? ''} ${inviter?.lastName ?? ''}`.trim(),
        role: membership.role,
      }),
    },
  });
}

/** Refuses what only an owner may do: give the owner role, or change or remove an owner. */
function assertMayTouchOwner(ctx: TenantContext, ...roles: (Role | undefined)[]): void {
  if (roles.includes('owner') && !can(ctx.role, 'members.manage_owners')) throw denied();
}

/**
 * POST /auth/team/members/: a membership of status `invited` (no account yet) and a mailed link.
 * Someone already in the organisation, or already invited, is a 409: resend instead.
 */
export async function inviteMember(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  input: z.output<typeof inviteMemberSchema>,
): Promise<TeamMember> {
  const member = await inTenant(async (ctx) => {
    assertCan(ctx, 'members.manage', TEAM_PERMISSION_MESSAGE);
    assertMayTouchOwner(ctx, input.role);
    await deps.throttle.consume(TEAM_THROTTLES.invitesPerOrganization, ctx.organizationId);
    const [existing] = await ctx.tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, ctx.organizationId), eq(users.email, input.email)));
    if (existing) {
      throw new AppError('CONFLICT', 'This person is already a member of the organization.', {
        email: ['This person is already a member of the organization'],
        member_id: existing.id,
      });
    }
    // Invited members count against the plan as joined ones do (docs/billing.md).
    await reserveUsage(ctx, 'team_members');
    const [row] = await ctx.tx
      .insert(memberships)
      .values({
        organizationId: ctx.organizationId,
        userId: null,
        role: input.role,
        status: 'invited',
        invitedEmail: input.email,
        invitedName: input.name ?? '',
        department: input.department ?? '',
        jobTitle: input.job_title ?? '',
        invitedBy: ctx.userId,
        invitedAt: new Date(),
        joinedAt: null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError('CONFLICT', 'This email address has already been invited. Resend the invitation instead.', {
        email: ['This email address has already been invited'],
      });
    }
    await sendInvitation(deps, ctx, row);
    await auditMember(ctx, meta, 'invitation.created', row.id, { email: input.email, role: input.role });
    return loadMember(ctx, row.id);
  });
  deps.outbox.kick();
  return member;
}

/** POST /auth/team/members/{id}/resend-invite/: a new link; the previous one stops working. */
export async function resendInvitation(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  id: string,
): Promise<TeamMember> {
  const member = await inTenant(async (ctx) => {
    assertCan(ctx, 'members.manage', TEAM_PERMISSION_MESSAGE);
    const row = await lockMember(ctx, id);
    if (row.status !== 'invited') {
      throw new AppError('CONFLICT', 'This member has already joined; there is no invitation to resend.');
    }
    await deps.throttle.consume(TEAM_THROTTLES.resendsPerInvitation, row.id);
    await sendInvitation(deps, ctx, row);
    await auditMember(ctx, meta, 'invitation.resent', row.id, { email: row.invitedEmail });
    return loadMember(ctx, row.id);
  });
  deps.outbox.kick();
  return member;
}

/**
 * PATCH /auth/team/members/{id}/: role, department, job title, and status joined <-> inactive.
 * Inactive ends access like removal but keeps the record (and the member's name on their work).
 */
/**
 * PUT /auth/team/members/{id}/availability/: whether the member takes automatically assigned
 * captures. Members set their own; owners and admins anyone's (403 otherwise). An invitation
 * has no availability until it is accepted (422).
 */
export async function setMemberAvailability(
  ctx: TenantContext,
  meta: RequestMeta,
  id: string,
  available: boolean,
): Promise<TeamMember> {
  assertCan(ctx, 'members.read');
  // Not lockMember: a member who may not manage the team still sets their own availability.
  const [row] = await ctx.tx
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, id), eq(memberships.organizationId, ctx.organizationId)))
    .for('update');
  if (!row) throw memberNotFound();
  if (row.userId !== ctx.userId) assertCan(ctx, 'members.manage', TEAM_PERMISSION_MESSAGE);
  if (row.status === 'invited')
    throw validationError({ available: ['An invited member is available once they accept the invitation'] });
  if (row.available !== available) {
    await ctx.tx.update(memberships).set({ available }).where(eq(memberships.id, row.id));
    await auditMember(ctx, meta, 'membership.availability_updated', row.id, { user_id: row.userId, available });
  }
  return loadMember(ctx, row.id);
}

export async function updateMember(
  deps: AppDeps,
  inTenant: TenantRunner,
  meta: RequestMeta,
  id: string,
  input: z.output<typeof updateMemberSchema>,
): Promise<TeamMember> {
  const { member, userId } = await inTenant(async (ctx) => {
    assertCan(ctx, 'members.manage', TEAM_PERMISSION_MESSAGE);
    const row = await lockMember(ctx, id);
    const roleChanges = input.role !== undefined && input.role !== row.role;
    const statusChanges = input.status !== undefined && input.status !== row.status;
    if (roleChanges) assertMayTouchOwner(ctx, row.role, input.role);
    if (statusChanges) assertMayTouchOwner(ctx, row.role);
    if (input.status !== undefined && row.status === 'invited') {
      throw validationError({
        status: ['An invited member joins by accepting the invitation; remove the invitation to withdraw it'],
      });
    }
    const losesOwner = (roleChanges && row.role === 'owner') || (statusChanges && input.status === 'inactive');
    if (row.role === 'owner' && row.status === 'joined' && losesOwner && (await otherOwners(ctx, row.id)) === 0) {
      throw new AppError('LAST_OWNER');
    }
    const changes: Partial<typeof memberships.$inferInsert> = {};
    if (roleChanges) changes.role = input.role;
    if (statusChanges) changes.status = input.status;
    if (input.department !== undefined) changes.department = input.department;
    if (input.job_title !== undefined) changes.jobTitle = input.job_title;
    if (Object.keys(changes).length > 0) {
      await ctx.tx.update(memberships).set(changes).where(eq(memberships.id, row.id));
      await auditMember(ctx, meta, 'membership.updated', row.id, {
        user_id: row.userId,
        fields: Object.keys(input),
        ...(roleChanges ? { role: { from: row.role, to: input.role } } : {}),
        ...(statusChanges ? { status: { from: row.status, to: input.status } } : {}),
      });
    }
    return { member: await loadMember(ctx, row.id), userId: row.userId };
  });
  // /auth/me/ lists the member's organisations and roles.
  if (userId) deps.meCache.invalidate(userId);
  return member;
}

/**
 * DELETE /auth/team/members/{id}/: the membership goes, and with it the member's access at once
 * (tenant resolution reads memberships on every request); an invitation's links go with it.
 */
export async function removeMember(deps: AppDeps, inTenant: TenantRunner, meta: RequestMeta, id: string) {
  const userId = await inTenant(async (ctx) => {
    assertCan(ctx, 'members.manage', TEAM_PERMISSION_MESSAGE);
    const row = await lockMember(ctx, id);
    assertMayTouchOwner(ctx, row.role);
    if (row.role === 'owner' && row.status === 'joined' && (await otherOwners(ctx, row.id)) === 0) {
      throw new AppError('LAST_OWNER');
    }
    await auditMember(ctx, meta, row.status === 'invited' ? 'invitation.withdrawn' : 'membership.deleted', row.id, {
      user_id: row.userId,
      email: row.invitedEmail,
      role: row.role,
      status: row.status,
      reason: 'removed',
    });
    await ctx.tx.delete(memberships).where(eq(memberships.id, row.id));
    if (row.userId) await forgetCurrentOrganization(ctx.tx, row.userId, ctx.organizationId);
    return row.userId;
  });
  if (userId) deps.meCache.invalidate(userId);
}

/** A removed member's default organisation falls back to one they still belong to. */
async function forgetCurrentOrganization(tx: Tx, userId: string, organizationId: string): Promise<void> {
  await tx
    .update(users)
    .set({ currentOrganizationId: null })
    .where(and(eq(users.id, userId), eq(users.currentOrganizationId, organizationId)));
}
