import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  connectIntegrationSchema,
  integrationKindParamsSchema,
  integrationSchema,
  updateIntegrationSchema,
} from '@leadcapture/contracts/integrations';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import * as service from './integrations.service.ts';

const tags = ['integrations'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** The OAuth callback's query: Salesforce's answer, as it sends it. */
const callbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
});

/** /integrations/ (03-decisions §4a, docs/integrations.md): CRM, email and chat tools. */
export function integrationsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Every integration kind, connected or not (secrets masked); every role reads',
          response: okResponse(z.array(integrationSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.listIntegrations(ctx, deps.sealedBox))),
    );

    app.get(
      '/salesforce/callback/',
      {
        config: { public: true },
        schema: {
          tags,
          summary:
            "Salesforce's OAuth redirect: saves the integration and sends the browser to /settings/integrations with the outcome",
          querystring: callbackQuerySchema,
          response: { 302: z.null().describe('A redirect to /settings/integrations'), ...errors },
        },
      },
      async (req, reply) => {
        const location = await service.salesforceCallback(deps.db, deps, requestMeta(req), req.query);
        return reply.header('cache-control', 'no-store').redirect(location, 302);
      },
    );

    app.post(
      '/:kind/connect/',
      {
        schema: {
          tags,
          summary:
            'Connect a kind with its config (checked with the provider; 201). Salesforce answers 200 with authorization_url, saved after its callback. Owner and admin',
          params: integrationKindParamsSchema,
          body: connectIntegrationSchema,
          response: { 201: okResponse(integrationSchema)[200], ...okResponse(integrationSchema) },
        },
      },
      async (req, reply) => {
        const { integration, created } = await service.connectIntegration(
          tenantRunner(deps, req),
          deps,
          requestMeta(req),
          req.params.kind,
          req.body,
        );
        if (created) deps.outbox.kick();
        reply.code(created ? 201 : 200);
        return ok(integration, created ? 201 : 200);
      },
    );

    app.get(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'One integration; every role reads',
          params: idParamsSchema,
          response: okResponse(integrationSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => service.getIntegration(ctx, deps.sealedBox, req.params.id))),
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary:
            'Configure: change config fields (secrets left out or sent back masked stay), checked with the provider. Owner and admin',
          params: idParamsSchema,
          body: updateIntegrationSchema,
          response: okResponse(integrationSchema),
        },
      },
      async (req) => {
        const integration = await service.updateIntegration(
          tenantRunner(deps, req),
          deps,
          requestMeta(req),
          req.params.id,
          req.body,
        );
        deps.outbox.kick();
        return ok(integration);
      },
    );

    app.post(
      '/:id/sync/',
      {
        schema: {
          tags,
          summary: 'Sync now: every lead pushed to the provider, queued (202). Owner and admin',
          params: idParamsSchema,
          response: { 202: okResponse(integrationSchema)[200], ...errors },
        },
      },
      async (req, reply) => {
        const integration = await withTenant(deps, req, (ctx) =>
          service.syncIntegration(ctx, deps.sealedBox, requestMeta(req), req.params.id),
        );
        deps.outbox.kick();
        reply.code(202);
        return ok(integration, 202);
      },
    );

    app.post(
      '/:id/disconnect/',
      {
        schema: {
          tags,
          summary: 'Disconnect: credentials erased, nothing more pushed (remote ids kept). Owner and admin',
          params: idParamsSchema,
          response: okResponse(integrationSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            service.disconnectIntegration(ctx, deps.sealedBox, requestMeta(req), req.params.id),
          ),
        ),
    );
  };
}
