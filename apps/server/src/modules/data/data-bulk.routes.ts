import { bulkJobSchema, createBulkJobSchema } from '@leadcapture/contracts/data-bulk';
import { errorEnvelopeSchema, paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as bulk from './data-bulk.service.ts';

const tags = ['data'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };

/** /data/bulk/: the bulk centre (03-decisions §4b; decision 032). */
export function dataBulkRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    const runner = bulk.createBulkRunner(deps.db, deps.log, {
      batchSize: deps.config.bulkBatchSize,
      dbKind: deps.dbKind,
    });
    instance.addHook('onClose', () => runner.stop());

    app.post(
      '/bulk/',
      {
        schema: {
          tags,
          summary:
            'Start a bulk action (status, assign, tags, event: member and up; delete, restore: manager and up) over ids or a filter of any size. 202 with the job; it runs in the background in batches',
          body: createBulkJobSchema,
          response: { 202: okResponse(bulkJobSchema)[200], ...errors },
        },
      },
      async (req, reply) => {
        const started = await withTenant(deps, req, (ctx) => bulk.createBulkJob(ctx, requestMeta(req), req.body));
        runner.start(started.run);
        reply.code(202);
        return ok(started.record, 202);
      },
    );

    app.get(
      '/bulk/',
      {
        schema: {
          tags,
          summary: 'Bulk jobs, newest first',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(bulkJobSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => bulk.listBulkJobs(ctx, pageWindow(req.query)));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.get(
      '/bulk/:id/',
      {
        schema: {
          tags,
          summary: 'A bulk job: status, progress {done,total} and records changed',
          params: idParamsSchema,
          response: okResponse(bulkJobSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => bulk.getBulkJob(ctx, req.params.id))),
    );
  };
}
