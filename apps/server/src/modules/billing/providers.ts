import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import { createLocalProvider } from './local-provider.ts';
import type { BillingProvider } from './provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** The billing provider `BILLING_PROVIDER` names (docs/billing.md, "Provider boundary"). */
export function createBillingProvider(config: Config, log: FastifyBaseLogger): BillingProvider {
  const billing = config.billing;
  switch (billing.provider) {
    case 'local':
      return createLocalProvider({ jwtSecret: config.jwtSecret, publicUrl: config.publicUrl });
    case 'stripe':
      return createStripeProvider(billing, { publicUrl: config.publicUrl, log });
  }
}
