import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import { eventLeadsQuerySchema, leadSchema } from '@leadcapture/contracts/leads';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as leadsService from './leads.service.ts';

const tags = ['leads'];

/** /events/{id}/leads/: the leads of one event (registered under the /events prefix). */
export function eventLeadsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    typed(instance).get(
      '/:id/leads/',
      {
        schema: {
          tags,
          summary: "An event's leads (filter approval_status, source; search; ordering)",
          params: idParamsSchema,
          querystring: eventLeadsQuerySchema,
          response: okResponse(paginated(leadSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          leadsService.listEventLeads(ctx, req.params.id, req.query, pageWindow(req.query)),
        );
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
  };
}

/** /leads/: approval of captured leads (the rest of the leads API grows here). */
export function leadsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.post(
      '/:id/approve/',
      {
        schema: {
          tags,
          summary: 'Approve a pending lead (member and up; 409 when not pending)',
          params: idParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) =>
          leadsService.decideApproval(ctx, requestMeta(req), req.params.id, 'approved'),
        );
        deps.outbox.kick();
        return ok(lead);
      },
    );

    app.post(
      '/:id/reject/',
      {
        schema: {
          tags,
          summary: 'Reject a pending lead (member and up; 409 when not pending)',
          params: idParamsSchema,
          response: okResponse(leadSchema),
        },
      },
      async (req) => {
        const lead = await withTenant(deps, req, (ctx) =>
          leadsService.decideApproval(ctx, requestMeta(req), req.params.id, 'rejected'),
        );
        deps.outbox.kick();
        return ok(lead);
      },
    );
  };
}
