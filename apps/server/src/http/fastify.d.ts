import type { UsageRow } from '@leadcapture/contracts/billing';
import type { AccessClaims } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token of the caller; null on public routes without one. */
    auth: AccessClaims | null;
    /** The usage a counted create of this request left (http/usage-headers.ts); null when none. */
    usage: UsageRow | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (skip-auth in spec 01 §7). */
    public?: boolean;
  }
}
