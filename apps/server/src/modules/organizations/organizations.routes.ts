import { paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  createOrganizationSchema,
  deleteOrganizationQuerySchema,
  MAX_OWNED_ORGANIZATIONS,
  organizationMemberSchema,
  organizationSchema,
  organizationSettingsSchema,
  updateOrganizationSchema,
  updateOrganizationSettingsSchema,
  type UpdateOrganizationInput,
} from '@leadcapture/contracts/organizations';
import { detailSchema } from '@leadcapture/contracts/auth';
import { inviteMemberSchema, teamMemberSchema } from '@leadcapture/contracts/team';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inScope } from '../../db/tenant.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { checkActingOrganization, requestMeta, requireAuth, tenantRunner, withTenant } from '../../http/tenant.ts';
import * as team from '../team/team.service.ts';
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

    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Create another organisation (any signed-in user becomes its owner; it starts a trial)',
          description: `409 CONFLICT for a user who owns ${MAX_OWNED_ORGANIZATIONS} already. The new organisation does not become the current one: switch with POST /auth/switch-organization/.`,
          body: createOrganizationSchema,
          response: createdResponse(organizationSchema),
        },
      },
      async (req, reply) => {
        const { userId } = requireAuth(req);
        await checkActingOrganization(deps, req);
        const org = await orgs.createAnotherOrganization(deps, requestMeta(req), userId, req.body);
        // /auth/me/ lists the user's organisations: the new one shows at once.
        deps.meCache.invalidate(userId);
        reply.code(201);
        return ok(org, 201);
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

    /** PATCH and PUT: the fields given change, the others keep their values (PUT needs the name). */
    const update = async (req: FastifyRequest, id: string, changes: UpdateOrganizationInput) => {
      const org = await withTenant(deps, req, (ctx) => orgs.updateOrganization(ctx, requestMeta(req), changes), id);
      // /auth/me/ lists organisation names: the caller's own rename shows at once (others' within the cache TTL).
      deps.meCache.invalidate(requireAuth(req).userId);
      return ok(org);
    };

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
      async (req) => update(req, req.params.id, req.body),
    );

    app.put(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Update an organisation with its name (owner, admin); fields left out keep their values',
          params: idParamsSchema,
          body: createOrganizationSchema,
          response: okResponse(organizationSchema),
        },
      },
      async (req) => update(req, req.params.id, req.body),
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Delete an organisation and everything in it (owner), confirmed with ?confirmation=DELETE',
          description:
            'The confirmation word is DELETE (or RADERA), as for deleting an account. 409 CONFLICT for the user’s only organisation: it goes with the account.',
          params: idParamsSchema,
          querystring: deleteOrganizationQuerySchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        const members = await orgs.deleteOrganization(deps, tenantRunner(deps, req, req.params.id), requestMeta(req));
        for (const member of members) deps.meCache.invalidate(member);
        return ok({ detail: 'Organization deleted' });
      },
    );

    app.get(
      '/:id/invitations/',
      {
        schema: {
          tags,
          summary: 'Invitations of the organisation not yet accepted (every role may read)',
          description: 'The team members of status `invited` (as /auth/team/members/?status=invited).',
          params: idParamsSchema,
          querystring: paginationQuerySchema,
          response: okResponse(paginated(teamMemberSchema)),
        },
      },
      async (req) => {
        const query = { ...req.query, status: 'invited' as const };
        const page = await withTenant(deps, req, (ctx) => team.listTeamMembers(ctx, query), req.params.id);
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/:id/invitations/',
      {
        schema: {
          tags,
          summary: 'Invite someone by email (owner, admin; as POST /auth/team/members/)',
          params: idParamsSchema,
          body: inviteMemberSchema,
          response: createdResponse(teamMemberSchema),
        },
      },
      async (req, reply) => {
        const member = await team.inviteMember(
          deps,
          tenantRunner(deps, req, req.params.id),
          requestMeta(req),
          req.body,
        );
        reply.code(201);
        return ok(member, 201);
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
