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

type StaffApp = ReturnType<typeof typed>;
type RouteOf = <S extends FastifySchema>(
  summary: string,
  schema: S,
  config?: Partial<FastifyContextConfig>,
) => ReturnType<typeof staffRoute<S>>;
/** One row of a staff or admin plugin's route table: registers its route on the plugin. */
type StaffRouteRow = (app: StaffApp, route: RouteOf, plain: FastifyInstance) => void;

/**
 * A paginated read (`GET path?page&page_size&…` → results, count, next, previous): the shape of
 * most console calls. Registered on the plain instance: the zod provider cannot resolve a
 * generic schema's types, so the row's signature types `list` instead, and the query reaches it
 * as its schema's output (fastify validated it with that schema before the handler runs).
 */
function listRow<Q extends z.ZodType<PageQuery>, T extends z.ZodType>(
  deps: AppDeps,
  path: string,
  summary: string,
  querystring: Q,
  item: T,
  list: (deps: AppDeps, query: z.output<Q>) => Promise<staff.Page<z.output<T>>>,
): StaffRouteRow {
  return (_app, route, plain) => {
    plain.get(path, route(summary, { querystring, response: okResponse(paginated(item)) }), async (req) => {
      const query = req.query as z.output<Q>;
      return paged(deps, req, query, await list(deps, query));
    });
  };
}

/** A plain read (`GET path` → one object), given the request for who is asking; typed as listRow. */
function readRow<T extends z.ZodType>(
  path: string,
  summary: string,
  data: T,
  read: (req: FastifyRequest) => Promise<z.output<T>>,
): StaffRouteRow {
  return (_app, route, plain) => {
    plain.get(path, route(summary, { response: okResponse(data) }), async (req) => ok(await read(req)));
  };
}

/** Registers a plugin's route table in order (the OpenAPI document lists paths in that order). */
function registerRows(instance: FastifyInstance, rows: StaffRouteRow[], route: RouteOf) {
  const app = typed(instance);
  for (const row of rows) row(app, route, instance);
}

/** /api/v1/staff/: staff sign-in, the console's reads, account safety and impersonation. */
export function staffRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    noStore(instance);
    instance.addHook('onRequest', staffGuard(deps, 'any'));
    const who = (req: FastifyRequest) =>
      req.staffImpersonationId ? { impersonationId: req.staffImpersonationId } : { staff: staffOf(req) };
    const rows: StaffRouteRow[] = [
      (app, route) =>
        app.post(
          '/auth/login/',
          route(
            'Staff sign-in: password, then a TOTP code (enrolment on the first sign-in)',
            { body: staffLoginSchema, response: okResponse(staffLoginResultSchema) },
            { public: true },
          ),
          async (req) => ok(await staff.staffLogin(deps, requestMeta(req), req.body)),
        ),
      readRow('/auth/me/', 'The signed-in staff member', staffMeSchema, (req) => staff.staffMe(deps, staffOf(req))),
      listRow(
        deps,
        '/organizations/',
        'Organisations: search, plan and status, members, leads',
        staffSearchQuerySchema,
        staffOrganizationSchema,
        staff.listOrganizations,
      ),
      (app, route) =>
        app.get(
          '/organizations/:id/',
          route('One organisation: plan and status, members, recent activity and sign-ins', {
            params: idParamsSchema,
            response: okResponse(staffOrganizationDetailSchema),
          }),
          async (req) => ok(await staff.organizationDetail(deps, req.params.id)),
        ),
      listRow(
        deps,
        '/users/',
        'Users by email or name, their organisations, verification and lock state',
        staffSearchQuerySchema,
        staffUserSchema,
        staff.listUsers,
      ),
      (app, route) =>
        app.post(
          '/users/:id/actions/',
          route('Account safety: lock, unlock, force a password reset, resend verification, revoke sessions', {
            params: idParamsSchema,
            body: accountActionSchema,
            response: okResponse(detailSchema),
          }),
          async (req) => ok(await staff.accountAction(deps, requestMeta(req), staffOf(req), req.params.id, req.body)),
        ),
      listRow(
        deps,
        '/audit-logs/',
        'The audit log of every organisation (filter by organisation, actor, action, time)',
        staffAuditLogQuerySchema,
        auditLogEntrySchema,
        (d, q) => staff.listStaffAudit(d, q),
      ),
      readRow(
        '/health/',
        'System health: process, database, outbox backlog and failures, scheduled tasks, mail failures',
        systemHealthSchema,
        () => staff.systemHealth(deps),
      ),
      (app, route) =>
        app.post(
          '/impersonate/',
          route('Act as a user for at most 60 minutes (read-only unless write), with a reason', {
            body: impersonateSchema,
            response: okResponse(accessGrantSchema),
          }),
          async (req) => ok(await staff.startImpersonation(deps, requestMeta(req), staffOf(req), req.body)),
        ),
      (app, route) =>
        app.get(
          '/impersonate/status/',
          route(
            'The impersonation in progress (with the staff or the impersonation token)',
            { response: okResponse(impersonationStatusSchema) },
            { impersonationToken: true },
          ),
          async (req) => ok(await staff.impersonationStatus(deps, who(req))),
        ),
      (app, route) =>
        app.post(
          '/impersonate/exit/',
          route(
            'End the impersonation in progress',
            { response: okResponse(z.object({ ended: z.boolean() })) },
            { impersonationToken: true },
          ),
          async (req) => ok(await staff.exitImpersonation(deps, requestMeta(req), who(req))),
        ),
    ];
    registerRows(instance, rows, (summary, schema, config) => staffRoute(tags, summary, schema, config));
  };
}

/** /api/v1/admin/: staff admins only (support gets 403). */
export function adminRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    noStore(instance);
    instance.addHook('onRequest', staffGuard(deps, 'admin'));
    const rows: StaffRouteRow[] = [
      listRow(
        deps,
        '/users/',
        'Every user (search by email or name)',
        staffSearchQuerySchema,
        staffUserSchema,
        staff.listUsers,
      ),
      listRow(
        deps,
        '/organizations/',
        'Every organisation (search by name)',
        staffSearchQuerySchema,
        staffOrganizationSchema,
        staff.listOrganizations,
      ),
      readRow('/settings/', 'Run-time settings', runtimeSettingsSchema, () => staff.getSettings(deps)),
      (app, route) =>
        app.patch(
          '/settings/',
          route('Change run-time settings (sign-ups open, default trial length)', {
            body: runtimeSettingsUpdateSchema,
            response: okResponse(runtimeSettingsSchema),
          }),
          async (req) => ok(await staff.updateSettings(deps, requestMeta(req), staffOf(req), req.body)),
        ),
      listRow(
        deps,
        '/logs/',
        'Errors and staff actions: failed sign-ins, refused impersonated requests, staff changes',
        staffAuditLogQuerySchema,
        auditLogEntrySchema,
        staff.listAdminLogs,
      ),
      readRow('/stats/', 'Organisations, users, leads per day, plans', adminStatsSchema, () => staff.adminStats(deps)),
    ];
    registerRows(instance, rows, (summary, schema) => staffRoute(['admin'], summary, schema));
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
