import path from 'node:path';
import { stringify } from 'csv-stringify/sync';
import { errorEnvelopeSchema, paginated, paginationQuerySchema } from '@leadcapture/contracts/envelope';
import { idParamsSchema } from '@leadcapture/contracts/fields';
import {
  EXPORT_TOTAL_HEADER,
  importPreviewSchema,
  leadExportQuerySchema,
  leadImportSchema,
} from '@leadcapture/contracts/lead-imports';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import type { AppDeps } from '../../http/deps.ts';
import { ok } from '../../http/envelope.ts';
import { pageWindow, paginate } from '../../http/pagination.ts';
import { okResponse, typed } from '../../http/routes.ts';
import { requestOrganization, type Release } from '../../http/fair-share.ts';
import { checkActingOrganization, requestMeta, tenantRunner, withTenant } from '../../http/tenant.ts';
import { uploadDocs } from '../files/files.service.ts';
import { exportLeads, type LeadExport } from './lead-export.service.ts';
import { receiveImportFile, registerImportUploads } from './lead-import-file.ts';
import * as imports from './lead-imports.service.ts';

const tags = ['leads'];
const errors = { '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema };
const binary = z.string().meta({ format: 'binary' });
/** Downloads are the bytes themselves, not the envelope (03-decisions §2). */
const download = (description: string, types: string[]) => ({
  200: { description, content: Object.fromEntries(types.map((type) => [type, { schema: binary }])) },
  ...errors,
});
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Imports running in this process; a shutdown stops them between batches. An import whose
 * process died is marked failed by the scheduler's sweep (IMPORT_SWEEP_TASK, jobs/background.ts).
 */
export function createImportRunner(db: Database, log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  let stopping = false;
  return {
    /** Runs the job in the background; `release` frees its organisation's heavy-work slot at its end. */
    start(job: imports.ImportJob, release: Release) {
      const done: Promise<void> = imports
        .runImport(db, job, () => stopping)
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

/** A file to download: its bytes (or a stream of them), never the envelope. */
function sendDownload(reply: FastifyReply, contentType: string, fileName: string, body: Readable | string) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The header and an example row of the import template (names the import recognises). */
const TEMPLATE = [
  ['First name', 'Anna'],
  ['Last name', 'Svensson'],
  ['Email', 'anna.svensson@example.com'],
  ['Phone', '070-123 45 67'],
  ['Company', 'Exempel AB'],
  ['Job title', 'Inköpschef'],
  ['Company size', '51-200'],
  ['Status', 'new'],
  ['Interest', 'warm'],
  ['Budget range', '5000_10000'],
  ['Decision timeline', '1_3_months'],
  ['Decision role', 'decision_maker'],
  ['Interested products', 'Starter, Support'],
  ['Tags', 'fair-2026, nordics'],
  ['Notes', 'Met at the booth'],
  ['Follow-up date', '2026-12-01'],
] as const;

/**
 * /leads/export/, /leads/import_template/, /leads/import_leads/ (and its preview): a plugin of
 * its own because it registers the multipart parser with the import's limits.
 */
export function leadDataRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    await registerImportUploads(instance);
    const app = typed(instance);
    const runner = createImportRunner(deps.db, deps.log);
    instance.addHook('onClose', () => runner.stop());
    const importDir = path.join(deps.config.dataDir, 'imports');

    app.get(
      '/export/',
      {
        schema: {
          tags,
          summary:
            'Download the leads of the list’s filter as CSV (UTF-8 with BOM) or XLSX, streamed; X-Total-Count is the number of rows',
          querystring: leadExportQuerySchema,
          response: download('The file; errors before streaming starts are the envelope', ['text/csv', XLSX_TYPE]),
        },
      },
      async (req, reply) => {
        // An export is heavy work for as long as it streams: its slot is freed when the body
        // ends, fails or the client goes away (decision in docs/leads-scale-and-merge.md).
        const organization = await requestOrganization(deps, req);
        const release = await deps.fairShare.acquire(organization);
        let file: LeadExport;
        try {
          file = await exportLeads(tenantRunner(deps, req, organization), requestMeta(req), req.query, (err) =>
            req.log.error({ err }, 'lead export failed while streaming'),
          );
        } catch (err) {
          release();
          throw err;
        }
        file.body.once('close', release);
        void reply.header(EXPORT_TOTAL_HEADER, String(file.total));
        return sendDownload(reply, file.contentType, file.fileName, file.body);
      },
    );

    app.get(
      '/import_template/',
      {
        schema: {
          tags,
          summary: 'The CSV template of an import: the importable columns and one example row',
          response: download('The template', ['text/csv']),
        },
      },
      async (req, reply) => {
        // The same for every organisation, but asked for as one: a foreign one answers 404.
        await checkActingOrganization(deps, req);
        const csv = `\ufeff${stringify([TEMPLATE.map(([h]) => h), TEMPLATE.map(([, v]) => v)], { record_delimiter: 'windows' })}`;
        return sendDownload(reply, 'text/csv; charset=utf-8', 'lead-import-template.csv', csv);
      },
    );

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
      async (req) => ok(await imports.previewImport(tenantRunner(deps, req), () => receiveImportFile(req, importDir))),
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
        // The import's slot is its organisation's until the background job ends.
        const organization = await requestOrganization(deps, req);
        const release = await deps.fairShare.acquire(organization);
        let started: imports.StartedImport;
        try {
          started = await imports.startImport(tenantRunner(deps, req, organization), requestMeta(req), () =>
            receiveImportFile(req, importDir),
          );
        } catch (err) {
          release();
          throw err;
        }
        runner.start(started.job, release);
        reply.code(202);
        return ok(started.record, 202);
      },
    );
  };
}

/** /data/imports/: the organisation's import records (spec 01 §7 data paths). */
export function dataImportsRoutes(deps: AppDeps) {
  return async (instance: FastifyInstance) => {
    const app = typed(instance);

    app.get(
      '/imports/',
      {
        schema: {
          tags: ['data'],
          summary: 'Lead imports, newest first',
          querystring: paginationQuerySchema,
          response: okResponse(paginated(leadImportSchema)),
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
          response: okResponse(leadImportSchema),
        },
      },
      async (req) => ok(await withTenant(deps, req, (ctx) => imports.getImport(ctx, req.params.id))),
    );
  };
}
