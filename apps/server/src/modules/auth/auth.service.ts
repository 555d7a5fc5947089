import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AuthResult, Me, MembershipSummary, User } from '@leadcapture/contracts/auth';
import type {
  changePasswordSchema,
  deleteAccountSchema,
  loginSchema,
  registerSchema,
  resetConfirmSchema,
  updateMeSchema,
} from '@leadcapture/contracts/auth';
import type { ProfileLanguage } from '@leadcapture/contracts/constants';
import type { z } from 'zod';
import { isUniqueViolation, queryRows, type Queryable, type Tx } from '../../db/database.ts';
import { inScope, setScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, validationError } from '../../http/errors.ts';
import type { ThrottleRule } from '../../http/throttle.ts';
import { enqueue } from '../../jobs/outbox.ts';
import type { MailTemplate } from '../../mail/templates.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { purgeOrganizationFiles } from '../files/files.service.ts';
import { userOnboarding } from '../onboarding/onboarding.table.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import { createOrganization, deleteOrganizationWithin, planDeparture } from '../organizations/organizations.service.ts';
import { readRuntimeSettings } from '../settings/settings.service.ts';
import { refreshTokens, users, userTokens, type UserTokenPurpose } from './auth.table.ts';
import { assertAcceptablePassword, decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
import {
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  hashToken,
  newOpaqueToken,
  type AccessClaims,
} from './tokens.ts';

// The module's public surface for other modules (docs/architecture.md, "Modules"): what they may
// use of its other files.
export { assertAcceptablePassword, decoyPasswordHash, hashPassword, verifyPassword } from './passwords.ts';
export { hashToken, newOpaqueToken, type AccessClaims } from './tokens.ts';
export { setRefreshCookie } from './session-cookie.ts';

type UserRow = typeof users.$inferSelect;

const HOUR_MS = 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = HOUR_MS;
const VERIFY_TOKEN_TTL_MS = 48 * HOUR_MS;

/**
 * Throttles (fixed windows). Sign-in failures are never counted per account alone: anyone could
 * then lock the owner out by typing wrong passwords. They count per account-and-address, which
 * slows down (never locks) guessing from one address while the owner signs in from theirs, and
 * per address across accounts, which stops one address trying a few passwords on many accounts.
 */
export const THROTTLES = {
  loginPerAddress: { name: 'login-ip', limit: 60, windowSeconds: 5 * 60 },
  loginFailuresPerAddress: { name: 'login-fail-ip', limit: 20, windowSeconds: 15 * 60 },
  /** Failures of one account from one address; past `limit` each further one adds a wait. */
  loginFailuresPerAccountAddress: { name: 'login-fail-account-ip', limit: 5, windowSeconds: 60 * 60 },
  /** The wait itself (held by `throttle.hold`), doubling from 1 s per failure up to 5 minutes. */
  loginDelay: { name: 'login-delay', limit: 1, windowSeconds: 1 },
  resetPerAccount: { name: 'reset-account', limit: 3, windowSeconds: 15 * 60 },
  resetPerAddress: { name: 'reset-ip', limit: 20, windowSeconds: 15 * 60 },
  resendPerAccount: { name: 'resend-account', limit: 3, windowSeconds: 15 * 60 },
  resendPerAddress: { name: 'resend-ip', limit: 20, windowSeconds: 15 * 60 },
  registerPerAddress: { name: 'register-ip', limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, ThrottleRule>;

export const GENERIC_RESET_DETAIL =
  'If an account exists for this email, we have sent instructions to reset the password.';
export const GENERIC_RESEND_DETAIL =
  'If this email belongs to an account that is not yet verified, we have sent a new verification link.';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    phone: row.phone,
    job_title: row.jobTitle,
    timezone: row.timezone,
    language: row.language,
    date_joined: row.createdAt.toISOString(),
    email_verified: row.emailVerifiedAt !== null,
  };
}

/**
 * Verifies an access token and that the session it names is still open: not signed out, not
 * revoked by a reused refresh token, a password change or reset, not expired, its user active.
 * Every authenticated request comes here, so the answer is cached for seconds per session and
 * dropped by `meCache.invalidate` whenever the user's sessions change (in every process).
 */
export async function authenticate(deps: AppDeps, token: string): Promise<AccessClaims> {
  const claims = await deps.tokens.verifyAccess(token);
  const open = await deps.meCache.sessionOpen(claims.userId, claims.sessionId, async () => {
    const [row] = await deps.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.familyId, claims.sessionId),
          eq(refreshTokens.userId, claims.userId),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
    return row !== undefined;
  });
  if (!open) throw new AppError('TOKEN_INVALID', 'The session has ended. Please sign in again.');
  return claims;
}

/** Starts a session (a refresh-token family); its access token is signed after commit. */
export async function startSession(tx: Tx, userId: string, meta: RequestMeta) {
  const familyId = randomUUID();
  return { familyId, refresh: (await issueRefresh(tx, userId, familyId, meta)).token };
}

async function issueRefresh(
  tx: Tx,
  userId: string,
  familyId: string,
  meta: RequestMeta,
): Promise<{ token: string; id: string }> {
  const { token, hash } = newOpaqueToken();
  const [row] = await tx
    .insert(refreshTokens)
    .values({
      userId,
      familyId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      ipAddress: meta.ip,
      userAgent: meta.userAgent.slice(0, 500),
    })
    .returning({ id: refreshTokens.id });
  if (!row) throw new Error('refresh token insert returned no row');
  return { token, id: row.id };
}

/** A single-use mailed token; earlier unused ones of the same purpose stop working. */
async function issueUserToken(tx: Tx, userId: string, purpose: UserTokenPurpose, ttlMs: number) {
  await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
  const { token, hash } = newOpaqueToken();
  await tx.insert(userTokens).values({ userId, purpose, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/** Marks a mailed token used, atomically; answers its user or throws on a bad, used or old token. */
async function consumeUserToken(tx: Tx, token: string, purpose: UserTokenPurpose, message: string) {
  const [row] = await tx
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: userTokens.userId });
  if (!row) throw validationError({ token: [message] }, message);
  return row.userId;
}

async function queueMail(
  deps: AppDeps,
  tx: Tx,
  user: Pick<UserRow, 'email' | 'firstName' | 'language'>,
  template: MailTemplate,
  path: string,
  token: string,
) {
  const link = `${deps.config.publicUrl}${user.language === 'sv' ? '/sv' : ''}${path}?token=${encodeURIComponent(token)}`;
  await enqueue(tx, {
    kind: 'mail.send',
    payload: { template, to: user.email, language: user.language, name: user.firstName, link },
  });
}

export async function membershipsOf(q: Queryable, userId: string): Promise<MembershipSummary[]> {
  return q
    .select({ id: organizations.id, name: organizations.name, slug: organizations.slug, role: memberships.role })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'joined')))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

export function pickCurrent(user: UserRow, orgs: MembershipSummary[]): MembershipSummary | null {
  return orgs.find((o) => o.id === user.currentOrganizationId) ?? orgs[0] ?? null;
}

/** Register: user, organisation named after the company, owner membership, trial, session. */
export async function register(
  deps: AppDeps,
  meta: RequestMeta,
  input: z.output<typeof registerSchema>,
): Promise<AuthResult> {
  if (meta.ip) await deps.throttle.consume(THROTTLES.registerPerAddress, meta.ip);
  // Staff admins may close sign-ups at run time (modules/settings); invitations still work.
  if (!(await readRuntimeSettings(deps.db)).signups_open) {
    throw new AppError('PERMISSION_DENIED', 'Sign-ups are closed at the moment. Please try again later.');
  }
  assertAcceptablePassword(input.password, 'password', {
    email: input.email,
    firstName: input.first_name,
    lastName: input.last_name,
  });
  const passwordHash = await hashPassword(input.password);
  try {
    const result = await deps.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.first_name,
          lastName: input.last_name,
          language: input.language ?? 'en',
          newsletterOptIn: input.newsletter_opt_in,
          termsAcceptedAt: new Date(),
          passwordChangedAt: new Date(),
        })
        .returning();
      if (!user) throw new Error('user insert returned no row');
      const org = await createOrganization(tx, meta, {
        name: input.company_name,
        ownerId: user.id,
        billingEmail: input.email,
      });
      const [updated] = await tx
        .update(users)
        .set({ currentOrganizationId: org.id, lastLoginAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await recordAudit(tx, meta, {
        action: 'auth.registered',
        userId: user.id,
        targetType: 'user',
        targetId: user.id,
      });
      const token = await issueUserToken(tx, user.id, 'email_verification', VERIFY_TOKEN_TTL_MS);
      await queueMail(deps, tx, user, 'verify_email', '/auth/verify-email', token);
      const session = await startSession(tx, user.id, meta);
      return {
        user: toUser(updated ?? user),
        organization: { id: org.id, name: org.name, slug: org.slug, role: 'owner' as const },
        session,
      };
    });
    deps.outbox.kick();
    const { session, ...rest } = result;
    return {
      ...rest,
      access: await deps.tokens.signAccess(rest.user.id, session.familyId),
      refresh: session.refresh,
    };
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', 'A user with this email already exists.', {
        email: ['A user with this email already exists.'],
      });
    }
    throw err;
  }
}

const LOGIN_MAX_DELAY_SECONDS = 5 * 60;

/** Refuses a password attempt (429 + Retry-After) while its address is held back. */
async function checkPasswordAttempt(deps: AppDeps, meta: RequestMeta, email: string): Promise<void> {
  if (meta.ip) await deps.throttle.check(THROTTLES.loginFailuresPerAddress, meta.ip);
  await deps.throttle.check(THROTTLES.loginDelay, `${email}|${meta.ip ?? ''}`);
}

/**
 * Counts a wrong password. The first few from an address cost nothing; then each one makes
 * that address wait 1, 2, 4, … s (at most 5 minutes) before its next try at this account.
 */
async function recordPasswordFailure(deps: AppDeps, meta: RequestMeta, email: string): Promise<void> {
  const pair = `${email}|${meta.ip ?? ''}`;
  if (meta.ip) await deps.throttle.record(THROTTLES.loginFailuresPerAddress, meta.ip);
  const failures = await deps.throttle.record(THROTTLES.loginFailuresPerAccountAddress, pair);
  const over = failures - THROTTLES.loginFailuresPerAccountAddress.limit;
  if (over > 0) {
    await deps.throttle.hold(THROTTLES.loginDelay, pair, Math.min(2 ** (over - 1), LOGIN_MAX_DELAY_SECONDS));
  }
}

async function clearPasswordFailures(deps: AppDeps, meta: RequestMeta, email: string): Promise<void> {
  await deps.throttle.clear(THROTTLES.loginFailuresPerAccountAddress, `${email}|${meta.ip ?? ''}`);
}

/** The user's current organisation when they are still a joined member of it, else null. */
async function joinedCurrentOrganization(
  deps: AppDeps,
  userId: string,
  current: string | null,
): Promise<string | null> {
  if (current === null) return null;
  const [row] = await inScope(deps.db, { userId }, (tx) =>
    tx
      .select({ id: memberships.organizationId })
      .from(memberships)
      .where(
        and(eq(memberships.userId, userId), eq(memberships.organizationId, current), eq(memberships.status, 'joined')),
      ),
  );
  return row?.id ?? null;
}

export async function login(
  deps: AppDeps,
  meta: RequestMeta,
  input: z.output<typeof loginSchema>,
): Promise<AuthResult> {
  if (meta.ip) await deps.throttle.consume(THROTTLES.loginPerAddress, meta.ip);
  await checkPasswordAttempt(deps, meta, input.email);

  const [user] = await deps.db.select().from(users).where(eq(users.email, input.email));
  // Verify against a decoy when there is no such user: same cost, no account enumeration.
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid || !user.isActive) {
    await recordPasswordFailure(deps, meta, input.email);
    // A known account's failure belongs to the organisation it would open, whose owners read it.
    const organizationId = user ? await joinedCurrentOrganization(deps, user.id, user.currentOrganizationId) : null;
    await deps.db.transaction(async (tx) => {
      await setScope(tx, { organizationId, userId: user?.id ?? null });
      await recordAudit(tx, meta, {
        action: 'auth.login_failed',
        userId: user?.id ?? null,
        organizationId,
        targetType: 'user',
        targetId: user?.id ?? '',
        metadata: {
          email: input.email,
          reason: !user ? 'unknown_email' : !user.isActive ? 'inactive' : 'bad_password',
        },
      });
    });
    throw new AppError('INVALID_CREDENTIALS');
  }
  await clearPasswordFailures(deps, meta, input.email);

  // Sign-in is the hottest write path: its three writes and the read of the user's
  // organisations are one statement, auth_sign_in (db/functions/auth_sign_in.sql), which scopes itself to the
  // user; on PGlite each statement costs the one connection a round trip (decision 006). The
  // access token is signed after commit.
  const familyId = randomUUID();
  const refresh = newOpaqueToken();
  const expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000).toISOString();
  const orgs = await queryRows<MembershipSummary>(
    deps.db,
    sql`select * from auth_sign_in(${user.id}, ${familyId}, ${refresh.hash}, ${expiresAt},
                                   ${meta.ip}, ${meta.userAgent.slice(0, 500)})`,
  );
  return {
    user: toUser(user),
    organization: pickCurrent(user, orgs),
    access: await deps.tokens.signAccess(user.id, familyId),
    refresh: refresh.token,
  };
}

/**
 * Rotates a refresh token. A token that was already rotated, presented again, means it was
 * copied: the whole family (the session) is revoked and the caller must sign in again. Except
 * within REFRESH_REUSE_GRACE_SECONDS of its rotation while its successor was never presented:
 * then the answer of that rotation was lost (a reload, a cut connection), and the token rotates
 * again; the unpresented successor is retired, and reads as reuse if it ever comes back.
 */
export async function refresh(deps: AppDeps, meta: RequestMeta, token: string) {
  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    if (!row || row.revokedAt || row.expiresAt <= new Date()) return { error: 'invalid' as const };
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    // Already used: within the grace, and while its successor was never presented, a retry.
    const graced = claimed ? undefined : await retireUnpresentedSuccessor(tx, row.id);
    if (!claimed && !graced) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
      await recordAudit(tx, meta, {
        action: 'auth.refresh_reuse_detected',
        userId: row.userId,
        targetType: 'session',
        targetId: row.familyId,
      });
      return { error: 'reused' as const, userId: row.userId };
    }
    const [user] = await tx.select({ isActive: users.isActive }).from(users).where(eq(users.id, row.userId));
    if (!user?.isActive) return { error: 'invalid' as const };
    const next = await issueRefresh(tx, row.userId, row.familyId, meta);
    await tx.update(refreshTokens).set({ replacedBy: next.id }).where(eq(refreshTokens.id, row.id));
    await recordAudit(tx, meta, {
      action: 'auth.token_refreshed',
      userId: row.userId,
      targetType: 'session',
      targetId: row.familyId,
      ...(graced ? { metadata: { within_grace: true } } : {}),
    });
    return { userId: row.userId, familyId: row.familyId, refresh: next.token };
  });
  if ('error' in outcome) {
    // The family's access tokens stop working at once, here and in every other process.
    if (outcome.error === 'reused') deps.meCache.invalidate(outcome.userId);
    throw new AppError(
      'TOKEN_INVALID',
      outcome.error === 'reused'
        ? 'Refresh token was already used; the session has been ended.'
        : 'Token is invalid or expired',
    );
  }
  return { access: await deps.tokens.signAccess(outcome.userId, outcome.familyId), refresh: outcome.refresh };
}

/**
 * The grace of a used refresh token (decision 003): when it was rotated within
 * REFRESH_REUSE_GRACE_SECONDS and its successor was never presented, the successor is marked
 * used (it can no longer be rotated; presented, it reads as reuse) and true is answered. The
 * token's row is locked first, so two retries of one token take turns and each retires the
 * successor the one before issued: only the latest rotation holds.
 */
async function retireUnpresentedSuccessor(tx: Tx, tokenId: string): Promise<boolean> {
  const [token] = await tx
    .select({ replacedBy: refreshTokens.replacedBy })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.id, tokenId),
        gt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${REFRESH_REUSE_GRACE_SECONDS})`),
      ),
    )
    .for('update');
  if (!token?.replacedBy) return false;
  const [retired] = await tx
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, token.replacedBy), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return retired !== undefined;
}

/** Ends the session the refresh token belongs to. Unknown or foreign tokens change nothing. */
export async function logout(deps: AppDeps, meta: RequestMeta, userId: string, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, hashToken(token)), eq(refreshTokens.userId, userId)));
    if (row) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
    }
    await recordAudit(tx, meta, {
      action: 'auth.logout',
      userId,
      targetType: 'session',
      targetId: row?.familyId ?? '',
    });
  });
  deps.meCache.invalidate(userId);
}

async function loadUser(q: Queryable, userId: string): Promise<UserRow> {
  const [user] = await q.select().from(users).where(eq(users.id, userId));
  if (!user || !user.isActive) throw new AppError('NOT_AUTHENTICATED', 'User not found or inactive');
  return user;
}

export async function me(deps: AppDeps, userId: string): Promise<Me> {
  return deps.meCache.get(userId, () =>
    inScope(deps.db, { userId }, async (tx) => {
      const [row] = await tx
        .select({ user: users, onboardedAt: userOnboarding.completedAt })
        .from(users)
        .leftJoin(userOnboarding, eq(userOnboarding.userId, users.id))
        .where(eq(users.id, userId));
      if (!row?.user.isActive) throw new AppError('NOT_AUTHENTICATED', 'User not found or inactive');
      const orgs = await membershipsOf(tx, userId);
      return {
        ...toUser(row.user),
        organizations: orgs,
        current_organization: pickCurrent(row.user, orgs),
        onboarding_completed: row.onboardedAt != null,
      };
    }),
  );
}

export async function updateMe(
  deps: AppDeps,
  meta: RequestMeta,
  userId: string,
  input: z.output<typeof updateMeSchema>,
) {
  await deps.db.transaction(async (tx) => {
    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.first_name !== undefined) changes.firstName = input.first_name;
    if (input.last_name !== undefined) changes.lastName = input.last_name;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.job_title !== undefined) changes.jobTitle = input.job_title;
    if (input.timezone !== undefined) changes.timezone = input.timezone;
    if (input.language !== undefined) changes.language = input.language;
    if (Object.keys(changes).length === 0) return;
    await tx.update(users).set(changes).where(eq(users.id, userId));
    await recordAudit(tx, meta, {
      action: 'auth.profile_updated',
      userId,
      targetType: 'user',
      targetId: userId,
      metadata: { fields: Object.keys(input) },
    });
  });
  // After commit: a load that raced the write cannot be cached past this point.
  deps.meCache.invalidate(userId);
  return me(deps, userId);
}

export async function setLanguage(deps: AppDeps, userId: string, language: ProfileLanguage) {
  await deps.db.update(users).set({ language }).where(eq(users.id, userId));
  deps.meCache.invalidate(userId);
  return { language };
}

/** Changes the password and ends every other session; the calling session stays signed in. */
export async function changePassword(
  deps: AppDeps,
  meta: RequestMeta,
  auth: { userId: string; sessionId: string },
  input: z.output<typeof changePasswordSchema>,
): Promise<void> {
  const user = await loadUser(deps.db, auth.userId);
  // A wrong current password is a password guess (a stolen access token): counted like sign-ins.
  await checkPasswordAttempt(deps, meta, user.email);
  if (!(await verifyPassword(user.passwordHash, input.current_password))) {
    await recordPasswordFailure(deps, meta, user.email);
    throw validationError({ current_password: ['Current password is incorrect'] });
  }
  if (input.new_password === input.current_password) {
    throw validationError({ new_password: ['The new password must differ from the current one'] });
  }
  assertAcceptablePassword(input.new_password, 'new_password', { email: user.email });
  const passwordHash = await hashPassword(input.new_password);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, auth.userId));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshTokens.userId, auth.userId),
          ne(refreshTokens.familyId, auth.sessionId),
          isNull(refreshTokens.revokedAt),
        ),
      );
    await recordAudit(tx, meta, {
      action: 'auth.password_changed',
      userId: auth.userId,
      targetType: 'user',
      targetId: auth.userId,
    });
  });
  // The other sessions' access tokens stop working at once (the cache is per session).
  deps.meCache.invalidate(auth.userId);
}

/** Always the same answer, known email or not (no account enumeration). */
export async function requestPasswordReset(deps: AppDeps, meta: RequestMeta, email: string): Promise<void> {
  if (meta.ip) await deps.throttle.consume(THROTTLES.resetPerAddress, meta.ip);
  await deps.throttle.consume(THROTTLES.resetPerAccount, email);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    await recordAudit(tx, meta, {
      action: 'auth.password_reset_requested',
      userId: user?.id ?? null,
      targetType: 'user',
      targetId: user?.id ?? '',
      metadata: user ? {} : { email, unknown: true },
    });
    if (!user || !user.isActive) return;
    const token = await issueUserToken(tx, user.id, 'password_reset', RESET_TOKEN_TTL_MS);
    await queueMail(deps, tx, user, 'password_reset', '/auth/reset-password', token);
  });
  deps.outbox.kick();
}

/** Sets the new password, ends every session and, as the mailbox was proven, verifies the email. */
export async function confirmPasswordReset(
  deps: AppDeps,
  meta: RequestMeta,
  input: z.output<typeof resetConfirmSchema>,
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  await deps.db
    .transaction(async (tx) => {
      const userId = await consumeUserToken(tx, input.token, 'password_reset', 'Reset link is invalid or has expired');
      const user = await loadUser(tx, userId);
      assertAcceptablePassword(input.password, 'password', { email: user.email });
      await tx
        .update(users)
        .set({ passwordHash, passwordChangedAt: new Date(), emailVerifiedAt: user.emailVerifiedAt ?? new Date() })
        .where(eq(users.id, userId));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
      await recordAudit(tx, meta, { action: 'auth.password_reset', userId, targetType: 'user', targetId: userId });
      return userId;
    })
    .then((userId) => deps.meCache.invalidate(userId));
}

export async function verifyEmail(deps: AppDeps, meta: RequestMeta, token: string): Promise<void> {
  await deps.db
    .transaction(async (tx) => {
      const userId = await consumeUserToken(
        tx,
        token,
        'email_verification',
        'Verification failed. The link may have expired or is invalid.',
      );
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
        .where(eq(users.id, userId));
      await recordAudit(tx, meta, { action: 'auth.email_verified', userId, targetType: 'user', targetId: userId });
      return userId;
    })
    .then((userId) => deps.meCache.invalidate(userId));
}

export async function resendVerification(deps: AppDeps, meta: RequestMeta, email: string): Promise<void> {
  if (meta.ip) await deps.throttle.consume(THROTTLES.resendPerAddress, meta.ip);
  await deps.throttle.consume(THROTTLES.resendPerAccount, email);
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.email, email));
    if (!user || !user.isActive || user.emailVerifiedAt) return;
    const token = await issueUserToken(tx, user.id, 'email_verification', VERIFY_TOKEN_TTL_MS);
    await queueMail(deps, tx, user, 'verify_email', '/auth/verify-email', token);
    await recordAudit(tx, meta, {
      action: 'auth.verification_resent',
      userId: user.id,
      targetType: 'user',
      targetId: user.id,
    });
  });
  deps.outbox.kick();
}

/** Sets the organisation the user works in by default (the organisation switcher). */
export async function switchOrganization(deps: AppDeps, meta: RequestMeta, userId: string, organizationId: string) {
  await inScope(deps.db, { userId }, async (tx) => {
    const [m] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.organizationId, organizationId),
          eq(memberships.status, 'joined'),
        ),
      );
    if (!m) throw new AppError('NOT_FOUND', 'Organization not found');
    await tx.update(users).set({ currentOrganizationId: organizationId }).where(eq(users.id, userId));
    await recordAudit(tx, meta, {
      action: 'auth.organization_switched',
      userId,
      targetType: 'organization',
      targetId: organizationId,
    });
  });
  deps.meCache.invalidate(userId);
  return me(deps, userId);
}

/**
 * POST /auth/delete-account/: deletes the user after checking the password, in one transaction.
 * Organisations the user is the only member of are deleted with the account; being the last
 * owner of one that has other members refuses the whole deletion (409), naming them, as those
 * members would be left with no one able to manage it. Sessions and mailed tokens go with the
 * user row (cascade); the audit log keeps the record of what happened.
 */
export async function deleteAccount(
  deps: AppDeps,
  meta: RequestMeta,
  userId: string,
  input: z.output<typeof deleteAccountSchema>,
): Promise<{ deleted_organizations: string[] }> {
  const user = await loadUser(deps.db, userId);
  // A password check is a password guess: counted like failed sign-ins of the account.
  await checkPasswordAttempt(deps, meta, user.email);
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await recordPasswordFailure(deps, meta, user.email);
    throw validationError({ password: ['Password is incorrect'] }, 'Password is incorrect');
  }
  const deleted = await inScope(deps.db, { userId }, async (tx) => {
    const [locked] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!locked) throw new AppError('NOT_AUTHENTICATED', 'User not found or inactive');
    const plan = await planDeparture(tx, userId);
    if (plan.blocking.length > 0) {
      const names = plan.blocking.map((o) => o.name);
      throw new AppError(
        'CONFLICT',
        `You are the only owner of ${names.map((n) => `"${n}"`).join(', ')}, which ${names.length === 1 ? 'has' : 'have'} other members. Transfer ownership or delete the organization first.`,
        { organizations: names, organization_ids: plan.blocking.map((o) => o.id) },
      );
    }
    for (const org of plan.leave) {
      await setScope(tx, { organizationId: org.id, userId });
      await recordAudit(tx, meta, {
        action: 'membership.deleted',
        userId,
        organizationId: org.id,
        targetType: 'membership',
        targetId: userId,
        metadata: { role: org.role, reason: 'account_deleted' },
      });
    }
    for (const org of plan.deleteWithUser) {
      await deleteOrganizationWithin(tx, meta, org, userId, 'account_deleted');
    }
    await setScope(tx, { userId });
    const deletedIds = plan.deleteWithUser.map((o) => o.id);
    await recordAudit(tx, meta, {
      action: 'auth.account_deleted',
      userId,
      targetType: 'user',
      targetId: userId,
      metadata: { deleted_organizations: deletedIds, left_organizations: plan.leave.map((o) => o.id) },
    });
    // Cascades: sessions (refresh tokens), mailed tokens, memberships, onboarding; the user's
    // uploads stay with their organisations (uploaded_by becomes null).
    await tx.delete(users).where(eq(users.id, userId));
    return deletedIds;
  });
  deps.meCache.invalidate(userId);
  await purgeOrganizationFiles(deps, deleted);
  return { deleted_organizations: deleted };
}
