import {
  analyticsExportQuerySchema,
  analyticsRangeQuerySchema,
  analyticsReportSchema,
  dashboardOverviewSchema,
  eventFunnelSchema,
  eventMetricsSchema,
  eventsSummarySchema,
  leadsOverviewSchema,
  leadsSummarySchema,
  overviewRangeQuerySchema,
  realTimeMetricsSchema,
  teamSummarySchema,
} from '@leadcapture/contracts/analytics';
import { errorEnvelopeSchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { withTenant } from '../../http/tenant.ts';
import { renderAnalyticsExport } from './analytics-export.ts';
import {
  analyticsReport,
  dashboardOverview,
  eventFunnel,
  eventMetrics,
  eventsSummary,
  exportLanguage,
  leadsOverview,
  leadsSummary,
  realTimeMetrics,
  teamSummary,
} from './analytics.service.ts';

const tags = ['analytics'];
const binary = z.string().meta({ format: 'binary' });
const RANGE_NOTE = 'range=7d|30d|90d|1y|all|custom (from, to as YYYY-MM-DD), in the organisation’s timezone';

/** /analytics/: figures over the current organisation's leads, events and team (03-decisions §4b). */
export function analyticsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    app.get(
      '/dashboard/overview/',
      {
        schema: {
          tags,
          summary: `The Lobby: lead totals, active events, conversion, trend, recent and upcoming; days=7|30|90|365 or ${RANGE_NOTE}`,
          querystring: overviewRangeQuerySchema,
          response: okResponse(dashboardOverviewSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => dashboardOverview(ctx, req.query))),
    );
    app.get(
      '/dashboard/events_summary/',
      {
        schema: {
          tags,
          summary: `Every event compared: views, submissions, qualified, converted, speed to lead; ${RANGE_NOTE}`,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(eventsSummarySchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => eventsSummary(ctx, req.query))),
    );
    app.get(
      '/dashboard/leads_summary/',
      {
        schema: {
          tags,
          summary: `New leads against the period before, their trend, sources and statuses; ${RANGE_NOTE}`,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(leadsSummarySchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => leadsSummary(ctx, req.query))),
    );
    app.get(
      '/dashboard/team-summary/',
      {
        schema: {
          tags,
          summary: `Each member: leads assigned, handled, converted, speed to lead (median, p90); ${RANGE_NOTE}`,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(teamSummarySchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => teamSummary(ctx, req.query))),
    );
    app.get(
      '/events/:id/metrics/',
      {
        schema: {
          tags,
          summary: `One event: views, submissions, qualified, converted, trend, sources, statuses, speed to lead; ${RANGE_NOTE}`,
          params: idParamsSchema,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(eventMetricsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => eventMetrics(ctx, req.params.id, req.query))),
    );
    app.get(
      '/events/:id/funnel/',
      {
        schema: {
          tags,
          summary: `One event's funnel: page views -> submissions -> qualified -> converted; ${RANGE_NOTE}`,
          params: idParamsSchema,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(eventFunnelSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => eventFunnel(ctx, req.params.id, req.query))),
    );
    app.get(
      '/leads/overview/',
      {
        schema: {
          tags,
          summary: `The period's leads now: pipeline, sources, interest, score, approval, speed to lead; ${RANGE_NOTE}`,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(leadsOverviewSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => leadsOverview(ctx, req.query))),
    );
    app.get(
      '/reports/',
      {
        schema: {
          tags,
          summary: `The period summed up for a manager: totals, trend, sources, pipeline, events, team; ${RANGE_NOTE}`,
          querystring: analyticsRangeQuerySchema,
          response: okResponse(analyticsReportSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => analyticsReport(ctx, req.query))),
    );
    app.get(
      '/real-time/metrics/',
      {
        schema: {
          tags,
          summary: 'Now: leads today (local day) and in the last hour, leads per minute, page views, active events',
          response: okResponse(realTimeMetricsSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => realTimeMetrics(ctx))),
    );
    app.get(
      '/export/',
      {
        schema: {
          tags,
          summary: `The report's figures as a download: format=csv|xlsx|pdf, lang=en|sv (the caller's language by default); ${RANGE_NOTE}`,
          querystring: analyticsExportQuerySchema,
          response: {
            200: {
              description: 'The file (not the envelope); errors are the envelope',
              content: Object.fromEntries(
                [
                  'text/csv',
                  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
                  'application/pdf',
                ].map((type) => [type, { schema: binary }]),
              ),
            },
            '4xx': errorEnvelopeSchema,
            '5xx': errorEnvelopeSchema,
          },
        },
      },
      async (req, reply) => {
        const { report, language } = await withTenant(deps, req, async (ctx) => ({
          report: await analyticsReport(ctx, req.query),
          language: await exportLanguage(ctx, req.query.lang),
        }));
        const file = await renderAnalyticsExport(report, req.query.format, language);
        // The plain reply: its send takes bytes (the typed one knows only the envelope).
        const raw: FastifyReply = reply;
        return raw
          .header('content-type', file.contentType)
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(file.body);
      },
    );
  };
}
