import { detailSchema } from '@leadcapture/contracts/auth';
import { paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  zapierHookSchema,
  zapierLeadSchema,
  zapierMeSchema,
  zapierSampleParamsSchema,
  zapierSubscribeSchema,
} from '@leadcapture/contracts/zapier';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import * as service from './zapier.service.ts';

const tags = ['zapier'];

/**
 * /integrations/zapier/ (docs/zapier.md): the REST hooks Zapier's platform calls with a user's
 * credentials (an API key once keys exist; a bearer token today): the authentication test,
 * subscribe, unsubscribe, and sample leads.
 */
export function zapierRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/me/',
      {
        schema: {
          tags,
          summary: "Zapier's authentication test: the organization the credentials act for; every role",
          response: okResponse(zapierMeSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.zapierMe(ctx))),
    );

    app.get(
      '/hooks/',
      {
        schema: {
          tags,
          summary: 'The Zaps subscribed to lead events, newest first; every role',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(zapierHookSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listHooks(ctx, pageWindow(req.query)));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.count));
      },
    );

    app.post(
      '/hooks/',
      {
        schema: {
          tags,
          summary:
            'Subscribe a Zap: `{target_url|hookUrl, event}`; the same URL and event again answers the same hook; owner, admin, member',
          body: zapierSubscribeSchema,
          response: createdResponse(zapierHookSchema),
        },
      },
      async (req, reply) => {
        const hook = await service.subscribeHook(tenantRunner(deps, req), deps.outbound, requestMeta(req), req.body);
        reply.code(201);
        return ok(hook, 201);
      },
    );

    app.delete(
      '/hooks/:id/',
      {
        schema: {
          tags,
          summary: 'Unsubscribe a Zap (it was turned off or deleted); owner, admin, member',
          params: idParamsSchema,
          response: okResponse(detailSchema),
        },
      },
      async (req) => {
        await withTenant(deps, req, (ctx) => service.unsubscribeHook(ctx, requestMeta(req), req.params.id));
        return ok({ detail: 'Zapier hook removed' });
      },
    );

    app.get(
      '/samples/:event/',
      {
        schema: {
          tags,
          summary:
            'Sample leads of an event as its hook receives them (the latest three, or one example when there are none); every role',
          params: zapierSampleParamsSchema,
          response: okResponse(z.array(zapierLeadSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.sampleLeads(ctx, req.params.event))),
    );
  };
}
