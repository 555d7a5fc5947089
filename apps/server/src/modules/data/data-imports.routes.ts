import path from 'node:path';
import { dataImportPreviewSchema, dataImportSchema } from '@leadcapture/contracts/data-imports';
import { errorEnvelopeSchema, paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import { importPreviewSchema, leadImportSchema } from '@leadcapture/contracts/lead-imports';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database, DatabaseKind } from '../../db/database.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestOrganization, type Release } from '../../http/fair-share.ts';
import { requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import { uploadDocs } from '../files/files.service.ts';
import { receiveImportFile, registerImportUploads } from './data-import-file.ts';
import * as imports from './data-imports.service.ts';

const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const binary = z.string().meta({ format: 'binary' });

/**
 * Imports running in this process; a shutdown stops them between batches. An import whose
 * process died is marked failed by the scheduler's sweep (IMPORT_SWEEP_TASK, jobs/background.ts).
 */
export function createImportRunner(db: Database, log: FastifyBaseLogger, dbKind: DatabaseKind = 'pglite') {
  const running = new Set<Promise<void>>();
  let stopping = false;
  return {
    /** Runs the job in the background; `release` frees its organisation's heavy-work slot at its end. */
    start(job: imports.ImportJob, release: Release) {
      const done: Promise<void> = imports
        .runImport(db, job, () => stopping, dbKind)
        .catch((err: unknown) => log.error({ err, importId: job.id }, 'lead import failed'))
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

/** The per-row results of an import as a CSV download (never the envelope). */
function sendResults(reply: FastifyReply, importId: string, csv: string) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="import-${importId}-results.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}

/** Starts an import from a multipart request: 202 with the record, the job in the background. */
async function acceptImport(
  deps: AppDeps,
  runner: ReturnType<typeof createImportRunner>,
  req: Parameters<typeof requestOrganization>[1],
  reply: FastifyReply,
  importDir: string,
  route: 'legacy' | 'data',
) {
  // The import's slot is its organisation's until the background job ends.
  const organization = await requestOrganization(deps, req);
  const release = await deps.fairShare.acquire(organization);
  let started: imports.StartedImport;
  try {
    started = await imports.startImport(
      tenantRunner(deps, req, organization),
      requestMeta(req),
      () => receiveImportFile(req, importDir),
      route,
    );
  } catch (err) {
    release();
    throw err;
  }
  runner.start(started.job, release);
  reply.code(202);
  return ok(started.record, 202);
}

/**
 * /leads/import_leads/ (and its preview), the lead import of before the data centre, served by
 * the same machinery as POST /data/imports/; a plugin of its own because it registers the
 * multipart parser with the import's limits.
 */
export function leadImportRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    await registerImportUploads(instance);
    const app = typed(instance);
    const runner = createImportRunner(deps.db, deps.log, deps.dbKind);
    instance.addHook('onClose', () => runner.stop());
    const importDir = path.join(deps.config.dataDir, 'imports');
    const tags = ['leads'];

    app.post(
      '/import_leads/preview/',
      {
        schema: {
          tags,
          summary: 'Preview a CSV (member and up): its columns, the detected mapping and the first rows',
          ...uploadDocs,
          response: okResponse(importPreviewSchema),
        },
      },
      async (req) =>
        ok(
          imports.asLeadPreview(
            await imports.previewImport(tenantRunner(deps, req), () => receiveImportFile(req, importDir)),
          ),
        ),
    );

    app.post(
      '/import_leads/',
      {
        schema: {
          tags,
          summary:
            'Import a CSV (member and up; multipart: file, mapping JSON, duplicates skip|update, event, source). 202 with the import record; it runs in the background',
          ...uploadDocs,
          response: { 202: okResponse(leadImportSchema)[200], ...errors },
        },
      },
      async (req, reply) => {
        const answer = await acceptImport(deps, runner, req, reply, importDir, 'legacy');
        return { ...answer, data: imports.asLeadImport(answer.data) };
      },
    );
  };
}

/** /data/imports/: imports of the data centre (03-decisions §4b; decision 032). */
export function dataImportsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    await registerImportUploads(instance);
    const app = typed(instance);
    const runner = createImportRunner(deps.db, deps.log, deps.dbKind);
    instance.addHook('onClose', () => runner.stop());
    const importDir = path.join(deps.config.dataDir, 'imports');

    app.post(
      '/imports/',
      {
        schema: {
          tags: ['data'],
          summary:
            'Import a CSV or XLSX file (member and up; multipart: file, resource, mapping JSON, duplicates skip|update|create, dry_run, event, source, template_id). 202 with the import record; it runs in the background',
          ...uploadDocs,
          response: { 202: okResponse(dataImportSchema)[200], ...errors },
        },
      },
      async (req, reply) => acceptImport(deps, runner, req, reply, importDir, 'data'),
    );

    app.post(
      '/imports/preview/',
      {
        schema: {
          tags: ['data'],
          summary:
            'Preview a CSV or XLSX file (member and up; multipart: file, resource): its columns, the mapping guessed for the resource and the first rows',
          ...uploadDocs,
          response: okResponse(dataImportPreviewSchema),
        },
      },
      async (req) =>
        ok(await imports.previewImport(tenantRunner(deps, req), () => receiveImportFile(req, importDir), 'data')),
    );

    app.get(
      '/imports/',
      {
        schema: {
          tags: ['data'],
          summary: 'Imports, newest first',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(dataImportSchema)),
        },
      },
      async (req) => {
        const page = await withTenant(deps, req, (ctx) => imports.listImports(ctx, pageWindow(req.query)));
        return ok(paginate(req, deps.config.publicUrl, req.query, page.results, page.total));
      },
    );

    app.get(
      '/imports/:id/',
      {
        schema: {
          tags: ['data'],
          summary: 'An import: status, progress counts and errors by row and field',
          params: idParamsSchema,
          response: okResponse(dataImportSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => imports.getImport(ctx, req.params.id))),
    );

    app.get(
      '/imports/:id/results/',
      {
        schema: {
          tags: ['data'],
          summary: 'Every row of an import and what it did, as CSV (line, outcome, record_id, message)',
          params: idParamsSchema,
          response: {
            200: { description: 'The CSV', content: { 'text/csv': { schema: binary } } },
            ...errors,
          },
        },
      },
      async (req, reply) =>
        sendResults(
          reply,
          req.params.id,
          await withTenant(deps, req, (ctx) => imports.importResultsCsv(ctx, req.params.id)),
        ),
    );

    app.post(
      '/imports/:id/undo/',
      {
        schema: {
          tags: ['data'],
          summary:
            'Undo a completed import within 24 hours (member and up): removes the records it created and restores those it updated',
          params: idParamsSchema,
          response: okResponse(dataImportSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => imports.undoImport(ctx, requestMeta(req), req.params.id))),
    );
  };
}
