import { sql } from 'drizzle-orm';
import type { UsageRow } from '@leadcapture/contracts/billing';
import type { Role } from '@leadcapture/contracts/constants';
import type { FastifyRequest } from 'fastify';
import { queryRows, type BackendTransaction } from '../db/database.ts';
import type { TenantContext } from '../db/tenant.ts';
import type { AccessClaims } from '../modules/auth/tokens.ts';
import type { AppDeps } from './deps.ts';
import { AppError } from './errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orgNotFound = () => new AppError('NOT_FOUND', 'Organization not found');
const keyCreatorGone = () =>
  new AppError(
    'TOKEN_INVALID',
    'The API key no longer works: its creator is not a member of the organization any more.',
  );

export function requireAuth(request: FastifyRequest) {
  if (!request.auth) throw new AppError('NOT_AUTHENTICATED');
  return request.auth;
}

/**
 * The caller's session, for routes about the session itself (change password, sign out); these
 * never take an API key (http/api-key-access.ts), so a key here is a wiring mistake: refused.
 */
export function requireSession(request: FastifyRequest): AccessClaims {
  const auth = requireAuth(request);
  if (auth.apiKey) throw new AppError('PERMISSION_DENIED', 'API keys cannot be used for this route. Sign in instead.');
  return auth;
}

/** The caller's session when signed in with one; null when anonymous or calling with an API key. */
export function sessionAuth(request: FastifyRequest): AccessClaims | null {
  return request.auth?.apiKey === null ? request.auth : null;
}

/**
 * Runs `fn` in one transaction scoped to the organisation the request acts on: the given one
 * (a path parameter), else the X-Organization-Id header, else the user's current organisation
 * (03-decisions §2). Not being a member (or no longer: removed, inactive) answers 404, exactly
 * like an organisation that does not exist. Only a joined membership counts, read live on every
 * request: removing or deactivating a member ends their access with their very next request,
 * whatever tokens they hold.
 *
 * With an API key the organisation is the key's (a header naming another answers 404), and the
 * role is its creator's, read live the same way: a creator demoted acts with the new role at
 * once, and one removed from the organisation makes the key answer 401.
 */
export async function withTenant<T>(
  deps: AppDeps,
  request: FastifyRequest,
  fn: (ctx: TenantContext) => Promise<T>,
  organizationId?: string,
): Promise<T> {
  const { userId, apiKey } = requireAuth(request);
  const header = request.headers['x-organization-id'];
  const asked = organizationId ?? (typeof header === 'string' && header !== '' ? header : undefined);
  if (asked !== undefined && !UUID.test(asked)) throw orgNotFound();
  if (apiKey && asked !== undefined && asked !== apiKey.organizationId) throw orgNotFound();
  const explicit = apiKey ? apiKey.organizationId : asked;

  // One statement scopes the transaction to the user, reads the membership under that scope and
  // scopes it to the organisation (db/functions/enter_tenant.sql): one round trip, not three. It
  // also names the backend and the transaction, for cancelling it if the client goes away.
  return deps.db.transaction(async (tx) => {
    // The client left while this request waited for a connection: nobody waits for the work.
    if (request.raw.socket.destroyed) throw clientGone();
    const [membership] = await queryRows<{ organization_id: string; role: Role; pid: number; started_at: string }>(
      tx,
      sql`select organization_id, role, pg_backend_pid() as pid, now()::text as started_at
        from enter_tenant(${userId}, ${explicit ?? null})`,
    );
    if (!membership) throw apiKey ? keyCreatorGone() : orgNotFound();
    const ctx = {
      organizationId: membership.organization_id,
      userId,
      role: membership.role,
      tx,
      reportUsage: (usage: UsageRow) => {
        request.usage = usage;
      },
    };
    return cancelIfClientLeaves(deps, request, { pid: membership.pid, startedAt: membership.started_at }, () =>
      fn(ctx),
    );
  });
}

const clientGone = () => new AppError('BAD_REQUEST', 'The client closed the connection before the answer.');

/**
 * Runs `work` of a request's transaction; if the client closes its connection meanwhile (a
 * browser tab closed, a timeout on the caller's side), the statement running is cancelled:
 * the transaction rolls back and its pooled connection is free at once, instead of a slow
 * search running on for nobody until its time limit. On PGlite nothing can interrupt a
 * statement; there the request's next transaction does not start (above).
 */
async function cancelIfClientLeaves<T>(
  deps: AppDeps,
  request: FastifyRequest,
  backend: BackendTransaction,
  work: () => Promise<T>,
): Promise<T> {
  const socket = request.raw.socket;
  const onClose = () => {
    request.log.info({ pid: backend.pid }, 'client gone: cancelling its statement');
    deps.dbControl.cancel(backend).catch((err: unknown) => request.log.warn({ err }, 'could not cancel a statement'));
  };
  socket.once('close', onClose);
  try {
    return await work();
  } finally {
    socket.off('close', onClose);
  }
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

/**
 * For routes that act on the signed-in user rather than on one organisation's data (their list
 * of organisations, their onboarding, the static import template): an `X-Organization-Id`
 * header, when given, must still name one of the user's organisations, else 404 (03-decisions
 * §2), as on every route that runs in `withTenant`. Without a header there is nothing to check.
 */
export async function checkActingOrganization(deps: AppDeps, request: FastifyRequest): Promise<void> {
  const header = request.headers['x-organization-id'];
  if (header === undefined || header === '') return;
  await withTenant(deps, request, async () => undefined);
}
