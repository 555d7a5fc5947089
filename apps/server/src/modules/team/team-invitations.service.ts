import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AuthResult } from '@leadcapture/contracts/auth';
import type { ErrorCode, ValidationDetails } from '@leadcapture/contracts/errors';
import type { acceptInvitationSchema, Invitation, InvitationState } from '@leadcapture/contracts/team';
import type { z } from 'zod';
import { isUniqueViolation, type Tx } from '../../db/database.ts';
import { setScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, validationError } from '../../http/errors.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import {
  assertAcceptablePassword,
  hashPassword,
  hashToken,
  membershipsOf,
  pickCurrent,
  startSession,
  toUser,
  type AccessClaims,
} from '../auth/auth.service.ts';
import { users } from '../auth/auth.table.ts';
import { userOnboarding } from '../onboarding/onboarding.table.ts';
import { notifyInvitationAccepted } from '../notifications/notifications.service.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import { invitationTokens } from './team.table.ts';

/** Accepting may create an account (a password hash): limited per address like registration. */
export const INVITATION_THROTTLES = {
  acceptPerAddress: { name: 'invite-accept-ip', limit: 30, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

type TokenRow = typeof invitationTokens.$inferSelect;
type MembershipRow = typeof memberships.$inferSelect;

interface Found {
  token: TokenRow;
  membership: MembershipRow;
  organization: { id: string; name: string; settings: (typeof organizations.$inferSelect)['settings'] };
  state: InvitationState;
}

const STATE_ERRORS: Record<Exclude<InvitationState, 'pending'>, ErrorCode> = {
  expired: 'INVITATION_EXPIRED',
  used: 'INVITATION_USED',
  revoked: 'INVITATION_REVOKED',
};

function stateOf(token: TokenRow, membership: MembershipRow, now = new Date()): InvitationState {
  if (token.usedAt || membership.status !== 'invited') return 'used';
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt <= now) return 'expired';
  return 'pending';
}

/**
 * Finds an invitation by its link, across organisations: `app.public_lookup` set to the token's
 * hash admits exactly that token row (team.table.ts), and the tenant scope is then taken from it.
 * Leaves the transaction scoped to the invitation's organisation.
 */
async function findInvitation(tx: Tx, token: string, userId: string | null): Promise<Found> {
  const hash = hashToken(token);
  await tx.execute(sql`select set_config('app.public_lookup', ${hash}, true)`);
  const [row] = await tx.select().from(invitationTokens).where(eq(invitationTokens.tokenHash, hash));
  await tx.execute(sql`select set_config('app.public_lookup', '', true)`);
  if (!row) throw new AppError('INVITATION_INVALID');
  await setScope(tx, { organizationId: row.organizationId, userId });
  const [found] = await tx
    .select({
      membership: memberships,
      organization: { id: organizations.id, name: organizations.name, settings: organizations.settings },
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.id, row.membershipId));
  // The membership goes with its links (cascade): this is only a race with a removal.
  if (!found) throw new AppError('INVITATION_INVALID');
  return { token: row, ...found, state: stateOf(row, found.membership) };
}

/** GET /auth/invitations/lookup/?token=…: what the accept page shows, whatever the link's state. */
export async function lookupInvitation(deps: AppDeps, token: string): Promise<Invitation> {
  return deps.db.transaction(async (tx) => {
    const found = await findInvitation(tx, token, null);
    const m = found.membership;
    const [inviter] = m.invitedBy
      ? await tx
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, m.invitedBy))
      : [];
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, m.invitedEmail));
    return {
      organization: { id: found.organization.id, name: found.organization.name },
      email: m.invitedEmail,
      role: m.role,
      name: m.invitedName,
      invited_by: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : '',
      account_exists: account !== undefined,
      state: found.state,
      expires_at: found.token.expiresAt.toISOString(),
    };
  });
}

function assertPending(found: Found): void {
  if (found.state !== 'pending') throw new AppError(STATE_ERRORS[found.state]);
}

/** Who accepts: the signed-in account, or a new one made from the request (not yet written). */
type Acceptor = { kind: 'existing'; userId: string } | { kind: 'new'; passwordHash: string };

/**
 * Decides who accepts before the writing transaction, so that the slow password hash runs
 * outside it. Everything read here is checked again, atomically, when the token is consumed.
 */
async function resolveAcceptor(
  deps: AppDeps,
  auth: AccessClaims | null,
  input: z.output<typeof acceptInvitationSchema>,
): Promise<Acceptor> {
  const found = await deps.db.transaction((tx) => findInvitation(tx, input.token, auth?.userId ?? null));
  assertPending(found);
  const email = found.membership.invitedEmail;
  if (auth) {
    const [me] = await deps.db
      .select({ email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, auth.userId));
    if (!me?.isActive) throw new AppError('NOT_AUTHENTICATED', 'User not found or inactive');
    if (me.email !== email) throw new AppError('INVITATION_EMAIL_MISMATCH');
    return { kind: 'existing', userId: auth.userId };
  }
  const [account] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (account) {
    // Not a 401 of an expired session: the page asks the person to sign in as this account.
    throw new AppError(
      'NOT_AUTHENTICATED',
      `An account already exists for ${email}. Sign in to accept the invitation.`,
      { email, account_exists: true },
    );
  }
  const missing: ValidationDetails = {};
  for (const field of ['first_name', 'last_name', 'password', 'password_confirm'] as const) {
    if (!input[field]) missing[field] = ['This field is required'];
  }
  if (Object.keys(missing).length > 0) throw validationError(missing);
  assertAcceptablePassword(input.password ?? '', 'password', {
    email,
    firstName: input.first_name ?? '',
    lastName: input.last_name ?? '',
  });
  return { kind: 'new', passwordHash: await hashPassword(input.password ?? '') };
}

/**
 * POST /auth/invitations/accept/: the membership (same id) becomes `joined` with the account,
 * the link is used up, and the answer is that of sign-in, in the invitation's organisation.
 */
export async function acceptInvitation(
  deps: AppDeps,
  meta: RequestMeta,
  auth: AccessClaims | null,
  input: z.output<typeof acceptInvitationSchema>,
): Promise<AuthResult> {
  if (meta.ip) await deps.throttle.consume(INVITATION_THROTTLES.acceptPerAddress, meta.ip);
  const acceptor = await resolveAcceptor(deps, auth, input);
  const result = await deps.db
    .transaction(async (tx) => {
      const found = await findInvitation(tx, input.token, auth?.userId ?? null);
      const now = new Date();
      // Claim the link atomically: of two concurrent accepts, one wins and the other sees it used.
      const [claimed] = await tx
        .update(invitationTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(invitationTokens.id, found.token.id),
            isNull(invitationTokens.usedAt),
            isNull(invitationTokens.revokedAt),
            gt(invitationTokens.expiresAt, now),
          ),
        )
        .returning({ id: invitationTokens.id });
      if (!claimed) {
        assertPending(await findInvitation(tx, input.token, auth?.userId ?? null));
        throw new AppError('INVITATION_USED');
      }
      const m = found.membership;
      const userId =
        acceptor.kind === 'existing'
          ? acceptor.userId
          : await createInvitedUser(tx, meta, {
              email: m.invitedEmail,
              firstName: input.first_name ?? '',
              lastName: input.last_name ?? '',
              passwordHash: acceptor.passwordHash,
              language: found.organization.settings.default_language,
            });
      const [joined] = await tx
        .update(memberships)
        .set({ userId, status: 'joined', joinedAt: now })
        .where(and(eq(memberships.id, m.id), eq(memberships.status, 'invited')))
        .returning({ id: memberships.id })
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) throw new AppError('CONFLICT', 'You are already a member of this organization.');
          throw err;
        });
      if (!joined) throw new AppError('INVITATION_USED');
      const [user] = await tx
        .update(users)
        .set({ currentOrganizationId: m.organizationId, lastLoginAt: now })
        .where(eq(users.id, userId))
        .returning();
      if (!user) throw new Error('accepting user vanished');
      await recordAudit(tx, meta, {
        action: 'invitation.accepted',
        userId,
        organizationId: m.organizationId,
        targetType: 'membership',
        targetId: m.id,
        metadata: { role: m.role, new_account: acceptor.kind === 'new' },
      });
      const session = await startSession(tx, userId, meta);
      const orgs = await membershipsOf(tx, userId);
      // Last, in the organisation's scope (notifications are tenant rows): the inviter and owners hear of it.
      await setScope(tx, { organizationId: m.organizationId, userId });
      await notifyInvitationAccepted(tx, m.organizationId, {
        membershipId: m.id,
        userId,
        invitedBy: m.invitedBy,
        name: `${user.firstName} ${user.lastName}`.trim(),
        email: user.email,
        role: m.role,
      });
      return { user, orgs, session };
    })
    .catch((err: unknown) => {
      // Another request made an account with this email in the meantime.
      if (isUniqueViolation(err) && acceptor.kind === 'new') {
        throw new AppError(
          'NOT_AUTHENTICATED',
          'An account already exists for this email. Sign in to accept the invitation.',
        );
      }
      throw err;
    });
  deps.meCache.invalidate(result.user.id);
  return {
    user: toUser(result.user),
    organization: pickCurrent(result.user, result.orgs),
    access: await deps.tokens.signAccess(result.user.id, result.session.familyId),
    refresh: result.session.refresh,
  };
}

/** The invitee's new account; the mailed link proved the address, so it starts verified. */
async function createInvitedUser(
  tx: Tx,
  meta: RequestMeta,
  input: { email: string; firstName: string; lastName: string; passwordHash: string; language: 'en' | 'sv' },
): Promise<string> {
  const now = new Date();
  const [user] = await tx
    .insert(users)
    .values({
      email: input.email,
      passwordHash: input.passwordHash,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      emailVerifiedAt: now,
      passwordChangedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('user insert returned no row');
  // They join an organisation that is already set up: the new-organisation wizard (first event,
  // forms) is not theirs to do, so it starts skipped (the Setup guide stays in the menu).
  await tx.insert(userOnboarding).values({ userId: user.id, currentStep: 'complete', skipped: true, completedAt: now });
  await recordAudit(tx, meta, {
    action: 'auth.registered',
    userId: user.id,
    targetType: 'user',
    targetId: user.id,
    metadata: { via: 'invitation' },
  });
  return user.id;
}
