import { detailSchema } from '@leadcapture/contracts/auth';
import {
  clientListQuerySchema,
  clientSchema,
  clientStatsSchema,
  conversionStatsSchema,
  convertLeadSchema,
  createClientSchema,
  updateClientSchema,
} from '@leadcapture/contracts/clients';
import { paginated } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as clientsService from './clients.service.ts';
import { conversionStats, convertLead } from './lead-conversion.service.ts';

const tags = ['clients'];

/** /clients/: the organisation's clients. */
export function clientsRoutes(deps: AppDeps) {
  const { publicUrl } = deps.config;
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Clients: filters (several values comma-separated), search, ordering',
          querystring: clientListQuerySchema,
          response: okResponse(paginated(clientSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) =>
          clientsService.listClients(ctx, req.query, pageWindow(req.query)),
        );
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Create a client directly (member and up); leads become clients by convert_to_client',
          body: createClientSchema,
          response: createdResponse(clientSchema),
        },
      },
      async (req, reply) => {
        const client = await withTenant(deps, req, (ctx) =>
          clientsService.createClient(ctx, requestMeta(req), req.body),
        );
        reply.code(201);
        return ok(client, 201);
      },
    );

    app.get(
      '/stats/',
      {
        schema: {
          tags,
          summary: 'Counts by status and type, values per currency, conversions by month (last 12)',
          response: okResponse(clientStatsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => clientsService.clientStats(ctx))),
    );

    app.get(
      '/:id/',
      { schema: { tags, summary: 'A client', params: idParamsSchema, response: okResponse(clientSchema) } },
      async (req) => ok(await withTenant(deps, req, (ctx) => clientsService.getClient(ctx, req.params.id))),
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Update a client (member and up)',
          params: idParamsSchema,
          body: updateClientSchema,
          response: okResponse(clientSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            clientsService.updateClient(ctx, requestMeta(req), req.params.id, req.body),
          ),
        ),
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Delete a client for good; its lead stays converted and loses the link (decision 014)',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => clientsService.deleteClient(ctx, requestMeta(req), req.params.id));
        deps.outbox.kick();
        return ok({ detail: 'Client deleted' });
      },
    );
  };
}

/** /leads/{id}/convert_to_client/ and /leads/conversion_stats/ (registered under the /leads prefix). */
export function leadConversionRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/conversion_stats/',
      {
        schema: {
          tags: ['leads'],
          summary: 'Leads converted to clients: rate overall, by source, by event, by month; days to convert',
          response: okResponse(conversionStatsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => conversionStats(ctx))),
    );

    app.post(
      '/:id/convert_to_client/',
      {
        schema: {
          tags: ['leads'],
          summary:
            'Convert a lead to a client (member and up), with optional overrides of client fields; 409 when already converted',
          params: idParamsSchema,
          // The overrides are optional: no body at all converts with the mapping alone.
          body: convertLeadSchema.nullish(),
          response: createdResponse(clientSchema),
        },
      },
      async (req, reply) => {
        const client = await withTenant(deps, req, (ctx) =>
          convertLead(ctx, requestMeta(req), req.params.id, req.body ?? {}),
        );
        deps.outbox.kick();
        reply.code(201);
        return ok(client, 201);
      },
    );
  };
}
