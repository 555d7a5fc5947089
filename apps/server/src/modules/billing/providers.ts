import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createLocalProvider } from './local-provider.ts';
import type { BillingProvider } from './provider.ts';

/** The billing provider `BILLING_PROVIDER` names (docs/billing.md, "Provider boundary"). */
export function createBillingProvider(config: Config, _db: Database): BillingProvider {
  switch (config.billing.provider) {
    case 'local':
      return createLocalProvider({ jwtSecret: config.jwtSecret, publicUrl: config.publicUrl });
    case 'stripe':
      throw new Error('stripe provider not wired');
  }
}
