import { publicStatsSchema } from '@leadcapture/contracts/public-stats';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { createPublicStats } from './public-stats.service.ts';

/** /public/stats/: the product's public figures (spec 01 §7), without signing in. */
export function publicStatsRoutes(deps: AppDeps) {
  const source = createPublicStats(deps.db);
  return async (instance: FastifyInstance) => {
    typed(instance).get(
      '/stats/',
      {
        config: { public: true },
        schema: {
          tags: ['public'],
          summary: 'Public figures of the product: leads captured, events run, organisations (rounded down)',
          description:
            'Totals across all organisations, rounded down to two significant digits, counted at most every 5 minutes (Cache-Control says how long the answer stays). Nothing of any one organisation.',
          response: okResponse(publicStatsSchema),
        },
      },
      async (_req, reply) => {
        const { stats, maxAge } = await source.get();
        reply.header('cache-control', `public, max-age=${maxAge}`);
        return ok(stats);
      },
    );
  };
}
