import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  accessGrantSchema,
  accountActionSchema,
  adminStatsSchema,
  auditLogEntrySchema,
  auditLogQuerySchema,
  impersonateSchema,
  impersonationStatusSchema,
  runtimeSettingsSchema,
  runtimeSettingsUpdateSchema,
  staffAuditLogQuerySchema,
  staffLoginResultSchema,
  staffLoginSchema,
  staffMeSchema,
  staffOrganizationDetailSchema,
  staffOrganizationSchema,
  staffSearchQuerySchema,
  staffUserSchema,
  systemHealthSchema,
} from '@leadcapture/contracts/staff';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { paginate, type PageQuery } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as staff from './staff.service.ts';

const tags = ['staff'];
/** Staff routes: the tenant auth hook leaves them to `staffGuard`. */
const staffOnly = { staff: true };
const BEARER = /^Bearer\s+(\S+)$/i;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on staff and admin routes (modules/staff). */
    staffUser?: staff.StaffIdentity;
    /** On impersonation status and exit: the impersonation token's row. */
    staffImpersonationId?: string;
  }
}

function bearerOf(request: FastifyRequest): string {
  if (request.headers['x-api-key'] !== undefined) {
    throw new AppError('NOT_AUTHENTICATED', 'API keys cannot be used on staff routes.');
  }
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw new AppError('NOT_AUTHENTICATED');
  return match[1];
}

/**
 * onRequest of the staff and admin plugins: a staff token (audience leadcapture-staff), else
 * 401; a tenant or impersonation token is refused here, except on impersonation status and
 * exit, which the impersonated browser calls with its impersonation token. `admin` routes
 * need the staff role admin (403 for support).
 */
function staffGuard(deps: AppDeps, need: 'any' | 'admin') {
  return async (request: FastifyRequest) => {
    if (request.routeOptions.config.public === true) return;
    const token = bearerOf(request);
    if (request.routeOptions.config.impersonationToken === true && deps.staffTokens.isImpersonation(token)) {
      const claims = await deps.staffTokens.verifyImpersonation(token);
      request.staffImpersonationId = claims.impersonationId;
      return;
    }
    const who = await staff.authenticateStaff(deps, token);
    if (need === 'admin' && who.role !== 'admin') {
      throw new AppError('PERMISSION_DENIED', 'This needs a staff admin.', { reason: 'admin_only' });
    }
    request.staffUser = who;
  };
}

function staffOf(request: FastifyRequest): staff.StaffIdentity {
  if (!request.staffUser) throw new AppError('NOT_AUTHENTICATED');
  return request.staffUser;
}

/**
 * Route options of a staff or admin route: the `staff` config the tenant auth hook steps aside
 * for, its OpenAPI tags and summary, and its zod schemas (which still type the handler).
 */
function staffRoute<S extends FastifySchema>(
  tags: string[],
  summary: string,
  schema: S,
  config: Partial<FastifyContextConfig> = {},
) {
  return { config: { ...staffOnly, ...config }, schema: { tags, summary, ...schema } };
}

/** A paginated answer of a list route: the envelope's `results`, `count`, `next`, `previous`. */
function paged<T>(deps: AppDeps, req: FastifyRequest, query: PageQuery, page: staff.Page<T>) {
  return ok(paginate(req, deps.config.publicUrl, query, page.results, page.total));
}

function noStore(instance: FastifyInstance) {
  instance.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
}

/** /api/v1/staff/: staff sign-in, the console's reads, account safety and impersonation. */
export function staffRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    noStore(instance);
    instance.addHook('onRequest', staffGuard(deps, 'any'));
    const route = <S extends FastifySchema>(summary: string, schema: S, config?: Partial<FastifyContextConfig>) =>
      staffRoute(tags, summary, schema, config);

    app.post(
      '/auth/login/',
      route(
        'Staff sign-in: password, then a TOTP code (enrolment on the first sign-in)',
        { body: staffLoginSchema, response: okResponse(staffLoginResultSchema) },
        { public: true },
      ),
      async (req) => ok(await staff.staffLogin(deps, requestMeta(req), req.body)),
    );
    app.get('/auth/me/', route('The signed-in staff member', { response: okResponse(staffMeSchema) }), async (req) =>
      ok(await staff.staffMe(deps, staffOf(req))),
    );
    app.get(
      '/organizations/',
      route('Organisations: search, plan and status, members, leads', {
        querystring: staffSearchQuerySchema,
        response: okResponse(paginated(staffOrganizationSchema)),
      }),
      async (req) => paged(deps, req, req.query, await staff.listOrganizations(deps, req.query)),
    );
    app.get(
      '/organizations/:id/',
      route('One organisation: plan and status, members, recent activity and sign-ins', {
        params: idParamsSchema,
        response: okResponse(staffOrganizationDetailSchema),
      }),
      async (req) => ok(await staff.organizationDetail(deps, req.params.id)),
    );
    app.get(
      '/users/',
      route('Users by email or name, their organisations, verification and lock state', {
        querystring: staffSearchQuerySchema,
        response: okResponse(paginated(staffUserSchema)),
      }),
      async (req) => paged(deps, req, req.query, await staff.listUsers(deps, req.query)),
    );
    app.post(
      '/users/:id/actions/',
      route('Account safety: lock, unlock, force a password reset, resend verification, revoke sessions', {
        params: idParamsSchema,
        body: accountActionSchema,
        response: okResponse(detailSchema),
      }),
      async (req) => ok(await staff.accountAction(deps, requestMeta(req), staffOf(req), req.params.id, req.body)),
    );
    app.get(
      '/audit-logs/',
      route('The audit log of every organisation (filter by organisation, actor, action, time)', {
        querystring: staffAuditLogQuerySchema,
        response: okResponse(paginated(auditLogEntrySchema)),
      }),
      async (req) => paged(deps, req, req.query, await staff.listStaffAudit(deps, req.query)),
    );
    app.get(
      '/health/',
      route('System health: process, database, outbox backlog and failures, scheduled tasks, mail failures', {
        response: okResponse(systemHealthSchema),
      }),
      async () => ok(await staff.systemHealth(deps)),
    );
    app.post(
      '/impersonate/',
      route('Act as a user for at most 60 minutes (read-only unless write), with a reason', {
        body: impersonateSchema,
        response: okResponse(accessGrantSchema),
      }),
      async (req) => ok(await staff.startImpersonation(deps, requestMeta(req), staffOf(req), req.body)),
    );
    const who = (req: FastifyRequest) =>
      req.staffImpersonationId ? { impersonationId: req.staffImpersonationId } : { staff: staffOf(req) };
    app.get(
      '/impersonate/status/',
      route(
        'The impersonation in progress (with the staff or the impersonation token)',
        { response: okResponse(impersonationStatusSchema) },
        { impersonationToken: true },
      ),
      async (req) => ok(await staff.impersonationStatus(deps, who(req))),
    );
    app.post(
      '/impersonate/exit/',
      route(
        'End the impersonation in progress',
        { response: okResponse(z.object({ ended: z.boolean() })) },
        { impersonationToken: true },
      ),
      async (req) => ok(await staff.exitImpersonation(deps, requestMeta(req), who(req))),
    );
  };
}

/** /api/v1/admin/: staff admins only (support gets 403). */
export function adminRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    noStore(instance);
    instance.addHook('onRequest', staffGuard(deps, 'admin'));
    const route = <S extends FastifySchema>(summary: string, schema: S) => staffRoute(['admin'], summary, schema);

    app.get(
      '/users/',
      route('Every user (search by email or name)', {
        querystring: staffSearchQuerySchema,
        response: okResponse(paginated(staffUserSchema)),
      }),
      async (req) => paged(deps, req, req.query, await staff.listUsers(deps, req.query)),
    );
    app.get(
      '/organizations/',
      route('Every organisation (search by name)', {
        querystring: staffSearchQuerySchema,
        response: okResponse(paginated(staffOrganizationSchema)),
      }),
      async (req) => paged(deps, req, req.query, await staff.listOrganizations(deps, req.query)),
    );
    app.get('/settings/', route('Run-time settings', { response: okResponse(runtimeSettingsSchema) }), async () =>
      ok(await staff.getSettings(deps)),
    );
    app.patch(
      '/settings/',
      route('Change run-time settings (sign-ups open, default trial length)', {
        body: runtimeSettingsUpdateSchema,
        response: okResponse(runtimeSettingsSchema),
      }),
      async (req) => ok(await staff.updateSettings(deps, requestMeta(req), staffOf(req), req.body)),
    );
    app.get(
      '/logs/',
      route('Errors and staff actions: failed sign-ins, refused impersonated requests, staff changes', {
        querystring: staffAuditLogQuerySchema,
        response: okResponse(paginated(auditLogEntrySchema)),
      }),
      async (req) => paged(deps, req, req.query, await staff.listAdminLogs(deps, req.query)),
    );
    app.get(
      '/stats/',
      route('Organisations, users, leads per day, plans', { response: okResponse(adminStatsSchema) }),
      async () => ok(await staff.adminStats(deps)),
    );
  };
}

/** /api/v1/audit-logs/: the organisation's audit log, for its owners. */
export function auditLogRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags: ['audit'],
          summary: "The organisation's audit log (owners): filter by actor, action, time",
          querystring: auditLogQuerySchema,
          response: okResponse(paginated(auditLogEntrySchema)),
        },
      },
      async (req) =>
        paged(deps, req, req.query, await withTenant(deps, req, (ctx) => staff.listOrganizationAudit(ctx, req.query))),
    );
  };
}
