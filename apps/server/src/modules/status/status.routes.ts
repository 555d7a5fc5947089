import { statusSchema } from '@leadcapture/contracts/status';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';

const startedAt = Date.now();

export function statusRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    typed(instance).get(
      '/',
      {
        config: { public: true },
        prefixTrailingSlash: 'slash',
        schema: { tags: ['status'], summary: 'Version, database kind and uptime', response: okResponse(statusSchema) },
      },
      async () =>
        ok({
          status: 'ok' as const,
          version: deps.config.version,
          database: deps.dbKind,
          uptime_seconds: Math.round((Date.now() - startedAt) / 100) / 10,
          time: new Date().toISOString(),
        }),
    );
  };
}
