import { statusSchema } from '@leadcapture/contracts/status';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { databaseUnavailable } from '../../http/errors.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { createDatabaseProbe } from './status.service.ts';

const startedAt = Date.now();

export function statusRoutes(deps: AppDeps) {
  const databaseUp = createDatabaseProbe(() => deps.dbControl.ping());
  return async (instance: FastifyInstance) => {
    typed(instance).get(
      '/',
      {
        config: { public: true },
        prefixTrailingSlash: 'slash',
        schema: { tags: ['status'], summary: 'Version, database kind and uptime', response: okResponse(statusSchema) },
      },
      async () => {
        // 503 while the database is down: a load balancer or monitor reads the status code, and
        // the envelope says which part is down.
        if (!(await databaseUp())) {
          throw databaseUnavailable('The database is not answering.', { database: 'down', database_kind: deps.dbKind });
        }
        return ok({
          status: 'ok' as const,
          version: deps.config.version,
          database: deps.dbKind,
          uptime_seconds: Math.round((Date.now() - startedAt) / 100) / 10,
          time: new Date().toISOString(),
        });
      },
    );
  };
}
