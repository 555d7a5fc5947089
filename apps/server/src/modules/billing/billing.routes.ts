import {
  cancelSubscriptionSchema,
  changeSubscriptionSchema,
  planSchema,
  startSubscriptionSchema,
  subscriptionSchema,
  usageRowSchema,
} from '@leadcapture/contracts/billing';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { createdResponse, okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as service from './billing.service.ts';

const tags = ['billing'];
/** Plans are the price list: anyone may read them, signed in or not. */
const open = { config: { public: true } } as const;

/** /billing/ (03-decisions §4): plans, the organisation's subscription and its usage. */
export function billingRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/plans/',
      { ...open, schema: { tags, summary: 'Every plan, cheapest first', response: okResponse(z.array(planSchema)) } },
      async () => ok(service.listPlans()),
    );
    app.get(
      '/plans/popular/',
      { ...open, schema: { tags, summary: 'The plans to recommend', response: okResponse(z.array(planSchema)) } },
      async () => ok(service.popularPlans()),
    );
    app.get(
      '/subscriptions/',
      {
        schema: {
          tags,
          summary: "The organisation's subscriptions (one, which changes plan over time); owner and admin",
          response: okResponse(z.array(subscriptionSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.listSubscriptions(ctx))),
    );
    app.get(
      '/subscriptions/current/',
      {
        schema: {
          tags,
          summary: "The organisation's current subscription; owner and admin",
          response: okResponse(subscriptionSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.currentSubscription(ctx))),
    );
    app.get(
      '/subscriptions/usage/',
      {
        schema: {
          tags,
          summary: 'Usage of each limited resource against the current plan; owner and admin',
          response: okResponse(z.array(usageRowSchema)),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.usageSummary(ctx))),
    );
    app.post(
      '/subscriptions/',
      {
        schema: {
          tags,
          summary: 'Start a paid plan at once, during the trial or on free; owner',
          body: startSubscriptionSchema,
          response: createdResponse(subscriptionSchema),
        },
      },
      async (req, reply) => {
        const sub = await withTenant(deps, req, (ctx) =>
          service.startSubscription(ctx, deps.billing, requestMeta(req), req.body),
        );
        reply.code(201);
        return ok(sub, 201);
      },
    );
    app.put(
      '/subscriptions/:id/',
      {
        schema: {
          tags,
          summary:
            'Upgrade at once ({plan_id, billing_cycle}), downgrade at the period end ({plan_id, cancel_at_period_end: true}), or cancel at the period end / resume ({cancel_at_period_end}); owner',
          params: idParamsSchema,
          body: changeSubscriptionSchema,
          response: okResponse(subscriptionSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            service.changeSubscription(ctx, deps.billing, requestMeta(req), req.params.id, req.body),
          ),
        ),
    );
    app.post(
      '/subscriptions/:id/cancel/',
      {
        schema: {
          tags,
          summary:
            'Cancel at the period end (default) or at once (cancel_at_period_end: false), falling to free; owner',
          params: idParamsSchema,
          body: cancelSubscriptionSchema,
          response: okResponse(subscriptionSchema),
        },
      },
      async (req) =>
        ok(
          await withTenant(deps, req, (ctx) =>
            service.cancelSubscription(ctx, deps.billing, requestMeta(req), req.params.id, req.body),
          ),
        ),
    );
  };
}
