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
  staffOrganizationSchema,
  staffSearchQuerySchema,
  staffUserSchema,
} from '@leadcapture/contracts/staff';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { paginate } from '../../http/pagination.ts';
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
      throw new AppError('PERMISSION_DENIED', 'This needs a staff admin.');
    }
    request.staffUser = who;
  };
}

function staffOf(request: FastifyRequest): staff.StaffIdentity {
  if (!request.staffUser) throw new AppError('NOT_AUTHENTICATED');
  return request.staffUser;
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

    app.post(
      '/auth/login/',
      {
        config: { ...staffOnly, public: true },
        schema: {
          tags,
          summary: 'Staff sign-in: password, then a TOTP code (enrolment on the first sign-in)',
          body: staffLoginSchema,
          response: okResponse(staffLoginResultSchema),
        },
      },
      async (req) => ok(await staff.staffLogin(deps, requestMeta(req), req.body)),
    );
    app.get(
      '/auth/me/',
      {
        config: staffOnly,
        schema: { tags, summary: 'The signed-in staff member', response: okResponse(staffMeSchema) },
      },
      async (req) => ok(await staff.staffMe(deps, staffOf(req))),
    );
    app.get(
      '/organizations/',
      {
        config: staffOnly,
        schema: {
          tags,
          summary: 'Organisations: search, plan and status, members, leads',
          querystring: staffSearchQuerySchema,
          response: okResponse(paginated(staffOrganizationSchema)),
        },
      },
      async (req) => {
        const page = await staff.listOrganizations(deps, req.query);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.get(
      '/users/',
      {
        config: staffOnly,
        schema: {
          tags,
          summary: 'Users by email or name, their organisations, verification and lock state',
          querystring: staffSearchQuerySchema,
          response: okResponse(paginated(staffUserSchema)),
        },
      },
      async (req) => {
        const page = await staff.listUsers(deps, req.query);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.post(
      '/users/:id/actions/',
      {
        config: staffOnly,
        schema: {
          tags,
          summary: 'Account safety: lock, unlock, force a password reset, resend verification, revoke sessions',
          params: idParamsSchema,
          body: accountActionSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => ok(await staff.accountAction(deps, requestMeta(req), staffOf(req), req.params.id, req.body)),
    );
    app.get(
      '/audit-logs/',
      {
        config: staffOnly,
        schema: {
          tags,
          summary: 'The audit log of every organisation (filter by organisation, actor, action, time)',
          querystring: staffAuditLogQuerySchema,
          response: okResponse(paginated(auditLogEntrySchema)),
        },
      },
      async (req) => {
        const page = await staff.listStaffAudit(deps, req.query);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.post(
      '/impersonate/',
      {
        config: staffOnly,
        schema: {
          tags,
          summary: 'Act as a user for at most 60 minutes (read-only unless write), with a reason',
          body: impersonateSchema,
          response: okResponse(accessGrantSchema),
        },
      },
      async (req) => ok(await staff.startImpersonation(deps, requestMeta(req), staffOf(req), req.body)),
    );
    const who = (req: FastifyRequest) =>
      req.staffImpersonationId ? { impersonationId: req.staffImpersonationId } : { staff: staffOf(req) };
    app.get(
      '/impersonate/status/',
      {
        config: { ...staffOnly, impersonationToken: true },
        schema: {
          tags,
          summary: 'The impersonation in progress (with the staff or the impersonation token)',
          response: okResponse(impersonationStatusSchema),
        },
      },
      async (req) => ok(await staff.impersonationStatus(deps, who(req))),
    );
    app.post(
      '/impersonate/exit/',
      {
        config: { ...staffOnly, impersonationToken: true },
        schema: {
          tags,
          summary: 'End the impersonation in progress',
          response: okResponse(z.object({ ended: z.boolean() })),
        },
      },
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
    const adminTags = ['admin'];

    app.get(
      '/users/',
      {
        config: staffOnly,
        schema: {
          tags: adminTags,
          summary: 'Every user (search by email or name)',
          querystring: staffSearchQuerySchema,
          response: okResponse(paginated(staffUserSchema)),
        },
      },
      async (req) => {
        const page = await staff.listUsers(deps, req.query);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.get(
      '/organizations/',
      {
        config: staffOnly,
        schema: {
          tags: adminTags,
          summary: 'Every organisation (search by name)',
          querystring: staffSearchQuerySchema,
          response: okResponse(paginated(staffOrganizationSchema)),
        },
      },
      async (req) => {
        const page = await staff.listOrganizations(deps, req.query);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.get(
      '/settings/',
      {
        config: staffOnly,
        schema: { tags: adminTags, summary: 'Run-time settings', response: okResponse(runtimeSettingsSchema) },
      },
      async () => ok(await staff.getSettings(deps)),
    );
    app.patch(
      '/settings/',
      {
        config: staffOnly,
        schema: {
          tags: adminTags,
          summary: 'Change run-time settings (sign-ups open, default trial length)',
          body: runtimeSettingsUpdateSchema,
          response: okResponse(runtimeSettingsSchema),
        },
      },
      async (req) => ok(await staff.updateSettings(deps, requestMeta(req), staffOf(req), req.body)),
    );
    app.get(
      '/logs/',
      {
        config: staffOnly,
        schema: {
          tags: adminTags,
          summary: 'Errors and staff actions: failed sign-ins, refused impersonated requests, staff changes',
          querystring: staffAuditLogQuerySchema,
          response: okResponse(paginated(auditLogEntrySchema)),
        },
      },
      async (req) => {
        const page = await staff.listAdminLogs(deps, req.query);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.get(
      '/stats/',
      {
        config: staffOnly,
        schema: {
          tags: adminTags,
          summary: 'Organisations, users, leads per day, plans',
          response: okResponse(adminStatsSchema),
        },
      },
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
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => staff.listOrganizationAudit(ctx, req.query));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
  };
}
