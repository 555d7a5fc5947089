import { paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  organizationMemberSchema,
  organizationSchema,
  organizationSettingsSchema,
  updateOrganizationSchema,
  updateOrganizationSettingsSchema,
} from '@leadcapture/contracts/organizations';
import type { FastifyInstance } from 'fastify';
import { inScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { checkActingOrganization, requestMeta, requireAuth, withTenant } from '../../http/tenant.ts';
import * as orgs from './organizations.service.ts';

const tags = ['organizations'];

export function organizationRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Organisations the user belongs to',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(organizationSchema)),
        },
      },
      async (req) => {
        const { userId } = requireAuth(req);
        await checkActingOrganization(deps, req);
        const page = await inScope(deps.db, { userId }, (tx) =>
          orgs.listOrganizations(tx, userId, pageWindow(req.query)),
        );
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.get(
      '/current/settings/',
      {
        schema: {
          tags,
          summary: 'Settings of the current organisation',
          response: okResponse(organizationSettingsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, orgs.getSettings)),
    );

    app.patch(
      '/current/settings/',
      {
        schema: {
          tags,
          summary: 'Update settings of the current organisation',
          body: updateOrganizationSettingsSchema,
          response: okResponse(organizationSettingsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => orgs.updateSettings(ctx, requestMeta(req), req.body))),
    );

    app.get(
      '/:id/',
      {
        schema: { tags, summary: 'One organisation', params: idParamsSchema, response: okResponse(organizationSchema) },
      },
      async (req) => ok(await withTenant(deps, req, orgs.getOrganization, req.params.id)),
    );

    app.get(
      '/:id/members/',
      {
        schema: {
          tags,
          summary: "The organisation's members (any role may read; for pickers such as assign)",
          params: idParamsSchema,
          querystring: paginationQuerySchema,
          response: okResponse(paginated(organizationMemberSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => orgs.listMembers(ctx, pageWindow(req.query)), req.params.id);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Update an organisation (owner, admin)',
          params: idParamsSchema,
          body: updateOrganizationSchema,
          response: okResponse(organizationSchema),
        },
      },
      async (req) => {
        const org = await withTenant(
          deps,
          req,
          (ctx) => orgs.updateOrganization(ctx, requestMeta(req), req.body),
          req.params.id,
        );
        // /auth/me/ lists organisation names: the caller's own rename shows at once (others' within the cache TTL).
        deps.meCache.invalidate(requireAuth(req).userId);
        return ok(org);
      },
    );

    app.get(
      '/:id/settings/',
      {
        schema: {
          tags,
          summary: 'Settings of an organisation',
          params: idParamsSchema,
          response: okResponse(organizationSettingsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, orgs.getSettings, req.params.id)),
    );

    app.patch(
      '/:id/settings/',
      {
        schema: {
          tags,
          summary: 'Update settings of an organisation (owner, admin)',
          params: idParamsSchema,
          body: updateOrganizationSettingsSchema,
          response: okResponse(organizationSettingsSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => orgs.updateSettings(ctx, requestMeta(req), req.body), req.params.id)),
    );
  };
}
