import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  createWebhookSchema,
  deliveryListQuerySchema,
  deliveryParamsSchema,
  updateWebhookSchema,
  webhookDeliverySchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '@leadcapture/contracts/webhooks';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import * as service from './webhooks.service.ts';

const tags = ['webhooks'];

/**
 * /integrations/webhooks/ (03-decisions §4a, docs/webhooks.md): outgoing webhooks, their
 * deliveries, test, resend and secret rotation. Owner and admin.
 */
export function webhooksRoutes(deps: AppDeps) {
  const { publicUrl } = deps.config;
  const env = { db: deps.db, outbound: deps.outbound, sealedBox: deps.sealedBox, log: deps.log };
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Webhooks, newest first, each with its newest attempt; owner and admin',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(webhookSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listWebhooks(ctx, req.query));
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary:
            'Add a webhook; its secret (given as whsec_…, or made) is in this answer only. A private address is refused; owner and admin',
          body: createWebhookSchema,
          response: createdResponse(webhookWithSecretSchema),
        },
      },
      async (req, reply) => {
        const webhook = await service.createWebhook(tenantRunner(deps, req), env, requestMeta(req), req.body);
        reply.code(201);
        return ok(webhook, 201);
      },
    );

    app.get(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'One webhook; owner and admin',
          params: idParamsSchema,
          response: okResponse(webhookSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.getWebhook(ctx, req.params.id))),
    );

    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Change name, URL, events, or enable (is_active true) / disable it; owner and admin',
          params: idParamsSchema,
          body: updateWebhookSchema,
          response: okResponse(webhookSchema),
        },
      },
      async (req) =>
        ok(await service.updateWebhook(tenantRunner(deps, req), env, requestMeta(req), req.params.id, req.body)),
    );

    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Delete a webhook and its delivery log; owner and admin',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => service.deleteWebhook(ctx, requestMeta(req), req.params.id));
        return ok({ detail: 'Webhook deleted' });
      },
    );

    app.post(
      '/:id/rotate-secret/',
      {
        schema: {
          tags,
          summary: 'A new secret, shown once; the previous one keeps signing beside it for 24 h; owner and admin',
          params: idParamsSchema,
          response: okResponse(webhookWithSecretSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => service.rotateSecret(ctx, env, requestMeta(req), req.params.id))),
    );

    app.post(
      '/:id/test/',
      {
        schema: {
          tags,
          summary: 'Send a webhook.test event now; answers the logged delivery with its attempt; owner and admin',
          params: idParamsSchema,
          response: okResponse(webhookDeliverySchema),
        },
      },
      async (req) => ok(await service.testWebhook(tenantRunner(deps, req), env, req.params.id)),
    );

    app.get(
      '/:id/deliveries/',
      {
        schema: {
          tags,
          summary:
            'The delivery log, newest first, each with its attempts; filters status, event_type; owner and admin',
          params: idParamsSchema,
          querystring: deliveryListQuerySchema,
          response: okResponse(paginated(webhookDeliverySchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listDeliveries(ctx, req.params.id, req.query));
        return ok(paginate(req, publicUrl, req.query, page.results, page.total));
      },
    );

    app.post(
      '/:id/deliveries/:delivery_id/resend/',
      {
        schema: {
          tags,
          summary: 'Send a delivery again now: same webhook-id, fresh timestamp and signature; owner and admin',
          params: deliveryParamsSchema,
          response: okResponse(webhookDeliverySchema),
        },
      },
      async (req) =>
        ok(await service.resendDelivery(tenantRunner(deps, req), env, req.params.id, req.params.delivery_id)),
    );
  };
}
