import { apiKeyPermissionFor, type ApiKeyResource } from '@leadcapture/contracts/api-keys';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyIdentity } from './auth-hook.ts';
import { AppError } from './errors.ts';
import type { ThrottleStore } from './throttle.ts';

/**
 * Which routes an API key may call (decision 025, "API keys"). A route takes keys only when its
 * config names the resource it belongs to (`apiKey: 'leads'`); a key then needs
 * `<resource>:read` for GET and `<resource>:write` for anything else. Everything else (the key
 * routes themselves, billing, the team, the account) refuses keys with 403, so a leaked key can
 * never mint keys, change the plan or invite anyone. What the key may do on a route it may call
 * is still bounded by its creator's current role: the services check that as for a session.
 */
export function acceptApiKeys(resource: ApiKeyResource, plugin: FastifyPluginAsync): FastifyPluginAsync {
  return async (instance: FastifyInstance, opts) => {
    // Routes of this plugin only: the hook lives in the plugin's own encapsulated context.
    instance.addHook('onRoute', (route) => {
      route.config = { ...route.config, apiKey: resource };
    });
    await plugin(instance, opts);
  };
}

export interface ApiKeyRate {
  limit: number;
  windowSeconds: number;
}

/**
 * Admits a found key to this request: its rate limit first (every request of the key counts,
 * in Redis when REDIS_URL is set, so all API processes share one budget), then the route and
 * the permission. Answers the limit's X-RateLimit-* headers on every request of a key.
 */
export function createApiKeyAdmission(store: ThrottleStore, rate: ApiKeyRate) {
  return async (request: FastifyRequest, reply: FastifyReply, key: ApiKeyIdentity): Promise<void> => {
    const { count, resetInSeconds } = await store.hit(`api-key:${key.id}`, rate.windowSeconds);
    const reset = String(Math.max(1, resetInSeconds));
    const headers = {
      'X-RateLimit-Limit': String(rate.limit),
      'X-RateLimit-Remaining': String(Math.max(0, rate.limit - count)),
      'X-RateLimit-Reset': reset,
    };
    if (count > rate.limit) {
      throw new AppError(
        'RATE_LIMITED',
        'This API key has made too many requests. Please wait before trying again.',
        { retry_after: Number(reset) },
        { ...headers, 'Retry-After': reset },
      );
    }
    reply.headers(headers);

    const resource = request.routeOptions.config.apiKey;
    if (resource === undefined) {
      throw new AppError('PERMISSION_DENIED', 'API keys cannot be used for this route. Sign in instead.');
    }
    const needed = apiKeyPermissionFor(resource, request.method);
    if (!key.permissions.includes(needed)) {
      throw new AppError('PERMISSION_DENIED', `This API key lacks the permission ${needed}.`, {
        required_permission: needed,
      });
    }
  };
}
