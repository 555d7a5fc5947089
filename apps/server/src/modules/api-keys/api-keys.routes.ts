import {
  apiKeySchema,
  apiKeyUsageSchema,
  apiKeyWithSecretSchema,
  createApiKeySchema,
  updateApiKeySchema,
} from '@leadcapture/contracts/api-keys';
import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as service from './api-keys.service.ts';

const tags = ['api-keys'];

/**
 * /auth/api-keys/ (03-decisions §4a, docs/api-keys.md): owners and admins make, change,
 * regenerate and revoke the organisation's keys. These routes never take a key themselves.
 */
export function apiKeysRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: "The organisation's API keys, newest first (never their secrets); owner and admin",
          querystring: paginationQuerySchema,
          response: okResponse(paginated(apiKeySchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listApiKeys(ctx, req.query));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );
    app.post(
      '/',
      {
        prefixTrailingSlash: 'slash',
        schema: {
          tags,
          summary: 'Create a key; the answer holds the full key, shown this once; owner and admin',
          body: createApiKeySchema,
          response: createdResponse(apiKeyWithSecretSchema),
        },
      },
      async (req, reply) => {
        const key = await withTenant(deps, req, (ctx) => service.createApiKey(deps, ctx, requestMeta(req), req.body));
        reply.code(201);
        return ok(key, 201);
      },
    );
    app.get(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'One API key; owner and admin',
          params: idParamsSchema,
          response: okResponse(apiKeySchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.getApiKey(ctx, req.params.id))),
    );
    app.patch(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Rename a key, change its permissions or expiry (null: never expires); owner and admin',
          params: idParamsSchema,
          body: updateApiKeySchema,
          response: okResponse(apiKeySchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => service.updateApiKey(ctx, requestMeta(req), req.params.id, req.body))),
    );
    app.delete(
      '/:id/',
      {
        schema: {
          tags,
          summary: 'Revoke a key: it answers 401 from now on; owner and admin',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => service.revokeApiKey(ctx, requestMeta(req), req.params.id));
        return ok({ detail: 'API key revoked' });
      },
    );
    app.post(
      '/:id/regenerate/',
      {
        schema: {
          tags,
          summary:
            'A new secret for the key (same id, name, permissions and expiry); the old one stops working at once; owner and admin',
          params: idParamsSchema,
          response: okResponse(apiKeyWithSecretSchema),
        },
      },
      async (req) =>
        ok(await withTenant(deps, req, (ctx) => service.regenerateApiKey(deps, ctx, requestMeta(req), req.params.id))),
    );
    app.get(
      '/:id/usage/',
      {
        schema: {
          tags,
          summary: 'Requests made with the key per UTC day over the last 30 days, and their total; owner and admin',
          params: idParamsSchema,
          response: okResponse(apiKeyUsageSchema),
        },
      },
      async (req) => {
        // This process's counts first, outside the request's transaction.
        await deps.apiKeyActivity.flush();
        return ok(await withTenant(deps, req, (ctx) => service.apiKeyUsageOf(ctx, req.params.id)));
      },
    );
  };
}
