import type { AccessClaims } from '../modules/auth/tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified access token of the caller; null on public routes without one. */
    auth: AccessClaims | null;
  }
  interface FastifyContextConfig {
    /** Reachable without signing in (skip-auth in spec 01 §7). */
    public?: boolean;
  }
}
