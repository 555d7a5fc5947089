import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  IMPERSONATION_MAX_MINUTES,
  type AccessGrant,
  type ImpersonationStatus,
  type impersonateSchema,
} from '@leadcapture/contracts/staff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Tx } from '../../db/database.ts';
import type { ImpersonationIdentity } from '../../http/auth-hook.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, notFound, validationError } from '../../http/errors.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { authenticate, type AccessClaims } from '../auth/auth.service.ts';
import { users } from '../auth/auth.table.ts';
import { memberships } from '../organizations/organizations.table.ts';
import { staffTransaction, type StaffIdentity } from './staff-auth.ts';
import { staffImpersonations, staffUsers } from './staff.table.ts';

const API = '/api/v1';

/**
 * Starts an impersonation (03-decisions §4c, decision 028): a reason, read-only unless `write`
 * (staff admins only), at most 60 minutes, never of a staff member's own address, never of a
 * user in no organisation. The staff member's earlier open impersonation ends: one at a time.
 */
export async function startImpersonation(
  deps: AppDeps,
  meta: RequestMeta,
  staff: StaffIdentity,
  input: z.output<typeof impersonateSchema>,
): Promise<AccessGrant> {
  if (input.mode === 'write' && staff.role !== 'admin') {
    throw new AppError('PERMISSION_DENIED', 'Only staff admins may impersonate in write mode.', {
      reason: 'write_needs_admin',
    });
  }
  const expiresAt = new Date(Date.now() + IMPERSONATION_MAX_MINUTES * 60_000);
  const row = await staffTransaction(deps.db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.user_id));
    if (!user) throw notFound('User');
    const [staffTwin] = await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, user.email));
    if (staffTwin) {
      throw new AppError('PERMISSION_DENIED', 'A staff account cannot be impersonated.', { reason: 'staff_account' });
    }
    if (!user.isActive) {
      throw new AppError('CONFLICT', 'This user is locked; unlock the account first.', { reason: 'user_locked' });
    }
    const joined = await tx
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .where(and(eq(memberships.userId, user.id), eq(memberships.status, 'joined')));
    const organizationId =
      joined.find((m) => m.organizationId === user.currentOrganizationId)?.organizationId ?? joined[0]?.organizationId;
    if (!organizationId) {
      throw validationError({ user_id: ['This user belongs to no organization: there is nothing to see as them.'] });
    }
    await tx
      .update(staffImpersonations)
      .set({ endedAt: new Date() })
      .where(and(eq(staffImpersonations.staffUserId, staff.id), isNull(staffImpersonations.endedAt)));
    const [created] = await tx
      .insert(staffImpersonations)
      .values({
        staffUserId: staff.id,
        userId: user.id,
        targetOrganizationId: organizationId,
        reason: input.reason,
        mode: input.mode,
        expiresAt,
      })
      .returning();
    if (!created) throw new Error('insert returned no row');
    await recordAudit(tx, meta, {
      action: 'staff.impersonation_started',
      userId: user.id,
      staffUserId: staff.id,
      impersonationId: created.id,
      organizationId,
      targetType: 'user',
      targetId: user.id,
      metadata: { reason: input.reason, mode: input.mode, staff_email: staff.email },
    });
    return created;
  });
  return {
    access: await deps.staffTokens.signImpersonation(row.userId, row.id, row.expiresAt),
    expires_at: row.expiresAt.toISOString(),
  };
}

type OpenImpersonation = typeof staffImpersonations.$inferSelect;

async function openImpersonation(tx: Tx | AppDeps['db'], id: string): Promise<OpenImpersonation | undefined> {
  const [row] = await tx
    .select({ imp: staffImpersonations })
    .from(staffImpersonations)
    .innerJoin(staffUsers, eq(staffUsers.id, staffImpersonations.staffUserId))
    .where(
      and(
        eq(staffImpersonations.id, id),
        isNull(staffImpersonations.endedAt),
        gt(staffImpersonations.expiresAt, new Date()),
        eq(staffUsers.isActive, true),
      ),
    );
  return row?.imp;
}

/**
 * The tenant API's authentication: an impersonation token while its row is open (ended by exit,
 * by its 60 minutes, or by the staff member's deactivation), else an ordinary session token.
 */
export async function authenticateTenant(
  deps: AppDeps,
  token: string,
): Promise<AccessClaims & { impersonation: ImpersonationIdentity | null }> {
  if (!deps.staffTokens.isImpersonation(token)) return { ...(await authenticate(deps, token)), impersonation: null };
  const claims = await deps.staffTokens.verifyImpersonation(token);
  const row = await openImpersonation(deps.db, claims.impersonationId);
  if (!row || row.userId !== claims.userId) {
    throw new AppError('TOKEN_INVALID', 'The impersonation has ended.');
  }
  return {
    userId: row.userId,
    sessionId: row.id,
    exp: claims.exp,
    impersonation: {
      id: row.id,
      staffUserId: row.staffUserId,
      organizationId: row.targetOrganizationId,
      mode: row.mode,
      reason: row.reason,
    },
  };
}

/** Routes no impersonation reaches, whatever its mode: API keys, and the sign-in machinery. */
const NEVER = [`${API}/auth/api-keys/`];
/**
 * Writes a `write` impersonation may still not make: passwords, account deletion, email and
 * profile of the account, organisation switching, billing, and deleting an organisation.
 */
const NEVER_WRITE = [
  `${API}/auth/change-password/`,
  `${API}/auth/delete-account/`,
  `${API}/auth/password/`,
  `${API}/auth/me/`,
  `${API}/auth/switch-organization/`,
  `${API}/auth/register/`,
  `${API}/auth/login/`,
  `${API}/auth/refresh/`,
  `${API}/billing/`,
];
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request under impersonation may run, and why not (decision 028). */
export function impersonationRefusal(method: string, routeUrl: string, imp: ImpersonationIdentity): string | null {
  if (NEVER.some((p) => routeUrl.startsWith(p))) return 'API keys are not available while impersonating.';
  if (READ_METHODS.has(method)) return null;
  if (imp.mode === 'read') return 'This is a read-only impersonation: changes are not allowed.';
  if (NEVER_WRITE.some((p) => routeUrl.startsWith(p))) {
    return 'Passwords, sign-in, billing and account deletion cannot be changed while impersonating.';
  }
  if (method === 'DELETE' && routeUrl.startsWith(`${API}/organizations/`)) {
    return 'An organization cannot be deleted while impersonating.';
  }
  return null;
}

/**
 * onRequest, after authentication: applies the impersonation's rules and pins the organisation
 * to the one it started in (a header naming another answers 404 like any foreign id).
 */
export function impersonationGuard() {
  return async (request: FastifyRequest) => {
    const imp = request.auth?.impersonation;
    if (!imp) return;
    const refusal = impersonationRefusal(request.method, request.routeOptions.url ?? request.url, imp);
    if (refusal) throw new AppError('PERMISSION_DENIED', refusal, { impersonation: true });
    const header = request.headers['x-organization-id'];
    if (typeof header === 'string' && header !== '' && header !== imp.organizationId) throw notFound('Organization');
    request.headers['x-organization-id'] = imp.organizationId;
  };
}

/**
 * onSend: every request under impersonation is audited with both identities and the reason,
 * before its answer leaves (so the record exists by the time the caller sees the result).
 */
export function auditImpersonatedRequests(deps: AppDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const auth = request.auth;
    const imp = auth?.impersonation;
    if (!auth || !imp) return payload;
    try {
      await deps.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.organization_id', ${imp.organizationId}, true)`);
        await tx
          .update(staffImpersonations)
          .set({ requestCount: sql`${staffImpersonations.requestCount} + 1` })
          .where(eq(staffImpersonations.id, imp.id));
        await recordAudit(
          tx,
          { ip: request.ip || null, userAgent: request.headers['user-agent'] ?? '' },
          {
            action: 'impersonation.request',
            userId: auth.userId,
            staffUserId: imp.staffUserId,
            impersonationId: imp.id,
            organizationId: imp.organizationId,
            targetType: 'request',
            targetId: `${request.method} ${request.routeOptions.url ?? ''}`.slice(0, 300),
            metadata: {
              method: request.method,
              path: request.url.split('?')[0]?.slice(0, 300) ?? '',
              status: reply.statusCode,
              reason: imp.reason,
              mode: imp.mode,
            },
          },
        );
      });
    } catch (err) {
      request.log.error({ err }, 'could not audit a request made under impersonation');
    }
    return payload;
  };
}

/**
 * The impersonation a caller is in: the one an impersonation token names, or the staff
 * member's open one. `active: false` when none.
 */
export async function impersonationStatus(
  deps: AppDeps,
  who: { impersonationId: string } | { staff: StaffIdentity },
): Promise<ImpersonationStatus> {
  const row = await findOpen(deps, who);
  const none: ImpersonationStatus = {
    active: false,
    id: null,
    user_id: null,
    user_email: null,
    organization_id: null,
    staff_email: null,
    reason: null,
    mode: null,
    expires_at: null,
  };
  if (!row) return none;
  const [names] = await deps.db
    .select({ userEmail: users.email, staffEmail: staffUsers.email })
    .from(staffImpersonations)
    .innerJoin(users, eq(users.id, staffImpersonations.userId))
    .innerJoin(staffUsers, eq(staffUsers.id, staffImpersonations.staffUserId))
    .where(eq(staffImpersonations.id, row.id));
  return {
    active: true,
    id: row.id,
    user_id: row.userId,
    user_email: names?.userEmail ?? null,
    organization_id: row.targetOrganizationId,
    staff_email: names?.staffEmail ?? null,
    reason: row.reason,
    mode: row.mode,
    expires_at: row.expiresAt.toISOString(),
  };
}

async function findOpen(deps: AppDeps, who: { impersonationId: string } | { staff: StaffIdentity }) {
  if ('impersonationId' in who) return openImpersonation(deps.db, who.impersonationId);
  const [latest] = await deps.db
    .select({ id: staffImpersonations.id })
    .from(staffImpersonations)
    .where(and(eq(staffImpersonations.staffUserId, who.staff.id), isNull(staffImpersonations.endedAt)))
    .orderBy(desc(staffImpersonations.startedAt))
    .limit(1);
  return latest ? openImpersonation(deps.db, latest.id) : undefined;
}

/** Ends the impersonation now; its token answers 401 from the next request. Idempotent. */
export async function exitImpersonation(
  deps: AppDeps,
  meta: RequestMeta,
  who: { impersonationId: string } | { staff: StaffIdentity },
): Promise<{ ended: boolean }> {
  const row = await findOpen(deps, who);
  if (!row) return { ended: false };
  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.organization_id', ${row.targetOrganizationId}, true)`);
    await tx.update(staffImpersonations).set({ endedAt: new Date() }).where(eq(staffImpersonations.id, row.id));
    await recordAudit(tx, meta, {
      action: 'staff.impersonation_ended',
      userId: row.userId,
      staffUserId: row.staffUserId,
      impersonationId: row.id,
      organizationId: row.targetOrganizationId,
      targetType: 'user',
      targetId: row.userId,
      metadata: { reason: row.reason, mode: row.mode, requests: row.requestCount },
    });
  });
  return { ended: true };
}
