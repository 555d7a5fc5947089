import { and, count, desc, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type {
  AccountAction,
  AdminStats,
  AuditLogEntry,
  RuntimeSettings,
  StaffOrganization,
  StaffOrganizationDetail,
  StaffUser,
  SystemHealth,
  accountActionSchema,
  auditLogQuerySchema,
  staffAuditLogQuerySchema,
  staffSearchQuerySchema,
} from '@leadcapture/contracts/staff';
import type { z } from 'zod';
import { AUDIT_ACTIONS_BY_CATEGORY } from '@leadcapture/contracts/audit';
import { queryRows, type Database, type Tx } from '../../db/database.ts';
import type { TenantContext } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { pageWindow } from '../../http/pagination.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { recordAudit, type RequestMeta } from '../audit/audit.service.ts';
import { requestPasswordReset, resendVerification } from '../auth/auth.service.ts';
import { refreshTokens, users } from '../auth/auth.table.ts';
import { subscriptions } from '../billing/billing.table.ts';
import { memberships, organizations } from '../organizations/organizations.table.ts';
import { readRuntimeSettings, writeRuntimeSettings } from '../settings/settings.service.ts';
import { staffTransaction, type StaffIdentity } from './staff-auth.ts';
import { staffUsers } from './staff.table.ts';

export { authenticateStaff, ensureStaffUser, staffLogin, staffMe, type StaffIdentity } from './staff-auth.ts';
export {
  auditImpersonatedRequests,
  authenticateTenant,
  exitImpersonation,
  impersonationGuard,
  impersonationStatus,
  startImpersonation,
} from './impersonation.ts';

export type Page<T> = { results: T[]; total: number };
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function auditFilters(q: z.output<typeof auditLogQuerySchema>): SQL[] {
  const where: SQL[] = [];
  if (q.actor) where.push(or(eq(auditLogs.userId, q.actor), eq(auditLogs.staffUserId, q.actor)) as SQL);
  if (q.action) where.push(ilike(auditLogs.action, `${escapeLike(q.action)}%`));
  if (q.category) where.push(inArray(auditLogs.action, [...AUDIT_ACTIONS_BY_CATEGORY[q.category]]));
  if (q.from) where.push(gte(auditLogs.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(auditLogs.createdAt, new Date(q.to)));
  return where;
}

async function auditPage(tx: Tx, where: SQL[], q: { page: number; page_size: number }): Promise<Page<AuditLogEntry>> {
  const { limit, offset } = pageWindow(q);
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await tx
    .select({ log: auditLogs, userEmail: users.email, staffEmail: staffUsers.email })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .leftJoin(staffUsers, eq(staffUsers.id, auditLogs.staffUserId))
    .where(condition)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(limit)
    .offset(offset);
  const [total] = await tx.select({ n: count() }).from(auditLogs).where(condition);
  return {
    results: rows.map(({ log, userEmail, staffEmail }) => ({
      id: log.id,
      action: log.action,
      organization_id: log.organizationId,
      user_id: log.userId,
      user_email: userEmail,
      staff_user_id: log.staffUserId,
      staff_email: staffEmail,
      impersonation_id: log.impersonationId,
      target_type: log.targetType,
      target_id: log.targetId,
      metadata: log.metadata,
      ip_address: log.ipAddress,
      created_at: log.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
  };
}

/** GET /audit-logs/: the organisation's own audit, for its owners (03-decisions §4c). */
export async function listOrganizationAudit(
  ctx: TenantContext,
  q: z.output<typeof auditLogQuerySchema>,
): Promise<Page<AuditLogEntry>> {
  if (ctx.role !== 'owner') throw new AppError('PERMISSION_DENIED', 'Only owners can read the audit log.');
  return auditPage(ctx.tx, [eq(auditLogs.organizationId, ctx.organizationId), ...auditFilters(q)], q);
}

/** GET /staff/audit-logs/: every organisation's audit, and the staff's own actions. */
export async function listStaffAudit(
  deps: AppDeps,
  q: z.output<typeof staffAuditLogQuerySchema>,
  extra: SQL[] = [],
): Promise<Page<AuditLogEntry>> {
  const where = [...auditFilters(q), ...extra];
  if (q.organization) where.push(eq(auditLogs.organizationId, q.organization));
  return staffTransaction(deps.db, (tx) => auditPage(tx, where, q));
}

/** GET /admin/logs/: staff actions, failed sign-ins and refused impersonated requests. */
export function listAdminLogs(deps: AppDeps, q: z.output<typeof staffAuditLogQuerySchema>) {
  return listStaffAudit(deps, q, [
    or(
      sql`${auditLogs.staffUserId} is not null and ${auditLogs.action} <> 'impersonation.request'`,
      ilike(auditLogs.action, '%failed%'),
      sql`${auditLogs.action} = 'impersonation.request' and (${auditLogs.metadata}->>'status')::int >= 400`,
    ) as SQL,
  ]);
}

/** GET /staff/organizations/: search by name or slug; plan, status, members and leads. */
async function readOrganizations(
  tx: Tx,
  where: SQL | undefined,
  limit: number,
  offset: number,
): Promise<StaffOrganization[]> {
  const rows = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      createdAt: organizations.createdAt,
      plan: subscriptions.planId,
      status: subscriptions.status,
      members: sql<number>`(select count(*)::int from memberships m where m.organization_id = ${organizations.id} and m.status = 'joined')`,
    })
    .from(organizations)
    .leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
    .where(where)
    .orderBy(desc(organizations.createdAt))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.id);
  const counted = await queryRows<{ organization_id: string; leads: number }>(
    tx,
    sql`select * from staff_leads_per_organization(${`{${ids.join(',')}}`}::uuid[])`,
  );
  const leadsOf = new Map(counted.map((c) => [c.organization_id, c.leads]));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    slug: r.slug,
    plan: r.plan,
    subscription_status: r.status,
    members: r.members,
    leads: leadsOf.get(r.id) ?? 0,
    created_at: r.createdAt.toISOString(),
  }));
}

export async function listOrganizations(
  deps: AppDeps,
  q: z.output<typeof staffSearchQuerySchema>,
): Promise<Page<StaffOrganization>> {
  const { limit, offset } = pageWindow(q);
  const search = q.search ? `%${escapeLike(q.search)}%` : null;
  const where = search ? or(ilike(organizations.name, search), ilike(organizations.slug, search)) : undefined;
  return staffTransaction(deps.db, async (tx) => {
    const results = await readOrganizations(tx, where, limit, offset);
    const [total] = await tx.select({ n: count() }).from(organizations).where(where);
    return { results, total: total?.n ?? 0 };
  });
}

/** How many recent entries the organisation page shows of its activity and of its sign-ins. */
const RECENT_ACTIVITY = 20;
const RECENT_SIGN_INS = 10;

/**
 * GET /staff/organizations/{id}/: one organisation with its members and recent activity (its
 * latest audit entries, and its latest sign-ins and failed sign-ins).
 */
export async function organizationDetail(deps: AppDeps, id: string): Promise<StaffOrganizationDetail> {
  return staffTransaction(deps.db, async (tx) => {
    const [organization] = await readOrganizations(tx, eq(organizations.id, id), 1, 0);
    if (!organization) throw notFound('Organization');
    const people = await tx
      .select({
        userId: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: memberships.role,
        status: memberships.status,
        lastLoginAt: users.lastLoginAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, id))
      .orderBy(memberships.createdAt);
    const own = eq(auditLogs.organizationId, id);
    const activity = await auditPage(tx, [own], { page: 1, page_size: RECENT_ACTIVITY });
    const signIns = await auditPage(tx, [own, ilike(auditLogs.action, 'auth.login%')], {
      page: 1,
      page_size: RECENT_SIGN_INS,
    });
    return {
      organization,
      members: people.map((p) => ({
        user_id: p.userId,
        email: p.email,
        name: `${p.firstName} ${p.lastName}`.trim(),
        role: p.role,
        status: p.status,
        last_login_at: p.lastLoginAt?.toISOString() ?? null,
      })),
      recent_activity: activity.results,
      sign_ins: signIns.results,
    };
  });
}

/** GET /staff/users/?search=: by email or name, with their organisations and account state. */
export async function listUsers(deps: AppDeps, q: z.output<typeof staffSearchQuerySchema>): Promise<Page<StaffUser>> {
  const { limit, offset } = pageWindow(q);
  const search = q.search ? `%${escapeLike(q.search)}%` : null;
  const where = search
    ? or(
        ilike(users.email, search),
        ilike(users.firstName, search),
        ilike(users.lastName, search),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search),
      )
    : undefined;
  return staffTransaction(deps.db, async (tx) => {
    const rows = await tx.select().from(users).where(where).orderBy(desc(users.createdAt)).limit(limit).offset(offset);
    const [total] = await tx.select({ n: count() }).from(users).where(where);
    const ids = rows.map((r) => r.id);
    const member =
      ids.length === 0
        ? []
        : await tx
            .select({
              userId: memberships.userId,
              organizationId: memberships.organizationId,
              name: organizations.name,
              role: memberships.role,
            })
            .from(memberships)
            .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
            .where(and(inArray(memberships.userId, ids), eq(memberships.status, 'joined')));
    return {
      results: rows.map((u) => ({
        id: u.id,
        email: u.email,
        first_name: u.firstName,
        last_name: u.lastName,
        email_verified: u.emailVerifiedAt !== null,
        is_active: u.isActive,
        last_login_at: u.lastLoginAt?.toISOString() ?? null,
        date_joined: u.createdAt.toISOString(),
        organizations: member
          .filter((m) => m.userId === u.id)
          .map((m) => ({ organization_id: m.organizationId, organization_name: m.name, role: m.role })),
      })),
      total: total?.n ?? 0,
    };
  });
}

/**
 * Account safety (POST /staff/users/{id}/actions/): lock (sign-in refused, sessions ended),
 * unlock, force a password reset (sessions ended, a reset link mailed), resend verification,
 * revoke all sessions. Each one audited with the staff member and the reason.
 */
export async function accountAction(
  deps: AppDeps,
  meta: RequestMeta,
  staff: StaffIdentity,
  userId: string,
  input: z.output<typeof accountActionSchema>,
): Promise<{ detail: string }> {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('User');
  const action: AccountAction = input.action;
  await staffTransaction(deps.db, async (tx) => {
    if (action === 'lock' || action === 'unlock') {
      await tx
        .update(users)
        .set({ isActive: action === 'unlock' })
        .where(eq(users.id, user.id));
    }
    if (action === 'lock' || action === 'force_password_reset' || action === 'revoke_sessions') {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.userId, user.id), sql`${refreshTokens.revokedAt} is null`));
    }
    await recordAudit(tx, meta, {
      action: `staff.user_${action}`,
      userId: user.id,
      staffUserId: staff.id,
      targetType: 'user',
      targetId: user.id,
      metadata: { reason: input.reason, staff_email: staff.email },
    });
  });
  deps.meCache.invalidate(user.id);
  if (action === 'force_password_reset') await requestPasswordReset(deps, meta, user.email);
  if (action === 'resend_verification') {
    if (user.emailVerifiedAt)
      throw new AppError('CONFLICT', 'This email address is already verified.', { reason: 'already_verified' });
    await resendVerification(deps, meta, user.email);
  }
  const done: Record<AccountAction, string> = {
    lock: 'The account is locked and its sessions ended.',
    unlock: 'The account is unlocked.',
    force_password_reset: 'Sessions ended; a password reset link was sent.',
    resend_verification: 'A new verification link was sent.',
    revoke_sessions: 'Every session of this account has ended.',
  };
  return { detail: done[action] };
}

export function getSettings(deps: AppDeps): Promise<RuntimeSettings> {
  return readRuntimeSettings(deps.db);
}

export async function updateSettings(
  deps: AppDeps,
  meta: RequestMeta,
  staff: StaffIdentity,
  changes: Partial<RuntimeSettings>,
): Promise<RuntimeSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readRuntimeSettings(tx);
    const after = await writeRuntimeSettings(tx, changes, staff.id);
    await recordAudit(tx, meta, {
      action: 'staff.settings_changed',
      userId: null,
      staffUserId: staff.id,
      targetType: 'settings',
      metadata: { before, after },
    });
    return after;
  });
}

/** GET /admin/stats/: totals, organisations per plan, leads per day over 30 days, the outbox backlog. */
export async function adminStats(deps: AppDeps): Promise<AdminStats> {
  return staffTransaction(deps.db, async (tx) => {
    const [orgs] = await tx.select({ n: count() }).from(organizations);
    const [people] = await tx.select({ n: count() }).from(users);
    const [staffCount] = await tx.select({ n: count() }).from(staffUsers);
    const plans = await tx
      .select({ plan: subscriptions.planId, organizations: count() })
      .from(subscriptions)
      .groupBy(subscriptions.planId)
      .orderBy(subscriptions.planId);
    const perDay = await queryRows<{ day: string; leads: number; total: number }>(
      tx,
      sql`select * from staff_leads_per_day(30)`,
    );
    const [backlog] = await queryRows<{ pending: number; failed: number; mail_failed_24h: number }>(
      tx,
      sql`select count(*) filter (where delivered_at is null and failed_at is null)::int as pending,
                 count(*) filter (where failed_at is not null)::int as failed,
                 count(*) filter (where failed_at > now() - interval '1 day' and kind = 'mail.send')::int as mail_failed_24h
            from outbox`,
    );
    return {
      organizations: orgs?.n ?? 0,
      users: people?.n ?? 0,
      staff: staffCount?.n ?? 0,
      leads: perDay[0]?.total ?? 0,
      plans: plans.map((p) => ({ plan: p.plan, organizations: p.organizations })),
      leads_per_day: perDay.map((d) => ({ day: d.day, leads: d.leads })),
      outbox: backlog ?? { pending: 0, failed: 0, mail_failed_24h: 0 },
    };
  });
}

/**
 * The console's health panel: this process, whether the database answers (and how fast), the
 * outbox's backlog and failures, mails given up on, and the scheduled tasks' last runs here.
 */
export async function systemHealth(deps: AppDeps): Promise<SystemHealth> {
  const started = performance.now();
  const up = await deps.dbControl.ping();
  const latency = Math.round(performance.now() - started);
  const memory = process.memoryUsage();
  const [backlog] = up
    ? await staffTransaction(deps.db, (tx) =>
        queryRows<{
          pending: number;
          failed: number;
          failed_24h: number;
          oldest_pending_at: Date | string | null;
          mail_pending: number;
          mail_failed_24h: number;
        }>(
          tx,
          sql`select count(*) filter (where delivered_at is null and failed_at is null)::int as pending,
                     count(*) filter (where failed_at is not null)::int as failed,
                     count(*) filter (where failed_at > now() - interval '1 day')::int as failed_24h,
                     min(created_at) filter (where delivered_at is null and failed_at is null) as oldest_pending_at,
                     count(*) filter (where delivered_at is null and failed_at is null and kind = 'mail.send')::int as mail_pending,
                     count(*) filter (where failed_at > now() - interval '1 day' and kind = 'mail.send')::int as mail_failed_24h
                from outbox`,
        ),
      )
    : [];
  const oldest = backlog?.oldest_pending_at ?? null;
  return {
    process: {
      uptime_seconds: Math.round(process.uptime()),
      rss_bytes: memory.rss,
      heap_used_bytes: memory.heapUsed,
      node_version: process.version,
    },
    database: { kind: deps.dbKind, up, latency_ms: latency },
    outbox: {
      pending: backlog?.pending ?? 0,
      failed: backlog?.failed ?? 0,
      failed_24h: backlog?.failed_24h ?? 0,
      oldest_pending_at: oldest === null ? null : new Date(oldest).toISOString(),
    },
    mail: { pending: backlog?.mail_pending ?? 0, failed_24h: backlog?.mail_failed_24h ?? 0 },
    jobs: deps.scheduler.status().map((task) => ({
      name: task.name,
      interval_seconds: Math.round(task.intervalMs / 1000),
      running: task.running,
      last_run_at: task.lastRunAt?.toISOString() ?? null,
      last_outcome: task.lastOutcome,
      last_ms: task.lastMs,
    })),
  };
}

/** The scheduled purge of audit rows older than AUDIT_RETENTION_DAYS (audit_logs_purge). */
export async function purgeAuditLogs(db: Database, retentionDays: number): Promise<{ removed: number }> {
  const [row] = await queryRows<{ removed: number }>(db, sql`select audit_logs_purge(${retentionDays}) as removed`);
  return { removed: row?.removed ?? 0 };
}
