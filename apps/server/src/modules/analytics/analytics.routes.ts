import { dashboardOverviewSchema, overviewQuerySchema } from '@leadcapture/contracts/analytics';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { withTenant } from '../../http/tenant.ts';
import { dashboardOverview } from './analytics.service.ts';

/** /analytics/: figures over the current organisation's leads and events. */
export function analyticsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    app.get(
      '/dashboard/overview/',
      {
        schema: {
          tags: ['analytics'],
          summary: 'The Lobby: lead totals, active events, conversion, trend, recent leads, upcoming events',
          querystring: overviewQuerySchema,
          response: okResponse(dashboardOverviewSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => dashboardOverview(ctx, req.query.days))),
    );
  };
}
