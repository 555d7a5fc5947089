import type { ApiKeyResource } from '@leadcapture/contracts/api-keys';
import type { UsageRow } from '@leadcapture/contracts/billing';
import type { RequestAuth } from './auth-hook.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified caller (a session or an API key); null on public routes without one. */
    auth: RequestAuth | null;
    /** The usage a counted create of this request left (http/usage-headers.ts); null when none. */
    usage: UsageRow | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (skip-auth in spec 01 §7). */
    public?: boolean;
    /** Reachable with an API key holding this resource's permission (http/api-key-access.ts). */
    apiKey?: ApiKeyResource;
    /** A staff route (modules/staff): the tenant auth hook leaves it to the staff guard. */
    staff?: boolean;
    /** A staff route an impersonation token may call too (impersonation status and exit). */
    impersonationToken?: boolean;
  }
}
