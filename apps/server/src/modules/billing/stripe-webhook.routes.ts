import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { createStripeClient, StripePrices } from './stripe-provider.ts';
import { applyStripeEvent, type StripeWebhookDeps } from './stripe-webhooks.ts';

const webhookAnswerSchema = z.object({
  received: z.literal(true),
  /** applied; duplicate (an event id seen before: nothing changed); ignored (of no organisation here). */
  outcome: z.enum(['applied', 'duplicate', 'ignored']),
});

export interface StripeWebhookOptions {
  /** The Stripe client and prices to use (shared with the provider); made from the configuration otherwise. */
  stripe?: Pick<StripeWebhookDeps, 'client' | 'prices'>;
}

/**
 * POST /billing/webhooks/stripe/ (03-decisions §4): Stripe's events, verified by the
 * `Stripe-Signature` header on the raw body and applied once (stripe-webhooks.ts). Public: Stripe
 * signs, no one signs in. Registered under the /billing prefix; answers 404 unless
 * BILLING_PROVIDER=stripe.
 */
export function stripeWebhookRoutes(deps: Pick<AppDeps, 'config' | 'db'>, options: StripeWebhookOptions = {}) {
  return async (instance: FastifyInstance) => {
    const billing = deps.config.billing;
    if (billing.provider !== 'stripe') return;
    const client = options.stripe?.client ?? createStripeClient(billing);
    const webhook: StripeWebhookDeps = {
      db: deps.db,
      client,
      prices: options.stripe?.prices ?? new StripePrices(client),
    };

    // The signature covers the exact bytes Stripe sent: this plugin (and only it, by fastify's
    // encapsulation) keeps JSON bodies as the Buffer they arrived as.
    instance.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });

    const app = typed(instance);
    app.post(
      '/webhooks/stripe/',
      {
        config: { public: true },
        schema: {
          tags: ['billing'],
          summary: "Stripe's events (signed with Stripe-Signature), each applied once; Stripe only",
          response: okResponse(webhookAnswerSchema),
        },
      },
      async (req) => {
        const signature = req.headers['stripe-signature'];
        if (typeof signature !== 'string' || !Buffer.isBuffer(req.body)) {
          throw new AppError('BAD_REQUEST', 'Missing Stripe-Signature header or JSON body.');
        }
        let event: Stripe.Event;
        try {
          event = client.webhooks.constructEvent(req.body, signature, billing.webhookSecret);
        } catch {
          throw new AppError('BAD_REQUEST', 'The Stripe signature does not match the body, or is too old.');
        }
        const outcome = await applyStripeEvent(webhook, event);
        return ok({ received: true as const, outcome });
      },
    );
  };
}
