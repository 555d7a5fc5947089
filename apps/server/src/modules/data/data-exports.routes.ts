import { errorEnvelopeSchema, paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  createDataExportSchema,
  dataExportCreatedSchema,
  dataExportSchema,
  downloadQuerySchema,
  exportColumnSchema,
  exportColumnsQuerySchema,
} from '@leadcapture/contracts/data-exports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { requestOrganization, type Release } from '../../http/fair-share.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestMeta, withTenant } from '../../http/tenant.ts';
import * as service from './data-exports.service.ts';

const tags = ['data'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const binary = z.string().meta({ format: 'binary' });

/**
 * Exports running in this process; a shutdown stops them between batches (the record is failed
 * with a reason). An export whose process died is failed by the sweep (jobs/background.ts).
 */
export function createExportRunner(work: service.ExportWork) {
  const running = new Set<Promise<void>>();
  let stopping = false;
  return {
    /** Runs the job in the background; `release` frees its organisation's heavy-work slot at its end. */
    start(job: service.ExportJob, release: Release) {
      const done: Promise<void> = service
        .runExport(work, job, () => stopping)
        .catch((err: unknown) => work.log.error({ err, exportId: job.id }, 'data export failed'))
        .finally(() => {
          release();
          running.delete(done);
        });
      running.add(done);
    },
    async stop() {
      stopping = true;
      await Promise.allSettled([...running]);
    },
  };
}

function sendFile(reply: FastifyReply, file: service.ExportFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}

/** /data/exports/ (03-decisions §4b): exports as background work, their history and files. */
export function dataExportsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);
    const signer = { publicUrl: deps.config.publicUrl, secret: deps.config.jwtSecret };
    const runner = createExportRunner({
      db: deps.db,
      storage: deps.storage,
      kick: () => deps.outbox.kick(),
      log: deps.log,
      dbKind: deps.dbKind,
    });
    instance.addHook('onClose', () => runner.stop());

    app.post(
      '/exports/',
      {
        schema: {
          tags,
          summary:
            'Start an export of leads, clients, events or offers (CSV, XLSX or JSON) with the list’s filters; 202, it runs in the background',
          body: createDataExportSchema,
          response: { 202: okResponse(dataExportCreatedSchema)[200], ...errors },
        },
      },
      async (req, reply) => {
        // An export is heavy work: its slot is its organisation's until the job ends.
        const organization = await requestOrganization(deps, req);
        const release = await deps.fairShare.acquire(organization);
        let created: Awaited<ReturnType<typeof service.createExport>>;
        try {
          created = await withTenant(
            deps,
            req,
            (ctx) => service.createExport(ctx, requestMeta(req), req.body),
            organization,
          );
        } catch (err) {
          release();
          throw err;
        }
        runner.start(created.job, release);
        reply.code(202);
        return ok(created.record, 202);
      },
    );

    app.get(
      '/exports/',
      {
        schema: {
          tags,
          summary: 'Exports, newest first: who, when, filters, rows, size, status and progress',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(dataExportSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => service.listExports(ctx, pageWindow(req.query), signer));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.get(
      '/exports/columns/',
      {
        schema: {
          tags,
          summary: 'The columns an export of a resource can have, with their labels in the caller’s language',
          querystring: exportColumnsQuerySchema,
          response: okResponse(z.array(exportColumnSchema)),
        },
      },
      async (req) => {
        const lang = req.headers['accept-language']?.toLowerCase().startsWith('sv') ? 'sv' : 'en';
        return ok(await withTenant(deps, req, (ctx) => service.exportColumns(ctx, req.query.resource, lang)));
      },
    );

    app.get(
      '/exports/:id/',
      {
        schema: {
          tags,
          summary:
            'An export: status (queued, running, done, failed), progress {done,total} and a signed download link',
          params: idParamsSchema,
          response: okResponse(dataExportSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => service.getExport(ctx, req.params.id, signer))),
    );

    app.get(
      '/exports/:id/download/',
      {
        // The signed `token` of download_url stands in for sign-in (a browser link sends no
        // header); without one, a signed-in member of the organisation may download.
        config: { public: true },
        schema: {
          tags,
          summary: 'The export’s file itself: through the signed download_url (15 minutes), or signed in',
          params: idParamsSchema,
          querystring: downloadQuerySchema,
          response: {
            200: {
              description: 'The file',
              content: Object.fromEntries(Object.values(service.CONTENT_TYPES).map((t) => [t, { schema: binary }])),
            },
            ...errors,
          },
        },
      },
      async (req, reply) => {
        const { token } = req.query;
        if (token !== undefined) {
          if (!service.verifyDownload(signer.secret, req.params.id, token)) {
            throw new AppError('TOKEN_INVALID', 'The download link has expired. Open the export again for a new link.');
          }
          return sendFile(reply, await service.openSignedDownload(deps.db, deps.storage, req.params.id));
        }
        const row = await withTenant(deps, req, (ctx) => service.findDownload(ctx, req.params.id));
        return sendFile(reply, await service.openTenantDownload(deps.storage, row));
      },
    );
  };
}
