import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { inScope, setScope, type TenantContext } from '../db/tenant.ts';
import { memberships } from '../modules/organizations/organizations.table.ts';
import { users } from '../modules/auth/auth.table.ts';
import type { AppDeps } from './deps.ts';
import { AppError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orgNotFound = () => new AppError('NOT_FOUND', 'Organization not found');
/**
 * Only a joined membership reaches the organisation: read live on every request, so removing or
 * deactivating a member ends their access with their very next request, whatever tokens they hold.
 */
const joined = eq(memberships.status, 'joined');

export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('NOT_AUTHENTICATED');
  return request.auth;
}

/**
 * Runs `fn` in one transaction scoped to the organisation the request acts on: the given one
 * (a path parameter), else the X-Organization-Id header, else the user's current organisation
 * (03-decisions §2). Not being a member (or no longer: removed, inactive) answers 404, exactly
 * like an organisation that does not exist.
 */
export async function withTenant<T>(
  deps: AppDeps,
  request: FastifyRequest,
  fn: (ctx: TenantContext) => Promise<T>,
  organizationId?: string,
): Promise<T> {
  const { userId } = requireAuth(request);
  const header = request.headers['x-organization-id'];
  const explicit = organizationId ?? (typeof header === 'string' && header !== '' ? header : undefined);
  if (explicit !== undefined && !UUID.test(explicit)) throw orgNotFound();

  return inScope(deps.db, { userId }, async (tx) => {
    const [membership] = explicit
      ? await tx
          .select({ organizationId: memberships.organizationId, role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, explicit), joined))
      : await tx
          .select({ organizationId: memberships.organizationId, role: memberships.role })
          .from(memberships)
          .where(and(eq(memberships.userId, userId), joined))
          .orderBy(
            sql`(${memberships.organizationId} = (select ${users.currentOrganizationId} from ${users} where ${users.id} = ${userId})) desc nulls last`,
            asc(memberships.createdAt),
          )
          .limit(1);
    if (!membership) throw orgNotFound();
    await setScope(tx, { organizationId: membership.organizationId, userId });
    return fn({ organizationId: membership.organizationId, userId, role: membership.role, tx });
  });
}

/**
 * Runs a function in a tenant transaction of this request: for the given organisation, else the
 * `fixed` one (a path parameter), else the one the request acts on. For services that need more
 * than one transaction, such as uploads, which store the bytes between two.
 */
export type TenantRunner = <T>(fn: (ctx: TenantContext) => Promise<T>, organizationId?: string) => Promise<T>;

export function tenantRunner(deps: AppDeps, request: FastifyRequest, fixed?: string): TenantRunner {
  return (fn, organizationId) => withTenant(deps, request, fn, organizationId ?? fixed);
}

/** Where the request came from, for the audit log. */
export function requestMeta(request: FastifyRequest) {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || null, userAgent: typeof ua === 'string' ? ua : '' };
}
